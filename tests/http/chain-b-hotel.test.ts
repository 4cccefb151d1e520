// The chain_b hotel endpoints against the sandbox: every id search returns answers each of them, and
// their prices agree with search's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { HotelAmenitiesResponse } from '../../functions/chain-b/hotel-amenities.ts';
import { HotelDetailsResponse } from '../../functions/chain-b/hotel-details.ts';
import { HotelPhotosResponse } from '../../functions/chain-b/hotel-photos.ts';
import { PriceCalendarResponse } from '../../functions/chain-b/hotel-price-calendar.ts';
import { HotelReviewsResponse } from '../../functions/chain-b/hotel-reviews.ts';
import { HotelRoomsResponse } from '../../functions/chain-b/hotel-rooms.ts';
import { HotelUrlToIdResponse } from '../../functions/chain-b/hotel-url-to-id.ts';
import { ChainBSearchResponse } from '../../functions/chain-b/search.ts';
import { routes, type Route } from '../../shared/routes/index.ts';
import { addDays } from '../../shared/dates.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { startTestServer, useTestServer, type TestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';
import { getWorld } from '../../infra/sandbox/world.ts';

const api = useTestServer();

const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);
const STAY = { check_in: day(30), check_out: day(32), adults: '2', currency: 'EUR' };
const SITE = 'https://all.chain-b.test';

/** A chain_b search around Paris for the stay, parsed. */
async function searchParis(qs: Record<string, string> = {}) {
  const res = await get('/v1/chain_b/search', { destination_slug: 'paris-fr', ...STAY, ...qs });
  expect(res.status).toBe(200);
  return ChainBSearchResponse.parse(res.body);
}

/** Whether a rate is one anyone can book: neither a package nor a members-only rate (the sandbox sells both). */
const isOpen = (r: { is_package: boolean | null; is_member_rate: boolean | null }) =>
  r.is_package === false && r.is_member_rate === false;

/**
 * The best offer's amount by the contract's rule: the cheapest rate anyone can book; when a hotel sells
 * none (only packages), its cheapest rate, since best_offer null means no priced offer at all.
 */
function cheapestOpen(rooms: z.infer<typeof HotelRoomsResponse>): number {
  const rates = rooms.room_types.flatMap((r) => r.rates);
  const open = rates.filter(isOpen);
  return Math.min(...(open.length > 0 ? open : rates).map((r) => r.total!));
}

/** Whether a hotel's offers do not say what their amount covers (the sandbox drops aggregationType at some). */
const unsaid = (rooms: z.infer<typeof HotelRoomsResponse>) =>
  rooms.room_types.flatMap((r) => r.rates).every((r) => r.aggregation_type === null);

/** The rooms of a hotel for the stay, parsed. */
async function roomsOf(id: string, stay: Record<string, string> = STAY) {
  const res = await get('/v1/chain_b/hotel/rooms', { hotel_id: id, ...stay });
  expect(res.status).toBe(200);
  return HotelRoomsResponse.parse(res.body);
}

