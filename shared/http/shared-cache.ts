/**
 * The deployment-wide level of the cache, for routes that reach a source. On Lambda each instance
 * serves one request at a time, so the in-process cache and coalescing do not stop N instances from
 * making N identical upstream requests. Here, of the instances asking for one result, the first takes
 * a short lease and fetches; the others wait for its result (and take over a lease that expires); the
 * result is kept as long as the shortest-lived data it was built from. A failing cache never fails a
 * request: it only costs the upstream call it could have saved.
 */
import { randomUUID } from 'node:crypto';
import { log } from '../log.ts';
import type { CachedResult, ResultCache } from '../store/types.ts';
import type { Served } from '../upstream/context.ts';
import type { Deadline } from '../upstream/deadline.ts';
import { resultTtlSeconds } from '../upstream/ttl.ts';

/** How long one instance may hold a key while it fetches (the slowest sources take 5–12 s). */
export const LEASE_MS = 15_000;
/** How often a waiting instance looks for the holder's result. */
export const POLL_MS = 100;
/** Time kept back for the waiter's own fetch if the holder never delivers. */
export const RESERVE_MS = 4_000;

export interface SharedAnswer {
  body: unknown;
  /** Served by another instance's fetch (or an earlier one): X-Cache HIT, Age from `storedAt`. */
  hit: boolean;
  ageSeconds: number;
}

const quietly = async <T>(what: string, work: Promise<T>, fallback: T): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    log('warn', 'shared cache unavailable', { operation: what, error: String(error) });
    return fallback;
  }
};

const asHit = (found: CachedResult): SharedAnswer => ({
  body: found.body,
  hit: true,
  ageSeconds: Math.max(0, Math.floor((Date.now() - found.storedAt) / 1000)),
});

/**
 * The result for `key`: from the shared cache, from the instance already fetching it, or from `compute`
 * (which reports the upstream answers it used, for the TTL and the age).
 * @example const answer = await throughSharedCache(store, key, deadline, async () => ({ body, served }));
 */
export async function throughSharedCache(
  store: ResultCache,
  key: string,
  deadline: Deadline,
  compute: () => Promise<{ body: unknown; served: readonly Served[] }>,
  { leaseMs = LEASE_MS, pollMs = POLL_MS }: { leaseMs?: number; pollMs?: number } = {},
): Promise<SharedAnswer> {
  const cached = await quietly('get', store.get(key), undefined);
  if (cached) return asHit(cached);
  const holder = randomUUID();
  let leased = await quietly('lease', store.lease(key, holder, leaseMs), true);
  let waitingSince = Date.now();
  while (!leased && deadline.remaining() > RESERVE_MS) {
    await new Promise((ok) => setTimeout(ok, pollMs));
    const found = await quietly('get', store.get(key), undefined);
    if (found) return asHit(found);
    // A holder that has not delivered within its lease is gone: take the key over.
    if (Date.now() - waitingSince >= leaseMs) {
      leased = await quietly('lease', store.lease(key, holder, leaseMs), true);
      waitingSince = Date.now();
    }
  }
  try {
    const { body, served } = await compute();
    const ttl = resultTtlSeconds(served.map((s) => s.kind));
    const ageSeconds = Math.max(0, ...served.map((s) => s.ageSeconds));
    if (ttl > ageSeconds)
      await quietly(
        'put',
        store.put(key, { body, storedAt: Date.now() - ageSeconds * 1000 }, ttl - ageSeconds),
        false,
      );
    return { body, hit: served.length > 0 && served.every((s) => s.hit), ageSeconds };
  } finally {
    if (leased) await quietly('release', store.release(key, holder), undefined);
  }
}

/**
 * The cache key of a route's result: the route and its validated, normalised parameters.
 * @example resultKey('GET /v1/site_a/hotel/url-to-id', { url: 'fr/x' }, {})
 */
export function resultKey(route: string, query: unknown, path: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return `${route} ${JSON.stringify(canonical({ query, path }))}`;
}
