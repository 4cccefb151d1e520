// GET /v1/chain_a/hotel/details and GET /v1/chain_a/search against the sandbox: the profile, the search
// near a point (nearest first, nightly prices, availability as the source says), the chain search →
// details → rooms, and every error row.
import { describe, expect, it } from '@jest/globals';
import type { Fault } from '../../infra/sandbox/server.ts';
import { nightsOf, soldOut } from '../../infra/sandbox/prices.ts';
import { profileWithoutContact } from '../../infra/sandbox/sites/chain-a-profiles.ts';
import { SANDBOX_WEB_KEY } from '../../infra/sandbox/sites/chain-a.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { ChainADetailsResponse } from '../../functions/chain-a/details.ts';
import { ChainARoomsResponse } from '../../functions/chain-a/rooms.ts';
import { ChainASearchResponse } from '../../functions/chain-a/search.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const get = (path: string, qs: Record<string, string>) => api.get(`${path}?${new URLSearchParams(qs)}`);
const details = (qs: Record<string, string>) => get('/v1/chain_a/hotel/details', qs);
const search = (qs: Record<string, string>) => get('/v1/chain_a/search', qs);
const hotel = (code: string) => getWorld().hotels.find((h) => h.hotelCode === code)!;
const PARIS = { latitude: '48.8566', longitude: '2.3522' };
/** A two-night stay from `offset` days out on which the hotel is open (or sold out, with `sold`). */
function stayFor(code: string, sold = false): { check_in: string; check_out: string } {
  for (let offset = 30; ; offset++) {
    const stay = { check_in: day(offset), check_out: day(offset + 2) };
    if (nightsOf(stay.check_in, stay.check_out).some((n) => soldOut(hotel(code), n)) === sold) return stay;
  }
}

describe('GET /v1/chain_a/hotel/details', () => {
  it('returns the profile of a hotel code, upper-cased, with its address, location and page', async () => {
    // Act
    const res = await details({ hotel_code: 'aspar0' });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainADetailsResponse.strict().parse(res.body);
    const h = hotel('ASPAR0');
    expect(body).toMatchObject({
      success: true,
      hotel_code: 'ASPAR0',
      name: h.name,
      brand: { code: 'AS', name: 'Aurelia Suites' },
      address: { city: h.city.name, country_code: 'FR', state: null },
      location: { latitude: h.latitude, longitude: h.longitude },
      url: expect.stringMatching(
        /^https:\/\/www\.chain-a\.test\/aureliasuites\/hotels\/fr\/en\/.+\/aspar0\/hoteldetail$/,
      ),
    });
    expect(body.description).toContain('Rooms & suites');
    expect(body.description).not.toMatch(/<|&amp;/);
    expect(body.room_count).toBeGreaterThan(0);
  });

  it.each([
    ['with', false],
    ['without', true],
  ])('reads phone and times from a profile %s its contact and policies blocks', async (_case, bare) => {
    // Prepare
    const h = getWorld().hotels.find((x) => x.hotelCode && profileWithoutContact(x) === bare)!;
    // Act
    const res = await details({ hotel_code: h.hotelCode! });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainADetailsResponse.parse(res.body);
    if (bare) expect(body).toMatchObject({ phone: null, check_in_time: null, check_out_time: null });
    else {
      expect(body.phone).toMatch(/^\+\d+ \d{3} \d{4}$/);
      expect(body.check_in_time).toBe('15:00');
      expect(['11:00', '12:00']).toContain(body.check_out_time);
    }
  });

  it('asks the profile API once, with the key, the fetch metadata and the fieldset', async () => {
    // Act
    await details({ hotel_code: 'ASPAR0' });
    // Assess
    const sent = api.sandbox.requests('chain_a');
    expect(sent.map((r) => [r.method, r.path.split('?')[0], r.status])).toEqual([
      ['GET', '/hotels/v1/profiles/ASPAR0/details', 200],
    ]);
    expect(new URLSearchParams(sent[0]!.path.split('?')[1]).get('fieldset')).toContain('profile,address');
  });

  it('answers 404 HOTEL_NOT_FOUND for a code chain_a does not know', async () => {
    // Act
    const res = await details({ hotel_code: 'NOPE123' });
    // Assess
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error_code: 'HOTEL_NOT_FOUND',
      provider: 'chain_a',
      product: 'details',
    });
  });

  it.each([[{}], [{ hotel_code: 'AB' }], [{ hotel_code: 'ABCDEFGHIJK' }], [{ hotel_code: 'AS-PAR0' }]])(
    'answers 400 INVALID_PARAMETERS naming hotel_code for %j',
    async (qs) => {
      // Act
      const res = await details(qs as Record<string, string>);
      // Assess
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'hotel_code' })]);
      expect(api.sandbox.requests('chain_a')).toEqual([]);
    },
  );

  it.each<[string, Fault]>([
    ['a malformed body', { kind: 'malformed' }],
    ['a changed layout', { kind: 'layout' }],
  ])('answers 502 UPSTREAM_ERROR, never 404, when the profile comes back as %s', async (_case, fault) => {
    // Prepare
    api.sandbox.inject('chain_a', fault);
    // Act
    const res = await details({ hotel_code: 'ASPAR0' });
    // Assess
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR' });
    expectDocumented(routes.chainAHotelDetails, res.status, res.headers.get('content-type'), res.body);
  });
});

