/**
 * A route's result, at two levels, each consulted before the next:
 * - in process: the conformed body as the JSON text sent, so a hit sends what was checked without running
 *   the route, checking it again or serializing it again; bounded by bytes (a share of the function's
 *   memory) and emptied with the response cache;
 * - deployment-wide, for routes that reach a source, deployed: on Lambda each instance serves one request
 *   at a time, so the in-process caches and coalescing do not stop N instances from making N identical
 *   upstream requests. Of the instances asking for one result, the first takes a short lease and fetches;
 *   the others wait for its result (and take over a lease that expires); the result is kept as long as the
 *   shortest-lived data it was built from. A failing cache never fails a request: it only costs the
 *   upstream call it could have saved.
 *
 * Round trips to the store: a hit costs one, the shared read sent together with the work that must precede
 * any answer (the quota reservation, `before`); a miss three: that one, the lease, and the result written
 * with the lease ended in the same write. On an instance's first call the key lookup goes with the read
 * (`before`) and the quota reservation, which needs the key's tier, with the lease (`withLeaseAwait`): three
 * still.
 */
import { randomUUID } from 'node:crypto';
import { log } from '../log.ts';
import { byteBoundedCache, approxBytes } from '../memory-budget.ts';
import type { CachedResult, ResultCache } from '../store/types.ts';
import { onClearCache, ttlSeconds } from '../upstream/cache.ts';
import type { Served } from '../upstream/context.ts';
import type { Deadline } from '../upstream/deadline.ts';
import { resultTtlSeconds } from '../upstream/ttl.ts';

/** How long one instance may hold a key while it fetches (the slowest sources take 5–12 s). */
export const LEASE_MS = 15_000;
/** How often a waiting instance looks for the holder's result. */
export const POLL_MS = 100;
/** Time kept back for the waiter's own fetch if the holder never delivers. */
export const RESERVE_MS = 4_000;
/** The in-process route results' share of the function's memory (5 %: 51 MB of 1024, 26 MB of 512). */
export const ROUTE_RESULTS_SHARE = 0.05;

export interface SharedAnswer {
  /** The body as sent: the JSON text of the checked result. */
  json: string;
  /** Served by another instance's fetch (or an earlier one): X-Cache HIT, Age from `storedAt`. */
  hit: boolean;
  ageSeconds: number;
  /** Where a hit came from: this process's route results, or the deployment-wide cache. */
  level?: 'process' | 'shared';
}

interface Kept {
  /** Serialized once, when kept: a string also weighs less than the object graph it was built from. */
  json: string;
  storedAt: number;
  freshUntil: number;
  builtWith?: readonly unknown[];
}

const inProcess = byteBoundedCache<string, Kept>(ROUTE_RESULTS_SHARE, {
  weigh: (kept, key) => approxBytes(kept.json) + key.length,
});
onClearCache(() => inProcess.clear());

const quietly = async <T>(what: string, work: Promise<T>, fallback: T): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    log('warn', 'shared cache unavailable', { operation: what, error: String(error) });
    return fallback;
  }
};

const ageOf = (storedAt: number) => Math.max(0, Math.floor((Date.now() - storedAt) / 1000));

/** Keeps a result in process until `freshUntil`, when there is any time left. */
function keep(key: string, kept: Kept): void {
  const ttl = kept.freshUntil - Date.now();
  if (ttl > 0) inProcess.set(key, kept, { ttl });
}

const sameParts = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x, i) => x === b![i]);

const asHit = (key: string, found: CachedResult, builtWith?: readonly unknown[]): SharedAnswer => {
  const json = JSON.stringify(found.body);
  // A shared hit is kept in process until the shared item goes stale, so the next one costs no read.
  if (found.freshUntil)
    keep(key, { json, storedAt: found.storedAt, freshUntil: found.freshUntil, builtWith });
  return { json, hit: true, ageSeconds: ageOf(found.storedAt), level: 'shared' };
};

export interface RouteResultOptions {
  /** The deployment-wide cache; without it (local runs, tests) only the in-process level is used. */
  store?: ResultCache;
  deadline: Deadline;
  /**
   * Work that must succeed before anything is answered (the quota reservation): awaited on every path, on a
   * hit together with the shared read, and its failure (a 429) is the request's.
   */
  before?: Promise<unknown>;
  /**
   * Work that must succeed before anything is answered or computed but may go with the lease rather than
   * before it (the quota reservation, when `before` is the key lookup it waits for): awaited on a hit, and on
   * a miss together with the lease; when it fails, the lease and the writes sent with it are given back, and
   * its failure (a 429) is the request's.
   */
  withLeaseAwait?: Promise<unknown>;
  /**
   * Writes for the fetch to come, sent with the lease (the source slots taken ahead); when the lease is
   * refused, `withResult` follows at once, as this instance waits instead of fetching.
   */
  withLease?: () => void;
  /** Writes held for the end (the slots' releases), sent with the result's write and awaited with it. */
  withResult?: () => Promise<void>;
  /**
   * What the result is built with beyond its key (the sources' configuration objects): a result kept in
   * process is served only to a request built with the very same ones (a reconfigured process asks again).
   */
  builtWith?: readonly unknown[];
  leaseMs?: number;
  pollMs?: number;
}

/**
 * The result for `key`: from this process, from the shared cache, from the instance already fetching it,
 * or from `compute` (which reports the upstream answers it used, for the TTL and the age). `compute`'s
 * body is kept as it is: it must be the checked body the route sends.
 * @example const answer = await routeResult(key, { store, deadline, before: reservation }, async () => ({ body, served }));
 */
