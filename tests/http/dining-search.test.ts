// dining search → slots and availability of its restaurants, against the sandbox: the exact-time yes/no
// agrees with the slots, paging, price bands, a closed day, and the documented errors.
import { describe, expect, it } from '@jest/globals';
import { DiningAvailabilityResponse } from '../../functions/dining/availability.ts';
import { DiningSearchResponse } from '../../functions/dining/search.ts';
import {
  closedOn,
  FIRST_RESTAURANT_ID,
  restaurant,
  RESTAURANTS_PER_CITY,
} from '../../infra/sandbox/sites/dining.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

/** A day at least three weeks ahead that is a Monday (or not). */
function dayThat(monday: boolean): string {
  for (let offset = 21; ; offset++)
    if ((new Date(`${day(offset)}T00:00:00Z`).getUTCDay() === 1) === monday) return day(offset);
}
const DATE = dayThat(false);
const HOME = restaurant(FIRST_RESTAURANT_ID)!;
const near = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    latitude: String(HOME.latitude),
    longitude: String(HOME.longitude),
    date: DATE,
    time: '19:30',
    party_size: '2',
    ...extra,
  });
const search = (qs: URLSearchParams | string) => api.get(`/v1/dining/search?${qs}`);
const slots = (id: number, time: string, date = DATE) =>
  api.get(`/v1/dining/restaurants/${id}/availability/slots?date=${date}&preferred_time=${time}&party_size=2`);
const availability = (id: number | string, time: string, date = DATE, party = '2') =>
  api.get(`/v1/dining/restaurants/${id}/availability?date=${date}&time=${time}&party_size=${party}`);
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('dining search → slots and availability', () => {
  it('leads from search to the first restaurant: yes for a time its slots list, no for one they do not', async () => {
    // Act
    const found = await search(near());
    const first = found.body.restaurants[0].restaurant_id as number;
    const listed = (await slots(first, '19:30')).body.slots as string[];
    const yes = await availability(first, listed[0]!);
    const offGrid = hhmm(minutes(listed[0]!) + 7);
    const no = await availability(first, offGrid);
    // Assess
    expect(found.status).toBe(200);
    DiningSearchResponse.strict().parse(found.body);
    expect(listed.length).toBeGreaterThan(0);
    expect(yes.status).toBe(200);
    DiningAvailabilityResponse.strict().parse(yes.body);
    expect(yes.body).toEqual({
      success: true,
      restaurant_id: first,
      date: DATE,
      time: listed[0],
      party_size: 2,
      available: true,
      nearest_slots: [],
    });
    expect(no.body).toMatchObject({ available: false, time: offGrid });
    expect(no.body.nearest_slots.length).toBeGreaterThan(0);
    expect(no.body.nearest_slots.length).toBeLessThanOrEqual(4);
    expect(no.body.nearest_slots).toContain(listed[0]);
  });

  it('finds the restaurants the slots already serve, each answering slots and availability', async () => {
    // Act
    const found = await search(near());
    const ids = found.body.restaurants.map((r: { restaurant_id: number }) => r.restaurant_id) as number[];
    const answers = await Promise.all(
      ids.map(async (id) => [await slots(id, '19:30'), await availability(id, '19:30')]),
    );
    // Assess
    expect(ids).toContain(FIRST_RESTAURANT_ID);
    for (const [s, a] of answers) {
      expect(s!.status).toBe(200);
      expect(a!.status).toBe(200);
      expect(a!.body.available).toBe((s!.body.slots as string[]).includes('19:30'));
    }
  });

  it('lists each restaurant as the source does: its place, band and page, nearest first', async () => {
    // Act
    const res = await search(near());
    // Assess
    const first = res.body.restaurants[0];
    expect(first).toMatchObject({
      restaurant_id: HOME.id,
      name: HOME.name,
      cuisine: HOME.cuisine,
      price_band: HOME.band.priceBandId,
      latitude: HOME.latitude,
      longitude: HOME.longitude,
      url: `https://www.dining.test/r/${HOME.slug}`,
      features: {
        takeout: HOME.takeout,
        private_dining: HOME.privateDining,
        online_ordering: HOME.orderOnline,
      },
    });
    expect(res.body.total).toBe(res.body.restaurants.length);
  });
});

