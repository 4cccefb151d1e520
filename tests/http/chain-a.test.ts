// GET /v1/chain_a/rooms against the sandbox: shape, arithmetic, empty availability and every error row.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { ChainARoomsResponse } from '../../functions/chain-a/rooms.ts';
import type { Fault } from '../../infra/sandbox/server.ts';
import { billingCurrency, nightsOf, soldOut } from '../../infra/sandbox/prices.ts';
import {
  offerTotalsOnly,
  rewardTotalRate,
  SANDBOX_WEB_KEY,
  soldOutAsError,
} from '../../infra/sandbox/sites/chain-a.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { RoomType } from '../../shared/schemas/chain-a.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const Body = z.strictObject({
  success: z.literal(true),
  hotel_code: z.string(),
  currency: z.string(),
  brand_code: z.string(),
  country_code: z.string().length(2),
  total: z.number().int(),
  room_types: z.array(RoomType.strict()),
});
const rooms = (qs: Record<string, string>) => api.get(`/v1/chain_a/rooms?${new URLSearchParams(qs)}`);
const paris = () => getWorld().hotels.find((h) => h.hotelCode === 'ASPAR0')!;
/** A stay of `n` nights starting at least 30 days out on which the hotel is not sold out. */
function openStay(n: number): { check_in: string; check_out: string } {
  for (let offset = 30; ; offset++) {
    const stay = { check_in: day(offset), check_out: day(offset + n) };
    if (!nightsOf(stay.check_in, stay.check_out).some((x) => soldOut(paris(), x))) return stay;
  }
}