describe('chain_b search → hotel endpoints', () => {
  it('answers every hotel endpoint for the first id search returns', async () => {
    // Prepare
    const id = (await searchParis()).hotels[0]!.id;
    const calls: [Route, z.ZodType, Record<string, string>][] = [
      [routes.chainBHotelDetails, HotelDetailsResponse, { hotel_id: id }],
      [routes.chainBHotelAmenities, HotelAmenitiesResponse, { hotel_id: id }],
      [routes.chainBHotelReviews, HotelReviewsResponse, { hotel_id: id }],
      [routes.chainBHotelRooms, HotelRoomsResponse, { hotel_id: id, ...STAY }],
      [routes.chainBHotelPhotos, HotelPhotosResponse, { hotel_id: id }],
      [
        routes.chainBHotelPriceCalendar,
        PriceCalendarResponse,
        { hotel_id: id, date_from: day(30), date_to: day(36), currency: 'EUR' },
      ],
      [routes.chainBHotelUrlToId, HotelUrlToIdResponse, { url: `${SITE}/hotel/${id}/index.en.shtml` }],
    ];
    for (const [route, schema, qs] of calls) {
      // Act
      const res = await get(route.path, qs);
      // Assess
      expect([route.path, res.status]).toEqual([route.path, 200]);
      const body = (schema as z.ZodObject).strict().parse(res.body) as { hotel_id: string };
      expect(body.hotel_id).toBe(id);
    }
  });

  it('answers every hotel endpoint for every id of a search page, partners included', async () => {
    // Prepare
    const hotels = (await searchParis({ radius_km: '200', limit: '20' })).hotels;
    expect(hotels.some((h) => h.brand?.code === 'PTN')).toBe(true);
    for (const { id } of hotels) {
      // Act
      const answers = await Promise.all([
        get('/v1/chain_b/hotel/details', { hotel_id: id }),
        get('/v1/chain_b/hotel/amenities', { hotel_id: id }),
        get('/v1/chain_b/hotel/reviews', { hotel_id: id, limit: '1' }),
        get('/v1/chain_b/hotel/rooms', { hotel_id: id, ...STAY }),
        get('/v1/chain_b/hotel/photos', { hotel_id: id }),
        get('/v1/chain_b/hotel/price-calendar', { hotel_id: id, date_from: day(30), date_to: day(31) }),
        get('/v1/chain_b/hotel/url-to-id', { url: `${SITE}/booking/en/chain-b/hotel/${id}` }),
      ]);
      // Assess: a hotel without reviews is the documented 404 NO_RESULTS
      expect(answers.map((a) => (a.status === 200 ? 200 : `${a.status} ${a.body.error_code}`))).toEqual([
        200,
        200,
        answers[2]!.status === 200 ? 200 : '404 NO_RESULTS',
        200,
        200,
        200,
        200,
      ]);
      for (const a of answers.filter((x) => x.status === 200)) expect(a.body.hotel_id).toBe(id);
    }
  });

  it("gives search's best_offer.amount as the cheapest matching rate of hotel/rooms for the same stay, for every priced hotel", async () => {
    // Prepare: the sandbox's Paris has a hotel selling only packages
    const hotels = (await searchParis()).hotels;
    let packagesOnly = 0;
    for (const hotel of hotels) {
      // Act
      const rooms = await roomsOf(hotel.id);
      const rates = rooms.room_types.flatMap((r) => r.rates);
      // Assess: best_offer null only for a hotel without a priced offer
      expect(rooms.currency).toBe('EUR');
      if (rates.length > 0 && unsaid(rooms)) {
        // Offers that do not say what their amount covers: an amount, and neither a total nor a night made up
        expect(rates.every((r) => r.total === null && r.per_night === null)).toBe(true);
        expect(hotel.best_offer).toMatchObject({ amount: expect.any(Number), per_night: null, total: null });
        continue;
      }
      expect([hotel.id, hotel.best_offer?.amount ?? null]).toEqual([
        hotel.id,
        rates.length > 0 ? cheapestOpen(rooms) : null,
      ]);
      if (rates.length > 0 && rates.every((r) => r.is_package)) packagesOnly++;
    }
    expect(packagesOnly).toBeGreaterThan(0);
  });

  it('keeps search best_offer off packages and members-only rates that are cheaper', async () => {
    // Prepare: the sandbox sells a cheaper package and member rate at some hotels
    const hotels = (await searchParis({ radius_km: '200', limit: '50' })).hotels.filter((h) => h.best_offer);
    let cheaperElsewhere = 0;
    for (const hotel of hotels) {
      // Act
      const rooms = await roomsOf(hotel.id);
      const rates = rooms.room_types.flatMap((r) => r.rates);
      if (!rates.some(isOpen) || unsaid(rooms)) continue;
      // Assess
      const best = rates.find((r) => r.total === hotel.best_offer!.amount)!;
      expect([best.is_package, best.is_member_rate]).toEqual([false, false]);
      if (Math.min(...rates.map((r) => r.total!)) < hotel.best_offer!.amount) cheaperElsewhere++;
    }
    expect(cheaperElsewhere).toBeGreaterThan(0);
  });

  it('gives the offers of a hotel that does not say what its amounts cover neither a total nor a nightly price', async () => {
    // Prepare: the first hotel, city by city, whose offers come without aggregationType
    let found: { id: string; amount: number } | undefined;
    for (const city of getWorld().cities.slice(0, 40)) {
      const res = await get('/v1/chain_b/search', {
        latitude: String(city.latitude),
        longitude: String(city.longitude),
        radius_km: '50',
        ...STAY,
      });
      const hotel = res.status === 200 ? ChainBSearchResponse.parse(res.body).hotels : [];
      const unsaidHotel = hotel.find((h) => h.best_offer && h.best_offer.aggregation_type === null);
      if (unsaidHotel) found = { id: unsaidHotel.id, amount: unsaidHotel.best_offer!.amount };
      if (found) break;
    }
    expect(found).toBeDefined();
    // Act
    const rooms = await roomsOf(found!.id);
    // Assess: the amount as chain_b gives it, never a total or a night made up from it
    const rates = rooms.room_types.flatMap((r) => r.rates);
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.map((r) => [r.aggregation_type, r.per_night, r.total])).toEqual(
      rates.map(() => [null, null, null]),
    );
    expect(found!.amount).toBeGreaterThan(0);
  });

  it('prices each rate so that per_night × nights is its total, for one room and these guests', async () => {
    // Prepare
    const hotels = (await searchParis()).hotels.filter((h) => h.best_offer?.aggregation_type);
    // Act
    const rooms = HotelRoomsResponse.parse(
      (await get('/v1/chain_b/hotel/rooms', { hotel_id: hotels[0]!.id, ...STAY })).body,
    );
    // Assess
    expect(rooms.total_offers).toBe(rooms.room_types.reduce((n, r) => n + r.rates.length, 0));
    expect(unsaid(rooms)).toBe(false);
    for (const rate of rooms.room_types.flatMap((r) => r.rates))
      expect(rate.per_night! * 2).toBeCloseTo(rate.total!, 1);
    for (const room of rooms.room_types)
      expect(room.rates.map((r) => r.total)).toEqual(
        [...room.rates.map((r) => r.total!)].sort((a, b) => a - b),
      );
  });

  it('answers a sold-out stay with 200 UNAVAILABLE and no room types', async () => {
    // Prepare: a date whose night the sandbox sells out, read from the calendar itself
    const id = (await searchParis()).hotels[0]!.id;
    const calendar = PriceCalendarResponse.parse(
      (await get('/v1/chain_b/hotel/price-calendar', { hotel_id: id, date_from: day(30), date_to: day(90) }))
        .body,
    );
    const soldOut = calendar.calendar.find((d) => d.status === 'UNAVAILABLE');
    expect(soldOut).toBeDefined();
    // Act
    const res = await get('/v1/chain_b/hotel/rooms', {
      hotel_id: id,
      check_in: soldOut!.date,
      check_out: addDays(soldOut!.date, 1),
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ availability_status: 'UNAVAILABLE', room_types: [], total_offers: 0 });
  });

  it.each(
    (
      [
        [routes.chainBHotelDetails, {}],
        [routes.chainBHotelAmenities, {}],
        [routes.chainBHotelReviews, {}],
        [routes.chainBHotelRooms, STAY],
        [routes.chainBHotelPhotos, {}],
        [routes.chainBHotelPriceCalendar, { date_from: day(30), date_to: day(31) }],
      ] as [Route, Record<string, string>][]
    ).map(([route, qs]) => [route.path, route, qs] as const),
  )(
    '%s answers 404 HOTEL_NOT_FOUND for an id chain_b does not know, 400 INVALID_HOTEL_ID for a malformed one',
    async (_path, route, qs) => {
      // Act
      const unknown = await get(route.path, { hotel_id: 'ZZZZ', ...qs });
      const malformed = await get(route.path, { hotel_id: 'no-id!', ...qs });
      // Assess
      expect([unknown.status, unknown.body.error_code, unknown.body.provider, unknown.body.product]).toEqual([
        404,
        'HOTEL_NOT_FOUND',
        'chain_b',
        route.product,
      ]);
      expect([malformed.status, malformed.body.error_code]).toEqual([400, 'INVALID_HOTEL_ID']);
      expectDocumented(route, unknown.status, unknown.headers.get('content-type'), unknown.body);
      expectDocumented(route, malformed.status, malformed.headers.get('content-type'), malformed.body);
    },
  );
});

