// The route results: in process first, then the deployment-wide cache's protocol, on an in-memory store
// with the same semantics as the DynamoDB one: hits, one fetch among waiters, takeover of an expired
// lease, TTLs, a failing store, and the work that must precede an answer (the quota) sent with the read.
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CachedResult, ResultCache } from '../store/types.ts';
import { clearCache } from '../upstream/cache.ts';
import type { Served } from '../upstream/context.ts';
import { Deadline } from '../upstream/deadline.ts';
import { clearRouteResults, resultKey, routeResult, type RouteResultOptions } from './shared-cache.ts';

class MemoryResults implements ResultCache {
  readonly items = new Map<string, { result: CachedResult; ttl: number }>();
  readonly leases = new Map<string, { holder: string; until: number }>();
  released = 0;
  reads = 0;
  async get(key: string) {
    this.reads++;
    const item = this.items.get(key);
    return item && { ...item.result, freshUntil: item.result.storedAt + item.ttl * 1000 };
  }
  async put(key: string, result: CachedResult, ttl: number) {
    this.items.set(key, { result, ttl });
    this.leases.delete(key); // the same write ends the lease, as on DynamoDB
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
/** The answer with its JSON text read back as the body, to compare with what `compute` returned. */
const through = async (
  store: ResultCache | undefined,
  compute: () => Promise<{ body: unknown; served: readonly Served[] }>,
  options: Partial<RouteResultOptions> = {},
) => {
  const { json, ...answer } = await routeResult('k', { store, deadline: deadline(), ...options }, compute);
  return { ...answer, body: JSON.parse(json) as unknown };
};

beforeEach(() => clearRouteResults());

describe('routeResult, deployment-wide', () => {
  it('answers a kept result without fetching, with its age', async () => {
    // Prepare
    const store = new MemoryResults();
    await store.put('k', { body: { a: 1 }, storedAt: Date.now() - 30_000 }, 600);
    let fetched = 0;

    // Act
    const answer = await through(store, async () => {
      fetched++;
      return { body: {}, served: [] };
    });

    // Assess
    expect(answer).toEqual({ body: { a: 1 }, hit: true, ageSeconds: 30, level: 'shared' });
    expect(fetched).toBe(0);
  });

  it('keeps a fetched result as long as its shortest-lived data, less its age, and ends the lease with it', async () => {
    const store = new MemoryResults();
    const answer = await through(store, async () => ({
      body: { b: 2 },
      served: [served('ids'), served('prices', 20)],
    }));
    expect(answer).toEqual({ body: { b: 2 }, hit: false, ageSeconds: 20 });
    expect(store.items.get('k')!.ttl).toBe(120 - 20);
    expect(store.leases.size).toBe(0);
    expect(store.released).toBe(0); // no second write: the result's write ended the lease
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
      Array.from({ length: 8 }, () => through(store, compute, { pollMs: 10 })),
    );
    expect(fetched).toBe(1);
    expect(answers.filter((a) => a.hit)).toHaveLength(7);
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set(['{"n":1}']));
  });

  /** A waiter's answer, polling every 10 ms, and how long it took. */
  const waited = async (store: ResultCache, leaseMs: number) => {
    const started = Date.now();
    const answer = await through(store, async () => ({ body: { mine: true }, served: [served('search')] }), {
      leaseMs,
      pollMs: 10,
    });
    return { body: answer.body, ms: Date.now() - started };
  };

  it('takes over a lease whose holder never delivered', async () => {
    const store = new MemoryResults();
    await store.lease('k', 'gone', 60);
    const { body, ms } = await waited(store, 60);
    expect(body).toEqual({ mine: true });
    expect(ms).toBeGreaterThanOrEqual(50);
  });

  it('takes over at once a key whose holder gave it back without a result, and waits while a lease runs', async () => {
    // Prepare: a store that tells waiters whether the lease still runs; a holder with a long lease that gives
    // the key back after 40 ms (its fetch failed, or its quota refused it)
    const store = Object.assign(new MemoryResults(), {
      async watch(this: MemoryResults, key: string) {
        const result = await this.get(key);
        return { ...(result && { result }), leased: (this.leases.get(key)?.until ?? 0) > Date.now() };
      },
    });
    await store.lease('k', 'failing', 10_000);
    setTimeout(() => void store.release('k', 'failing'), 40);

    // Act
    const { body, ms } = await waited(store, 10_000);

    // Assess: fetched by the waiter soon after the key was given back, not at the lease's end
    expect(body).toEqual({ mine: true });
    expect(ms).toBeGreaterThanOrEqual(40);
    expect(ms).toBeLessThan(2_000);
  });

  it('fetches anyway when the wait would eat the time the fetch needs', async () => {
    const store = new MemoryResults();
    await store.lease('k', 'slow', 60_000);
    const answer = await through(store, async () => ({ body: { late: true }, served: [] }), {
      deadline: new Deadline(3_000),
    });
    expect(answer.body).toEqual({ late: true });
  });

  it('keeps nothing from a failed fetch, and gives the lease back', async () => {
    const store = new MemoryResults();
    await expect(
      through(store, async () => {
        throw new Error('upstream');
      }),
    ).rejects.toThrow('upstream');
    expect(store.items.size).toBe(0);
    expect(store.released).toBe(1);
    expect(store.leases.size).toBe(0);
  });

  it('serves the request when the store fails', async () => {
    const broken: ResultCache = {
      get: () => Promise.reject(new Error('throttled')),
      put: () => Promise.reject(new Error('throttled')),
      lease: () => Promise.reject(new Error('throttled')),
      release: () => Promise.reject(new Error('throttled')),
    };
    const answer = await through(broken, async () => ({ body: { ok: true }, served: [served('ids')] }));
    expect(answer).toEqual({ body: { ok: true }, hit: false, ageSeconds: 0 });
  });

  it('reads the shared cache while the work that must come first is in flight, not after it', async () => {
    // Prepare: a kept result, and a reservation that lands after 60 ms
    const store = new MemoryResults();
    await store.put('k', { body: { a: 1 }, storedAt: Date.now() }, 600);
    let landed = 0;
    let readAt = 0;
    const read = store.get.bind(store);
    store.get = async (key: string) => {
      readAt = performance.now();
      return read(key);
    };
    const before = new Promise<void>((ok) =>
      setTimeout(() => {
        landed = performance.now();
        ok();
      }, 60),
    );

    // Act
    const answer = await through(store, async () => ({ body: {}, served: [] }), { before });

    // Assess: the read went out before the reservation landed, and the answer waited for it
    expect(answer.hit).toBe(true);
    expect(readAt).toBeGreaterThan(0);
    expect(readAt).toBeLessThan(landed);
  });

  it('lets a refused reservation win over a hit and over a miss, computing nothing', async () => {
    const store = new MemoryResults();
    await store.put('kept', { body: { a: 1 }, storedAt: Date.now() }, 600);
    let fetched = 0;
    const compute = async () => {
      fetched++;
      return { body: {}, served: [served('ids')] };
    };
    const refused = () => Promise.reject(new Error('429'));
    await expect(
      routeResult('kept', { store, deadline: deadline(), before: refused() }, compute),
    ).rejects.toThrow('429');
    await expect(through(store, compute, { before: refused() })).rejects.toThrow('429');
    expect(fetched).toBe(0);
    expect(store.leases.size).toBe(0);
  });

  it('sends the lease with work that may go with it, and gives the lease and its writes back on a refusal', async () => {
    // Prepare: a key lookup that lands, then a reservation that lands 40 ms after the lease went out
    const store = new MemoryResults();
    let leasedAt = 0;
    let reservedAt = 0;
    const lease = store.lease.bind(store);
    store.lease = async (key: string, holder: string, ms: number) => {
      leasedAt = performance.now();
      return lease(key, holder, ms);
    };
    const settled: string[] = [];
    const options = (reservation: Promise<void>): Partial<RouteResultOptions> => ({
      before: Promise.resolve(),
      withLeaseAwait: reservation,
      withLease: () => settled.push('taken'),
      withResult: async () => void settled.push('given back'),
    });
    let fetched = 0;
    const compute = async () => {
      fetched++;
      return { body: { n: fetched }, served: [served('ids')] };
    };
    const reservation = (fails: boolean) =>
      new Promise<void>((ok, no) =>
        setTimeout(() => {
          reservedAt = performance.now();
          if (fails) no(new Error('429'));
          else ok();
        }, 40),
      );

    // Act
    await expect(through(store, compute, options(reservation(true)))).rejects.toThrow('429');
    const refusedLeaseBeforeReservation = leasedAt < reservedAt;
    const afterRefusal = { fetched, leases: store.leases.size, settled: [...settled] };
    const answer = await through(store, compute, options(reservation(false)));

    // Assess: the lease went out before the reservation landed; refused, nothing was fetched and the lease
    // and the writes sent with it were given back; admitted, the result was fetched and kept
    expect(refusedLeaseBeforeReservation).toBe(true);
    expect(afterRefusal).toEqual({ fetched: 0, leases: 0, settled: ['taken', 'given back'] });
    expect(answer).toMatchObject({ hit: false, body: { n: 1 } });
    expect(store.items.has('k')).toBe(true);
  });
});

