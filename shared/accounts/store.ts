/**
 * Where accounts live: one interface, an embedded implementation (memory-store.ts: `npm start`, tests) and
 * a DynamoDB one (dynamo-store.ts: deployed, in the counters table). The rules (who may do what, throttles,
 * caps, what a mail says) are in service.ts; a store only keeps items and makes each change atomic.
 */
import type { ApiKeyRecord, Tier } from '../store/types.ts';

/** One key of an account as the account keeps it. The key itself is never kept: `keyId` is its SHA-256. */
export interface AccountKey {
  /** The public id of the key (the first 16 hex digits of its hash): used in the dashboard's paths. */
  id: string;
  keyId: string;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  tier: Tier;
  createdAt: number;
  revokedAt?: number;
  /** API Gateway's id of the key (deployed). */
  gatewayId?: string;
}

export interface Account {
  id: string;
  email: string;
  /** `scrypt$N$r$p$salt$hash`, see password.ts. */
  passwordHash: string;
  verified: boolean;
  tier: Tier;
  createdAt: number;
  /** Changes with every sign-up of an unverified account, so only the latest mailed link verifies it. */
  verifyNonce: string;
  keys: AccountKey[];
  /** Epoch ms of the last password reset: sessions opened before it are over. */
  sessionsFrom?: number;
  /**
   * The nonce of the account's one live reset link: a new link replaces it, a used link clears it, so no
   * other outstanding link works any more.
   */
  resetNonce?: string;
}

export interface Session {
  accountId: string;
  /** The token state-changing requests of this session must carry in X-CSRF-Token. */
  csrf: string;
  /** Epoch ms. */
  expiresAt: number;
}

export type KeyChange = 'done' | 'missing' | 'revoked already';

/** A reset link as kept: its account, and the nonce the account must still hold for the link to work. */
export interface ResetLink {
  accountId: string;
  nonce: string;
}

export interface AccountStore {
  /** Claims the email for a new account; 'exists' when a live account (verified, or unexpired) holds it. */
  createAccount(account: Account, unverifiedUntil: number): Promise<'created' | 'exists'>;
  findByEmail(email: string): Promise<Account | undefined>;
  getAccount(id: string): Promise<Account | undefined>;
  /** A new sign-up of an unverified account: its password and nonce are replaced, its life extended. */
  restartUnverified(id: string, passwordHash: string, verifyNonce: string, until: number): Promise<void>;
  /**
   * Marks the account verified when `nonce` is still its nonce, and spends the nonce (no other link of the
   * account verifies after); false otherwise.
   */
  markVerified(id: string, nonce: string): Promise<boolean>;
  setTier(id: string, tier: Tier): Promise<void>;

  /** A verification token, by the SHA-256 of the token. */
  putVerification(tokenHash: string, accountId: string, nonce: string, expiresAt: number): Promise<void>;
  /** Takes (reads and deletes) a verification token; undefined when unknown or expired. */
  takeVerification(tokenHash: string): Promise<{ accountId: string; nonce: string } | undefined>;

  /**
   * A password-reset link's token, by its SHA-256, and its nonce made the account's only live one: every
   * link issued before stops working.
   */
  putReset(tokenHash: string, accountId: string, nonce: string, expiresAt: number): Promise<void>;
  /** Reads a reset token without spending it: its account and nonce, or undefined when unknown or expired. */
  peekReset(tokenHash: string): Promise<ResetLink | undefined>;
  /** Takes (reads and deletes) a reset token: its account and nonce, or undefined when unknown or expired. */
  takeReset(tokenHash: string): Promise<ResetLink | undefined>;
  /**
   * A new password (the email is proven by the mailed link, so the account is verified), when `resetNonce`
   * is still the account's live one; the nonce is spent, so every outstanding link stops; earlier sessions
   * end. False when the nonce was not the live one (a newer link, or one used meanwhile).
   */
  setPassword(id: string, passwordHash: string, at: number, resetNonce: string): Promise<boolean>;
  /** Forgets the account and frees its email (its keys are retired by the caller first). */
  deleteAccount(id: string): Promise<void>;

  /** A device that signed in to the account (its cookie, by SHA-256), trusted until `expiresAt`. */
  putDevice(tokenHash: string, accountId: string, expiresAt: number): Promise<void>;
  /** The account a device cookie signed in to, or undefined when unknown or expired. */
  getDevice(tokenHash: string): Promise<string | undefined>;

  /** A session, by the SHA-256 of its cookie. */
  putSession(tokenHash: string, session: Session): Promise<void>;
  /** The session, or undefined when unknown; an expired one is returned, so the caller can say so. */
  getSession(tokenHash: string): Promise<Session | undefined>;
  deleteSession(tokenHash: string): Promise<void>;

  /** The count of `subject` in the window starting at `windowStart` (epoch ms). */
  attempts(subject: string, windowStart: number): Promise<number>;
  /** Counts one more for `subject` in its window; returns the new count. */
  addAttempt(subject: string, windowStart: number, windowMs: number): Promise<number>;

  /** When `subject` was recorded (epoch ms, oldest first), of the times since `since`: a sliding window. */
  recent(subject: string, since: number): Promise<number[]>;
  /** Records `subject` at `at`, kept `keepMs`; returns its times since `at - keepMs`, this one included. */
  record(subject: string, at: number, keepMs: number): Promise<number[]>;

  /** Adds a key to the account when it has fewer than `cap` live keys: 'cap' otherwise. */
  addKey(accountId: string, key: AccountKey, cap: number): Promise<'done' | 'cap'>;
  /** Takes back a key `addKey` added (its gateway key could not be made). */
  dropKey(accountId: string, id: string): Promise<void>;
  /** Marks a live key of the account revoked at `at`. */
  revokeKey(accountId: string, id: string, at: number): Promise<KeyChange>;
  /** Revokes a live key and adds its replacement in one change (the cap is unchanged by a rotation). */
  replaceKey(accountId: string, id: string, next: AccountKey, at: number): Promise<KeyChange>;

  /** Makes a key usable by the API (its `KEY#` record, read by every keyed function). */
  enableKey(record: ApiKeyRecord & { accountId: string; gatewayId?: string }): Promise<void>;
  /** Stops a key at the API. */
  disableKey(keyId: string): Promise<void>;
}