describe('chain_b hotel endpoints: dates that are no calendar dates', () => {
  it.each([
    [
      '/v1/chain_b/hotel/price-calendar',
      { date_from: '2030-13-01', date_to: '2030-14-01' },
      ['date_from', 'date_to'],
    ],
    ['/v1/chain_b/hotel/price-calendar', { date_from: day(5), date_to: '2030-02-30' }, ['date_to']],
    [
      '/v1/chain_b/hotel/rooms',
      { check_in: '2030-13-01', check_out: '2030-14-01' },
      ['check_in', 'check_out'],
    ],
    ['/v1/chain_b/hotel/rooms', { check_in: '2030-13-01' }, ['check_in']],
    ['/v1/chain_b/hotel/rooms', { check_out: '2030/06/10' }, ['check_out']],
    [
      '/v1/chain_b/search',
      { destination_slug: 'paris-fr', check_in: '2030-13-01', check_out: '2030-14-01' },
      ['check_in', 'check_out'],
    ],
  ])(
    '%s answers %j with 400 INVALID_DATE_FORMAT naming only the malformed dates',
    async (path, qs, named) => {
      // Act
      const res = await get(path, { hotel_id: '9WT3', ...qs });
      // Assess
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_DATE_FORMAT']);
      expect(res.body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(named);
      expect(api.sandbox.requests('chain_b')).toHaveLength(0);
    },
  );
});

describe('GET /v1/chain_b/hotel/details, amenities, reviews, photos', () => {
  it('gives details from the hotel content and the index record, times as HH:MM', async () => {
    // Prepare
    const hit = (await searchParis()).hotels[0]!;
    // Act
    const body = HotelDetailsResponse.parse(
      (await get('/v1/chain_b/hotel/details', { hotel_id: hit.id })).body,
    );
    // Assess
    expect(body).toMatchObject({ name: hit.name, brand: hit.brand, lodging: hit.lodging, stars: hit.stars });
    expect(body.address.city).toBe(hit.address.city);
    expect(body.check_in_time).toMatch(/^\d\d:\d\d$/);
    expect(body.contact.website).toBe(`${SITE}/hotel/${hit.id}/index.en.shtml`);
    expect(body.room_type_count).toBeGreaterThanOrEqual(2);
  });

  it('counts every amenity of every category in total', async () => {
    const id = (await searchParis()).hotels[0]!.id;
    const body = HotelAmenitiesResponse.parse(
      (await get('/v1/chain_b/hotel/amenities', { hotel_id: id })).body,
    );
    expect(body.total).toBe(body.categories.reduce((n, c) => n + c.amenities.length, 0));
    expect(body.total).toBeGreaterThan(0);
  });

  it('gives at most limit reviews, and 404 NO_RESULTS for a hotel without reviews', async () => {
    // Prepare
    const hotels = (await searchParis({ radius_km: '200', limit: '50' })).hotels;
    const reviewed = hotels.find((h) => h.rating !== null)!;
    const unreviewed = hotels.find((h) => h.rating === null)!;
    // Act
    const three = await get('/v1/chain_b/hotel/reviews', { hotel_id: reviewed.id, limit: '3' });
    const none = await get('/v1/chain_b/hotel/reviews', { hotel_id: unreviewed.id });
    const tooMany = await get('/v1/chain_b/hotel/reviews', { hotel_id: reviewed.id, limit: '21' });
    // Assess
    expect(three.status).toBe(200);
    expect(three.body.total).toBe(three.body.reviews.length);
    expect(three.body.total).toBeLessThanOrEqual(3);
    expect([none.status, none.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expect([tooMany.status, tooMany.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it('filters photos by category and leaves videos out when asked, labelling the categories present', async () => {
    // Prepare
    const id = (await searchParis()).hotels[0]!.id;
    // Act
    const all = HotelPhotosResponse.parse((await get('/v1/chain_b/hotel/photos', { hotel_id: id })).body);
    const some = HotelPhotosResponse.parse(
      (
        await get('/v1/chain_b/hotel/photos', {
          hotel_id: id,
          categories: 'bedroom,video',
          include_videos: 'false',
        })
      ).body,
    );
    // Assess
    expect(all.total).toBe(all.photos.length);
    expect(Object.keys(all.categories).sort()).toEqual(
      [...new Set(all.photos.map((p) => p.category))].sort(),
    );
    expect(some.photos.every((p) => p.category === 'BEDROOM' && p.type === 'IMAGE')).toBe(true);
    for (const p of all.photos)
      // The sandbox sizes every format.
      expect(p.url).toBe([...p.formats].sort((a, b) => b.width! * b.height! - a.width! * a.height!)[0]!.url);
    const picture = await fetch(all.photos[0]!.url);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });
});

describe('GET /v1/chain_b/hotel/price-calendar', () => {
  const calendar = (id: string, from: number, to: number, qs: Record<string, string> = {}) =>
    get('/v1/chain_b/hotel/price-calendar', { hotel_id: id, date_from: day(from), date_to: day(to), ...qs });

  it('answers 400 RANGE_TOO_LARGE for 61 days, and 400 INVALID_DATES for date_to before date_from', async () => {
    // Act
    const wide = await calendar('9WT3', 10, 71);
    const backwards = await calendar('9WT3', 10, 9);
    // Assess
    expect([wide.status, wide.body.error_code]).toEqual([400, 'RANGE_TOO_LARGE']);
    expect([backwards.status, backwards.body.error_code]).toEqual([400, 'INVALID_DATES']);
    expect(api.sandbox.requests('chain_b')).toHaveLength(0);
  });

  it.each(['abc', '２', '1.5', '31', '100000000', '9999999999999999', '9'.repeat(30)])(
    'answers nights=%s with the validation error naming nights, never a 500',
    async (nights) => {
      // Act: dates in range, so the horizon check runs beside the refused nights
      const res = await calendar('9WT3', 10, 16, { nights });
      // Assess
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
      expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'nights' })]);
      expect(api.sandbox.requests('chain_b')).toHaveLength(0);
    },
  );

  it('prices 60 days with one offers call per check-in date, in order, complete, agreeing with rooms', async () => {
    // Prepare
    const id = (await searchParis()).hotels[0]!.id;
    api.resetUpstream();
    // Act
    const res = await calendar(id, 10, 70, { nights: '2', adults: '2', currency: 'EUR' });
    // Assess
    const body = PriceCalendarResponse.parse(res.body);
    expect([body.complete, body.total, body.calendar.length]).toEqual([true, 61, 61]);
    expect(body.calendar.map((d) => d.date)).toEqual(Array.from({ length: 61 }, (_, i) => day(10 + i)));
    const offersCalls = api.sandbox.requests('chain_b').filter((r) => r.body?.includes('"HotelPageHot"'));
    expect(offersCalls).toHaveLength(61);
    const first = body.calendar.find((d) => d.status === 'AVAILABLE')!;
    const rooms = HotelRoomsResponse.parse(
      (
        await get('/v1/chain_b/hotel/rooms', {
          hotel_id: id,
          check_in: first.date,
          check_out: addDays(first.date, 2),
          adults: '2',
          currency: 'EUR',
        })
      ).body,
    );
    expect(first.amount).toBe(cheapestOpen(rooms));
    for (const d of body.calendar) expect(d.status === 'AVAILABLE').toBe(d.amount !== null);
  });

  it('prices the dates of a hotel selling only packages at its cheapest package: priced, so never without an amount', async () => {
    // Prepare: a Paris hotel whose rooms are sold only in packages
    let id: string | undefined;
    for (const hotel of (await searchParis()).hotels) {
      const rates = (await roomsOf(hotel.id)).room_types.flatMap((r) => r.rates);
      if (rates.length > 0 && rates.every((r) => r.is_package)) id = hotel.id;
    }
    expect(id).toBeDefined();
    // Act
    const body = PriceCalendarResponse.parse(
      (await calendar(id!, 10, 16, { nights: '2', adults: '2', currency: 'EUR' })).body,
    );
    // Assess
    const available = body.calendar.filter((d) => d.status === 'AVAILABLE');
    expect(available.length).toBeGreaterThan(0);
    for (const d of body.calendar)
      expect([d.date, d.status === 'AVAILABLE']).toEqual([d.date, d.amount !== null]);
    const stay = { check_in: available[0]!.date, check_out: addDays(available[0]!.date, 2), adults: '2' };
    expect(available[0]!.amount).toBe(cheapestOpen(await roomsOf(id!, { ...stay, currency: 'EUR' })));
  });
});

describe('GET /v1/chain_b/hotel/price-calendar under the source ceiling', () => {
  afterEach(() => useProviders(api.sandbox.providers()));

  /** Times a 12-date calendar with every chain_b answer 250 ms late, the source's ceiling as given. */
  async function timed(maxConcurrent: number | undefined) {
    const providers = api.sandbox.providers();
    providers.chain_b = { ...providers.chain_b!, maxConcurrent };
    useProviders(providers);
    api.resetUpstream();
    await api.get('/v1/chain_b/hotel/details?hotel_id=9WT3');
    api.sandbox.inject('chain_b', { kind: 'latency', ms: 250 });
    const started = Date.now();
    const res = await get('/v1/chain_b/hotel/price-calendar', {
      hotel_id: '9WT3',
      date_from: day(10),
      date_to: day(21),
    });
    return { ms: Date.now() - started, body: PriceCalendarResponse.parse(res.body) };
  }

  it('runs at most half the ceiling of offers calls at once: a ceiling of 2 takes twelve rounds for 12 dates', async () => {
    // Act
    const capped = await timed(2);
    const open = await timed(undefined);
    // Assess: 12 dates one at a time is twelve 250 ms rounds at least; six at a time, two
    expect([capped.body.complete, capped.body.total, open.body.complete, open.body.total]).toEqual([
      true,
      12,
      true,
      12,
    ]);
    expect(capped.ms).toBeGreaterThanOrEqual(12 * 250);
    expect(api.sandbox.requests('chain_b').filter((r) => r.body?.includes('"HotelPageHot"'))).toHaveLength(
      12,
    );
    expect(open.ms).toBeLessThan(capped.ms);
  });
});

describe('GET /v1/chain_b/hotel/price-calendar when some offers calls fail', () => {
  it('leaves the dates whose call failed out (complete: false), never UNAVAILABLE, and the rest as priced', async () => {
    // Prepare: the full calendar, then the hotel's content cached and the next three chain_b answers 500
    const path = `/v1/chain_b/hotel/price-calendar?${new URLSearchParams({ hotel_id: '9WT3', date_from: day(10), date_to: day(23) })}`;
    const full = PriceCalendarResponse.parse((await api.get(path)).body);
    api.resetUpstream();
    await api.get('/v1/chain_b/hotel/details?hotel_id=9WT3');
    api.sandbox.inject('chain_b', { kind: 'status', status: 500 }, 3);
    // Act
    const res = await api.get(path);
    // Assess
    expect(res.status).toBe(200);
    const partial = PriceCalendarResponse.parse(res.body);
    expect([full.complete, full.total]).toEqual([true, 14]);
    expect(partial.complete).toBe(false);
    expect(partial.total).toBeLessThanOrEqual(11);
    expect(partial.total).toBeGreaterThan(0);
    for (const d of partial.calendar) expect(d).toEqual(full.calendar.find((f) => f.date === d.date));
    // An incomplete calendar is never kept: asked again, every date is priced.
    const again = PriceCalendarResponse.parse((await api.get(path)).body);
    expect([again.complete, again.total]).toEqual([true, 14]);
  });
});

describe('GET /v1/chain_b/hotel/price-calendar under a slowed source', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ budgetMs: 4_000 });
  });
  afterAll(async () => {
    await slow.close();
    // The second server pointed the sources at its own sandbox: back to the first one's.
    useProviders(api.sandbox.providers());
  });

  it('answers within the deadline with complete: false, leaving unpriced dates out rather than UNAVAILABLE', async () => {
    // Prepare: the hotel's content is cached, then every offers call takes 600 ms
    const qs = { hotel_id: '9WT3', date_from: day(10), date_to: day(70) };
    const path = `/v1/chain_b/hotel/price-calendar?${new URLSearchParams(qs)}`;
    await slow.get(`/v1/chain_b/hotel/details?hotel_id=9WT3`);
    slow.sandbox.inject('chain_b', { kind: 'latency', ms: 600 });
    // Act
    const started = Date.now();
    const res = await slow.get(path);
    const elapsed = Date.now() - started;
    // Assess
    expect(res.status).toBe(200);
    expect(elapsed).toBeLessThan(4_000);
    const partial = PriceCalendarResponse.parse(res.body);
    expect(partial.complete).toBe(false);
    expect(partial.total).toBeGreaterThan(0);
    expect(partial.total).toBeLessThan(61);
    slow.resetUpstream();
    const full = PriceCalendarResponse.parse((await api.get(path)).body);
    for (const d of partial.calendar) expect(d).toEqual(full.calendar.find((f) => f.date === d.date));
  });
});

