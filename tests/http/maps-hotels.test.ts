// GET /v1/maps_hotels/search against the sandbox's SERP-format hotel search.
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { MapsHotelInfoResponse } from '../../functions/maps-hotels/info.ts';
import { MapsHotelPhotosResponse } from '../../functions/maps-hotels/photos.ts';
import { MapsHotelsResponse } from '../../functions/maps-hotels/search.ts';
import { FX, stayPrice } from '../../infra/sandbox/prices.ts';
import { hash } from '../../infra/sandbox/random.ts';
import { SANDBOX_SERP_KEY } from '../../infra/sandbox/sites/serp-api.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { FIRST_LISTING_ID, LISTINGS_PER_CITY, listing } from '../../infra/sandbox/sites/rental.ts';
import { CHILD_AGE } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { secretVariable, useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const HEALTH_HANDLER = fileURLToPath(new URL('../../functions/maps-hotels/health.ts', import.meta.url));
const EVENTS = fileURLToPath(new URL('../helpers/events.ts', import.meta.url));
/** maps_hotels as a deployment configures it: the engine's origin and the key as a secret. */
const SERP = { baseUrl: 'https://serp.test', hosts: [], params: { api_key: { secret: 'serp_api_key' } } };
const path = (qs: Record<string, string>) =>
  `/v1/maps_hotels/search?${new URLSearchParams({ location: 'Paris', check_in: day(30), check_out: day(32), ...qs })}`;
const search = (qs: Record<string, string>, headers?: Record<string, string>) => api.get(path(qs), headers);
/** An amount the source may not show: a number when it does, null when it does not. */
const amount = z.number().min(0).nullable();
/** A maps hotel as the contract's table has it, written out field by field (not the production schema). */
const MapsHotelShape = z.strictObject({
  hotel_id: z.string().min(1),
  name: z.string().min(1),
  location: z.strictObject({
    address: z.string().nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  }),
  price: z.strictObject({
    current: amount,
    regular: z.number().nullable(),
    max_price: amount,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable(),
    price_per_night: amount,
  }),
  rating: z
    .strictObject({
      value: z.number().min(0).max(5).nullable(),
      votes: z.number().int().min(0).nullable(),
      rating_max: z.literal(5),
    })
    .nullable(),
  stars: z.number().int().min(1).max(5).nullable(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  amenities: z.array(z.string()),
  images: z.array(z.url()).max(10),
  description: z.string().nullable(),
  is_paid: z.boolean(),
});
const Body = z.strictObject({
  location: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  hotels: z.array(MapsHotelShape).min(1),
  total_count: z.number().int().nullable(),
  search_metadata: z.strictObject({ search_url: z.string(), datetime: z.iso.datetime() }),
});
type Hotel = z.infer<typeof MapsHotelShape>;
/** The sandbox world's count of a city's properties: its hotels and its rental listings, every page. */
const worldCount = (city: string) => {
  const { cities, hotels } = getWorld();
  const ci = cities.findIndex((c) => c.name === city);
  const rentals = Array.from({ length: LISTINGS_PER_CITY }, (_v, k) =>
    listing(FIRST_LISTING_ID + ci * LISTINGS_PER_CITY + k),
  ).filter((l) => l !== undefined);
  return hotels.filter((h) => h.city.name === city).length + rentals.length;
};
/** The hotels the source priced, with their amounts as numbers (the others have them null). */
const pricedOnly = (hotels: Hotel[]) =>
  hotels.flatMap((h) => {
    const { current, max_price, price_per_night } = h.price;
    return current === null || max_price === null || price_per_night === null
      ? []
      : [{ ...h, price: { ...h.price, current, max_price, price_per_night } }];
  });

describe('GET /v1/maps_hotels/search', () => {
  it('returns hotels in the documented shape, with no success field', async () => {
    const res = await search({ currency: 'eur' });
    expect(res.status).toBe(200);
    MapsHotelsResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    // The whole search's count, as the source gives it, with the sponsored listings listed beside it:
    // more than this one page lists
    expect(body.total_count).toBe(worldCount('Paris') + body.hotels.filter((h) => h.is_paid).length);
    expect(body.total_count).toBeGreaterThan(body.hotels.length);
    expect(body.hotels.every((h) => h.price.currency === 'EUR')).toBe(true);
    for (const h of pricedOnly(body.hotels)) {
      expect(h.price.max_price).toBeGreaterThanOrEqual(h.price.current);
      expect(h.price.price_per_night).toBeCloseTo(h.price.current / 2, 1);
    }
  });

  it('prices in the currency asked for: SEK amounts, not USD amounts labelled SEK', async () => {
    // Act
    const usd = pricedOnly(Body.parse((await search({ currency: 'USD' })).body).hotels);
    const sek = pricedOnly(Body.parse((await search({ currency: 'sek' })).body).hotels);
    // Assess
    expect(sek.every((h) => h.price.currency === 'SEK')).toBe(true);
    const byId = new Map(usd.map((h) => [h.hotel_id, h.price.current]));
    for (const h of sek) expect(h.price.current / byId.get(h.hotel_id)!).toBeCloseTo(FX.SEK!, 1);
  });

  it.each([
    ['not an ISO 4217 code', 'XYZ'],
    ['an ISO 4217 code the maps service does not price in', 'XAF'],
  ])('answers 400 INVALID_CURRENCY for %s', async (_case, currency) => {
    const res = await search({ currency });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_CURRENCY');
  });

  it("lists the city's hotels without an address (the list has none), and its vacation rentals", async () => {
    // Act
    const body = Body.parse((await search({})).body);
    // Assess
    const paris = new Set(
      getWorld()
        .hotels.filter((h) => h.city.name === 'Paris')
        .map((h) => h.name),
    );
    // The ranked properties (the sponsored ones after them may be of another city)
    const ranked = body.hotels.filter((h) => !h.is_paid);
    const [hotels, rentals] = [
      ranked.filter((h) => paris.has(h.name)),
      ranked.filter((h) => !paris.has(h.name)),
    ];
    expect(hotels.length).toBeGreaterThan(4);
    expect(hotels.every((h) => h.location.address === null && h.stars !== null)).toBe(true);
    expect(rentals.length).toBeGreaterThan(0);
    expect(rentals.every((h) => h.name.endsWith(' - Entire apartment') && h.stars === null)).toBe(true);
    expect(pricedOnly(rentals).every((h) => h.price.max_price > h.price.current)).toBe(true);
  });

  it("answers a hotel's own name with that hotel alone, and its address, from the property-details shape", async () => {
    // Prepare: a hotel of a unique name that the source prices on these dates and places on the map
    const hotels = getWorld().hotels;
    const hotel = hotels.find(
      (h) =>
        hotels.filter((o) => o.name === h.name).length === 1 &&
        hash(`gps:${h.key}`) % 16 !== 0 &&
        stayPrice(h, { checkIn: day(30), checkOut: day(32), adults: 2, currency: 'USD' }),
    )!;
    // Act
    const body = Body.parse((await search({ location: hotel.name })).body);
    // Assess
    expect(body.hotels).toHaveLength(1);
    expect(body.hotels[0]).toMatchObject({
      name: hotel.name,
      location: { address: expect.stringContaining(hotel.city.label), latitude: hotel.latitude },
      is_paid: false,
    });
    const [priced] = pricedOnly(body.hotels);
    expect(priced!.price.max_price).toBeGreaterThan(priced!.price.current);
  });

  it("lists the source's sponsored listings after its ranked ones, is_paid true, each by its own token", async () => {
    // Prepare: the source's own answer for the same search
    const url = `${api.sandbox.url}/maps_hotels/search.json?engine=hotels&q=Paris&check_in_date=${day(30)}&check_out_date=${day(32)}&api_key=${SANDBOX_SERP_KEY}`;
    const raw = (await fetch(url).then((r) => r.json())) as {
      ads: {
        name: string;
        property_token: string;
        extracted_price?: number;
        gps_coordinates?: { latitude: number; longitude: number };
      }[];
      properties: { property_token: string; gps_coordinates?: { latitude: number; longitude: number } }[];
    };
    // An ad of a hotel of another city (the sandbox sends one) is no listing of this search
    const paris = raw.properties.find((p) => p.gps_coordinates)!.gps_coordinates!;
    const near = (a: (typeof raw.ads)[number]) =>
      !a.gps_coordinates ||
      (Math.abs(a.gps_coordinates.latitude - paris.latitude) < 1 &&
        Math.abs(a.gps_coordinates.longitude - paris.longitude) < 1);
    // Act
    const body = Body.parse((await search({})).body);
    // Assess: the ranked ones first, unsponsored, then every ad, sponsored, in the source's order
    const paid = body.hotels.map((h) => h.is_paid);
    expect(paid).toEqual([...paid.filter((p) => !p), ...paid.filter((p) => p)]);
    expect(body.hotels.filter((h) => !h.is_paid).map((h) => h.hotel_id)).toEqual(
      raw.properties.map((p) => p.property_token),
    );
    expect(
      body.hotels.filter((h) => h.is_paid).map((h) => [h.hotel_id, h.name, h.price.price_per_night]),
    ).toEqual(raw.ads.filter(near).map((a) => [a.property_token, a.name, a.extracted_price ?? null]));
    expect(raw.ads.filter(near).length).toBeGreaterThan(0);
    expect(raw.ads.filter((a) => !near(a)).length).toBeGreaterThan(0);
    // An ad naming a ranked hotel leaves that hotel unsponsored: the ad is another listing
    const advertised = new Set(raw.ads.map((a) => a.name));
    expect(body.hotels.some((h) => !h.is_paid && advertised.has(h.name))).toBe(true);
  });

  it('keeps every property the source lists: without coordinates or a price, those are null', async () => {
    // Prepare: a city where the source lists a hotel without coordinates, and the raw list
    const lost = getWorld().hotels.find((h) => hash(`gps:${h.key}`) % 16 === 0)!;
    const url = `${api.sandbox.url}/maps_hotels/search.json?engine=hotels&q=${encodeURIComponent(lost.city.name)}&check_in_date=${day(30)}&check_out_date=${day(32)}&adults=2&api_key=${SANDBOX_SERP_KEY}`;
    const raw = (await fetch(url).then((r) => r.json())) as {
      properties: { property_token: string; total_rate?: unknown; rate_per_night?: unknown }[];
    };
    // Act
    const res = await search({ location: lost.city.name });
    // Assess
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    // Every ranked property, in the source's order (its sponsored listings follow them)
    expect(body.hotels.filter((h) => !h.is_paid).map((h) => h.hotel_id)).toEqual(
      raw.properties.map((p) => p.property_token),
    );
    expect(body.hotels.find((h) => h.name === lost.name && !h.is_paid)!.location).toMatchObject({
      latitude: null,
      longitude: null,
    });
    const unpriced = raw.properties.filter((p) => !p.total_rate && !p.rate_per_night);
    expect(unpriced.length).toBeGreaterThan(0);
    for (const p of unpriced)
      expect(body.hotels.find((h) => h.hotel_id === p.property_token)!.price).toEqual({
        current: null,
        regular: null,
        max_price: null,
        currency: 'USD',
        price_per_night: null,
      });
    expect(body.total_count).toBe(worldCount(lost.city.name) + body.hotels.filter((h) => h.is_paid).length);
  });

  it("answers 200 with an unpriced hotel's own name: the hotel, its price null, not 404", async () => {
    // Prepare: a hotel of a unique name that the source lists without a price for the stay
    const hotels = getWorld().hotels;
    const hotel = hotels.find(
      (h) =>
        hotels.filter((o) => o.name === h.name).length === 1 &&
        !stayPrice(h, { checkIn: day(30), checkOut: day(32), adults: 2, currency: 'USD' }),
    )!;
    // Act
    const res = await search({ location: hotel.name });
    // Assess
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    expect(body.hotels.map((h) => [h.name, h.price.current])).toEqual([[hotel.name, null]]);
    expect(body.total_count).toBe(1);
  });

  it('sends one age per child and prices the children', async () => {
    // Act
    const none = pricedOnly(Body.parse((await search({ children: '0' })).body).hotels)[0]!;
    const two = Body.parse((await search({ children: '2' })).body).hotels.find(
      (h) => h.hotel_id === none.hotel_id,
    )!;
    // Assess
    const sent = api.sandbox.requests('maps_hotels').map((r) => new URLSearchParams(r.path.split('?')[1]));
    expect(sent.map((q) => q.get('children_ages'))).toEqual([null, `${CHILD_AGE},${CHILD_AGE}`]);
    expect(two.price.current).toBeGreaterThan(none.price.current);
  });

  it('writes check-in and check-out times with a plain space before AM/PM', async () => {
    const body = Body.parse((await search({})).body);
    expect(
      body.hotels.filter((h) => h.check_in_time).every((h) => /^\d{1,2}:\d{2} [AP]M$/.test(h.check_in_time!)),
    ).toBe(true);
  });

  it("links the same search on the maps service's own site, as the source gives it", async () => {
    const body = Body.parse((await search({ currency: 'EUR' })).body);
    const link = new URL(body.search_metadata.search_url);
    expect(link.protocol).toBe('https:');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      q: 'Paris',
      check_in_date: day(30),
      check_out_date: day(32),
      currency: 'EUR',
    });
  });

  it('returns hotel images that resolve to image bytes', async () => {
    const body = Body.parse((await search({})).body);
    const image = await fetch(body.hotels[0]!.images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('filters by min_rating, asking the source for its nearest rating filter', async () => {
    // Act
    const body = Body.parse((await search({ min_rating: '4.6' })).body);
    // Assess
    expect(body.hotels.every((h) => (h.rating?.value ?? 0) >= 4.6)).toBe(true);
    // The source's 4.5+ count is not a count of 4.6+: no total rather than a wrong one
    expect(body.total_count).toBeNull();
    const [sent] = api.sandbox.requests('maps_hotels').map((r) => new URLSearchParams(r.path.split('?')[1]));
    expect(sent!.get('rating')).toBe('9');
  });

  it('prices respond to adults', async () => {
    const two = pricedOnly(Body.parse((await search({ adults: '2' })).body).hotels)[0]!;
    const four = Body.parse((await search({ adults: '4' })).body).hotels.find(
      (h) => h.hotel_id === two.hotel_id,
    )!;
    expect(four.price.current).toBeGreaterThan(two.price.current);
  });

  it.each([
    [{ check_in: '10/06/2027' }, 'INVALID_DATE_FORMAT'],
    [{ check_out: '2027-06-31' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: day(-2), check_out: day(1) }, 'PAST_DATES'],
    [{ check_in: day(40), check_out: day(40) }, 'INVALID_DATES'],
    [{ adults: '11' }, 'INVALID_PARAMETERS'],
    [{ children: '11' }, 'INVALID_PARAMETERS'],
    [{ min_rating: '0.5' }, 'INVALID_PARAMETERS'],
    [{ min_rating: '5.5' }, 'INVALID_PARAMETERS'],
    [{ currency: 'EURO' }, 'INVALID_CURRENCY'],
    [{ location: '' }, 'INVALID_PARAMETERS'],
  ])('answers 400 for %j with %s', async (qs, code) => {
    const res = await search(qs);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body.error_code).toBe(code);
  });

  it('answers 404 NO_RESULTS rather than an empty success', async () => {
    const res = await search({ location: 'Atlantis' });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
  });

  it.each([
    ['refused (401)', 'wrong-key-4711', 'the API key was refused (HTTP 401)'],
    ['out of searches (429)', 'sandbox-out-of-searches', 'run out of searches (HTTP 429)'],
  ])(
    'answers 502 UPSTREAM_ERROR naming the cause, never the key, when the SERP API key is %s',
    async (_case, key, cause) => {
      // Prepare: the key as a deployment gives it, a secret reference resolved from the environment
      const providers: Providers = api.sandbox.providers();
      providers.maps_hotels = { ...providers.maps_hotels!, params: { api_key: { secret: 'serp_api_key' } } };
      useProviders(providers);
      process.env[secretVariable('serp_api_key')] = key;
      try {
        // Act
        const res = await search({});
        // Assess
        expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
        expect(res.body.detail).toContain(cause);
        expect(res.text).not.toContain(key);
        expectDocumented(routes.mapsHotelsSearch, res.status, res.headers.get('content-type'), res.body);
      } finally {
        delete process.env[secretVariable('serp_api_key')];
      }
    },
  );

  it('answers 503 UPSTREAM_UNAVAILABLE with Retry-After when the source limits the throughput', async () => {
    api.sandbox.inject('maps_hotels', { kind: 'rate-limit', retryAfter: 40 });
    const res = await search({});
    expect([res.status, res.body.error_code, res.headers.get('retry-after')]).toEqual([
      503,
      'UPSTREAM_UNAVAILABLE',
      '40',
    ]);
  });

  it('answers 502 UPSTREAM_ERROR on an upstream error', async () => {
    api.sandbox.inject('maps_hotels', { kind: 'status', status: 500 });
    const res = await search({});
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('UPSTREAM_ERROR');
  });
});

const stay = { check_in: day(30), check_out: day(32) };
const info = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/maps_hotels/info?${new URLSearchParams({ ...stay, ...qs })}`, headers);
const photos = (qs: Record<string, string>) => api.get(`/v1/maps_hotels/photos?${new URLSearchParams(qs)}`);

describe('maps_hotels search → info and photos of the first hotel_id', () => {
  it('info agrees with search: same name, coordinates and price for the same stay', async () => {
    // Prepare
    const first = pricedOnly(Body.parse((await search({ currency: 'EUR' })).body).hotels).find(
      (h) => h.location.latitude !== null,
    )!;
    // Act
    const res = await info({ hotel_id: first.hotel_id, currency: 'EUR' });
    // Assess
    expect(res.status).toBe(200);
    const body = MapsHotelInfoResponse.strict().parse(res.body);
    expect(body).toMatchObject({ success: true, query: null, ...stay });
    expect(body.hotel).toMatchObject({
      hotel_id: first.hotel_id,
      name: first.name,
      location: { latitude: first.location.latitude, longitude: first.location.longitude },
      total_rate: { lowest_value: first.price.current },
      stars: first.stars,
    });
    expect(body.hotel.address).toEqual(expect.any(String));
    expect(body.hotel.prices.length).toBeGreaterThan(0);
    const own = getWorld().hotels.find((h) => h.name === first.name)!.officialWebsite;
    expect(body.hotel.prices.filter((p) => p.is_official).map((p) => p.source)).toEqual(
      own ? [first.name] : [],
    );
    expect(body.hotel.link).toBe(own ?? null);
    expect(body.hotel.nearby_places).toContainEqual({
      name: expect.stringContaining('Old Town'),
      category: 'Landmark',
      transport_time: null,
    });
    expect(body.hotel.images.length).toBeGreaterThan(0);
    expect(body.hotel.check_in_time).not.toMatch(/\u202f/);
  });

  it('photos of the first hotel_id: original size with thumbnails, total counting them, images that resolve', async () => {
    // Prepare
    const first = Body.parse((await search({})).body).hotels[0]!;
    // Act
    const res = await photos({ hotel_id: first.hotel_id });
    // Assess
    expect(res.status).toBe(200);
    const body = MapsHotelPhotosResponse.strict().parse(res.body);
    expect(body.hotel_id).toBe(first.hotel_id);
    expect(body.total).toBe(body.photos.length);
    expect(body.total).toBeGreaterThan(0);
    expect(body.photos.every((p) => p.url !== p.thumbnail_url)).toBe(true);
    const image = await fetch(body.photos[0]!.url);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // The source needs a stay: tomorrow, one night, when none is given.
    const [sent] = api.sandbox
      .requests('maps_hotels')
      .map((r) => new URLSearchParams(r.path.split('?')[1]))
      .filter((q) => q.has('property_token'));
    expect([sent!.get('check_in_date'), sent!.get('check_out_date')]).toEqual([day(1), day(2)]);
  });

  it("info by query finds the hotel by its name, and follows a place's list to its first property", async () => {
    // Prepare
    const first = Body.parse((await search({})).body).hotels[0]!;
    // Act
    const byName = MapsHotelInfoResponse.parse((await info({ query: first.name })).body);
    const byPlace = await info({ query: 'Paris' });
    // Assess
    expect([byName.query, byName.hotel.hotel_id, byName.hotel.name]).toEqual([
      first.name,
      first.hotel_id,
      first.name,
    ]);
    expect(byPlace.status).toBe(200);
    expect(MapsHotelInfoResponse.parse(byPlace.body).hotel.address).toEqual(expect.any(String));
  });

  it('answers 400 MISSING_HOTEL without or with both of hotel_id and query, and the stay errors', async () => {
    for (const [qs, code] of [
      [{}, 'MISSING_HOTEL'],
      [{ hotel_id: 'ChkIx', query: 'Paris' }, 'MISSING_HOTEL'],
      [{ query: 'Paris', check_in: '2030-13-01' }, 'INVALID_DATE_FORMAT'],
      [{ query: 'Paris', check_in: day(-2) }, 'PAST_DATES'],
      [{ query: 'Paris', check_out: day(29) }, 'INVALID_DATES'],
      [{ query: 'Paris', check_out: day(61) }, 'INVALID_DATES'],
    ] as const) {
      const res = await info(qs);
      expect([res.status, res.body.error_code]).toEqual([400, code]);
      expectDocumented(routes.mapsHotelsInfo, res.status, res.headers.get('content-type'), res.body);
    }
    expect(api.sandbox.requests('maps_hotels')).toHaveLength(0);
  });

  it('answers 400 INVALID_HOTEL_ID for a malformed hotel_id, and the stay errors on photos, asking nothing', async () => {
    const token = 'ChkIaDExMTI1007790';
    for (const [res, route, code] of [
      [await info({ hotel_id: '<script>' }), routes.mapsHotelsInfo, 'INVALID_HOTEL_ID'],
      [await info({ hotel_id: 'ChkI aDEx' }), routes.mapsHotelsInfo, 'INVALID_HOTEL_ID'],
      [await photos({ hotel_id: 'ChkI/aDEx+' }), routes.mapsHotelsPhotos, 'INVALID_HOTEL_ID'],
      [
        await photos({ hotel_id: token, check_in: day(30), check_out: day(61) }),
        routes.mapsHotelsPhotos,
        'INVALID_DATES',
      ],
      [
        await photos({ hotel_id: token, check_in: day(30), check_out: day(30) }),
        routes.mapsHotelsPhotos,
        'INVALID_DATES',
      ],
      [
        await photos({ hotel_id: token, check_in: day(-1), check_out: day(1) }),
        routes.mapsHotelsPhotos,
        'PAST_DATES',
      ],
      [
        await photos({ hotel_id: token, check_in: '2030-6-1', check_out: day(31) }),
        routes.mapsHotelsPhotos,
        'INVALID_DATE_FORMAT',
      ],
    ] as const) {
      expect([res.status, res.body.error_code]).toEqual([400, code]);
      expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
    }
    expect(api.sandbox.requests('maps_hotels')).toHaveLength(0);
  });

  it('photos without dates ask the source for the next night; 30 nights are accepted', async () => {
    // Prepare
    const first = Body.parse((await search({})).body).hotels[0]!;
    api.sandbox.resetLog();
    // Act
    const none = await photos({ hotel_id: first.hotel_id });
    const month = await photos({ hotel_id: first.hotel_id, check_in: day(40), check_out: day(70) });
    // Assess
    expect([none.status, month.status]).toEqual([200, 200]);
    const sent = api.sandbox
      .requests('maps_hotels')
      .map((r) => new URLSearchParams(r.path.split('?')[1]))
      .map((q) => [q.get('check_in_date'), q.get('check_out_date')]);
    expect(sent).toEqual([
      [day(1), day(2)],
      [day(40), day(70)],
    ]);
  });

  it.each([
    ['check_in alone', { check_in: day(40) }, 'check_out'],
    ['check_out alone', { check_out: day(41) }, 'check_in'],
  ])(
    'answers photos for %s with 400 INVALID_PARAMETERS naming the other date, asking nothing',
    async (_case, dates, missing) => {
      // Prepare
      api.sandbox.resetLog();
      // Act
      const res = await photos({ hotel_id: 'ChkIaDExMTI1007790', ...dates });
      // Assess
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
      expect(res.body.errors).toEqual([expect.objectContaining({ parameter: missing, in: 'query' })]);
      expectDocumented(routes.mapsHotelsPhotos, res.status, res.headers.get('content-type'), res.body);
      expect(api.sandbox.requests('maps_hotels')).toHaveLength(0);
    },
  );

  it('answers 404 HOTEL_NOT_FOUND for a hotel_id or name the service does not know', async () => {
    const unknownId = await info({ hotel_id: 'ChkIbm8tc3VjaC1ob3RlbA' });
    const unknownName = await info({ query: 'Nowhere Inn Atlantis' });
    const noPhotos = await photos({ hotel_id: 'ChkIbm8tc3VjaC1ob3RlbA' });
    for (const [res, route] of [
      [unknownId, routes.mapsHotelsInfo],
      [unknownName, routes.mapsHotelsInfo],
      [noPhotos, routes.mapsHotelsPhotos],
    ] as const) {
      expect([res.status, res.body.error_code]).toEqual([404, 'HOTEL_NOT_FOUND']);
      expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
    }
  });
});

describe('GET /v1/maps_hotels/health', () => {
  it('answers healthy without a key, and makes no upstream call', async () => {
    const res = await api.get('/v1/maps_hotels/health', {});
    expect([res.status, res.body]).toEqual([200, { status: 'healthy', provider: 'maps_hotels' }]);
    expect(api.sandbox.requests('maps_hotels')).toHaveLength(0);
  });

  it("is not counted: more calls than a free key's day, the key's quota untouched", async () => {
    // Prepare: a free key has 10 calls a day
    const key = api.addKey('free');
    // Act
    const checks = [];
    for (let i = 0; i < 11; i++) checks.push(await api.get('/v1/maps_hotels/health', { 'x-api-key': key }));
    const counted = await api.get(
      `/v1/rental/listing/extract-id?url=${encodeURIComponent('https://www.rental.test/rooms/40000001')}`,
      { 'x-api-key': key },
    );
    // Assess
    expect(checks.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect([counted.status, counted.headers.get('x-ratelimit-remaining')]).toEqual([200, '9']);
  });

  it("answers 503 degraded with the reason when the deployment's PROVIDERS leaves maps_hotels out", async () => {
    // Prepare
    const others = api.sandbox.providers();
    delete others.maps_hotels;
    useProviders(others);
    // Act
    const res = await api.get('/v1/maps_hotels/health', {});
    // Assess
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'degraded',
      provider: 'maps_hotels',
      detail: expect.stringContaining('not configured'),
    });
    expectDocumented(routes.mapsHotelsHealth, res.status, res.headers.get('content-type'), res.body);
  });

  it.each([
    ['without maps_hotels', { site_a: { baseUrl: 'https://www.site-a.test', hosts: [] } }, {}, 503],
    ['without its secret', { maps_hotels: SERP }, {}, 503],
    ['with it and its secret', { maps_hotels: SERP }, { [secretVariable('serp_api_key')]: 'k-1' }, 200],
  ] as const)(
    'reads the PROVIDERS variable of a fresh instance %s, with no key and no call',
    (_name, providers, secrets, status) => {
      // Act: the handler on its own, as a deployed instance starts, no sandbox running
      const script = `
        const { handler } = await import(${JSON.stringify(HEALTH_HANDLER)});
        const { apiEvent, lambdaContext } = await import(${JSON.stringify(EVENTS)});
        const res = await handler(apiEvent({ path: '/v1/maps_hotels/health' }), lambdaContext());
        process.stdout.write(JSON.stringify(res));`;
      const out = execFileSync(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
        {
          env: {
            PATH: process.env.PATH,
            LOG_LEVEL: 'silent',
            PROVIDERS: JSON.stringify(providers),
            ...secrets,
          },
        },
      );
      const res = JSON.parse(String(out)) as { statusCode: number; body: string };
      const body = JSON.parse(res.body);
      // Assess
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(body).toEqual({ status: 'healthy', provider: 'maps_hotels' });
      else {
        expect(body).toMatchObject({
          status: 'degraded',
          provider: 'maps_hotels',
          error_code: 'SOURCE_NOT_CONFIGURED',
        });
        expect(body.detail).toMatch(/not configured|serp_api_key is not set/);
      }
    },
  );
});
