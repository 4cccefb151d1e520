/**
 * How much of the function's memory an in-process cache may take, and what an entry weighs there. Every
 * in-process cache is bounded by bytes, not by count: one site_a page is 1.5 MB and one resolved id a
 * few bytes, so a count bounds nothing. The budget follows the function's memory
 * (`AWS_LAMBDA_FUNCTION_MEMORY_SIZE`, in MB), so a 512 MB function keeps half of what a 1024 MB one does.
 */
import { getHeapStatistics } from 'node:v8';
import { LRUCache } from 'lru-cache';

/** The memory assumed where no Lambda says (the local server, tests): the deployed functions' size. */
export const DEFAULT_MEMORY_MB = 1024;

/**
 * The function's memory in MB: `AWS_LAMBDA_FUNCTION_MEMORY_SIZE`, or {@link DEFAULT_MEMORY_MB} when it is
 * unset or not a positive number.
 * @example functionMemoryMb({ AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512' }) // 512
 */
export function functionMemoryMb(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE);
  return Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MEMORY_MB;
}

/**
 * The bytes a cache may hold: `share` (0 to 1) of the function's memory, or of V8's heap limit where that
 * is smaller (a process whose old space is a quarter of its memory must not give caches a share of the
 * whole), at least 64 KB.
 * @example cacheBytesBudget(0.05) // 53687091 on a 1024 MB function with a larger heap limit
 * @example cacheBytesBudget(0.05, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512' }) // 26843545
 */
export function cacheBytesBudget(
  share: number,
  env: NodeJS.ProcessEnv = process.env,
  heapLimitBytes: number = getHeapStatistics().heap_size_limit,
): number {
  if (!(share > 0 && share <= 1))
    throw new RangeError(`a cache's share of memory is in (0, 1], not ${share}`);
  const memory = Math.min(functionMemoryMb(env) * 1024 * 1024, heapLimitBytes);
  return Math.max(64 * 1024, Math.floor(memory * share));
}

// What V8 spends around values (64-bit, pointer compression off: the worst case), rounded up.
const HEADER = 16;
const SLOT = 8;
// A character beyond Latin-1 makes V8 store the whole string at two bytes a character.
const TWO_BYTE = /[\u0100-\uffff]/;

/**
 * About what `value` takes on the heap, on the high side: strings at one or two bytes a character as V8
 * stores them, numbers boxed, and a header and a slot per object, array element and property (keys
 * counted with each object, though V8 shares them). Cycles and objects met twice are counted once.
 * @example approxBytes('abc') // 19
 * @example approxBytes({ a: 1, b: [true, 'x'] }) // 139
 */
export function approxBytes(value: unknown, seen: Set<object> = new Set()): number {
  switch (typeof value) {
    case 'string':
      return HEADER + (TWO_BYTE.test(value) ? 2 * value.length : value.length);
    case 'number':
    case 'bigint':
      return HEADER;
    case 'object': {
      if (value === null) return SLOT;
      if (seen.has(value)) return SLOT;
      seen.add(value);
      if (ArrayBuffer.isView(value)) return HEADER + value.byteLength;
      if (Array.isArray(value))
        return value.reduce((n: number, item) => n + SLOT + approxBytes(item, seen), HEADER);
      let n = HEADER;
      for (const [key, item] of Object.entries(value))
        n += SLOT + approxBytes(key, seen) + approxBytes(item, seen);
      return n;
    }
    default:
      return SLOT;
  }
}

/**
 * An LRU cache bounded by bytes: `share` of the function's memory, each entry weighed by `weigh`
 * (by default {@link approxBytes} of its value). The least recently used entries go first; an entry
 * larger than the whole budget is never kept.
 * @example const knownIds = byteBoundedCache<string, string>(0.01, { ttl: 3_600_000 }); knownIds.set('a', 'b')
 */
export function byteBoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  share: number,
  options: { ttl?: number; weigh?: (value: V, key: K) => number } = {},
): LRUCache<K, V> {
  const weigh = options.weigh ?? ((value: V) => approxBytes(value));
  return new LRUCache<K, V>({
    maxSize: cacheBytesBudget(share),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(weigh(value, key))),
    ...(options.ttl ? { ttl: options.ttl } : {}),
  });
}
