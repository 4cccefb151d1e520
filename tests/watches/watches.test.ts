// Watches end to end (issue #38), through the local server and the sandbox, with time driven by the test:
// a watch is made over HTTP with a key, the engine (the same tick, checks and deliveries a deployment
// runs, its queues in process) is ticked on the test's clock, and a receiver on loopback verifies each
// delivery with the Standard Webhooks library.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { watchedRoute, WATCHED_HANDLERS } from '../../functions/watches/handlers.ts';
import { movePrices } from '../../infra/sandbox/prices.ts';
import { hashKey } from '../../shared/hash.ts';
import { routeEntries, routes } from '../../shared/routes/index.ts';
import { stores } from '../../shared/store/index.ts';
import { useCallbackMode } from '../../shared/watches/callback-url.ts';
import { readValues } from '../../shared/watches/condition.ts';
import { runCheck } from '../../shared/watches/engine.ts';
import type { LocalEngine } from '../../shared/watches/local.ts';
import { WATCHED_PARAMS } from '../../shared/watches/queries.ts';
import type { MemoryWatchStore } from '../../shared/watches/store.ts';
import { useTestServer } from '../helpers/server.ts';
import { freshWatchEngine, startReceiver, testClock, type Receiver } from './helpers.ts';

let receiver: Receiver;
let engine: LocalEngine;
let clock: ReturnType<typeof testClock>;
let store: MemoryWatchStore;

const STAY = { hotel_id: '9WT3', check_in: '2030-06-10', check_out: '2030-06-12', adults: 2 };
const HOUR = 3_600_000;

const api = useTestServer({ budgetMs: 10_000 });
beforeEach(async () => {
  movePrices(1);
  ({ store, clock, engine } = freshWatchEngine(watchedRoute));
  receiver = await startReceiver();
});
afterEach(async () => {
  movePrices(1);
  useCallbackMode(undefined);
  await receiver.close();
});

