// GET /v1/maps_hotels/search against the sandbox's SERP-format hotel search.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { MapsHotelsResponse } from '../../functions/maps-hotels/search.ts';
import { FX } from '../../infra/sandbox/prices.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { MapsHotel } from '../../shared/schemas/maps-hotels.ts';
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
const path = (qs: Record<string, string>) =>
  `/v1/maps_hotels/search?${new URLSearchParams({ location: 'Paris', check_in: day(30), check_out: day(32), ...qs })}`;
const search = (qs: Record<string, string>, headers?: Record<string, string>) => api.get(path(qs), headers);
const Body = z.strictObject({
  location: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  hotels: z.array(MapsHotel.strict()).min(1),
  total_count: z.number().int(),
  search_metadata: z.strictObject({ search_url: z.string(), datetime: z.iso.datetime() }),
});

describe('GET /v1/maps_hotels/search', () => {
  it('returns hotels in the documented shape, with no success field', async () => {
    const res = await search({ currency: 'eur' });
    expect(res.status).toBe(200);
    MapsHotelsResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(body.total_count).toBe(body.hotels.length);
    expect(body.hotels.every((h) => h.price.currency === 'EUR')).toBe(true);
    expect(body.hotels.some((h) => h.is_paid)).toBe(true);
    for (const h of body.hotels) {
      expect(h.price.max_price).toBeGreaterThanOrEqual(h.price.current);
      expect(h.price.price_per_night).toBeCloseTo(h.price.current / 2, 1);
    }
  });

  it('prices in the currency asked for: SEK amounts, not USD amounts labelled SEK', async () => {
    // Act
    const usd = Body.parse((await search({ currency: 'USD' })).body).hotels;
    const sek = Body.parse((await search({ currency: 'sek' })).body).hotels;
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

  it("gives each hotel's address from the source", async () => {
    const body = Body.parse((await search({})).body);
    const paris = new Set(
      getWorld()
        .hotels.filter((h) => h.city.name === 'Paris')
        .map((h) => h.name),
    );
    for (const h of body.hotels) {
      expect(paris.has(h.name)).toBe(true);
      expect(h.location.address).toMatch(/^\d+ [A-Z][a-z]+ [A-Z][a-z]+, Paris, France$/);
    }
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

  it('filters by min_rating', async () => {
    const body = Body.parse((await search({ min_rating: '4.5' })).body);
    expect(body.hotels.every((h) => h.rating.value >= 4.5)).toBe(true);
  });

  it('prices respond to adults', async () => {
    const two = Body.parse((await search({ adults: '2' })).body).hotels[0]!.price.current;
    const four = Body.parse((await search({ adults: '4' })).body).hotels[0]!.price.current;
    expect(four).toBeGreaterThan(two);
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

  it('answers 502 UPSTREAM_ERROR on an upstream error', async () => {
    api.sandbox.inject('maps_hotels', { kind: 'status', status: 500 });
    const res = await search({});
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('UPSTREAM_ERROR');
  });
});
