// chain_b and chain_c searches against the sandbox.
import { afterEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { ChainBSearchResponse } from '../../functions/chain-b/search.ts';
import { ChainCQuery, ChainCSearchResponse } from '../../functions/chain-c/search.ts';
import { buildOpenApi } from '../../infra/openapi.ts';
import { FX } from '../../infra/sandbox/prices.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBHotel } from '../../shared/schemas/chain-b.ts';
import { ChainCHotel } from '../../shared/schemas/chain-c.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const post = (provider: string, path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${api.sandbox.url}/${provider}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);
/** Coordinates in the open Pacific, far from every hotel. */
const OCEAN = { latitude: '0', longitude: '-140' };

describe('GET /v1/chain_b/search', () => {
  const Body = z.strictObject({
    success: z.literal(true),
    hotels: z.array(ChainBHotel.strict()),
    total: z.number().int(),
    place: z.strictObject({
      slug: z.string().nullable(),
      location: z.strictObject({ latitude: z.number(), longitude: z.number() }),
    }),
    price_range: z.strictObject({ min: z.number().nullable(), max: z.number().nullable() }),
  });
  const search = (qs: Record<string, string>) => get('/v1/chain_b/search', qs);
  const stay = { destination_slug: 'paris-fr', check_in: day(30), check_out: day(32), adults: '2' };

  it('searches by destination slug, nearest first, with the place and price range', async () => {
    const res = await search(stay);
    ChainBSearchResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(body.place.slug).toBe('paris-fr');
    expect(body.total).toBe(body.hotels.length);
    const distances = body.hotels.map((h) => h.distance_meters);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const h of body.hotels) {
      expect(h.distance_feet).toBe(Math.round(h.distance_meters * 3.28084));
      expect(h.availability_status).toBe(h.best_offer ? 'AVAILABLE' : 'UNAVAILABLE');
    }
    const nightly = body.hotels.flatMap((h) => (h.best_offer?.per_night ? [h.best_offer.per_night] : []));
    expect(body.price_range).toEqual({ min: Math.min(...nightly), max: Math.max(...nightly) });
  });

  it('searches by coordinates within the radius, defaulting to tonight', async () => {
    const body = Body.parse(
      (await search({ latitude: '48.8566', longitude: '2.3522', radius_km: '5' })).body,
    );
    expect(body.place).toEqual({ slug: null, location: { latitude: 48.8566, longitude: 2.3522 } });
    expect(body.hotels.every((h) => h.distance_meters <= 5_000)).toBe(true);
    expect(body.hotels.find((h) => h.best_offer)?.best_offer?.nights).toBe(1);
  });

  it('honours limit and offset', async () => {
    const all = Body.parse((await search({ destination_slug: 'paris-fr', limit: '50' })).body).hotels.map(
      (h) => h.id,
    );
    const page = Body.parse(
      (await search({ destination_slug: 'paris-fr', limit: '2', offset: '1' })).body,
    ).hotels.map((h) => h.id);
    expect(page).toEqual(all.slice(1, 3));
  });

  it('prices in the currency asked for: EUR amounts, labelled and formatted in EUR', async () => {
    // Act
    const usd = Body.parse((await search({ ...stay, currency: 'USD' })).body);
    const eur = Body.parse((await search({ ...stay, currency: 'eur' })).body);
    // Assess
    const offers = eur.hotels.flatMap((h) => (h.best_offer ? [[h.id, h.best_offer] as const] : []));
    expect(offers.length).toBeGreaterThan(0);
    for (const [id, offer] of offers) {
      expect(offer.currency).toBe('EUR');
      expect(offer.formatted).toMatch(/^€[\d,]+\.\d{2}$/);
      const inUsd = usd.hotels.find((h) => h.id === id)!.best_offer!;
      expect(offer.amount / inUsd.amount).toBeCloseTo(FX.EUR!, 2);
    }
  });

  it('keeps the arithmetic of each best offer: per_night × nights is the total, the amount as aggregated', async () => {
    // Act: a one-night and a three-night stay
    for (const nights of [1, 3]) {
      const body = Body.parse(
        (await search({ ...stay, check_out: day(30 + nights), radius_km: '200', limit: '50' })).body,
      );
      // Assess
      const offers = body.hotels.flatMap((h) => (h.best_offer ? [h.best_offer] : []));
      expect(offers.length).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer.nights).toBe(nights);
        // No aggregation said: what the amount covers is unknown, so neither figure is made up.
        if (offer.aggregation_type === null) {
          expect([offer.per_night, offer.total]).toEqual([null, null]);
          continue;
        }
        expect(Math.abs(offer.per_night! * nights - offer.total!)).toBeLessThanOrEqual(0.005 * nights);
        expect(offer.amount).toBe(/NIGHT/.test(offer.aggregation_type) ? offer.per_night : offer.total);
      }
    }
  });

  it.each([
    ['not an ISO 4217 code', 'XYZ'],
    ['an ISO 4217 code chain_b does not price in', 'XAF'],
  ])('answers 400 INVALID_CURRENCY for %s, never amounts in another currency', async (_case, currency) => {
    const res = await search({ ...stay, currency });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_CURRENCY');
  });

  it.each([[{}], [{ latitude: '48.85' }], [{ longitude: '2.35' }]])(
    'answers 400 MISSING_LOCATION for %j',
    async (qs) => {
      const res = await search(qs as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('MISSING_LOCATION');
    },
  );

  it('answers 422 INVALID_PARAMETERS when both location modes are given', async () => {
    const res = await search({ latitude: '48.85', longitude: '2.35', destination_slug: 'paris-fr' });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
    expectDocumented(routes.chainBSearch, res.status, res.headers.get('content-type'), res.body);
  });

  it.each([
    [{ latitude: '91', longitude: '0' }],
    [{ latitude: '0', longitude: '-181' }],
    [{ destination_slug: 'paris-fr', limit: '51' }],
    [{ destination_slug: 'paris-fr', radius_km: '201' }],
    [{ destination_slug: 'paris-fr', adults: '9' }],
  ])('answers 422 INVALID_PARAMETERS for out-of-range %j', async (qs) => {
    const res = await search(qs);
    expect([res.status, res.body.error_code]).toEqual([422, 'INVALID_PARAMETERS']);
  });

  it.each([
    [{ check_in: '2030-13-01' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: day(-1) }, 'PAST_DATES'],
    [{ check_in: day(5), check_out: day(5) }, 'INVALID_DATES'],
  ])('answers 400 for dates %j', async (qs, code) => {
    const res = await search({ destination_slug: 'paris-fr', ...qs });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(code);
  });

  it('answers 404 DESTINATION_NOT_FOUND for a slug chain_b does not know', async () => {
    const res = await search({ destination_slug: 'atlantis-xx' });
    expect([res.status, res.body.error_code]).toEqual([404, 'DESTINATION_NOT_FOUND']);
  });

  it.each([
    ['an empty search area', { ...OCEAN, radius_km: '1' }],
    ['an offset past the last hotel', { destination_slug: 'paris-fr', offset: '5000' }],
  ])('answers 404 NO_RESULTS for %s, not an empty 200', async (_case, qs) => {
    const res = await search(qs);
    expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expectDocumented(routes.chainBSearch, res.status, res.headers.get('content-type'), res.body);
  });

  it('asks the search index once, then the back end once per hotel of the page', async () => {
    // Act
    const body = Body.parse((await search({ ...stay, limit: '5', offset: '2' })).body);
    // Assess
    const calls = api.sandbox.requests('chain_b').map((r) => `${r.method} ${r.path}`);
    expect(calls.filter((c) => c.startsWith('POST /1/indexes/'))).toEqual([
      'POST /1/indexes/prod_hotels_en/query',
    ]);
    expect(calls.filter((c) => c === 'POST /bff/v1/graphql')).toHaveLength(body.hotels.length);
  });

  it('answers 502 UPSTREAM_ERROR naming the search index when the configured one does not exist', async () => {
    // Prepare
    withOperations(api, 'chain_b', { search_index: 'prod_hotels_xx' });
    // Act
    const res = await search(stay);
    // Assess
    expect([res.status, res.body.error_code, res.body.upstream_status]).toEqual([502, 'UPSTREAM_ERROR', 404]);
    expect(res.body.detail).toMatch(/prod_hotels_xx.*Index does not exist.*operations\.search_index/);
  });

  it('is refused by the sandbox index without its key headers, and by the back end without its key', async () => {
    // Act
    const index = await post('chain_b', '/1/indexes/prod_hotels_en/query', {}, { query: '' });
    const bff = await post(
      'chain_b',
      '/bff/v1/graphql',
      { apikey: 'l7xxwrong' },
      { operationName: 'HotelPageHot' },
    );
    // Assess
    expect([index.status, await index.json()]).toEqual([
      403,
      { message: 'Invalid Application-ID or API key', status: 403 },
    ]);
    expect(bff.status).toBe(401);
  });

  it('answers 502 UPSTREAM_ERROR, not 500, when the results drift from the contract in the same shape', async () => {
    api.sandbox.inject('chain_b', { kind: 'contract-drift' });
    const res = await search(stay);
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});

describe('GET /v1/chain_c/loyalty/search', () => {
  const Body = z.strictObject({
    success: z.literal(true),
    hotels: z.array(ChainCHotel.strict()),
    total: z.number().int(),
    page_info: z.strictObject({ offset: z.number().int(), limit: z.number().int(), has_more: z.boolean() }),
  });
  const search = (qs: Record<string, string>) =>
    get('/v1/chain_c/loyalty/search', {
      latitude: '48.8566',
      longitude: '2.3522',
      check_in: day(30),
      check_out: day(32),
      ...qs,
    });
  /**
   * A two-night stay on which the nearest property cannot be booked and another can: read from the API
   * itself, nearest first.
   */
  async function mixedStay(): Promise<{ check_in: string; check_out: string }> {
    for (let offset = 30; offset < 400; offset++) {
      const stay = { check_in: day(offset), check_out: day(offset + 2) };
      const { hotels } = Body.parse((await search(stay)).body);
      if (!hotels[0]!.bookable && hotels.some((h) => h.bookable)) return stay;
    }
    throw new Error('no stay with an unbookable nearest property');
  }

  it('returns hotels with cash and points prices, total counting all matches', async () => {
    const res = await search({ limit: '1' });
    ChainCSearchResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(body.hotels).toHaveLength(1);
    expect(body.total).toBeGreaterThan(1);
    expect(body.page_info).toEqual({ offset: 0, limit: 1, has_more: true });
    for (const h of body.hotels.filter((x) => x.bookable)) {
      expect(h.price!.points_per_night).toBeGreaterThan(0);
      expect(h.price!.total).toBeGreaterThan(h.price!.per_night);
    }
  });

  it('gives a property that cannot be booked no price (null), never zeros', async () => {
    // Prepare
    const stay = await mixedStay();
    // Act
    const body = Body.parse((await search(stay)).body);
    // Assess
    for (const h of body.hotels) {
      if (h.bookable) expect(h.price).toMatchObject({ per_night: expect.any(Number), currency: 'USD' });
      else expect(h.price).toBeNull();
    }
    expect(body.hotels[0]).toMatchObject({ bookable: false, price: null });
  });

  it('sorts by price when asked: cheapest first, unpriced properties last', async () => {
    // Prepare: the nearest property is the unpriced one
    const stay = await mixedStay();
    // Act
    const hotels: z.infer<typeof ChainCHotel>[] = [];
    for (let offset = 0, more = true; more; offset += 1) {
      const body = Body.parse(
        (await search({ ...stay, sort_by: 'price', limit: '1', offset: String(offset) })).body,
      );
      hotels.push(...body.hotels);
      more = body.page_info.has_more;
    }
    // Assess
    const priced = hotels.filter((h) => h.price !== null).map((h) => h.price!.per_night);
    expect(priced.length).toBeGreaterThan(0);
    expect([...priced].sort((a, b) => a - b)).toEqual(priced);
    const firstUnpriced = hotels.findIndex((h) => h.price === null);
    expect(firstUnpriced).toBeGreaterThanOrEqual(priced.length);
    expect(hotels.slice(firstUnpriced).every((h) => h.price === null && !h.bookable)).toBe(true);
  });

  it('documents sort_by as the enumeration DISTANCE, PRICE in the generated schema', async () => {
    // Act
    const input = z.toJSONSchema(ChainCQuery, { io: 'input' }) as {
      properties: Record<string, { enum?: unknown[] }>;
    };
    const doc = await buildOpenApi();
    const param = doc.paths[routes.chainCSearch.path]!.get!.parameters.find((p) => p.name === 'sort_by')!;
    // Assess
    expect(input.properties.sort_by!.enum).toEqual(['DISTANCE', 'PRICE']);
    expect(param.schema).toMatchObject({ type: 'string', enum: ['DISTANCE', 'PRICE'], default: 'DISTANCE' });
  });

  it('links to a property image that resolves', async () => {
    // Prepare
    const { hotels } = Body.parse((await search({})).body);
    // Act
    const res = await fetch(hotels[0]!.image!);
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('prices in the currency asked for: EUR amounts, labelled EUR', async () => {
    // Act
    const usd = Body.parse((await search({ currency: 'USD' })).body);
    const eur = Body.parse((await search({ currency: 'eur' })).body);
    // Assess
    const priced = eur.hotels.filter((h) => h.price);
    expect(priced.length).toBeGreaterThan(0);
    for (const h of priced) {
      expect(h.price!.currency).toBe('EUR');
      const inUsd = usd.hotels.find((x) => x.property_id === h.property_id)!.price!;
      expect(h.price!.total! / inUsd.total!).toBeCloseTo(FX.EUR!, 2);
      expect(h.price!.points_per_night).toBe(inUsd.points_per_night);
    }
  });

  it.each([
    ['not an ISO 4217 code', 'XYZ'],
    ['an ISO 4217 code chain_c does not price in', 'XAF'],
  ])('answers 400 INVALID_CURRENCY for %s, never amounts in another currency', async (_case, currency) => {
    const res = await search({ currency });
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_CURRENCY']);
  });

  it.each([
    ['an empty search area', OCEAN],
    ['an offset past the last hotel', { offset: '500' }],
  ])('answers 404 NO_RESULTS for %s, not an empty 200', async (_case, qs) => {
    const res = await search(qs);
    expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expectDocumented(routes.chainCSearch, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 400 with type invalid-dates when check_out is not after check_in', async () => {
    const res = await search({ check_in: day(10), check_out: day(9) });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_DATES');
    expect(res.body.type).toMatch(/\/errors\/invalid-dates$/);
  });

  it.each([
    [{ check_in: '2030/06/10' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: day(-2), check_out: day(2) }, 'PAST_DATES'],
  ])('answers 400 for dates %j with %s', async (qs, code) => {
    const res = await search(qs);
    expect([res.status, res.body.error_code]).toEqual([400, code]);
  });

  it.each([
    [{ limit: '21' }],
    [{ adults: '11' }],
    [{ rooms: '9' }],
    [{ latitude: '100' }],
    [{ sort_by: 'RATING' }],
  ])('answers 400 INVALID_PARAMETERS for %j', async (qs) => {
    const res = await search(qs);
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it('answers 502 with type upstream-error when chain_c fails', async () => {
    api.sandbox.inject('chain_c', { kind: 'status', status: 500 });
    const res = await search({});
    expect(res.status).toBe(502);
    expect(res.body.type).toMatch(/\/errors\/upstream-error$/);
  });

  it.each([
    [
      { dated_search_by_geo: '0'.repeat(64) },
      /phoenixShopDatedSearchByGeoQuery.*QUERY_NOT_IN_SAFELIST.*operations\.dated_search_by_geo/,
    ],
    [
      { search_operation: 'phoenixShopLowestAvailableRatesByGeoQuery', lowest_rates_by_geo: '0'.repeat(64) },
      /phoenixShopLowestAvailableRatesByGeoQuery.*QUERY_NOT_IN_SAFELIST.*operations\.lowest_rates_by_geo/,
    ],
  ])(
    'answers 502 with type upstream-error naming the operation when its signature is stale (%j)',
    async (operations, detail) => {
      // Prepare
      withOperations(api, 'chain_c', operations);
      // Act
      const res = await search({});
      // Assess
      expect([res.status, res.body.error_code, res.body.upstream_status]).toEqual([
        502,
        'UPSTREAM_ERROR',
        400,
      ]);
      expect(res.body.type).toMatch(/\/errors\/upstream-error$/);
      expect(res.body.detail).toMatch(detail);
    },
  );

  it.each([
    ['the 2026 operation', {}],
    ['the older operation', { search_operation: 'phoenixShopLowestAvailableRatesByGeoQuery' }],
  ])(
    'keeps the rooms rule on %s: total = per_night × nights × rooms + taxes + fees; rooms=2 doubles the stay figures only',
    async (_case, operations) => {
      // Prepare: a three-night stay with priced properties
      withOperations(api, 'chain_c', operations);
      let one: z.infer<typeof Body> | undefined;
      let stay: Record<string, string> = {};
      for (let offset = 30; offset < 120 && !one?.hotels.some((h) => h.price); offset += 3) {
        stay = { check_in: day(offset), check_out: day(offset + 3), currency: 'EUR' };
        one = Body.parse((await search(stay)).body);
      }
      // Act
      const two = Body.parse((await search({ ...stay, rooms: '2' })).body);
      // Assess
      const priced = one!.hotels.filter((h) => h.price);
      expect(priced.length).toBeGreaterThan(0);
      for (const h of priced) {
        const [a, b] = [h.price!, two.hotels.find((x) => x.property_id === h.property_id)!.price!];
        for (const [p, rooms] of [
          [a, 1],
          [b, 2],
        ] as const)
          expect(p.per_night * 3 * rooms + p.taxes! + p.fees!).toBeCloseTo(p.total!, 1);
        expect([b.per_night, b.points_per_night]).toEqual([a.per_night, a.points_per_night]);
        expect(b.total).toBeCloseTo(a.total! * 2, 1);
        expect(b.taxes! + b.fees!).toBeCloseTo((a.taxes! + a.fees!) * 2, 1);
      }
    },
  );

  it('speaks the 2026 search by default, and the older operation when configured, with the same prices', async () => {
    // Act
    const dated = Body.parse((await search({ currency: 'EUR' })).body);
    withOperations(api, 'chain_c', { search_operation: 'phoenixShopLowestAvailableRatesByGeoQuery' });
    const older = Body.parse((await search({ currency: 'EUR' })).body);
    // Assess
    const paths = api.sandbox.requests('chain_c').map((r) => r.path);
    expect(paths.filter((p) => p.includes('phoenixShopDatedSearchByGeoQuery'))).toHaveLength(1);
    expect(paths.filter((p) => p.includes('phoenixShopLowestAvailableRatesByGeoQuery'))).toHaveLength(1);
    expect(older.hotels.map((h) => h.property_id)).toEqual(dated.hotels.map((h) => h.property_id));
    for (const h of dated.hotels.filter((x) => x.price)) {
      const o = older.hotels.find((x) => x.property_id === h.property_id)!.price!;
      expect(h.price!.per_night).toBeCloseTo(o.per_night, 1);
      expect(h.price!.points_per_night).toBeGreaterThan(0);
    }
  });

  it("is refused by the sandbox's bot manager for a client that is no browser", async () => {
    // Act
    const res = await post(
      'chain_c',
      '/mi/query/phoenixShopLowestAvailableRatesByGeoQuery',
      { 'user-agent': 'curl/8.5.0' },
      { operationName: 'phoenixShopLowestAvailableRatesByGeoQuery' },
    );
    // Assess
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Access Denied');
  });

  it('answers 503 with Retry-After, not an empty result, when the bot manager challenges', async () => {
    // Prepare
    api.sandbox.inject('chain_c', { kind: 'challenge' });
    // Act
    const res = await search({});
    // Assess
    expect([res.status, res.body.error_code]).toEqual([503, 'UPSTREAM_UNAVAILABLE']);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers 502 UPSTREAM_ERROR, not 500, when the results drift from the contract in the same shape', async () => {
    api.sandbox.inject('chain_c', { kind: 'contract-drift' });
    const res = await search({});
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});
