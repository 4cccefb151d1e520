// Every in-process cache is bounded by bytes, a share of the function's memory, least recently used first out.
import { afterEach, describe, expect, it } from '@jest/globals';
import { cached, cacheStats, clearCache } from '../../shared/upstream/cache.ts';
import {
  approxBytes,
  byteBoundedCache,
  cacheBytesBudget,
  DEFAULT_MEMORY_MB,
  functionMemoryMb,
} from '../../shared/memory-budget.ts';

const MB = 1024 * 1024;
const saved = process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE;
afterEach(() => {
  if (saved === undefined) delete process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE;
  else process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = saved;
  clearCache();
});

describe('the budget', () => {
  it("is a share of V8's heap limit where that is smaller than the function's memory", () => {
    // A 512 MB function whose process was given a 128 MB old space.
    expect(cacheBytesBudget(0.1, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512' }, 128 * MB)).toBe(
      Math.floor(12.8 * MB),
    );
    expect(cacheBytesBudget(0.1, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512' }, 4096 * MB)).toBe(
      Math.floor(51.2 * MB),
    );
  });

  it("is a share of the function's memory, from AWS_LAMBDA_FUNCTION_MEMORY_SIZE", () => {
    expect(cacheBytesBudget(0.1, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512' })).toBe(Math.floor(51.2 * MB));
    expect(cacheBytesBudget(0.1, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '128' })).toBe(Math.floor(12.8 * MB));
    expect(functionMemoryMb({})).toBe(DEFAULT_MEMORY_MB);
    expect(functionMemoryMb({ AWS_LAMBDA_FUNCTION_MEMORY_SIZE: 'lots' })).toBe(DEFAULT_MEMORY_MB);
    expect(cacheBytesBudget(0.000001, { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '128' })).toBe(64 * 1024);
    expect(() => cacheBytesBudget(0)).toThrow(RangeError);
    expect(() => cacheBytesBudget(1.5)).toThrow(RangeError);
  });

  it('weighs values as they sit on the heap, two-byte strings double, shared objects once', () => {
    expect(approxBytes('a'.repeat(1000))).toBeGreaterThanOrEqual(1000);
    expect(approxBytes('é'.repeat(1000))).toBe(approxBytes('a'.repeat(1000)));
    expect(approxBytes('€'.repeat(1000))).toBeGreaterThanOrEqual(2000);
    const big = { text: 'x'.repeat(10_000) };
    expect(approxBytes({ list: [big, big, big] })).toBeLessThan(2 * approxBytes(big));
    const loop: Record<string, unknown> = { name: 'a' };
    loop.self = loop;
    expect(approxBytes(loop)).toBeLessThan(200);
    expect(approxBytes({ a: 1, b: [true, 'x'] })).toBe(139);
  });
});

/** One entry of about `kb` KB, through the cache; `loads` counts the entries that had to be loaded. */
function entry(key: string, kb: number, loads: string[]) {
  return cached(key, 'ids', async () => {
    loads.push(key);
    return { value: 'v'.repeat(kb * 1024), storedAt: Date.now() };
  });
}

describe('the response cache with a small budget', () => {
  it('never holds more than its bytes, and lets the least recently used go first', async () => {
    clearCache({}, 100 * 1024);
    const loads: string[] = [];
    for (let i = 0; i < 40; i++) {
      await entry(`k${i}`, 10, loads);
      // k0 is used again after each new entry: it stays while older ones go.
      await entry('k0', 10, loads);
      const { bytes, maxBytes } = cacheStats();
      expect(maxBytes).toBe(100 * 1024);
      expect(bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(loads.filter((k) => k === 'k0')).toHaveLength(1);
    expect(cacheStats().entries).toBeLessThan(10);
    expect(cacheStats().entries).toBeGreaterThanOrEqual(8);
    // The newest are kept; the oldest (other than k0) had to go.
    loads.length = 0;
    await entry('k39', 10, loads);
    await entry('k1', 10, loads);
    expect(loads).toEqual(['k1']);
  });

  it('keeps no entry larger than the whole budget', async () => {
    clearCache({}, 100 * 1024);
    const loads: string[] = [];
    await entry('huge', 200, loads);
    await entry('huge', 200, loads);
    expect(loads).toEqual(['huge', 'huge']);
    expect(cacheStats().entries).toBe(0);
  });
});

describe('byteBoundedCache', () => {
  it("holds at most its share of the function's memory, least recently used first out", () => {
    process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = '128';
    const cache = byteBoundedCache<string, string>(0.001);
    expect(cache.maxSize).toBe(Math.floor(128 * MB * 0.001));
    for (let i = 0; i < 200; i++) {
      cache.set(`k${i}`, 'x'.repeat(4096));
      cache.get('k0');
      expect(cache.calculatedSize).toBeLessThanOrEqual(cache.maxSize);
    }
    expect(cache.has('k0')).toBe(true);
    expect(cache.has('k1')).toBe(false);
    expect(cache.has('k199')).toBe(true);
  });
});
