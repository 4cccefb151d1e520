// Every stay is bounded before a source sees it (issue #34): on every route whose example asks for a stay, a
// stay over 30 nights, a 1,000-night stay and a stay beyond the booking horizon answer 400 INVALID_DATES in
// the route's documented body, with no upstream request and nothing billed. The routes come from the
// manifest, so a new route with a stay is covered the day it lands.
import { describe, expect, it } from '@jest/globals';
import { routeList } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const stayRoutes = routeList.filter((r) => r.auth && /[?&]check_out=/.test(r.example ?? ''));

/** The route's example with its stay replaced. */
function withStay(example: string, checkIn: string, checkOut: string): string {
  return example
    .replace(/([?&]check_in=)[^&]*/, `$1${checkIn}`)
    .replace(/([?&]check_out=)[^&]*/, `$1${checkOut}`);
}

const STAYS: [string, string, string][] = [
  ['a 31-night stay', inDays(9), inDays(40)],
  ['a 1,000-night stay', inDays(9), inDays(1009)],
  ['a check-out in 9999', inDays(9), '9999-12-30'],
  ['a two-night stay in 9999', '9999-12-01', '9999-12-03'],
];

describe('stays the sources never see', () => {
  it('covers every priced-stay route of the manifest', () => {
    expect(stayRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/v1/site_a/search',
        '/v1/chain_a/rooms',
        '/v1/chain_b/search',
        '/v1/chain_b/hotel/rooms',
        '/v1/chain_c/loyalty/search',
        '/v1/chain_c/loyalty/rooms',
        '/v1/maps_hotels/info',
        '/v1/rental/listing/{listing_id}/details',
        '/v1/rental/listing/{listing_id}/pricing',
        '/v1/site_c/hotel/prices/{location_id}',
        '/v1/maps_hotels/search',
      ]),
    );
  });

  describe.each(stayRoutes.map((r) => [r.path, r] as const))('%s', (_path, route) => {
    it.each(STAYS)(
      'answers 400 INVALID_DATES for %s, asking no source and billing nothing',
      async (_c, a, b) => {
        // Prepare
        const key = api.addKey('free');
        // Act
        const res = await api.get(withStay(route.example!, a, b), { 'x-api-key': key });
        // Assess
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain('INVALID_DATES');
        expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
        expect(api.sandbox.requests()).toHaveLength(0);
        expect((await api.get('/v1/account/usage', { 'x-api-key': key })).body.used).toBe(0);
      },
    );
  });

  it('bounds the price calendar: a range whose last stay ends in 9999 is 400 INVALID_DATES', async () => {
    const res = await api.get(
      '/v1/chain_b/hotel/price-calendar?hotel_id=B7K2&date_from=9999-11-01&date_to=9999-11-05',
      { 'x-api-key': api.addKey('pro') },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('INVALID_DATES');
    expect(api.sandbox.requests()).toHaveLength(0);
  });
});
