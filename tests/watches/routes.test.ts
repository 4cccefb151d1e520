// Every route the manifest declares watchable, watched end to end through the local server and the
// sandbox (issue #38): a watch made from the route's own example is accepted and its first check reads the
// declared values; a route with path parameters is named by its documented path or a concrete one, and its
// check is the route's own request with them in its path; and a table that frees up is told once (a price
// that drops, on every rooms route: watches.test.ts).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { fillTables } from '../../infra/sandbox/sites/dining.ts';
import { routeEntries, routes, type Route } from '../../shared/routes/index.ts';
import { readValues } from '../../shared/watches/condition.ts';
import { routeEventFor } from '../../shared/watches/invoke.ts';
import type { LocalEngine } from '../../shared/watches/local.ts';
import { useTestServer } from '../helpers/server.ts';
import { freshWatchEngine, startReceiver, testClock, type Receiver } from './helpers.ts';

let receiver: Receiver;
let engine: LocalEngine;
let clock: ReturnType<typeof testClock>;

const HOUR = 3_600_000;
/** Every route whose manifest entry declares what a watch may follow. */
const watchable = routeEntries.filter(([, r]) => r.watch);

const api = useTestServer({ budgetMs: 10_000 });
beforeEach(async () => {
  ({ clock, engine } = freshWatchEngine(watchedRoute));
  receiver = await startReceiver();
});
afterEach(async () => {
  fillTables(false);
  await receiver.close();
});

// Bodies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function create(key: string, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${api.url}/v1/watches`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ callback_url: receiver.url, interval: 3_600, ...body }),
  });
  return { status: res.status, body: await res.json() };
}

/** One tick on the test's clock, after the route's cached answer is dropped, and all it queued worked through. */
async function tickAfter(ms: number) {
  clock.advance(ms);
  api.resetUpstream();
  await engine.tick();
  await engine.idle();
}

/** A route's example as a watch names it: its path as written there, and its query as params. */
function exampleOf(route: Route): { path: string; params: Record<string, string | string[]> } {
  const url = new URL(route.example, 'http://x');
  const params: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    params[name] = values.length > 1 ? values : values[0]!;
  }
  return { path: decodeURIComponent(url.pathname), params };
}

