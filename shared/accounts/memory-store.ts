/**
 * Accounts in process memory (`npm start`, tests): the same rules as the DynamoDB store, each change
 * atomic because nothing awaits inside it. Keys are made usable in the embedded key store the API reads.
 */
import type { MemoryKeyStore } from '../store/memory.ts';
import type {
  ApiKeyRecord,
  Tier,
  Account,
  AccountKey,
  AccountStore,
  KeyChange,
  ResetLink,
  Session,
} from '../store/types.ts';

interface Expiring<T> {
  value: T;
  /** Epoch ms; undefined: for good. */
  until?: number;
}

const live = <T>(entry: Expiring<T> | undefined): T | undefined =>
  entry && (entry.until === undefined || entry.until > Date.now()) ? entry.value : undefined;

export class MemoryAccountStore implements AccountStore {
  private readonly accounts = new Map<string, Expiring<Account>>();
  private readonly emails = new Map<string, Expiring<string>>();
  private readonly verifications = new Map<string, Expiring<{ accountId: string; nonce: string }>>();
  private readonly resets = new Map<string, Expiring<ResetLink>>();
  private readonly devices = new Map<string, Expiring<string>>();
  private readonly sessions = new Map<string, Session>();
  private readonly counts = new Map<string, Expiring<number>>();
  private readonly times = new Map<string, number[]>();
  private readonly keyStore: MemoryKeyStore;

  constructor(keyStore: MemoryKeyStore) {
    this.keyStore = keyStore;
  }

  async createAccount(account: Account, unverifiedUntil: number): Promise<'created' | 'exists'> {
    const email = account.email;
    if (live(this.emails.get(email))) return 'exists';
    this.emails.set(email, { value: account.id, until: unverifiedUntil });
    this.accounts.set(account.id, { value: structuredClone(account), until: unverifiedUntil });
    return 'created';
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const id = live(this.emails.get(email));
    return id ? this.getAccount(id) : undefined;
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const account = live(this.accounts.get(id));
    return account && structuredClone(account);
  }

  async restartUnverified(id: string, passwordHash: string, verifyNonce: string, until: number) {
    const entry = this.accounts.get(id);
    if (!entry || entry.value.verified) return;
    Object.assign(entry.value, { passwordHash, verifyNonce });
    entry.until = until;
    const email = this.emails.get(entry.value.email);
    if (email) email.until = until;
  }

  async markVerified(id: string, nonce: string): Promise<boolean> {
    const entry = this.accounts.get(id);
    if (!live(entry) || !nonce || entry!.value.verifyNonce !== nonce) return false;
    entry!.value.verified = true;
    entry!.value.verifyNonce = '';
    delete entry!.until;
    delete this.emails.get(entry!.value.email)?.until;
    return true;
  }

  async setTier(id: string, tier: Tier): Promise<void> {
    const account = live(this.accounts.get(id));
    if (!account) return;
    account.tier = tier;
    for (const key of account.keys) if (!key.revokedAt) key.tier = tier;
  }

  async putVerification(tokenHash: string, accountId: string, nonce: string, expiresAt: number) {
    this.verifications.set(tokenHash, { value: { accountId, nonce }, until: expiresAt });
  }

  async takeVerification(tokenHash: string) {
    const found = live(this.verifications.get(tokenHash));
    this.verifications.delete(tokenHash);
    return found;
  }

  async putReset(tokenHash: string, accountId: string, nonce: string, expiresAt: number): Promise<void> {
    const account = live(this.accounts.get(accountId));
    if (!account) return;
    account.resetNonce = nonce;
    this.resets.set(tokenHash, { value: { accountId, nonce }, until: expiresAt });
  }

  async peekReset(tokenHash: string): Promise<ResetLink | undefined> {
    const found = live(this.resets.get(tokenHash));
    return found && { ...found };
  }

