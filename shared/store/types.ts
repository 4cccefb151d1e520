import * as z from 'zod';
import type { SlotStore } from './slots.ts';

export const Tier = z.enum(['free', 'basic', 'pro', 'enterprise']);
export type Tier = z.infer<typeof Tier>;

// Read once: a deployment's environment does not change while its process runs.
let enterpriseQuota: number | undefined;

/** Daily request quota per tier (spec: Limits). Enterprise is configured per deployment. */
export function dailyQuota(tier: Tier): number {
  switch (tier) {
    case 'free':
      return 10;
    case 'basic':
      return 1_000;
    case 'pro':
      return 10_000;
    case 'enterprise':
      return (enterpriseQuota ??= Number(process.env.ENTERPRISE_DAILY_QUOTA ?? 100_000));
  }
}

/** A caller as known after authentication. `keyId` is the SHA-256 of the key: the key itself is never kept. */
export const ApiKeyRecord = z.object({
  keyId: z.string(),
  tier: Tier,
  name: z.string(),
  /** The account the key belongs to (keys made in the dashboard); absent for operators' keys. */
  accountId: z.string().optional(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export interface KeyStore {
  /** Finds the key whose SHA-256 hex digest is `keyId`. */
  lookup(keyId: string): Promise<ApiKeyRecord | undefined>;
}

export interface CounterResult {
  allowed: boolean;
  count: number;
  /** On a refusal, when the store says: the time (epoch ms) of the day's latest reservation. */
  lastAt?: number | undefined;
}

/** One key's requests on one UTC day, as counted: the total, per endpoint (route id), and the last one's time. */
export interface DayUsage {
  day: string;
  count: number;
  endpoints: Record<string, number>;
  /** Epoch ms of the day's last counted request, when there was one. */
  lastAt?: number;
  /** Of `count`, the calls a rotated key's predecessor made that day (they count against the quota, once). */
  inherited?: number;
}

export interface CounterStore {
  /**
   * Counts one request for `keyId` on `day` (YYYY-MM-DD, UTC) unless `limit` is reached, and, in the same
   * write, one for `endpoint` (the route's manifest id) and the time of the call.
   * Atomic: concurrent calls never let more than `limit` through.
   */
  consume(keyId: string, day: string, limit: number, endpoint?: string): Promise<CounterResult>;
  /**
   * Gives back one call `consume` counted, in the same item (a call that turned out not billable): one
   * atomic update, so counts stay exact under concurrency and across instances.
   */
  refund(keyId: string, day: string, endpoint?: string): Promise<void>;
  /** Carries `count` calls of a rotated key's day over to its successor, which then starts from there. */
  inherit(keyId: string, day: string, count: number): Promise<void>;
  /** The counts of each key on each day asked (a day without requests has count 0); reads only. */
  usage(keyIds: readonly string[], days: readonly string[]): Promise<Map<string, DayUsage[]>>;
}

/** How many days of counts are kept and shown (the usage endpoint's and the dashboard's history). */
export const HISTORY_DAYS = 30;

/** A route's result as the deployment-wide cache keeps it: the body sent, and when it was fetched. */
export interface CachedResult {
  body: unknown;
  /** Epoch ms of the oldest upstream answer the body was built from (Age counts from it). */
  storedAt: number;
  /** Epoch ms until which the result is fresh, as `get` reports it (put derives it from its TTL). */
  freshUntil?: number;
}

/**
 * Results shared by every instance of a deployment, with a short lease per key so that, of many
 * instances asking the same thing at once, one fetches and the others wait for its result.
 */
export interface ResultCache {
  get(key: string): Promise<CachedResult | undefined>;
  /**
   * As `get`, in the same read, and whether a lease on the key still runs: a waiter whose holder gave the key
   * back without a result (its fetch failed, or it was refused) takes it over at once, not at the lease's end.
   */
  watch?(key: string): Promise<{ result?: CachedResult; leased: boolean }>;
  /**
   * Keeps the result for `ttlSeconds` and, in the same write, ends the key's lease (whoever waits finds the
   * result); a result too large to keep is skipped (returns false) and the lease left to `release`.
   */
  put(key: string, result: CachedResult, ttlSeconds: number): Promise<boolean>;
  /**
   * Takes the key's lease for `ms` when it is free or expired and no fresh result is kept; true when
   * `holder` now holds it.
   */
  lease(key: string, holder: string, ms: number): Promise<boolean>;
  /** Gives the lease back early (a no-op when another holder took it over). */
  release(key: string, holder: string): Promise<void>;
}

export interface Stores {
  keys: KeyStore;
  counters: CounterStore;
  /** Accounts, sessions and account keys (shared/accounts); derived from the key store when left out. */
  accounts?: AccountStore;
  /** Deployed only: in-process results are already shared by the upstream cache. */
  results?: ResultCache;
  /** Deployed only: the deployment-wide ceiling on concurrent requests per source. */
  slots?: SlotStore;
}

// The accounts' store (shared/accounts/: memory-store.ts, dynamo-store.ts; the rules in service.ts). A store
// only keeps items and makes each change atomic.

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
