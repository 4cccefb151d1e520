// chain_b search against the sandbox when some of the per-hotel offers calls fail: one hotel's offers that
// cannot be read never fail the list (wave 3: only identity drops an entry); all of them failing does.
import { describe, expect, it } from '@jest/globals';
import { type Drift, observeDrift } from '../../shared/extraction/tolerant.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const search = (qs: Record<string, string>) => api.get(`/v1/chain_b/search?${new URLSearchParams(qs)}`);
const stay = (from: number) => ({
  destination_slug: 'paris-fr',
  check_in: day(from),
  check_out: day(from + 2),
  adults: '2',
  limit: '5',
});
type Hotel = { id: string; availability_status: string | null; best_offer: unknown };
const hotelsOf = (body: { hotels: Hotel[] }) => body.hotels;

describe('GET /v1/chain_b/search, per-hotel offers failing', () => {
  it('keeps a hotel whose offers answer is unreadable, with availability and best offer null', async () => {
    // Prepare: the hotels of the page, then one hotel's offers answer drifting out of shape
    const first = await search(stay(30));
    const ids = hotelsOf(first.body).map((h) => h.id);
    const broken = ids[1]!;
    api.sandbox.inject('chain_b', {
      kind: 'contract-drift',
      mode: 'retype',
      only: { path: '/bff/v1/graphql', body: `"hotelOffersHotelId":"${broken}"` },
    });
    const seen: Drift[] = [];
    const stop = observeDrift((d) => seen.push(d));
    // Act
    const res = await search(stay(40)).finally(stop);
    // Assess: an answer that could not be read is drift, counted
    expect(seen).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'data.hotelOffers', count: 1 }),
    );
    expect(res.status).toBe(200);
    const hotels = hotelsOf(res.body);
    expect(hotels.map((h) => h.id)).toEqual(ids);
    expect(hotels.find((h) => h.id === broken)).toMatchObject({
      availability_status: null,
      best_offer: null,
    });
    const others = hotels.filter((h) => h.id !== broken);
    expect(
      others.every((h) => h.availability_status === 'AVAILABLE' || h.availability_status === 'UNAVAILABLE'),
    ).toBe(true);
    expect(others.some((h) => h.best_offer !== null)).toBe(true);
  });

  it('keeps the other hotels priced when one offers call answers an HTTP error', async () => {
    // Prepare: the index answer cached, then the next offers call answering 404
    const first = await search(stay(30));
    api.sandbox.inject('chain_b', { kind: 'status', status: 404 }, 1);
    const seen: Drift[] = [];
    const stop = observeDrift((d) => seen.push(d));
    // Act
    const res = await search(stay(41)).finally(stop);
    // Assess
    expect(res.status).toBe(200);
    const hotels = hotelsOf(res.body);
    expect(hotels).toHaveLength(hotelsOf(first.body).length);
    expect(hotels.filter((h) => h.availability_status === null && h.best_offer === null)).toHaveLength(1);
    // The source failed; nothing in its format changed: no drift is counted
    expect(seen.filter((d) => d.field === 'data.hotelOffers')).toEqual([]);
  });

  it('does not keep a search with a hotel left unpriced: the next request asks that hotel again', async () => {
    // Prepare
    await search(stay(30));
    api.sandbox.inject('chain_b', { kind: 'status', status: 404 }, 1);
    await search(stay(42));
    api.sandbox.resetLog();
    // Act
    const again = await search(stay(42));
    // Assess
    expect(hotelsOf(again.body).every((h) => h.availability_status !== null)).toBe(true);
    expect(api.sandbox.requests('chain_b').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /bff/v1/graphql',
    ]);
  });

  it('answers 502 UPSTREAM_ERROR when every hotel offers answer is unreadable', async () => {
    // Prepare
    api.sandbox.inject('chain_b', {
      kind: 'contract-drift',
      mode: 'retype',
      only: { path: '/bff/v1/graphql' },
    });
    // Act
    const res = await search(stay(30));
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it('answers 503 with Retry-After when chain_b limits the rate of every offers call', async () => {
    // Prepare: the index answer cached, then every offers call rate-limited
    await search(stay(30));
    api.sandbox.inject('chain_b', { kind: 'rate-limit', retryAfter: 30 });
    // Act
    const res = await search(stay(43));
    // Assess
    expect([res.status, res.body.error_code]).toEqual([503, 'UPSTREAM_UNAVAILABLE']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('chain_b country_market', () => {
  const rooms = { hotel_id: '9WT3', check_in: day(30), check_out: day(32) };
  const calendar = { hotel_id: '9WT3', date_from: day(30), date_to: day(31) };
  it.each([
    ['ZZ', '/v1/chain_b/search', stay(30), 422],
    ['QQ', '/v1/chain_b/search', stay(30), 422],
    ['zz', '/v1/chain_b/hotel/rooms', rooms, 400],
    ['QQ', '/v1/chain_b/hotel/price-calendar', calendar, 400],
  ])(
    'refuses the market %s, which no country has, at %s with the validation error naming it',
    async (market, path, qs, status) => {
      // Act
      const res = await api.get(`${path}?${new URLSearchParams({ ...qs, country_market: market })}`);
      // Assess
      expect([res.status, res.body.error_code]).toEqual([status, 'INVALID_PARAMETERS']);
      expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'country_market' })]);
      expect(api.sandbox.requests('chain_b')).toHaveLength(0);
    },
  );

  it('asks chain_b for a market given in lower case, upper-cased', async () => {
    // Act
    const res = await search({ ...stay(30), limit: '1', country_market: 'fr' });
    // Assess
    expect(res.status).toBe(200);
    const offers = api.sandbox.requests('chain_b').filter((r) => r.path === '/bff/v1/graphql');
    expect(offers.map((r) => JSON.parse(r.body!).variables.countryMarket)).toEqual(['FR']);
  });
});