export async function routeResult(
  key: string,
  {
    store,
    deadline,
    before,
    withLeaseAwait,
    withLease,
    withResult,
    builtWith,
    leaseMs = LEASE_MS,
    pollMs = POLL_MS,
  }: RouteResultOptions,
  compute: () => Promise<{ body: unknown; served: readonly Served[] }>,
): Promise<SharedAnswer> {
  const local = inProcess.get(key);
  if (local && local.freshUntil > Date.now() && sameParts(local.builtWith, builtWith)) {
    await before;
    await withLeaseAwait;
    return { json: local.json, hit: true, ageSeconds: ageOf(local.storedAt), level: 'process' };
  }
  if (!store) {
    await before;
    await withLeaseAwait;
    return computeAndKeep(key, undefined, compute, undefined, builtWith);
  }
  // Both settle before either is acted on: a refusal leaves no read behind it still in flight.
  const [read, reserved] = await Promise.allSettled([quietly('get', store.get(key), undefined), before]);
  if (reserved.status === 'rejected') throw reserved.reason;
  const cached = read.status === 'fulfilled' ? read.value : undefined;
  if (cached) {
    await withLeaseAwait;
    return asHit(key, cached, builtWith);
  }
  const holder = randomUUID();
  withLease?.();
  const settle = withResult && (() => quietly('settle', withResult(), undefined));
  const [taken, admitted] = await Promise.allSettled([
    quietly('lease', store.lease(key, holder, leaseMs), true),
    withLeaseAwait,
  ]);
  let leased = taken.status === 'fulfilled' && taken.value;
  if (admitted.status === 'rejected') {
    // Refused (over quota): nothing is fetched, and what was taken for the fetch goes back before the answer.
    await Promise.all([leased && quietly('release', store.release(key, holder), undefined), settle?.()]);
    throw admitted.reason;
  }
  if (!leased) await settle?.();
  let waitingSince = Date.now();
  const look = () =>
    store.watch ? store.watch(key) : store.get(key).then((result) => ({ result, leased: true }));
  while (!leased && deadline.remaining() > RESERVE_MS) {
    await new Promise((ok) => setTimeout(ok, pollMs));
    const seen = await quietly('get', look(), { leased: true });
    if (seen.result) return asHit(key, seen.result, builtWith);
    // A holder that gave the key back without a result, or has not delivered within its lease, is gone: take
    // the key over.
    if (!seen.leased || Date.now() - waitingSince >= leaseMs) {
      leased = await quietly('lease', store.lease(key, holder, leaseMs), true);
      waitingSince = Date.now();
    }
  }
  return computeAndKeep(
    key,
    leased ? { store, holder } : undefined,
    compute,
    leased ? settle : undefined,
    builtWith,
  );
}

/**
 * Computes the result and keeps it in process and in the shared cache (the write ends the lease), or gives
 * the lease back; `settle`'s writes go at the same time.
 */
async function computeAndKeep(
  key: string,
  lease: { store: ResultCache; holder: string } | undefined,
  compute: () => Promise<{ body: unknown; served: readonly Served[] }>,
  settle?: () => Promise<void>,
  builtWith?: readonly unknown[],
): Promise<SharedAnswer> {
  const release = () =>
    lease ? quietly('release', lease.store.release(key, lease.holder), undefined) : undefined;
  let computed: { body: unknown; served: readonly Served[] };
  try {
    computed = await compute();
  } catch (error) {
    await Promise.all([release(), settle?.()]);
    throw error;
  }
  const { body, served } = computed;
  const json = JSON.stringify(body);
  const kinds = served.map((s) => s.kind);
  const ageSeconds = Math.max(0, ...served.map((s) => s.ageSeconds));
  const storedAt = Date.now() - ageSeconds * 1000;
  // In process, the TTLs in force (tests shorten them); shared, the deployment's.
  const localTtl = kinds.length === 0 ? 0 : Math.min(...kinds.map(ttlSeconds));
  if (localTtl > ageSeconds) keep(key, { json, storedAt, freshUntil: storedAt + localTtl * 1000, builtWith });
  const ttl = resultTtlSeconds(kinds);
  const keepShared = async () => {
    if (!lease) return;
    const stored =
      ttl > ageSeconds &&
      (await quietly('put', lease.store.put(key, { body, storedAt }, ttl - ageSeconds), false));
    // A result written ended the lease with it; otherwise (nothing to keep, too large, failed) it is given back.
    if (!stored) await release();
  };
  await Promise.all([keepShared(), settle?.()]);
  return { json, hit: served.length > 0 && served.every((s) => s.hit), ageSeconds };
}

/**
 * Empties the in-process route results (tests; `clearCache` of the response cache does it too).
 * @example clearRouteResults()
 */
export function clearRouteResults(): void {
  inProcess.clear();
}

/**
 * A copy of `v` whose objects have their keys inserted sorted, so that JSON.stringify (native, one pass)
 * writes them in that order: integer-like keys first, ascending, then the others sorted, as a JavaScript
 * object orders them (the order the key has always had, so deployed keys stay valid). A `__proto__` key is
 * defined as data, never set as the copy's prototype.
 */
function sortedCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedCopy);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = sortedCopy((v as Record<string, unknown>)[k]);
    if (k === '__proto__') Object.defineProperty(out, k, { value: x, enumerable: true, writable: true });
    else out[k] = x;
  }
  return out;
}

/**
 * The cache key of a route's result: the route and its validated, normalised parameters, as the JSON of
 * `{ path, query }` with keys sorted at every level (the same text whatever the parameters' order).
 * @example resultKey('GET /v1/site_a/hotel/url-to-id', { url: 'fr/x' }, {}) // 'GET /v1/site_a/hotel/url-to-id {"path":{},"query":{"url":"fr/x"}}'
 */
export function resultKey(route: string, query: unknown, path: unknown): string {
  return `${route} ${JSON.stringify(sortedCopy({ query, path }))}`;
}
