// chain_b and chain_c searches against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { ChainBHotel } from '../../shared/schemas/chain-b.ts';
import { ChainCHotel } from '../../shared/schemas/chain-c.ts';
import { todayUtc } from '../../shared/schemas/params.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.resetUpstream());

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));
const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);

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

  it('searches by destination slug, nearest first, with the place and price range', async () => {
    const body = Body.parse(
      (await search({ destination_slug: 'paris-fr', check_in: day(30), check_out: day(32), adults: '2' }))
        .body,
    );
    expect(body.place.slug).toBe('paris-fr');
    expect(body.total).toBe(body.hotels.length);
    const distances = body.hotels.map((h) => h.distance_meters);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const h of body.hotels) {
      expect(h.distance_feet).toBe(Math.round(h.distance_meters * 3.28084));
      expect(h.availability_status).toBe(h.best_offer ? 'AVAILABLE' : 'UNAVAILABLE');
    }
    const nightly = body.hotels.flatMap((h) => (h.best_offer ? [h.best_offer.per_night] : []));
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

  it.each([[{}], [{ latitude: '48.85' }], [{ longitude: '2.35' }]])(
    'answers 400 MISSING_LOCATION for %j',
    async (qs) => {
      const res = await search(qs as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('MISSING_LOCATION');
    },
  );

  it.each([
    [{ latitude: '91', longitude: '0' }],
    [{ latitude: '0', longitude: '-181' }],
    [{ destination_slug: 'paris-fr', limit: '51' }],
    [{ destination_slug: 'paris-fr', radius_km: '201' }],
    [{ destination_slug: 'paris-fr', adults: '9' }],
  ])('answers 422 for out-of-range %j', async (qs) => {
    expect((await search(qs)).status).toBe(422);
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

  it('returns hotels with cash and points prices, total counting all matches', async () => {
    const body = Body.parse((await search({ limit: '1' })).body);
    expect(body.hotels).toHaveLength(1);
    expect(body.total).toBeGreaterThan(1);
    expect(body.page_info).toEqual({ offset: 0, limit: 1, has_more: true });
    const bookable = body.hotels.filter((h) => h.bookable);
    expect(bookable.every((h) => h.price.points_per_night > 0 && h.price.total > h.price.per_night)).toBe(
      true,
    );
  });

  it('sorts by price when asked', async () => {
    const prices = Body.parse((await search({ sort_by: 'PRICE' })).body)
      .hotels.filter((h) => h.bookable)
      .map((h) => h.price.per_night);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('answers 400 with type invalid-dates when check_out is not after check_in', async () => {
    const res = await search({ check_in: day(10), check_out: day(9) });
    expect(res.status).toBe(400);
    expect(res.body.type).toMatch(/\/errors\/invalid-dates$/);
  });

  it.each([
    [{ limit: '21' }],
    [{ adults: '11' }],
    [{ rooms: '9' }],
    [{ latitude: '100' }],
    [{ sort_by: 'RATING' }],
  ])('answers 400 for %j', async (qs) => {
    expect((await search(qs)).status).toBe(400);
  });

  it('answers 502 with type upstream-error when chain_c fails', async () => {
    api.sandbox.inject('chain_c', { kind: 'status', status: 500 });
    const res = await search({});
    expect(res.status).toBe(502);
    expect(res.body.type).toMatch(/\/errors\/upstream-error$/);
  });
});