async function create(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${api.url}/v1/watches`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A watch of the chain_b rooms stay, calling the receiver, which verifies with its secret. */
async function watchRooms(key: string, condition: Record<string, unknown>) {
  const made = await create(key, {
    route: '/v1/chain_b/hotel/rooms',
    params: STAY,
    condition,
    callback_url: receiver.url,
  });
  if (made.status === 201) receiver.secret = made.body.secret;
  return made;
}

async function lowestPrice(key: string): Promise<number> {
  const res = await api.get(`/v1/chain_b/hotel/rooms?${new URLSearchParams(STAY as never)}`, {
    'x-api-key': key,
  });
  expect(res.status).toBe(200);
  return Math.min(
    ...res.body.room_types.flatMap((r: { rates: { total: number }[] }) => r.rates.map((x) => x.total)),
  );
}

/** One tick on the test's clock, and everything it queued worked through. */
async function tickAfter(ms: number) {
  clock.advance(ms);
  api.resetUpstream(); // the route's cached answer would hide a move for its TTL; a real interval outlives it
  const result = await engine.tick();
  await engine.idle();
  return result;
}

async function watchOf(key: string, id: string) {
  const res = await api.get(`/v1/watches/${id}`, { 'x-api-key': key });
  expect(res.status).toBe(200);
  return res.body;
}

describe('a price watch on a chain_b rooms stay', () => {
  it('fires exactly once when the price drops under the bound, and not before; the receiver verifies it', async () => {
    // Prepare
    const key = api.addKey('pro');
    const price = await lowestPrice(key);
    const bound = Math.floor(price * 0.8);
    const made = await watchRooms(key, { type: 'price_at_or_under', value: bound });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    // Due at once: the next tick checks it, whatever its interval (under npm start, within LOCAL_TICK_MS).
    expect(made.body.next_check_at).toBe(made.body.created_at);

    // Act: two checks at the old price, then the sandbox's price halves, then two more checks
    const before = [await tickAfter(0), await tickAfter(HOUR)];
    const quiet = receiver.received.length;
    movePrices(0.5);
    await tickAfter(HOUR);
    await tickAfter(HOUR);

    // Assess
    expect(before.map((t) => t.claimed)).toEqual([1, 1]);
    expect(quiet).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.verified).toBe(true);
    const payload = JSON.parse(delivery!.body);
    expect(payload).toMatchObject({
      type: 'watch.triggered',
      data: {
        watch_id: made.body.id,
        route: '/v1/chain_b/hotel/rooms',
        condition: { type: 'price_at_or_under', value: bound },
        previous: price,
      },
    });
    expect(payload.data.current).toBeLessThanOrEqual(bound);
    expect(payload.data.answer.room_types.length).toBeGreaterThan(0);
    const watch = await watchOf(key, made.body.id);
    expect(watch.checks).toHaveLength(4);
    expect(watch.checks.map((c: { fired: boolean }) => c.fired)).toEqual([false, true, false, false]);
    expect(watch.deliveries[0]).toMatchObject({
      webhook_id: delivery!.headers['webhook-id'],
      status: 'delivered',
    });
    expect(watch).not.toHaveProperty('secret');
    // The store keeps no secret: each delivery derives it from the watch's id.
    expect(JSON.stringify(await store.get(made.body.id))).not.toContain(made.body.secret.slice(6));
  });

  it('is refused by the receiver when the body is tampered with or the timestamp is old', async () => {
    // Prepare: a delivery as the engine signs it
    const key = api.addKey('pro');
    const price = await lowestPrice(key);
    const made = await watchRooms(key, { type: 'price_at_or_under', value: Math.ceil(price) });
    await tickAfter(0);
    const [sent] = receiver.received;
    const wh = new Webhook(made.body.secret);
    const headers = {
      'webhook-id': String(sent!.headers['webhook-id']),
      'webhook-timestamp': String(sent!.headers['webhook-timestamp']),
      'webhook-signature': String(sent!.headers['webhook-signature']),
    };
    const old = new Date(Date.now() - 10 * 60_000);

    // Act / Assess
    expect(sent!.verified).toBe(true);
    expect(() => wh.verify(sent!.body, headers)).not.toThrow();
    expect(() => wh.verify(sent!.body.replace('"watch.triggered"', '"watch.tampered"'), headers)).toThrow();
    expect(() =>
      wh.verify(sent!.body, {
        ...headers,
        'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
        'webhook-signature': wh.sign(headers['webhook-id'], old, sent!.body),
      }),
    ).toThrow(/timestamp/i);
  });
});

describe('price watches on the other rooms routes', () => {
  it.each([
    ['/v1/chain_a/rooms', routes.chainARooms],
    ['/v1/chain_c/loyalty/rooms', routes.chainCRooms],
    ['/v1/site_a/hotel/rooms', routes.siteAHotelRooms],
  ] as const)('%s: fires once when the price drops under the bound, not before', async (path, route) => {
    // Prepare: the route's own example stay, and its lowest price as the watch reads it
    const key = api.addKey('pro');
    const params = Object.fromEntries(new URL(route.example, 'http://x').searchParams);
    const first = await api.get(route.example, { 'x-api-key': key });
    expect(first.status).toBe(200);
    const price = readValues(first.body, route.watch!).price!;
    const made = await create(key, {
      route: path,
      params,
      condition: { type: 'price_at_or_under', value: Math.floor(price * 0.8) },
      callback_url: receiver.url,
      interval: 3_600,
    });
    expect(made.status).toBe(201);
    receiver.secret = made.body.secret;
    // Act: a check at the old price, then the sandbox's prices halve, then two more checks
    await tickAfter(0);
    const quiet = receiver.received.length;
    movePrices(0.5);
    await tickAfter(HOUR);
    await tickAfter(HOUR);
    // Assess
    expect(quiet).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(JSON.parse(receiver.received[0]!.body).data.current).toBeLessThanOrEqual(Math.floor(price * 0.8));
  });
});

describe('deliveries, at least once', () => {
  it('sends the same webhook-id 4 times to a receiver that fails 3 times, and records each attempt', async () => {
    // Prepare: a condition that holds at the first check
    const key = api.addKey('pro');
    const price = await lowestPrice(key);
    receiver.failNext = 3;
    const made = await watchRooms(key, { type: 'price_at_or_under', value: Math.ceil(price) });

    // Act: the first attempt, then ticks past each backoff
    await tickAfter(0);
    for (let i = 0; i < 4; i++) await tickAfter(HOUR);

    // Assess
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const watch = await watchOf(key, made.body.id);
    expect(watch.deliveries).toHaveLength(1);
    expect(watch.deliveries[0].status).toBe('delivered');
    expect(watch.deliveries[0].attempts.map((a: { status: number }) => a.status)).toEqual([
      500, 500, 500, 204,
    ]);
    expect(watch.status).toBe('active');
  });

  it('pauses the watch with the reason when the receiver always fails', async () => {
    // Prepare
    const key = api.addKey('pro');
    const price = await lowestPrice(key);
    receiver.alwaysFail = true;
    const made = await watchRooms(key, { type: 'price_at_or_under', value: Math.ceil(price) });

    // Act: about a day and a half of ticks
    await tickAfter(0);
    for (let i = 0; i < 14; i++) await tickAfter(3 * HOUR);

    // Assess
    const watch = await watchOf(key, made.body.id);
    expect(receiver.received).toHaveLength(8);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(watch.deliveries[0].status).toBe('failed');
    expect(watch.deliveries[0].attempts).toHaveLength(8);
    expect(watch.status).toBe('paused');
    expect(watch.reason).toMatch(/failed after 8 attempts/);
  });
});

describe('checks are calls', () => {
  it('bills each answered check once to the owner key, and a failing source not at all (retried next tick)', async () => {
    // Prepare
    const key = api.addKey('pro');
    const made = await watchRooms(key, { type: 'any_change' });
    const counters = (await stores()).counters;
    const count = async () =>
      (await counters.usage([hashKey(key)], [new Date().toISOString().slice(0, 10)])).get(hashKey(key))![0]!
        .count;

    // Act: one answered check, then one while the source fails, then the retry one tick later
    await tickAfter(0);
    const afterFirst = await count();
    clock.advance(HOUR);
    api.resetUpstream();
    api.sandbox.inject('chain_b', { kind: 'status', status: 500 }, 1000);
    await engine.tick();
    await engine.idle();
    const afterFailure = await count();
    api.resetUpstream();
    const retry = await engine.tick().then(async (t) => (await engine.idle(), t));
    clock.advance(60_000);
    const next = await tickAfter(0);

    // Assess
    expect([afterFirst, afterFailure]).toEqual([1, 1]);
    expect(retry.claimed).toBe(0);
    expect(next.claimed).toBe(1);
    expect(await count()).toBe(2);
    const watch = await watchOf(key, made.body.id);
    expect(watch.checks.map((c: { outcome: string }) => c.outcome)).toEqual([
      'answered',
      'source_failed',
      'answered',
    ]);
  });

  it('checks and bills once when the queue delivers the same check message twice (SQS is at least once)', async () => {
    // Prepare
    const key = api.addKey('pro');
    const made = await watchRooms(key, { type: 'any_change' });
    await tickAfter(0);

    // Act: the same message again
    await runCheck(engine.deps, { watchId: made.body.id, tick: clock.now() });

    // Assess
    const watch = await watchOf(key, made.body.id);
    const usage = await (
      await stores()
    ).counters.usage([hashKey(key)], [new Date().toISOString().slice(0, 10)]);
    expect(watch.checks).toHaveLength(1);
    expect(usage.get(hashKey(key))![0]!.count).toBe(1);
  });

  it('ends the watch with its reason when the route refuses its input (the key revoked)', async () => {
    // Prepare: a watch of a key that is then gone
    const key = api.addKey('pro');
    const made = await watchRooms(key, { type: 'any_change' });
    const store = engine.deps.store;
    const w = (await store.get(made.body.id))!;
    await store.put({ ...w, keyId: 'no-such-key' });

    // Act
    await tickAfter(0);

    // Assess
    const after = (await store.get(made.body.id))!;
    expect(after.status).toBe('ended');
    expect(after.reason).toMatch(/401/);
  });
});

describe('the resource', () => {
  it('refuses a callback to a private or loopback address when deployed (400, with the reason), accepts loopback locally', async () => {
    const key = api.addKey('pro');
    const body = (url: string) => ({
      route: '/v1/chain_b/hotel/rooms',
      params: STAY,
      condition: { type: 'becomes_available' },
      callback_url: url,
    });
    useCallbackMode('deployed');
    const refused = await Promise.all(
      [
        'http://127.0.0.1:9/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://169.254.169.254/latest',
        'https://[::1]/x',
        'https://localhost/x',
      ].map((u) => create(key, body(u))),
    );
    useCallbackMode('local');
    const accepted = await create(key, body(receiver.url));

    expect(refused.map((r) => [r.status, r.body.error_code])).toEqual(
      Array(6).fill([400, 'INVALID_CALLBACK_URL']),
    );
    expect(refused[3]!.body.detail).toMatch(/169\.254\.169\.254/);
    expect(accepted.status).toBe(201);
  });

  it('refuses a route without a watchable field, a bad condition, bad params, a short interval for the tier, and the tier limit', async () => {
    const free = api.addKey('free');
    const base = {
      route: '/v1/chain_b/hotel/rooms',
      params: STAY,
      condition: { type: 'becomes_available' },
      callback_url: receiver.url,
    };
    const results = [
      await create(free, { ...base, route: '/v1/chain_b/hotel/details', params: { hotel_id: '9WT3' } }),
      await create(free, { ...base, route: '/v1/no/such' }),
      await create(free, { ...base, condition: { type: 'price_at_or_under' } }),
      await create(free, { ...base, params: { ...STAY, check_in: '2020-01-01' } }),
      await create(free, { ...base, interval: 300 }),
      await create(free, { ...base, params: { hotel_id: '9WT3' } }),
      await create(free, { ...base, expires_at: new Date(Date.now() - 60_000).toISOString() }),
    ];
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await create(free, base));
    const noKey = await fetch(`${api.url}/v1/watches`, { method: 'POST', body: '{}' });

    expect(results.map((r) => [r.status, r.body.error_code])).toEqual([
      [400, 'ROUTE_NOT_WATCHABLE'],
      [400, 'ROUTE_NOT_WATCHABLE'],
      [400, 'INVALID_PARAMETERS'],
      [400, 'INVALID_PARAMETERS'],
      [400, 'INTERVAL_TOO_SHORT'],
      [400, 'INVALID_PARAMETERS'],
      [400, 'INVALID_PARAMETERS'],
    ]);
    expect(results[3]!.body.detail).toMatch(/PAST_DATES/);
    // Each validation refusal names the body's member in errors, as every other validation refusal does.
    expect(
      results.slice(2).map((r) => r.body.errors?.map((e: { parameter: string }) => e.parameter)),
    ).toEqual([
      ['condition.value'],
      ['params.check_in', 'params.check_out'],
      undefined,
      ['params.check_in'],
      ['expires_at'],
    ]);
    expect(results[3]!.body.errors[0]).toEqual({
      parameter: 'params.check_in',
      in: 'body',
      message: expect.stringMatching(/PAST_DATES/),
    });
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 409]);
    expect(made[3]!.body.error_code).toBe('WATCH_LIMIT_REACHED');
    expect(noKey.status).toBe(401);
  });

  it('lists, reads and deletes a key’s own watches only', async () => {
    const a = api.addKey('pro');
    const b = api.addKey('pro');
    const made = await create(a, {
      route: '/v1/chain_b/hotel/rooms',
      params: STAY,
      condition: { type: 'becomes_available' },
      callback_url: receiver.url,
    });
    const listA = await api.get('/v1/watches', { 'x-api-key': a });
    const listB = await api.get('/v1/watches', { 'x-api-key': b });
    const readByB = await api.get(`/v1/watches/${made.body.id}`, { 'x-api-key': b });
    const delByB = await fetch(`${api.url}/v1/watches/${made.body.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': b },
    });
    const readByA = await api.get(`/v1/watches/${made.body.id}`, { 'x-api-key': a });
    const del = await fetch(`${api.url}/v1/watches/${made.body.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': a },
    });
    const after = await api.get(`/v1/watches/${made.body.id}`, { 'x-api-key': a });

    // Every 2xx body carries success: true, as the contract's convention has it.
    expect([made.body, listA.body, readByA.body, await del.json()].map((b) => b.success)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(listA.body.watches.map((w: { id: string }) => w.id)).toEqual([made.body.id]);
    expect(listA.body.watches[0]).not.toHaveProperty('secret');
    expect(listB.body.watches).toEqual([]);
    expect([readByB.status, delByB.status, del.status, after.status]).toEqual([404, 404, 200, 404]);
  });

  it('opens the /errors page of each new error type, the `type` of its Problem body', async () => {
    const free = api.addKey('free');
    const refused = await create(free, {
      route: '/v1/chain_b/hotel/details',
      params: { hotel_id: '9WT3' },
      condition: { type: 'any_change' },
      callback_url: receiver.url,
    });
    const missing = await api.get('/v1/watches/wch_00000000000000000000', { 'x-api-key': free });
    const pages = await Promise.all(
      [
        refused.body.type,
        missing.body.type,
        ...[
          'invalid-callback-url',
          'interval-too-short',
          'watch-limit-reached',
          'condition-not-supported',
        ].map((t) => `${api.url}/errors/${t}`),
      ].map(async (url: string) => [url.replace(/^.*\/errors\//, ''), (await fetch(url)).status]),
    );
    expect(pages).toEqual([
      ['route-not-watchable', 200],
      ['watch-not-found', 200],
      ['invalid-callback-url', 200],
      ['interval-too-short', 200],
      ['watch-limit-reached', 200],
      ['condition-not-supported', 200],
    ]);
  });

  it('has a handler loader and the handler’s own query and path schemas for every route that declares watchable fields', async () => {
    const declared = routeEntries.filter(([, r]) => r.watch).map(([id]) => id);
    expect(declared.sort()).toEqual(Object.keys(WATCHED_HANDLERS).sort());
    expect(declared.sort()).toEqual(Object.keys(WATCHED_PARAMS).sort());
    for (const id of declared) {
      const { query, path } = await watchedRoute(id);
      expect(query).toBe(WATCHED_PARAMS[id]!.query);
      expect(path).toBe(WATCHED_PARAMS[id]!.path);
    }
  });
});