describe('routeResult, in process', () => {
  it('serves a checked result again without computing it or reading the store, with its age', async () => {
    // Prepare
    const store = new MemoryResults();
    let fetched = 0;
    const compute = async () => {
      fetched++;
      return { body: { c: 3 }, served: [served('search', 5)] };
    };
    await through(store, compute);
    const reads = store.reads;

    // Act
    const again = await through(store, compute);

    // Assess
    expect(again).toEqual({ body: { c: 3 }, hit: true, ageSeconds: 5, level: 'process' });
    expect(fetched).toBe(1);
    expect(store.reads).toBe(reads);
  });

  it('keeps a shared hit in process until the shared item goes stale', async () => {
    const store = new MemoryResults();
    await store.put('k', { body: { s: 1 }, storedAt: Date.now() }, 600);
    await through(store, async () => ({ body: {}, served: [] }));
    const reads = store.reads;
    expect((await through(store, async () => ({ body: {}, served: [] }))).level).toBe('process');
    expect(store.reads).toBe(reads);
  });

  it('works without a shared store, and still waits for the work that must come first', async () => {
    let fetched = 0;
    const compute = async () => ({ body: { n: ++fetched }, served: [served('ids')] });
    expect((await through(undefined, compute)).body).toEqual({ n: 1 });
    expect((await through(undefined, compute)).body).toEqual({ n: 1 });
    await expect(through(undefined, compute, { before: Promise.reject(new Error('429')) })).rejects.toThrow(
      '429',
    );
  });

  it('keeps nothing built only from answers that are not kept, and empties with the response cache', async () => {
    let fetched = 0;
    const uncached = async () => ({ body: { n: ++fetched }, served: [served('none')] });
    await through(undefined, uncached);
    await through(undefined, uncached);
    expect(fetched).toBe(2);

    const kept = async () => ({ body: { n: ++fetched }, served: [served('ids')] });
    await through(undefined, kept);
    expect((await through(undefined, kept)).level).toBe('process');
    clearCache();
    expect((await through(undefined, kept)).level).toBeUndefined();
  });

  it('serves a kept result only to requests built with the same source configuration', async () => {
    let fetched = 0;
    const compute = async () => ({ body: { n: ++fetched }, served: [served('ids')] });
    const [a, b] = [{ operation: 'dated' }, { operation: 'older' }];
    await through(undefined, compute, { builtWith: [a] });
    expect((await through(undefined, compute, { builtWith: [a] })).level).toBe('process');
    expect((await through(undefined, compute, { builtWith: [b] })).body).toEqual({ n: 2 });
  });

  it('follows the TTLs in force, shortened or not', async () => {
    clearCache({ search: 0.05 });
    try {
      let fetched = 0;
      const compute = async () => ({ body: { n: ++fetched }, served: [served('search')] });
      await through(undefined, compute);
      expect((await through(undefined, compute)).level).toBe('process');
      await new Promise((ok) => setTimeout(ok, 80));
      expect((await through(undefined, compute)).body).toEqual({ n: 2 });
    } finally {
      clearCache();
    }
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

  it('keeps the text deployed keys have: sorted keys at every level, integer-like keys first', () => {
    expect(resultKey('GET /x', { b: [{ z: 1, y: undefined }, undefined], a: 'é"' }, { id: 'h' })).toBe(
      'GET /x {"path":{"id":"h"},"query":{"a":"é\\"","b":[{"z":1},null]}}',
    );
    expect(resultKey('GET /x', { b: 1, 10: 2, 9: 3 }, undefined)).toBe(
      'GET /x {"query":{"9":3,"10":2,"b":1}}',
    );
  });

  it('keeps a `__proto__` key as data, so it still tells two keys apart', () => {
    const withProto = JSON.parse('{"__proto__":{"a":1},"b":2}') as Record<string, unknown>;
    expect(resultKey('GET /x', withProto, {})).toBe('GET /x {"path":{},"query":{"__proto__":{"a":1},"b":2}}');
    expect(resultKey('GET /x', withProto, {})).not.toBe(resultKey('GET /x', { b: 2 }, {}));
  });
});

describe('routeResult, the body as sent', () => {
  it('serializes a result once: a hit in process sends the very text the miss sent', async () => {
    const body = { n: 1, when: new Date(0), list: [1, 2] };
    const miss = await routeResult('s', { deadline: deadline() }, async () => ({
      body,
      served: [served('ids')],
    }));
    const hit = await routeResult('s', { deadline: deadline() }, async () => ({ body: {}, served: [] }));
    expect(miss.json).toBe(JSON.stringify(body));
    expect(hit).toEqual({ json: miss.json, hit: true, ageSeconds: 0, level: 'process' });
  });
});
