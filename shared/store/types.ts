import * as z from 'zod';
import type { AccountStore } from '../accounts/store.ts';
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
