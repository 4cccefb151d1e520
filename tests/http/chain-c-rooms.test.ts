// chain_c loyalty rooms against the sandbox: every property_id loyalty search returns answers it, its
// prices agree with search's, and the rooms rule holds (per night of one room, totals of every room).
import { describe, expect, it } from '@jest/globals';
import { ChainCRoomsResponse } from '../../functions/chain-c/rooms.ts';
import { ChainCSearchResponse } from '../../functions/chain-c/search.ts';
import { FX } from '../../infra/sandbox/prices.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';
import { perNightFigures, ratePairs } from '../helpers/chain-c-rooms.ts';

const api = useTestServer();

const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);
const STAY = { check_in: day(30), check_out: day(33), adults: '2' };
const PARIS = { latitude: '48.8566', longitude: '2.3522' };
const rooms = async (qs: Record<string, string>) => {
  const res = await get('/v1/chain_c/loyalty/rooms', { ...STAY, ...qs });
  expect(res.status).toBe(200);
  return ChainCRoomsResponse.strict().parse(res.body);
};

/** A three-night stay on which loyalty search's first property is priced, and that property (rooms=1 unless said). */
async function pricedProperty(currency: string, rooms = '1') {
  for (let offset = 30; offset < 120; offset += 3) {
    const stay = { check_in: day(offset), check_out: day(offset + 3) };
    const res = await get('/v1/chain_c/loyalty/search', { ...PARIS, ...stay, adults: '2', rooms, currency });
    const hotel = ChainCSearchResponse.parse(res.body).hotels[0]!;
    if (hotel.price) return { stay, hotel };
  }
  throw new Error('no stay on which the first property is priced');
}

