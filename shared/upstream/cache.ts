/**
 * The response cache: an LRU in memory bounded by bytes (a share of the function's memory), with a TTL
 * per kind of data, and coalescing of identical requests in flight (100 concurrent identical lookups
 * make one upstream request). What it keeps is what the reading made of the answer (a connector's
 * extracted result, a scan's answer, the parsed JSON), weighed as it sits on the heap.
 */
import { LRUCache } from 'lru-cache';

import { approxBytes, cacheBytesBudget } from '../memory-budget.ts';
import { DEFAULT_TTL_SECONDS, type CacheKind } from './ttl.ts';

export { DEFAULT_TTL_SECONDS, type CacheKind } from './ttl.ts';
export { cacheBytesBudget } from '../memory-budget.ts';
let TTL_SECONDS: Record<CacheKind, number> = { ...DEFAULT_TTL_SECONDS };

/** The response cache's share of the function's memory (10 %: 102 MB of 1024, 51 MB of 512). */
export const RESPONSE_CACHE_SHARE = 0.1;

export interface CachedValue<T> {
  value: T;
  storedAt: number;
  /** What the entry weighs in the cache; by default about what its value takes on the heap. */
  bytes?: number;
  /** Overrides the request's kind (a 404 keeps less long). */ kind?: CacheKind;
}

function newCache(maxBytes: number): LRUCache<string, CachedValue<unknown>> {
  return new LRUCache<string, CachedValue<unknown>>({
    maxSize: maxBytes,
    // The key (a URL, a body) is held as well as the value.
    sizeCalculation: (entry, key) => Math.max(1, (entry.bytes ?? approxBytes(entry.value)) + key.length),
  });
}

let cache = newCache(cacheBytesBudget(RESPONSE_CACHE_SHARE));
const inFlight = new Map<string, { load: Promise<CachedValue<unknown>>; since: number }>();

/**
 * How long a load in flight is worth joining. A healthy answer comes well within it; a load older than this
 * is stuck (a source that hangs, a fault that has since cleared), and a request that joined it would inherit
 * its failure: a newer request starts a load of its own instead, which those after it join.
 */
export const JOIN_MS = 3_000;

export interface CacheAnswer<T> {
  value: T;
  hit: boolean;
  ageSeconds: number;
}

/**
 * Serves `key` from the cache, joins an identical request in flight (younger than `JOIN_MS`), or loads it
 * once. A load that throws keeps nothing: the next request loads again.
 * @example await cached('site_a GET https://…', 'ids', () => load())
 */
export async function cached<T>(
  key: string,
  kind: CacheKind,
  load: () => Promise<CachedValue<T>>,
): Promise<CacheAnswer<T>> {
  if (kind !== 'none') {
    const hit = cache.get(key) as CachedValue<T> | undefined;
    if (hit)
      return { value: hit.value, hit: true, ageSeconds: Math.floor((Date.now() - hit.storedAt) / 1000) };
  }
  const flight = inFlight.get(key);
  let pending =
    flight && Date.now() - flight.since < JOIN_MS ? (flight.load as Promise<CachedValue<T>>) : undefined;
  if (!pending) {
    pending = load();
    const mine = { load: pending, since: Date.now() };
    inFlight.set(key, mine);
    pending
      .then(
        (entry) => {
          const ttl = TTL_SECONDS[entry.kind ?? kind];
          if (ttl > 0) cache.set(key, entry, { ttl: ttl * 1000 });
        },
        () => undefined,
      )
      .finally(() => {
        if (inFlight.get(key) === mine) inFlight.delete(key);
      });
  }
  const entry = await pending;
  return { value: entry.value, hit: false, ageSeconds: 0 };
}

/**
 * Drops `keys` from the cache: an answer whose extraction failed is not kept, so the next request asks
 * the source again (an answer in flight is left to finish; it is kept only if its own load proves it).
 * @example forget([key])
 */
export function forget(keys: readonly (string | undefined)[]): void {
  for (const key of keys) if (key !== undefined) cache.delete(key);
}

/**
 * What the cache holds: its entries, their weight and its bound, in bytes.
 * @example cacheStats() // { entries: 12, bytes: 48211, maxBytes: 107374182 }
 */
export function cacheStats(): { entries: number; bytes: number; maxBytes: number } {
  return { entries: cache.size, bytes: cache.calculatedSize, maxBytes: cache.maxSize };
}

const clearListeners = new Set<() => void>();

/**
 * Registers a cache built from this one's answers (the endpoint's route results), emptied with it.
 * @example onClearCache(() => routeResults.clear())
 */
export function onClearCache(listener: () => void): void {
  clearListeners.add(listener);
}

/**
 * How long answers of `kind` are kept now (tests shorten it with `clearCache`).
 * @example ttlSeconds('prices') // 120
 */
export function ttlSeconds(kind: CacheKind): number {
  return TTL_SECONDS[kind];
}

/**
 * Empties the cache and, optionally, shortens TTLs or sets its bound in bytes (tests).
 * @example clearCache({ search: 1 }, 64 * 1024)
 */
export function clearCache(
  ttlSeconds: Partial<Record<CacheKind, number>> = {},
  maxBytes = cacheBytesBudget(RESPONSE_CACHE_SHARE),
): void {
  cache.clear();
  if (maxBytes !== cache.maxSize) cache = newCache(maxBytes);
  TTL_SECONDS = { ...DEFAULT_TTL_SECONDS, ...ttlSeconds };
  for (const listener of clearListeners) listener();
}
