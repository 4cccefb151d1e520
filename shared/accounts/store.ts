// The accounts' store interface and records are declared with the other stores' (shared/store/types.ts),
// which name it among them; the accounts' modules read them here.
export type { AccountKey, Account, Session, KeyChange, ResetLink, AccountStore } from '../store/types.ts';