describe('GET /v1/chain_a/rooms', () => {
  it('returns room types with rates in the billing currency and consistent totals', async () => {
    const res = await rooms({ hotel_code: 'aspar0', ...openStay(2) });
    expect(res.status).toBe(200);
    ChainARoomsResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(Object.keys(res.body)).toEqual([
      'success',
      'hotel_code',
      'currency',
      'brand_code',
      'country_code',
      'total',
      'room_types',
    ]);
    expect(body).toMatchObject({
      hotel_code: 'ASPAR0',
      currency: 'EUR',
      brand_code: 'AS',
      country_code: 'FR',
    });
    expect(body.total).toBe(body.room_types.length);
    for (const room of body.room_types) {
      for (const rate of room.rates) {
        expect(rate.currency).toBe(body.currency);
        expect(rate.total).toBeCloseTo(rate.base_total! + rate.fees_taxes!, 2);
        expect(Math.abs(rate.per_night! - rate.base_total! / 2)).toBeLessThanOrEqual(0.0051); // rounded to cents
      }
      expect(room.rates.some((r) => r.is_member_rate)).toBe(true);
      expect(room.rates.some((r) => r.is_advance_purchase)).toBe(true);
      expect(room.reward_options.filter((o) => o.cash === null).length).toBeLessThanOrEqual(1);
      for (const o of room.reward_options) {
        expect(o.points_total).toBe(o.points * 2);
        // Points plus cash is in USD; a stay's cash fees are in the billing currency.
        if (o.cash !== null) expect(['USD', body.currency]).toContain(o.cash_currency);
      }
    }
  });

  it('prices respond to the number of nights and adults', async () => {
    const stay = openStay(3);
    const two = Body.parse((await rooms({ hotel_code: 'ASPAR0', ...stay, adults: '2' })).body);
    const three = Body.parse((await rooms({ hotel_code: 'ASPAR0', ...stay, adults: '3' })).body);
    const king = (b: z.infer<typeof Body>) =>
      b.room_types.find((r) => r.max_adults! >= 3)?.rates[0]?.total ?? 0;
    expect(king(three)).toBeGreaterThan(king(two));
  });

  it('answers 200 with an empty list when the stay is sold out', async () => {
    const h = paris();
    let offset = 30;
    while (!soldOut(h, day(offset))) offset++;
    const res = await rooms({ hotel_code: h.hotelCode!, check_in: day(offset), check_out: day(offset + 1) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 0, room_types: [] });
  });

  it.each([
    ['a closed property (200)', false],
    ['the error code CRS_50025 (400)', true],
  ])(
    'answers 200 with an empty list when chain_a answers a sold-out stay with %s',
    async (_case, asError) => {
      // Prepare
      const hotel = getWorld().hotels.find((h) => h.hotelCode && soldOutAsError(h) === asError)!;
      let offset = 30;
      while (!soldOut(hotel, day(offset))) offset++;
      // Act
      const res = await rooms({
        hotel_code: hotel.hotelCode!,
        check_in: day(offset),
        check_out: day(offset + 1),
      });
      // Assess
      expect(api.sandbox.requests('chain_a').map((r) => r.status)).toEqual([
        asError ? 400 : 200,
        asError ? 400 : 200,
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, total: 0, room_types: [] });
    },
  );

  it('derives base and fees of offers that carry only an offer-level total, and leaves packages out', async () => {
    // Prepare
    const hotel = getWorld().hotels.find((h) => h.hotelCode && offerTotalsOnly(h))!;
    const stay = (() => {
      for (let offset = 30; ; offset++)
        if (!soldOut(hotel, day(offset)) && !soldOut(hotel, day(offset + 1)))
          return { check_in: day(offset), check_out: day(offset + 2) };
    })();
    // Act
    const res = await rooms({ hotel_code: hotel.hotelCode!, ...stay });
    // Assess
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    const rates = body.room_types.flatMap((r) => r.rates);
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      expect(rate.base_total).not.toBeNull();
      expect(rate.fees_taxes).not.toBeNull();
      expect(rate.total).toBeCloseTo(rate.base_total! + rate.fees_taxes!, 2);
      expect(rate.per_night).toBeCloseTo(rate.base_total! / 2, 2);
    }
    expect(rates.map((r) => r.rate_plan_code)).not.toContain('SXPKG');
    expect(rates.filter((r) => r.is_advance_purchase).map((r) => r.rate_plan_code)).toEqual(
      expect.arrayContaining(['SXADV']),
    );
  });

  it('gives a points-only option cash null when chain_a attaches a totalRate to its reward offers', async () => {
    // Prepare
    const hotel = getWorld().hotels.find(
      (h) => h.hotelCode && rewardTotalRate(h) && billingCurrency(h) !== 'USD',
    )!;
    let offset = 30;
    while (soldOut(hotel, day(offset))) offset++;
    // Act
    const res = await rooms({
      hotel_code: hotel.hotelCode!,
      check_in: day(offset),
      check_out: day(offset + 1),
    });
    // Assess
    const body = Body.parse(res.body);
    const sent = api.sandbox.requests('chain_a').map((r) => r.body ?? '');
    expect(sent.some((b) => b.includes('IVANI'))).toBe(true);
    const options = body.room_types.flatMap((r) => r.reward_options);
    const pointsOnly = options.filter((o) => o.cash_currency === null);
    expect(pointsOnly.length).toBeGreaterThan(0);
    for (const o of pointsOnly) expect(o).toMatchObject({ cash: null, cash_total: null });
    // Cash comes only with points plus cash (in USD here), never in the billing currency from the totalRate.
    for (const o of options.filter((x) => x.cash !== null)) expect(o.cash_currency).toBe('USD');
    expect(body.room_types.flatMap((r) => r.rates.map((x) => x.rate_plan_code))).not.toContain('IVANI');
  });

  it.each([
    ['a stay of 31 nights', () => ({ check_in: day(10), check_out: day(41) })],
    ['a stay of 1,000 nights', () => ({ check_in: day(10), check_out: day(1010) })],
    ['a check-out in 9999', () => ({ check_in: day(10), check_out: '9999-12-30' })],
  ])('answers 400 INVALID_DATES for %s, with no upstream request', async (_case, dates) => {
    // Act
    const res = await rooms({ hotel_code: 'ASPAR0', ...dates() });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'INVALID_DATES', provider: 'chain_a' });
    expect(api.sandbox.requests('chain_a')).toEqual([]);
  });

  it.each([
    [{ check_in: '2027/06/10', check_out: '2027-06-12' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: '2027-02-30', check_out: '2027-03-02' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: () => day(10), check_out: 'tomorrow' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: () => day(-1), check_out: () => day(2) }, 'PAST_DATES'],
    [{ check_in: () => day(10), check_out: () => day(10) }, 'INVALID_DATES'],
    [{ check_in: () => day(10), check_out: () => day(9) }, 'INVALID_DATES'],
  ])('answers 400 for %j with %s', async (dates, code) => {
    const resolve = (v: string | (() => string)) => (typeof v === 'function' ? v() : v);
    const res = await rooms({
      hotel_code: 'ASPAR0',
      check_in: resolve(dates.check_in),
      check_out: resolve(dates.check_out),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({
      error_code: code,
      instance: '/v1/chain_a/rooms',
      provider: 'chain_a',
      correlation_id: expect.any(String),
    });
  });

  it('accepts today as check_in', async () => {
    const res = await rooms({ hotel_code: 'ASPAR0', check_in: day(0), check_out: day(1) });
    expect(res.status).toBe(200);
  });

  it.each([
    ['hotel_code', 'AB'],
    ['hotel_code', 'ABCDEFGHIJK'],
    ['adults', '0'],
    ['adults', '9'],
    ['children', '-1'],
    ['children', '7'],
    ['rooms', '0'],
    ['rooms', '10'],
  ])('answers 400 when %s=%s is out of bounds', async (name, value) => {
    const res = await rooms({ hotel_code: 'ASPAR0', ...openStay(1), [name]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: name })]);
  });

  it('answers 404 HOTEL_NOT_FOUND for an unknown code', async () => {
    const res = await rooms({ hotel_code: 'NOPE123', ...openStay(1) });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('HOTEL_NOT_FOUND');
  });

  it('applies one rooms rule to cash and points: per night for one room, stay totals for every room', async () => {
    // Prepare
    const stay = openStay(2);
    // Act
    const one = Body.parse((await rooms({ hotel_code: 'ASPAR0', ...stay, adults: '1', rooms: '1' })).body);
    const two = Body.parse((await rooms({ hotel_code: 'ASPAR0', ...stay, adults: '1', rooms: '2' })).body);
    // Assess
    const shared = two.room_types.filter((r) => one.room_types.some((o) => o.code === r.code));
    expect(shared.length).toBeGreaterThan(0);
    for (const room of shared) {
      const single = one.room_types.find((r) => r.code === room.code)!;
      room.rates.forEach((rate, i) => {
        const base = single.rates[i]!;
        expect(rate.base_total!).toBeCloseTo(2 * base.base_total!, 1);
        expect(rate.total!).toBeCloseTo(2 * base.total!, 1);
        expect(rate.per_night!).toBeCloseTo(base.per_night!, 1);
        expect(rate.per_night!).toBeCloseTo(rate.base_total! / 2 / 2, 2);
      });
      room.reward_options.forEach((option, i) => {
        const base = single.reward_options[i]!;
        expect(option.points).toBe(base.points);
        expect(option.points_total).toBe(2 * base.points_total!);
        expect(option.points_total).toBe(option.points * 2 * 2);
        if (option.cash !== null) {
          expect(option.cash_total!).toBeCloseTo(option.cash * 2 * 2, 2);
          expect(option.cash_total!).toBeCloseTo(2 * base.cash_total!, 1);
        }
      });
    }
  });

  it.each<[string, Fault]>([
    ['a malformed body', { kind: 'malformed' }],
    ['a changed layout', { kind: 'layout' }],
    ['values that drifted from the contract', { kind: 'contract-drift' }],
  ])(
    'answers 502 UPSTREAM_ERROR with upstream_status 200 when chain_a answers 200 with %s',
    async (_case, fault) => {
      // Prepare
      api.sandbox.inject('chain_a', fault);
      // Act
      const res = await rooms({ hotel_code: 'ASPAR0', ...openStay(1) });
      // Assess
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        error_code: 'UPSTREAM_ERROR',
        upstream_status: 200,
        provider: 'chain_a',
      });
      expectDocumented(routes.chainARooms, res.status, res.headers.get('content-type'), res.body);
    },
  );

  it('asks the offers API for cash rates and for reward nights, with the web-app key', async () => {
    // Prepare
    const stay = openStay(2);
    // Act
    const res = await rooms({ hotel_code: 'ASPAR0', ...stay, adults: '2', children: '1', rooms: '2' });
    // Assess
    expect(res.status).toBe(200);
    const sent = api.sandbox.requests('chain_a');
    expect(sent.map((r) => [r.method, r.path.split('?')[0], r.status])).toEqual([
      ['POST', '/availability/v3/hotels/offers', 200],
      ['POST', '/availability/v3/hotels/offers', 200],
    ]);
    expect(sent[0]!.path).toContain('fieldset=rateDetails%2CrateDetails.policies');
    const bodies = sent.map((r) => JSON.parse(r.body!));
    for (const body of bodies)
      expect(body).toMatchObject({
        startDate: stay.check_in,
        endDate: stay.check_out,
        hotelMnemonics: ['ASPAR0'],
        products: [
          {
            productCode: 'SR',
            quantity: 2,
            guestCounts: [
              { otaCode: 'AQC10', count: 2 },
              { otaCode: 'AQC8', count: 1 },
            ],
          },
        ],
      });
    expect(bodies.map((b) => b.rates ?? null)).toEqual(
      expect.arrayContaining([null, { ratePlanCodes: [{ internal: 'IVANI' }] }]),
    );
  });

  it('answers 502 UPSTREAM_ERROR with upstream_status 403 when the web-app key is missing or refused', async () => {
    // Prepare
    const providers = api.sandbox.providers();
    const direct = await fetch(
      `${api.sandbox.url}/chain_a/availability/v3/hotels/offers?fieldset=rateDetails`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    );
    useProviders({
      ...providers,
      chain_a: { ...providers.chain_a!, headers: { 'x-chain-a-api-key': 'stale' } },
    });
    try {
      // Act
      const res = await rooms({ hotel_code: 'ASPAR0', ...openStay(1) });
      // Assess
      expect(direct.status).toBe(403);
      expect(providers.chain_a!.headers).toEqual({ 'x-chain-a-api-key': SANDBOX_WEB_KEY });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR', upstream_status: 403 });
    } finally {
      useProviders(providers);
    }
  });

  it('answers 502 UPSTREAM_ERROR with upstream_status when chain_a cannot complete the request', async () => {
    api.sandbox.inject('chain_a', { kind: 'status', status: 500 });
    const down = await rooms({ hotel_code: 'ASPAR0', ...openStay(1) });
    expect(down.body).toMatchObject({ status: 502, error_code: 'UPSTREAM_ERROR', upstream_status: 500 });
  });
});