describe('GET /v1/chain_c/loyalty/rooms', () => {
  it("answers for the first property_id of loyalty search, its standard rate agreeing with search's price", async () => {
    for (const [currency, count] of [
      ['EUR', '1'],
      ['USD', '1'],
      ['EUR', '2'],
    ] as const) {
      // Prepare
      const { stay, hotel } = await pricedProperty(currency, count);
      // Act
      const body = await rooms({
        property_id: hotel.property_id.toLowerCase(),
        ...stay,
        currency,
        rooms: count,
      });
      // Assess
      expect([body.property_id, body.currency, body.total]).toEqual([
        hotel.property_id,
        currency,
        body.room_types.length,
      ]);
      const standard = body.room_types
        .flatMap((r) => r.rates)
        .filter((r) => !r.is_member_rate && r.per_night !== null);
      const cheapest = standard.reduce((a, b) => (b.per_night! < a.per_night! ? b : a));
      expect(cheapest.per_night).toBeCloseTo(hotel.price!.per_night, 2);
      expect(cheapest.total).toBeCloseTo(hotel.price!.total!, 1);
      // taxes_fees is what the total adds to the nights: search gives the same taxes and fees apart.
      expect(cheapest.taxes_fees).toBeCloseTo(hotel.price!.taxes! + hotel.price!.fees!, 1);
      expect(
        cheapest.points_per_night ??
          body.room_types[0]!.rates.find((r) => r.points_per_night)?.points_per_night,
      ).toBe(hotel.price!.points_per_night);
    }
  });

  it('answers 200 for every property_id of a loyalty search page, far and near', async () => {
    for (const centre of [PARIS, { latitude: '35.6762', longitude: '139.6503' }]) {
      // Prepare
      const res = await get('/v1/chain_c/loyalty/search', { ...centre, ...STAY });
      const hotels = ChainCSearchResponse.parse(res.body).hotels;
      // Act
      const answers = await Promise.all(hotels.map((h) => rooms({ property_id: h.property_id })));
      // Assess: an unbookable property has no room for the stay
      expect(answers.map((a) => a.property_id)).toEqual(hotels.map((h) => h.property_id));
      for (const [i, a] of answers.entries()) if (!hotels[i]!.bookable) expect(a.total).toBe(0);
    }
  });

  it('keeps the arithmetic: nightly cash × rooms + taxes_fees = total, points_total = points per night × nights × rooms', async () => {
    // Prepare
    const { stay, hotel } = await pricedProperty('EUR');
    for (const count of [1, 3]) {
      // Act
      const body = await rooms({
        property_id: hotel.property_id,
        ...stay,
        currency: 'EUR',
        rooms: String(count),
      });
      // Assess
      const rates = body.room_types.flatMap((r) => r.rates);
      expect(rates.some((r) => r.points_total !== null)).toBe(true);
      expect(rates.some((r) => r.cash_and_points !== null)).toBe(true);
      for (const r of rates) {
        expect(r.nightly_rates.map((n) => n.date)).toEqual([
          stay.check_in,
          day(0 + offsetOf(stay.check_in) + 1),
          day(offsetOf(stay.check_in) + 2),
        ]);
        if (r.total !== null) {
          const nightly = r.nightly_rates.reduce((sum, n) => sum + n.cash!, 0);
          expect(nightly * count + r.taxes_fees!).toBeCloseTo(r.total, 2);
          expect(r.per_night! * 3).toBeCloseTo(nightly, 1);
        }
        if (r.points_per_night !== null) expect(r.points_total).toBe(r.points_per_night * 3 * count);
      }
    }
  });

  it('doubles the stay totals for rooms=2 and leaves every per-night figure alone', async () => {
    // Prepare
    const { stay, hotel } = await pricedProperty('EUR');
    // Act
    const one = await rooms({ property_id: hotel.property_id, ...stay, currency: 'EUR', rooms: '1' });
    const two = await rooms({ property_id: hotel.property_id, ...stay, currency: 'EUR', rooms: '2' });
    // Assess
    const pairs = ratePairs(one, two);
    expect(pairs.length).toBeGreaterThan(0);
    for (const [a, b] of pairs) {
      expect(perNightFigures(b)).toEqual(perNightFigures(a));
      if (a.total !== null) expect(b.total).toBeCloseTo(a.total * 2, 2);
      if (a.taxes_fees !== null) expect(b.taxes_fees).toBeCloseTo(a.taxes_fees * 2, 1);
      if (a.points_total !== null) expect(b.points_total).toBe(a.points_total * 2);
    }
  });

  it("converts another currency at the site's own rate", async () => {
    // Prepare
    const { stay, hotel } = await pricedProperty('EUR');
    // Act
    const eur = await rooms({ property_id: hotel.property_id, ...stay, currency: 'EUR' });
    const gbp = await rooms({ property_id: hotel.property_id, ...stay, currency: 'gbp' });
    // Assess
    expect(gbp.currency).toBe('GBP');
    const [a, b] = [eur.room_types[0]!.rates[0]!, gbp.room_types[0]!.rates[0]!];
    expect(b.per_night! / a.per_night!).toBeCloseTo(FX.GBP! / FX.EUR!, 3);
    expect(
      api.sandbox.requests('chain_c').filter((r) => r.path.includes('phoenixShopADFConvertCurrencyQuery')),
    ).toHaveLength(1);
  });

  it('answers 200 with no room types and total 0 when no room is available for the exact dates', async () => {
    // Prepare: a stay search finds unbookable at the property
    for (let offset = 30; offset < 200; offset++) {
      const stay = { check_in: day(offset), check_out: day(offset + 1) };
      const res = await get('/v1/chain_c/loyalty/search', { ...PARIS, ...stay });
      const unbookable = ChainCSearchResponse.parse(res.body).hotels.find((h) => !h.bookable);
      if (!unbookable) continue;
      // Act
      const body = await rooms({ property_id: unbookable.property_id, ...stay });
      // Assess
      expect([body.total, body.room_types]).toEqual([0, []]);
      return;
    }
    throw new Error('no unbookable stay');
  });

  it('answers 400 INVALID_CURRENCY for a currency the site does not convert to, never amounts in another', async () => {
    // Prepare
    const { stay, hotel } = await pricedProperty('EUR');
    // Act
    const res = await get('/v1/chain_c/loyalty/rooms', {
      property_id: hotel.property_id,
      ...stay,
      currency: 'XAF',
    });
    // Assess
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_CURRENCY']);
  });

  it.each([
    [{ property_id: 'ZZZZZ' }, 404, 'PROPERTY_NOT_FOUND'],
    [{ property_id: 'TOYPA', check_out: day(62) }, 400, 'INVALID_DATES'],
    [{ property_id: 'TOYPA', check_out: day(30) }, 400, 'INVALID_DATES'],
    [{ property_id: 'TOYPA', check_in: day(-1) }, 400, 'PAST_DATES'],
    [{ property_id: 'TOYPA', rooms: '9' }, 400, 'INVALID_PARAMETERS'],
    [{ property_id: 'TOY-PA' }, 400, 'INVALID_PROPERTY_ID'],
    [{ property_id: 'TOYPA12345X' }, 400, 'INVALID_PROPERTY_ID'],
    [{ property_id: '' }, 400, 'INVALID_PROPERTY_ID'],
    [{}, 400, 'INVALID_PARAMETERS'],
    [{ property_id: 'TOYPA', adults: '11' }, 400, 'INVALID_PARAMETERS'],
    [{ property_id: 'TOYPA', check_in: '2030/06/10' }, 400, 'INVALID_DATE_FORMAT'],
  ])('answers %j with %i %s', async (qs, status, code) => {
    const res = await get('/v1/chain_c/loyalty/rooms', { ...STAY, ...qs });
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.chainCRooms, res.status, res.headers.get('content-type'), res.body);
  });
});

/** Days from today to a date. */
function offsetOf(date: string): number {
  return Math.round((Date.parse(date) - Date.parse(day(0))) / 86_400_000);
}
