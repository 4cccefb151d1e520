// The deployment-wide result cache's protocol, on an in-memory store with the same semantics as the
// DynamoDB one: hits, one fetch among waiters, takeover of an expired lease, TTLs, and a failing store.
import { describe, expect, it } from '@jest/globals';
import type { CachedResult, ResultCache } from '../store/types.ts';
import type { Served } from '../upstream/context.ts';
import { Deadline } from '../upstream/deadline.ts';
import { resultKey, throughSharedCache } from './shared-cache.ts';

class MemoryResults implements ResultCache {
  readonly items = new Map<string, { result: CachedResult; ttl: number }>();
  readonly leases = new Map<string, { holder: string; until: number }>();
  released = 0;
  async get(key: string) {
    return this.items.get(key)?.result;
  }
  async put(key: string, result: CachedResult, ttl: number) {
    this.items.set(key, { result, ttl });
    return true;
  }
  async lease(key: string, holder: string, ms: number) {
    const current = this.leases.get(key);
    if (current && current.until > Date.now()) return false;
    this.leases.set(key, { holder, until: Date.now() + ms });
    return true;
  }
  async release(key: string, holder: string) {
    if (this.leases.get(key)?.holder === holder) this.leases.delete(key);
    this.released++;
  }
}

const served = (kind: Served['kind'], ageSeconds = 0): Served => ({ hit: ageSeconds > 0, ageSeconds, kind });
const deadline = () => new Deadline(20_000);

describe('throughSharedCache', () => {
  it('answers a kept result without fetching, with its age', async () => {
    // Prepare
    const store = new MemoryResults();
    await store.put('k', { body: { a: 1 }, storedAt: Date.now() - 30_000 }, 600);
    let fetched = 0;

    // Act
    const answer = await throughSharedCache(store, 'k', deadline(), async () => {
      fetched++;
      return { body: {}, served: [] };
    });

    // Assess
    expect(answer).toEqual({ body: { a: 1 }, hit: true, ageSeconds: 30 });
    expect(fetched).toBe(0);
  });

  it('keeps a fetched result as long as its shortest-lived data, less its age, and releases the lease', async () => {
    const store = new MemoryResults();
    const answer = await throughSharedCache(store, 'k', deadline(), async () => ({
      body: { b: 2 },
      served: [served('ids'), served('prices', 20)],
    }));
    expect(answer).toEqual({ body: { b: 2 }, hit: false, ageSeconds: 20 });
    expect(store.items.get('k')!.ttl).toBe(120 - 20);
    expect(store.leases.size).toBe(0);
  });

  it('lets one of many concurrent callers fetch; the others get its result', async () => {
    const store = new MemoryResults();
    let fetched = 0;
    const compute = async () => {
      fetched++;
      await new Promise((ok) => setTimeout(ok, 150));
      return { body: { n: fetched }, served: [served('search')] };
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => throughSharedCache(store, 'k', deadline(), compute, { pollMs: 10 })),
    );
    expect(fetched).toBe(1);
    expect(answers.filter((a) => a.hit)).toHaveLength(7);
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set(['{"n":1}']));
  });

  it('takes over a lease whose holder never delivered', async () => {
    const store = new MemoryResults();
    await store.lease('k', 'gone', 60);
    const started = Date.now();
    const answer = await throughSharedCache(
      store,
      'k',
      deadline(),
      async () => ({ body: { mine: true }, served: [served('search')] }),
      { leaseMs: 60, pollMs: 10 },
    );
    expect(answer.body).toEqual({ mine: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('fetches anyway when the wait would eat the time the fetch needs', async () => {
    const store = new MemoryResults();
    await store.lease('k', 'slow', 60_000);
    const answer = await throughSharedCache(store, 'k', new Deadline(3_000), async () => ({
      body: { late: true },
      served: [],
    }));
    expect(answer.body).toEqual({ late: true });
  });

  it('keeps nothing from a failed fetch, and gives the lease back', async () => {
    const store = new MemoryResults();
    await expect(
      throughSharedCache(store, 'k', deadline(), async () => {
        throw new Error('upstream');
      }),
    ).rejects.toThrow('upstream');
    expect(store.items.size).toBe(0);
    expect(store.released).toBe(1);
  });

  it('serves the request when the store fails', async () => {
    const broken: ResultCache = {
      get: () => Promise.reject(new Error('throttled')),
      put: () => Promise.reject(new Error('throttled')),
      lease: () => Promise.reject(new Error('throttled')),
      release: () => Promise.reject(new Error('throttled')),
    };
    const answer = await throughSharedCache(broken, 'k', deadline(), async () => ({
      body: { ok: true },
      served: [served('ids')],
    }));
    expect(answer).toEqual({ body: { ok: true }, hit: false, ageSeconds: 0 });
  });
});

describe('resultKey', () => {
  it('is the same for the same parameters in any order, and differs otherwise', () => {
    expect(resultKey('GET /x', { a: 1, b: 'z', c: undefined }, {})).toBe(
      resultKey('GET /x', { b: 'z', a: 1 }, {}),
    );
    expect(resultKey('GET /x', { a: 1 }, {})).not.toBe(resultKey('GET /x', { a: 2 }, {}));
    expect(resultKey('GET /x', { a: 1 }, {})).not.toBe(resultKey('GET /y', { a: 1 }, {}));
  });
});
