// GET /v1/maps_hotels/search against the sandbox's SERP-format hotel search.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
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
const search = (qs: Record<string, string>) =>
  api.get(
    `/v1/maps_hotels/search?${new URLSearchParams({ location: 'Paris', check_in: day(30), check_out: day(32), ...qs })}`,
  );
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
    const body = Body.parse(res.body);
    expect(body.total_count).toBe(body.hotels.length);
    expect(body.hotels.every((h) => h.price.currency === 'EUR')).toBe(true);
    expect(body.hotels.some((h) => h.is_paid)).toBe(true);
    for (const h of body.hotels) {
      expect(h.price.max_price).toBeGreaterThanOrEqual(h.price.current);
      expect(h.price.price_per_night).toBeCloseTo(h.price.current / 2, 1);
    }
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
    [{ currency: 'EURO' }, 'INVALID_PARAMETERS'],
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
  });

  it('answers 502 on an upstream error', async () => {
    api.sandbox.inject('maps_hotels', { kind: 'status', status: 500 });
    expect((await search({})).status).toBe(502);
  });
});