describe('GET /v1/chain_b/hotel/url-to-id', () => {
  const toId = (url: string) => get('/v1/chain_b/hotel/url-to-id', { url });

  it.each([
    [`${SITE}/hotel/9WT3/index.en.shtml`, `${SITE}/hotel/9WT3/index.en.shtml`],
    [
      `https://ALL.chain-b.test/fr/hotel/9wt3/index.fr.shtml?utm_source=x#rooms`,
      `${SITE}/fr/hotel/9wt3/index.fr.shtml`,
    ],
    [`${SITE}/en-gb/hotel/9WT3/index.en.shtml`, `${SITE}/en-gb/hotel/9WT3/index.en.shtml`],
    [`${SITE}/hotel/9WT3`, `${SITE}/hotel/9WT3`],
    [`${SITE}/booking/en/chain-b/hotel/9WT3`, `${SITE}/booking/en/chain-b/hotel/9WT3`],
    [`${SITE}/ssr/app/chain-b/rates?hotelCode=9wt3&checkIn=2030-06-10`, `${SITE}/ssr/app/chain-b/rates`],
    [`all.chain-b.test/hotel/9WT3/index.de.shtml`, `${SITE}/hotel/9WT3/index.de.shtml`],
  ])('reads %s without an upstream call', async (url, normalised) => {
    // Act
    const res = await toId(url);
    // Assess
    expect(res.status).toBe(200);
    expect(HotelUrlToIdResponse.strict().parse(res.body)).toEqual({
      success: true,
      hotel_id: '9WT3',
      url: normalised,
    });
    expect(api.sandbox.requests('chain_b')).toHaveLength(0);
  });

  it.each([
    [`${SITE}/search?destination=paris`, 'HOTEL_ID_NOT_FOUND'],
    [`${SITE}/`, 'HOTEL_ID_NOT_FOUND'],
    [`${SITE}/ssr/app/chain-b/rates?hotelCode=`, 'HOTEL_ID_NOT_FOUND'],
    ['https://www.site-a.test/hotel/fr/aurelia-suites-paris.html', 'INVALID_URL'],
    ['ftp://all.chain-b.test/hotel/9WT3/index.en.shtml', 'INVALID_URL'],
    ['not a url at all', 'INVALID_URL'],
  ])('answers 400 for %s: %s', async (url, code) => {
    const res = await toId(url);
    expect([res.status, res.body.error_code]).toEqual([400, code]);
    expectDocumented(routes.chainBHotelUrlToId, res.status, res.headers.get('content-type'), res.body);
  });
});