  async takeReset(tokenHash: string): Promise<ResetLink | undefined> {
    const found = live(this.resets.get(tokenHash));
    this.resets.delete(tokenHash);
    return found;
  }

  async setPassword(id: string, passwordHash: string, at: number, resetNonce: string): Promise<boolean> {
    const entry = this.accounts.get(id);
    if (!live(entry) || !resetNonce || entry!.value.resetNonce !== resetNonce) return false;
    Object.assign(entry!.value, { passwordHash, verified: true, sessionsFrom: at });
    delete entry!.value.resetNonce;
    delete entry!.until;
    delete this.emails.get(entry!.value.email)?.until;
    return true;
  }

  async putDevice(tokenHash: string, accountId: string, expiresAt: number): Promise<void> {
    this.devices.set(tokenHash, { value: accountId, until: expiresAt });
  }

  async getDevice(tokenHash: string): Promise<string | undefined> {
    return live(this.devices.get(tokenHash));
  }

  async deleteAccount(id: string): Promise<void> {
    const account = live(this.accounts.get(id));
    if (!account) return;
    if (this.emails.get(account.email)?.value === id) this.emails.delete(account.email);
    this.accounts.delete(id);
  }

  async putSession(tokenHash: string, session: Session): Promise<void> {
    this.sessions.set(tokenHash, { ...session });
  }

  async getSession(tokenHash: string): Promise<Session | undefined> {
    const session = this.sessions.get(tokenHash);
    return session && { ...session };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.sessions.delete(tokenHash);
  }

  async attempts(subject: string, windowStart: number): Promise<number> {
    return live(this.counts.get(`${subject}#${windowStart}`)) ?? 0;
  }

  async addAttempt(subject: string, windowStart: number, windowMs: number): Promise<number> {
    const id = `${subject}#${windowStart}`;
    const next = (live(this.counts.get(id)) ?? 0) + 1;
    this.counts.set(id, { value: next, until: windowStart + windowMs });
    return next;
  }

  async recent(subject: string, since: number): Promise<number[]> {
    return (this.times.get(subject) ?? []).filter((t) => t >= since);
  }

  async record(subject: string, at: number, keepMs: number): Promise<number[]> {
    const kept = [...(await this.recent(subject, at - keepMs)), at].sort((a, b) => a - b);
    this.times.set(subject, kept);
    return kept;
  }

  async addKey(accountId: string, key: AccountKey, cap: number): Promise<'done' | 'cap'> {
    const account = live(this.accounts.get(accountId));
    if (!account) throw new Error(`no account ${accountId}`);
    if (account.keys.filter((k) => !k.revokedAt).length >= cap) return 'cap';
    account.keys.push({ ...key });
    return 'done';
  }

  async dropKey(accountId: string, id: string): Promise<void> {
    const account = live(this.accounts.get(accountId));
    if (account) account.keys = account.keys.filter((k) => k.id !== id);
  }

  async revokeKey(accountId: string, id: string, at: number): Promise<KeyChange> {
    const key = live(this.accounts.get(accountId))?.keys.find((k) => k.id === id);
    if (!key) return 'missing';
    if (key.revokedAt) return 'revoked already';
    key.revokedAt = at;
    return 'done';
  }

  async replaceKey(accountId: string, id: string, next: AccountKey, at: number): Promise<KeyChange> {
    const account = live(this.accounts.get(accountId));
    const key = account?.keys.find((k) => k.id === id);
    if (!key) return 'missing';
    if (key.revokedAt) return 'revoked already';
    key.revokedAt = at;
    account!.keys.push({ ...next });
    return 'done';
  }

  async enableKey(record: ApiKeyRecord & { accountId: string }): Promise<void> {
    this.keyStore.put({
      keyId: record.keyId,
      tier: record.tier,
      name: record.name,
      accountId: record.accountId,
    });
  }

  async disableKey(keyId: string): Promise<void> {
    this.keyStore.remove(keyId);
  }
}
