/**
 * The response cache: an LRU in memory with a TTL per kind of data, and coalescing of identical
 * requests in flight (100 concurrent identical lookups make one upstream request).
 */
import { LRUCache } from 'lru-cache';

import { DEFAULT_TTL_SECONDS, type CacheKind } from './ttl.ts';

export { DEFAULT_TTL_SECONDS, type CacheKind } from './ttl.ts';
let TTL_SECONDS: Record<CacheKind, number> = { ...DEFAULT_TTL_SECONDS };

export interface CachedValue<T> {
  value: T;
  storedAt: number;
  bytes: number;
  /** Overrides the request's kind (a 404 keeps less long). */ kind?: CacheKind;
}

const cache = new LRUCache<string, CachedValue<unknown>>({
  max: 2_000,
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.bytes),
});
const inFlight = new Map<string, Promise<CachedValue<unknown>>>();

export interface CacheAnswer<T> {
  value: T;
  hit: boolean;
  ageSeconds: number;
}

/**
 * Serves `key` from the cache, joins an identical request in flight, or loads it once.
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
  let pending = inFlight.get(key) as Promise<CachedValue<T>> | undefined;
  if (!pending) {
    pending = load();
    inFlight.set(key, pending);
    pending
      .then(
        (entry) => {
          const ttl = TTL_SECONDS[entry.kind ?? kind];
          if (ttl > 0) cache.set(key, entry, { ttl: ttl * 1000 });
        },
        () => undefined,
      )
      .finally(() => inFlight.delete(key));
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

/** Empties the cache and, optionally, shortens TTLs (tests). */
export function clearCache(ttlSeconds: Partial<Record<CacheKind, number>> = {}): void {
  cache.clear();
  TTL_SECONDS = { ...DEFAULT_TTL_SECONDS, ...ttlSeconds };
}