describe('GET /v1/chain_a/search', () => {
  it('returns the hotels around a point nearest first, with nightly prices, named by the profiles', async () => {
    // Act
    const res = await search({ ...PARIS, radius_km: '100', ...stayFor('ASPAR0') });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainASearchResponse.strict().parse(res.body);
    expect(body.total).toBe(body.hotels.length);
    const distances = body.hotels.map((h) => h.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.hotels[0]).toMatchObject({
      hotel_code: 'ASPAR0',
      name: hotel('ASPAR0').name,
      brand: { code: 'AS', name: 'Aurelia Suites' },
      availability: 'AVAILABLE',
      currency: 'EUR',
      reward_night_available: expect.any(Boolean),
    });
    expect(body.hotels[0]!.distance_km).toBeLessThan(5);
  });

  it('gives the lowest nightly price of one room that rooms quotes for the stay, never a stay total', async () => {
    // Prepare
    const stay = stayFor('ASPAR0');
    // Act
    const found = ChainASearchResponse.parse((await search({ ...PARIS, ...stay, adults: '2' })).body);
    const rooms = ChainARoomsResponse.parse(
      (
        await api.get(
          `/v1/chain_a/rooms?${new URLSearchParams({ hotel_code: 'ASPAR0', ...stay, adults: '2' })}`,
        )
      ).body,
    );
    // Assess
    const lowest = Math.min(...rooms.room_types.flatMap((r) => r.rates.map((x) => x.per_night!)));
    const paris = found.hotels.find((h) => h.hotel_code === 'ASPAR0')!;
    expect(paris.lowest_per_night).toBeCloseTo(lowest, 2);
    const totals = rooms.room_types.flatMap((r) => r.rates.map((x) => x.base_total!));
    expect(totals).not.toContain(paris.lowest_per_night);
    const points = rooms.room_types.flatMap((r) =>
      r.reward_options.filter((o) => o.cash === null).map((o) => o.points),
    );
    if (points.length) expect(paris.lowest_points_per_night).toBe(Math.min(...points));
  });

  it('answers UNAVAILABLE, without prices, only for the hotels chain_a says are closed', async () => {
    // Prepare
    const stay = stayFor('ASPAR0', true);
    // Act
    const res = await search({ ...PARIS, ...stay });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainASearchResponse.parse(res.body);
    const paris = body.hotels.find((h) => h.hotel_code === 'ASPAR0')!;
    expect(paris).toMatchObject({
      availability: 'UNAVAILABLE',
      lowest_per_night: null,
      points_and_cash_per_night: null,
    });
    for (const h of body.hotels) expect(h.availability).not.toBeNull();
  });

  it('asks the offers API by coordinates (an array), then one batch of profiles', async () => {
    // Prepare
    const stay = stayFor('ASPAR0');
    // Act
    await search({ ...PARIS, ...stay, radius_km: '40', adults: '2', rooms: '2' });
    // Assess
    const sent = api.sandbox.requests('chain_a');
    expect(sent.map((r) => [r.method, r.path.split('?')[0], r.status])).toEqual([
      ['POST', '/availability/v3/hotels/offers', 200],
      ['POST', '/hotels/v1/profiles/details', 200],
    ]);
    expect(sent[0]!.path).toContain('fieldset=summary%2Csummary.rateRanges');
    expect(JSON.parse(sent[0]!.body!)).toMatchObject({
      geoLocation: [{ latitude: 48.8566, longitude: 2.3522 }],
      radius: 40,
      distanceUnit: 'KM',
      distanceType: 'STRAIGHT_LINE',
      startDate: stay.check_in,
      endDate: stay.check_out,
      products: [{ productCode: 'SR', quantity: 2, guestCounts: [{ otaCode: 'AQC10', count: 2 }] }],
      rates: { ratePlanCodes: [{ internal: 'IVANI' }] },
    });
    expect(JSON.parse(sent[0]!.body!)).not.toHaveProperty('hotelMnemonics');
    expect(JSON.parse(sent[1]!.body!)).toEqual(expect.arrayContaining(['ASPAR0']));
  });

  it('has the sandbox price points only for a body that asks for the reward plan, cash either way', async () => {
    // Prepare
    const stay = stayFor('ASPAR0');
    const body = {
      geoLocation: [{ latitude: 48.8566, longitude: 2.3522 }],
      radius: 25,
      distanceUnit: 'KM',
      distanceType: 'STRAIGHT_LINE',
      startDate: stay.check_in,
      endDate: stay.check_out,
      products: [{ productCode: 'SR', quantity: 1, guestCounts: [{ otaCode: 'AQC10', count: 1 }] }],
    };
    const post = (json: object) =>
      fetch(`${api.sandbox.url}/chain_a/availability/v3/hotels/offers?fieldset=summary,summary.rateRanges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chain-a-api-key': SANDBOX_WEB_KEY },
        body: JSON.stringify(json),
      }).then(async (r) => (await r.json()) as { hotels: Record<string, unknown>[] });
    // Act
    const [plain, reward] = await Promise.all([
      post(body),
      post({ ...body, rates: { ratePlanCodes: [{ internal: 'IVANI' }] } }),
    ]);
    // Assess
    const open = (a: typeof plain) => a.hotels.find((h) => h.hotelMnemonic === 'ASPAR0')!;
    expect(open(plain)).toMatchObject({ availabilityStatus: 'OPEN', lowestCashOnlyCost: expect.any(Object) });
    for (const h of plain.hotels) {
      expect(h).not.toHaveProperty('lowestPointsOnlyCost');
      expect(h).not.toHaveProperty('lowestPointsAndCashCost');
      expect(h).not.toHaveProperty('rewardNightAvailable');
    }
    expect(open(reward)).toMatchObject({
      lowestCashOnlyCost: open(plain).lowestCashOnlyCost,
      lowestPointsAndCashCost: { points: expect.any(Number), cash: expect.any(String) },
      rewardNightAvailable: expect.any(Boolean),
    });
  });

  it('shows the points prices end to end, and no points plus cash amount in a currency it does not say', async () => {
    // Act
    const res = await search({ ...PARIS, ...stayFor('ASPAR0') });
    // Assess
    expect(res.status).toBe(200);
    const paris = ChainASearchResponse.parse(res.body).hotels.find((h) => h.hotel_code === 'ASPAR0')!;
    expect(paris).toMatchObject({
      currency: 'EUR',
      reward_night_available: expect.any(Boolean),
      // The summary's points plus cash does not name its currency (the sandbox's is US dollars).
      points_and_cash_per_night: { points: expect.any(Number), cash: null },
    });
    expect(paris.points_and_cash_per_night!.points).toBeGreaterThan(0);
  });

  it('still answers the prices, with names null, when the batch of profiles cannot be read', async () => {
    // Prepare: the profile host's answer unreadable, the offers host's intact.
    api.sandbox.inject('chain_a', {
      kind: 'contract-drift',
      mode: 'retype',
      only: { path: '/hotels/v1/profiles/details' },
    });
    // Act
    const res = await search({ ...PARIS, ...stayFor('ASPAR0') });
    // Assess
    expect(res.status).toBe(200);
    const paris = ChainASearchResponse.parse(res.body).hotels[0]!;
    expect(paris).toMatchObject({ hotel_code: 'ASPAR0', name: null, brand: { code: 'AS', name: null } });
    expect(paris.lowest_per_night).not.toBeNull();
  });

  it('answers 404 NO_RESULTS when no hotel lies within the radius', async () => {
    // Act
    const res = await search({ latitude: '-48.5', longitude: '-123.4', ...stayFor('ASPAR0') });
    // Assess
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'NO_RESULTS', provider: 'chain_a', product: 'search' });
    expect(api.sandbox.requests('chain_a')).toHaveLength(1);
  });

  it.each([
    [{ check_in: '2030/06/01', check_out: '2030-06-03' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: () => day(-1), check_out: () => day(1) }, 'PAST_DATES'],
    [{ check_in: () => day(10), check_out: () => day(10) }, 'INVALID_DATES'],
    [{ check_in: () => day(10), check_out: () => day(41) }, 'INVALID_DATES'],
    [{ check_in: () => day(10), check_out: () => '9999-12-30' }, 'INVALID_DATES'],
  ])('answers 400 for %j with %s, with no upstream request', async (dates, code) => {
    // Prepare
    const resolve = (v: string | (() => string)) => (typeof v === 'function' ? v() : v);
    // Act
    const res = await search({
      ...PARIS,
      check_in: resolve(dates.check_in),
      check_out: resolve(dates.check_out),
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: code, instance: '/v1/chain_a/search' });
    expect(api.sandbox.requests('chain_a')).toEqual([]);
  });

  it.each([
    ['latitude', '91'],
    ['longitude', '-181'],
    ['radius_km', '0'],
    ['radius_km', '101'],
    ['adults', '9'],
    ['rooms', '10'],
  ])('answers 400 INVALID_PARAMETERS when %s=%s is out of bounds', async (name, value) => {
    // Act
    const res = await search({ ...PARIS, ...stayFor('ASPAR0'), [name]: value });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'INVALID_PARAMETERS' });
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: name })]);
  });

  it('walks the chain: search near a point, then details and rooms of the first hotel_code', async () => {
    // Prepare
    const far = getWorld().hotels.filter((h) => h.hotelCode && h.city.country !== 'FR')[3]!;
    const stay = { check_in: day(45), check_out: day(47) };
    // Act
    const found = await search({
      latitude: String(far.latitude),
      longitude: String(far.longitude),
      ...stay,
    });
    const first = ChainASearchResponse.parse(found.body).hotels[0]!.hotel_code;
    const profile = await details({ hotel_code: first });
    const rooms = await api.get(`/v1/chain_a/rooms?${new URLSearchParams({ hotel_code: first, ...stay })}`);
    // Assess
    expect(found.status).toBe(200);
    expect(first).toBe(far.hotelCode);
    expect(profile.status).toBe(200);
    expect(ChainADetailsResponse.parse(profile.body)).toMatchObject({ hotel_code: first, name: far.name });
    expect(rooms.status).toBe(200);
    expect(ChainARoomsResponse.parse(rooms.body).hotel_code).toBe(first);
  });
});