/** The path parameters the example's path fills in the route's path. */
function examplePathParams(route: Route): Record<string, string> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = exampleOf(route).path.match(new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`));
  return Object.fromEntries(names.map((n, i) => [n, values![i + 1]!]));
}

async function firstCheck(key: string, id: string) {
  await tickAfter(0);
  const res = await api.get(`/v1/watches/${id}`, { 'x-api-key': key });
  expect(res.status).toBe(200);
  return res.body;
}

describe('every watchable route, watched from its manifest example', () => {
  it('declares at least the rooms and the stays and dates of the issue', () => {
    expect(watchable.map(([id]) => id)).toEqual(
      expect.arrayContaining(['chainBHotelRooms', 'rentalPricing', 'diningSlots', 'siteAHotelRooms']),
    );
  });

  it.each(watchable.map(([id, r]) => [id, r] as const))(
    '%s: a watch of its example is accepted and its first check reads what the route declares',
    async (_id, route) => {
      // Prepare: the example's path (concrete for a route with path parameters) and query
      const key = api.addKey('pro');
      const { path, params } = exampleOf(route);

      // Act
      const made = await create(key, { route: path, params, condition: { type: 'any_change' } });
      expect([made.status, made.body.detail]).toEqual([201, undefined]);
      const watch = await firstCheck(key, made.body.id);

      // Assess: the check is the route's own 200, each declared value read
      expect(watch.route).toBe(route.path);
      expect(watch.params).toMatchObject({ ...params, ...examplePathParams(route) });
      expect(watch.checks).toHaveLength(1);
      expect(watch.checks[0]).toMatchObject({ outcome: 'answered', status: 200 });
      const values = watch.checks[0].values;
      if (route.watch!.price) expect(values.price).toEqual(expect.any(Number));
      if (route.watch!.availability) expect(values.available).toEqual(expect.any(Boolean));
      if (route.watch!.rating) expect(values.rating).toEqual(expect.any(Number));
      const direct = await api.get(route.example, { 'x-api-key': key });
      expect(readValues(direct.body, route.watch!)).toEqual(values);
    },
  );
});

describe('a route with path parameters', () => {
  const pricing = routes.rentalPricing;
  const STAY = { check_in: '2030-06-01', check_out: '2030-06-04', adults: 2, currency: 'EUR' };

  it('is watched by its concrete path and by its documented path with the parameter in params, alike', async () => {
    // Prepare
    const key = api.addKey('pro');

    // Act
    const concrete = await create(key, {
      route: '/v1/rental/listing/40000001/pricing',
      params: STAY,
      condition: { type: 'any_change' },
    });
    const documented = await create(key, {
      route: pricing.path,
      params: { listing_id: '40000001', ...STAY },
      condition: { type: 'any_change' },
    });
    const same = await create(key, {
      route: '/v1/rental/listing/40000001/pricing',
      params: { listing_id: 40000001, ...STAY },
      condition: { type: 'any_change' },
    });
    await tickAfter(0);
    const [a, b] = await Promise.all(
      [concrete, documented].map(
        async (m) => (await api.get(`/v1/watches/${m.body.id}`, { 'x-api-key': key })).body,
      ),
    );

    // Assess: both kept alike, readable, and checked as the route's own 200
    expect([concrete.status, documented.status, same.status]).toEqual([201, 201, 201]);
    for (const w of [a, b]) {
      expect(w.route).toBe('/v1/rental/listing/{listing_id}/pricing');
      expect(w.params).toEqual({
        listing_id: '40000001',
        check_in: '2030-06-01',
        check_out: '2030-06-04',
        adults: '2',
        currency: 'EUR',
      });
      expect(w.checks[0]).toMatchObject({ outcome: 'answered', status: 200 });
    }
    expect(a.checks[0].values.price).toBeGreaterThan(0);
    expect(a.checks[0].values).toEqual(b.checks[0].values);
  });

  it('is checked as its own request: the path filled, the path parameters apart from the query', () => {
    // Act
    const event = routeEventFor(
      pricing,
      { listing_id: '40000001', check_in: '2030-06-01', adults: ['1', '2'] },
      'k',
    );
    const dining = routeEventFor(routes.diningSlots, { restaurant_id: '10 01', date: '2030-06-10' }, 'k');
    const plain = routeEventFor(routes.chainBHotelRooms, { hotel_id: '9WT3' }, 'k');

    // Assess
    expect(event).toMatchObject({
      resource: '/v1/rental/listing/{listing_id}/pricing',
      path: '/v1/rental/listing/40000001/pricing',
      pathParameters: { listing_id: '40000001' },
      queryStringParameters: { check_in: '2030-06-01', adults: '2' },
      multiValueQueryStringParameters: { check_in: ['2030-06-01'], adults: ['1', '2'] },
      requestContext: { path: '/v1/rental/listing/40000001/pricing', resourcePath: pricing.path },
    });
    expect(event.queryStringParameters).not.toHaveProperty('listing_id');
    expect(dining.path).toBe('/v1/dining/restaurants/10%2001/availability/slots');
    expect([plain.path, plain.pathParameters]).toEqual(['/v1/chain_b/hotel/rooms', null]);
  });

  it.each([
    [
      'a concrete path whose id is no listing id',
      '/v1/rental/listing/abc/pricing',
      STAY,
      /params\.listing_id must be a positive integer/,
    ],
    [
      'the documented path with a bad id',
      pricing.path,
      { listing_id: '-4', ...STAY },
      /params\.listing_id must be a positive integer/,
    ],
    ['the documented path with no id', pricing.path, STAY, /params\.listing_id is required/],
    [
      'a concrete path and another id in params',
      '/v1/rental/listing/40000001/pricing',
      { listing_id: '7', ...STAY },
      /params\.listing_id is 7 but the path/,
    ],
    [
      'a restaurant id of 0',
      '/v1/dining/restaurants/0/availability/slots',
      { date: '2030-06-10', preferred_time: '19:30', party_size: 2 },
      /params\.restaurant_id/,
    ],
    [
      'a segment that does not decode, passed as sent',
      '/v1/rental/listing/4%ZZ/pricing',
      STAY,
      /params\.listing_id must be a positive integer/,
    ],
    [
      'a bad id and a bad date at once',
      '/v1/rental/listing/abc/pricing',
      { ...STAY, check_in: '2030-13-01' },
      /listing_id.*; params\.check_in.*INVALID_DATE_FORMAT/,
    ],
  ])('refuses %s: 400 INVALID_PARAMETERS in the route’s own words', async (_what, path, params, detail) => {
    // Act
    const made = await create(api.addKey('pro'), { route: path, params, condition: { type: 'any_change' } });

    // Assess
    expect([made.status, made.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
    expect(made.body.detail).toMatch(detail);
  });

  it.each([
    ['a path that is none of the routes’', '/v1/rental/listing/40000001/nothing'],
    ['a path with an empty parameter', '/v1/rental/listing//pricing'],
    ['a path of a route with more segments', '/v1/rental/listing/40000001'],
  ])('refuses %s: 400 ROUTE_NOT_WATCHABLE', async (_what, path) => {
    const made = await create(api.addKey('pro'), {
      route: path,
      params: STAY,
      condition: { type: 'any_change' },
    });
    expect([made.status, made.body.error_code]).toEqual([400, 'ROUTE_NOT_WATCHABLE']);
  });
});

describe('a dining watch', () => {
  it.each([
    ['slots', routes.diningSlots],
    ['availability', routes.diningAvailability],
  ] as const)('of %s fires once when a table frees up, and not while all are taken', async (_what, route) => {
    // Prepare: every table taken, then a watch of the example's date, time and party
    const key = api.addKey('pro');
    const { path, params } = exampleOf(route);
    fillTables(true);
    const made = await create(key, { route: path, params, condition: { type: 'becomes_available' } });
    expect(made.status).toBe(201);
    receiver.secret = made.body.secret;

    // Act: two checks while full, then the tables free up, then two more checks
    await tickAfter(0);
    await tickAfter(HOUR);
    const quiet = receiver.received.length;
    fillTables(false);
    await tickAfter(HOUR);
    await tickAfter(HOUR);

    // Assess
    expect(quiet).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    const payload = JSON.parse(receiver.received[0]!.body);
    expect(payload.data).toMatchObject({
      route: route.path,
      params: { restaurant_id: '10001', ...params },
      previous: false,
      current: true,
    });
    expect(payload.data.answer).toMatchObject({ success: true });
    const watch = (await api.get(`/v1/watches/${made.body.id}`, { 'x-api-key': key })).body;
    expect(watch.checks.map((c: { fired: boolean }) => c.fired)).toEqual([false, true, false, false]);
  });
});
