// The OpenAPI document describes what the API really answers: every route's example response, and a
// sample of its errors (no key, no parameters, not found, failing sources, quota), validated against the
// document with a JSON Schema 2020-12 validator, as a contract-testing tool would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { buildOpenApi } from '../../infra/openapi.ts';
import type { Fault } from '../../infra/sandbox/server.ts';
import { operationList, routes, type Route } from '../../shared/routes/index.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';
import { documentValidator } from './document.ts';

let api: TestServer;
let v: ReturnType<typeof documentValidator>;
const key = { 'x-api-key': KEYS.enterprise };

beforeAll(async () => {
  // No case here waits on a slow source: the budget only has to hold a cold connector's first call.
  api = await startTestServer({ budgetMs: 10_000 });
  v = documentValidator(await buildOpenApi());
});
afterAll(async () => api.close());
beforeEach(() => api.resetUpstream());

const keyed = operationList.filter((r) => r.auth);
const upstream = operationList.filter((r) => r.upstream?.length);
/** The example request's path, without its query: every required query parameter left out. */
/** The example without its query, and with `-` for each path parameter (some routes take only optional query parameters). */
const bare = (route: Route) => {
  const template = route.path.split('/');
  return route.example
    .split('?')[0]!
    .split('/')
    .map((segment, i) => (/^\{.+\}$/.test(template[i] ?? '') ? '-' : segment))
    .join('/');
};

describe('the OpenAPI document describes every answer', () => {
  it.each(operationList.map((r) => [r.path, r] as const))(
    '%s: the example request answers 200 with the documented body and headers',
    async (_path, route) => {
      // Act
      const res = await api.get(route.example, key);
      // Assess
      expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({
        status: 200,
        body: 'ok',
      });
      v.expectConforms(route, res);
      expect(res.headers.get('x-correlation-id')).toBeTruthy();
      if (route.upstream?.length) expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/);
      if (route.auth) expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    },
  );

  it.each(keyed.map((r) => [r.path, r] as const))(
    '%s: a request without a key answers the documented 401',
    async (_p, route) => {
      const res = await api.get(route.example, {});
      expect(res.status).toBe(401);
      v.expectConforms(route, res);
    },
  );

  it.each(operationList.filter((r) => r.example.includes('?')).map((r) => [r.path, r] as const))(
    '%s: a request without its parameters answers a documented error',
    async (_p, route) => {
      const res = await api.get(bare(route), key);
      expect(res.status).toBeGreaterThanOrEqual(400);
      v.expectConforms(route, res);
    },
  );

  const SAMPLES = [
    [
      routes.chainARooms,
      '/v1/chain_a/rooms?hotel_code=NOPE123&check_in=2030-06-01&check_out=2030-06-03',
      404,
    ],
    [
      routes.diningSlots,
      '/v1/dining/restaurants/42/availability/slots?date=2030-06-10&preferred_time=19:30&party_size=2',
      404,
    ],
    [
      routes.mapsHotelsSearch,
      '/v1/maps_hotels/search?location=Atlantis&check_in=2030-06-10&check_out=2030-06-12',
      404,
    ],
    [routes.mapsReviews, '/v1/maps_reviews/reviews?data_id=0x1:0x2', 404],
    [routes.metaMatch, '/v1/meta/match?name=Qwzx%20Nowhere%20Lodge&platform=site_a', 404],
    [routes.metaMatch, '/v1/meta/match?name=Aurelia&platform=site_z', 400],
    [routes.metaSearch, '/v1/meta/search?hotel_name=Qzxw%20Nowhere', 404],
    [routes.siteAUrlToId, '/v1/site_a/hotel/url-to-id?url=fr/no-such-hotel-anywhere', 404],
    [routes.siteAPhotos, '/v2/site_a/hotel/photos?hotel_id=42', 404],
    [routes.siteAPhotos, '/v2/site_a/hotel/photos?hotel_id=abc', 400],
    [
      routes.siteBUrlToId,
      '/v1/site_b/hotel/url-to-id?url=https%3A%2F%2Fwww.site-b.test%2Fnowhere-inn%2Fhotel%2Flondon-gb.html',
      404,
    ],
    [
      routes.siteCReviews,
      '/v1/site_c/hotel/reviews-from-url?url=https%3A%2F%2Fwww.site-c.test%2FHotel_Review-g1-d5-Reviews-Nowhere.html',
      404,
    ],
    [routes.siteGDestinations, '/v1/site_g/destinations/lookup?query=Qqqzzx', 404],
    [routes.siteGDestinations, '/v1/site_g/destinations/lookup?query=Suzhou', 409],
    [routes.siteGDestinations, '/v1/site_g/destinations/lookup?query=Hainan', 422],
    [routes.rentalDetails, '/v1/rental/listing/12/details?check_in=2030-06-01&check_out=2030-06-04', 404],
    [routes.chainBSearch, '/v1/chain_b/search?destination_slug=paris-fr&limit=51', 422],
    [
      routes.chainCSearch,
      '/v1/chain_c/loyalty/search?latitude=48.85&longitude=2.35&check_in=2030-06-12&check_out=2030-06-10',
      400,
    ],
  ] as const;
  it.each(SAMPLES.map(([route, request, status]) => [request, status, route] as const))(
    '%s answers %i in its documented shape',
    async (request, status, route) => {
      const res = await api.get(request, key);
      expect(res.status).toBe(status);
      v.expectConforms(route, res);
    },
  );

  const FAULTS: [string, Fault][] = [
    ['fails (HTTP 500)', { kind: 'status', status: 500 }],
    ['rate-limits', { kind: 'rate-limit', retryAfter: 120 }],
    ['is in maintenance', { kind: 'maintenance', retryAfter: 300 }],
    ['sends a malformed body', { kind: 'malformed' }],
  ];
  it.each(upstream.flatMap((r) => FAULTS.map(([what, fault]) => [r.path, what, r, fault] as const)))(
    '%s: when the source %s, the error answer is documented',
    async (_p, _what, route, fault) => {
      for (const provider of route.upstream!) api.sandbox.inject(provider, fault);
      const res = await api.get(route.example, key);
      expect(res.status).toBeGreaterThanOrEqual(400);
      v.expectConforms(route, res);
      if (res.status === 429 || res.status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    },
  );

  it("documents both 429 bodies of maps_reviews reviews: the key's quota and the source's limit", async () => {
    // Prepare: a free key has 10 calls a day; use them up on the cheapest keyed route
    const free = { 'x-api-key': api.addKey('free') };
    for (let i = 0; i < 10; i++) await api.get(routes.coordinatesLookup.example, free);
    const route = routes.mapsReviews;
    // Act
    const quota = await api.get(route.example, free);
    api.sandbox.inject('maps_reviews', { kind: 'rate-limit', retryAfter: 60 });
    const source = await api.get(route.example, key);
    // Assess
    expect([quota.status, quota.headers.get('content-type'), quota.body.error.code]).toEqual([
      429,
      'application/json',
      'rate_limit_exceeded',
    ]);
    expect([source.status, source.headers.get('content-type'), source.body.error_code]).toEqual([
      429,
      'application/problem+json',
      'RATE_LIMITED',
    ]);
    v.expectConforms(route, quota);
    v.expectConforms(route, source);
  });
});