describe('GET /v1/dining/search paging and filters', () => {
  it('pages with offset and limit, page_info saying whether more follow', async () => {
    // Act
    const all = await search(near());
    const page1 = await search(near({ limit: '2' }));
    const page2 = await search(near({ limit: '2', offset: '2' }));
    const last = await search(near({ limit: '2', offset: String(all.body.total - 1) }));
    // Assess
    const ids = (r: typeof all) => r.body.restaurants.map((x: { restaurant_id: number }) => x.restaurant_id);
    expect(page1.body.page_info).toEqual({ offset: 0, limit: 2, has_more: true });
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(all).slice(0, 4));
    expect(last.body.page_info).toEqual({ offset: all.body.total - 1, limit: 2, has_more: false });
    expect(last.body.restaurants).toHaveLength(1);
  });

  it('keeps only the price bands asked for, repeated or comma-separated', async () => {
    // Prepare
    const bands = [1, 2];
    // Act
    const repeated = await search(`${near()}&prices=1&prices=2`);
    const commas = await search(near({ prices: '1,2' }));
    const all = await search(near());
    // Assess
    const cheap = all.body.restaurants.filter((r: { price_band: number }) => bands.includes(r.price_band));
    for (const res of [repeated, commas]) {
      if (cheap.length === 0) expect(res.status).toBe(404);
      else expect(res.body.restaurants).toEqual(cheap);
    }
    const sent = api.sandbox
      .requests('dining')
      .map((r) => r.path)
      .filter((p) => p.startsWith('/s'));
    expect(sent.some((p) => p.includes('priceBandIds%5B%5D=1&priceBandIds%5B%5D=2'))).toBe(true);
  });

  it.each([
    ['an offset past the end', { offset: '500' }],
    ['a point with no restaurant near', { latitude: '-60', longitude: '-140' }],
  ])('answers 404 NO_RESULTS for %s', async (_case, extra) => {
    // Act
    const res = await search(near(extra));
    // Assess
    expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expectDocumented(routes.diningSearch, res.status, res.headers.get('content-type'), res.body);
  });

  it.each([
    [{ time: '7pm' }, 400, 'INVALID_TIME_FORMAT'],
    [{ date: '2030/06/10' }, 400, 'INVALID_DATE_FORMAT'],
    [{ date: day(-1) }, 400, 'PAST_DATE'],
    // The addendum's validation error (400), which names no exception for search.
    [{ latitude: '91' }, 400, 'INVALID_PARAMETERS'],
    [{ party_size: '31' }, 400, 'INVALID_PARAMETERS'],
    [{ prices: '5' }, 400, 'INVALID_PARAMETERS'],
    [{ limit: '51' }, 400, 'INVALID_PARAMETERS'],
  ])('answers %j with %i %s', async (extra, status, code) => {
    // Act
    const res = await search(near(extra));
    // Assess
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.diningSearch, res.status, res.headers.get('content-type'), res.body);
  });
  it.each([
    ['one value', near({ prices: '5' })],
    ['a repeated value', `${near()}&prices=3&prices=5`],
    ['a comma-separated value', near({ prices: '3,5' })],
  ])('names prices, not an index into its values, for a bad price band as %s', async (_case, qs) => {
    // Act
    const res = await search(qs);
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'prices', in: 'query' })]);
    expect(res.body.detail).toMatch(/^Invalid parameters: prices /);
  });
});

describe('GET /v1/dining/restaurants/{restaurant_id}/availability', () => {
  it('says no, with no nearest times, on a day the restaurant has no times (noTimesReasons)', async () => {
    // Prepare: the last restaurant of each city closes on Mondays
    const closed = FIRST_RESTAURANT_ID + RESTAURANTS_PER_CITY - 1;
    const monday = dayThat(true);
    expect(closedOn(closed, monday)).toBe(true);
    // Act
    const res = await availability(closed, '19:30', monday);
    const times = await slots(closed, '19:30', monday);
    // Assess
    expect(res.body).toMatchObject({ available: false, nearest_slots: [] });
    expect(times.body).toEqual({ success: true, slots: [] });
  });

  it('answers 404 RESTAURANT_NOT_FOUND for a restaurant the service does not have', async () => {
    const res = await availability(42, '19:30');
    expect([res.status, res.body.error_code]).toEqual([404, 'RESTAURANT_NOT_FOUND']);
    expectDocumented(routes.diningAvailability, res.status, res.headers.get('content-type'), res.body);
  });

  it.each([
    ['0', '19:30', '2', 422, 'INVALID_PARAMETERS'],
    ['10001', '19:30', '0', 422, 'INVALID_PARAMETERS'],
    ['10001', '24:00', '2', 400, 'INVALID_TIME_FORMAT'],
  ])('answers restaurant %s at %s for %s with %i %s', async (id, time, party, status, code) => {
    const res = await availability(id, time, DATE, party);
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.diningAvailability, res.status, res.headers.get('content-type'), res.body);
  });
});
