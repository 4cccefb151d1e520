// chain_a's profile and search readers and requests on answers in the real formats of real-sources §16
// (written fresh, invented values): a full and a bare profile, the names batch, and the offers near a
// point with an open, a closed and an unspoken hotel.
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  clockTime,
  extractDetails,
  namesOf,
  ProfileAnswer,
  ProfileCallAnswer,
  profileOutcome,
  ProfilesAnswer,
} from '../../shared/providers/chain-a/details.ts';
import {
  geoOffersRequest,
  profileRequest,
  profilesRequest,
} from '../../shared/providers/chain-a/requests.ts';
import {
  GeoCallAnswer,
  geoHotels,
  GeoOffersAnswer,
  geoOutcome,
  searchHotels,
} from '../../shared/providers/chain-a/search.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { CHAIN_A_PROVIDER } from '../helpers/fixture-queries.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';

const json = (name: string): unknown => fixtureJson('chain-a', name);
const SITE = 'https://www.chain-a.test';

beforeAll(() => {
  useProviders({ chain_a: CHAIN_A_PROVIDER });
});

/** A stay for two near a point, one room. */
const GEO = {
  latitude: 45.5,
  longitude: -73.55,
  radiusKm: 25,
  checkIn: '2031-03-10',
  checkOut: '2031-03-12',
  adults: 2,
  rooms: 1,
};

describe('profile requests', () => {
  it('gets one profile with the fieldset, the fetch metadata and fresh ids out of the cache key', () => {
    // Act
    const [a, b] = [profileRequest('LRVHB'), profileRequest('LRVHB')];
    // Assess
    expect(a).toMatchObject({
      provider: 'chain_a',
      origin: 'api',
      method: 'GET',
      path: '/hotels/v1/profiles/LRVHB/details',
      query: { fieldset: expect.stringContaining('brandInfo,profile,address,contact,policies') },
      headers: { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site', origin: SITE },
      cache: 'ids',
    });
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.headers!['chain-a-transactionid']).not.toBe(b.headers!['chain-a-transactionid']);
  });

  it('posts the batch of codes sorted and once each, so one set of hotels is one cache entry', () => {
    // Act
    const req = profilesRequest(['LRVHB', 'LRVAP', 'LRVHB']);
    // Assess
    expect(req).toMatchObject({
      method: 'POST',
      path: '/hotels/v1/profiles/details',
      query: { fieldset: 'profile,brandInfo' },
      body: { json: ['LRVAP', 'LRVHB'] },
      safe: true,
    });
    expect(req.cacheKey).toBe(profilesRequest(['LRVAP', 'LRVHB']).cacheKey);
  });

  it('searches by coordinates as an array, a straight-line radius in kilometres, no hotel codes, the reward plan', () => {
    // Act
    const req = geoOffersRequest(GEO);
    // Assess
    expect(req).toMatchObject({
      method: 'POST',
      path: '/availability/v3/hotels/offers',
      query: { fieldset: 'summary,summary.rateRanges' },
      cache: 'prices',
    });
    expect(req.body).toEqual({
      json: {
        geoLocation: [{ latitude: 45.5, longitude: -73.55 }],
        radius: 25,
        distanceUnit: 'KM',
        distanceType: 'STRAIGHT_LINE',
        startDate: '2031-03-10',
        endDate: '2031-03-12',
        products: [
          {
            productCode: 'SR',
            startDate: '2031-03-10',
            endDate: '2031-03-12',
            quantity: 1,
            guestCounts: [{ otaCode: 'AQC10', count: 2 }],
          },
        ],
        rates: { ratePlanCodes: [{ internal: 'IVANI' }] },
      },
    });
  });

  it('asks for the reward plan the configuration names, in the body and the cache key', () => {
    // Prepare
    const before = geoOffersRequest(GEO);
    useProviders({
      chain_a: {
        ...CHAIN_A_PROVIDER,
        operations: { ...CHAIN_A_PROVIDER.operations, reward_rate_plan: 'IVANZ' },
      },
    });
    try {
      // Act
      const req = geoOffersRequest(GEO);
      // Assess
      expect((req.body as { json: { rates: unknown } }).json.rates).toEqual({
        ratePlanCodes: [{ internal: 'IVANZ' }],
      });
      expect(req.cacheKey).not.toBe(before.cacheKey);
    } finally {
      useProviders({ chain_a: CHAIN_A_PROVIDER });
    }
  });
});

describe('hotel profile', () => {
  it('reads the profile: brand, plain descriptions, joined street, state, country, location, page', () => {
    // Act
    const details = extractDetails(ProfileAnswer.parse(json('profile-details.json')), SITE);
    // Assess
    expect(details).toEqual({
      name: 'Aurelia Suites Lorvane Harbour',
      brand: { code: 'AURS', name: 'Aurelia Suites' },
      short_description: 'Waterfront suites steps from the old harbour.',
      description: 'Wake up to views of the old harbour.\nSuites with kitchenettes & a rooftop pool.',
      address: {
        street: '418 Rue du Quai, Vieux-Port',
        city: 'Lorvane',
        state: 'Quebec',
        postal_code: 'H2Y 1K9',
        country_code: 'CA',
      },
      location: { latitude: 45.51234, longitude: -73.55421 },
      phone: '+1 514 555 0142',
      room_count: 212,
      check_in_time: '16:00',
      check_out_time: '11:00',
      url: `${SITE}/aureliasuites/hotels/ca/en/lorvane/lrvhb/hoteldetail`,
    });
  });

  it('gives null, never a default, for every block a bare profile leaves out, and counts them', () => {
    // Act
    const { value: details, drift } = withDrift(() =>
      extractDetails(ProfileAnswer.parse(json('profile-details-bare.json')), SITE),
    );
    // Assess
    expect(details).toEqual({
      name: 'Aurelia Express Kestrel Airport',
      brand: { code: 'AUXP', name: null },
      short_description: null,
      description: null,
      address: { street: null, city: 'Kestrel', state: null, postal_code: null, country_code: 'GB' },
      location: { latitude: 51.2871, longitude: -0.1832 },
      phone: null,
      room_count: null,
      check_in_time: null,
      check_out_time: null,
      url: null,
    });
    expect(drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'chain_a', kind: 'missing', field: 'hotelInfo.contact' }),
        expect.objectContaining({
          provider: 'chain_a',
          kind: 'missing',
          field: 'hotelInfo.profile.roomsIncludingSuitesCount',
        }),
      ]),
    );
  });

  it('fails, as no details of nulls, on a profile whose name cannot be read', () => {
    // Prepare
    const answer = json('profile-details.json') as { hotelInfo: { profile: Record<string, unknown> } };
    delete answer.hotelInfo.profile.name;
    // Act
    const parsed = ProfileAnswer.safeParse(answer);
    // Assess
    expect(parsed.success).toBe(false);
  });

  it('reads the unknown-hotel error as no such hotel, and any other error as the source failing', () => {
    // Act
    const unknown = profileOutcome(400, ProfileCallAnswer.parse(json('profile-unknown.json')));
    // Assess
    expect(unknown).toBeUndefined();
    expect(() => profileOutcome(403, { errors: [{ code: 'ACCESS_DENIED' }] })).toThrow(UpstreamError);
    expect(() => profileOutcome(200, { errors: [{ code: 'INVALID_HOTEL_MNEMONICS' }] })).toThrow(
      ExtractionError,
    );
    expect(ProfileCallAnswer.safeParse({ hotels: [] }).success).toBe(false);
  });

  it.each([
    ['15:00:00', '15:00'],
    ['15:00', '15:00'],
    ['3:00 PM', '15:00'],
    ['12 AM', '00:00'],
    ['11:30 a.m.', '11:30'],
    ['noon', null],
    ['15', null],
    ['25:00', null],
    [1500, null],
  ])('reads the time %j as %j', (value, expected) => {
    expect(clockTime(value)).toBe(expected);
  });
});

describe('search near a point', () => {
  const answer = GeoOffersAnswer.parse(json('offers-geo.json'));
  const names = namesOf(ProfilesAnswer.parse(json('profiles-batch.json')));

  it('lists the hotels nearest first, named by the batch, with the nightly summary prices as given', () => {
    // Act
    const hotels = searchHotels(geoHotels(answer), names);
    // Assess
    expect(hotels.map((h) => [h.hotel_code, h.distance_km])).toEqual([
      ['LRVHB', 0.37],
      ['LRVCT', 3.05],
      ['LRVAP', 14.82],
      ['LRVNO', 27.9],
    ]);
    expect(hotels[2]).toEqual({
      hotel_code: 'LRVAP',
      name: 'Aurelia Express Lorvane Airport',
      brand: { code: 'AUXP', name: 'Aurelia Express' },
      distance_km: 14.82,
      availability: 'AVAILABLE',
      currency: 'CAD',
      lowest_per_night: 139,
      lowest_points_per_night: 26000,
      // The answer does not say the cash's currency: never shown under the hotel's.
      points_and_cash_per_night: { points: 13000, cash: null },
      reward_night_available: true,
    });
  });

  it.each([
    ['the hotel currency', 'cad', 62.5],
    ['another currency', 'USD', null],
  ])(
    'shows the points plus cash option with its cash only when the answer says it is in %s',
    (_c, said, cash) => {
      // Prepare
      const raw = json('offers-geo.json') as {
        hotels: { lowestPointsAndCashCost?: Record<string, unknown> }[];
      };
      raw.hotels[0]!.lowestPointsAndCashCost = { points: 13000, cash: '62.50', currency: said };
      // Act
      const [hotel] = searchHotels(geoHotels(GeoOffersAnswer.parse(raw)), names).filter(
        (h) => h.hotel_code === 'LRVAP',
      );
      // Assess
      expect(hotel).toMatchObject({ currency: 'CAD', points_and_cash_per_night: { points: 13000, cash } });
    },
  );

  it('gives a closed hotel UNAVAILABLE with no prices, and a hotel the source says nothing of null', () => {
    // Act
    const hotels = searchHotels(geoHotels(answer), names);
    // Assess
    expect(hotels.find((h) => h.hotel_code === 'LRVCT')).toEqual({
      hotel_code: 'LRVCT',
      name: null,
      brand: { code: 'AURE', name: null },
      distance_km: 3.05,
      availability: 'UNAVAILABLE',
      currency: 'CAD',
      lowest_per_night: null,
      lowest_points_per_night: null,
      points_and_cash_per_night: null,
      reward_night_available: false,
    });
    expect(hotels.find((h) => h.hotel_code === 'LRVNO')).toMatchObject({
      name: null,
      brand: { code: null, name: null },
      availability: null,
      lowest_per_night: 118,
      lowest_points_per_night: null,
      reward_night_available: null,
    });
  });

  it('leaves out, and counts, a hotel whose code the other routes cannot take, and a hotel listed twice', () => {
    // Prepare
    const raw = json('offers-geo.json') as { hotels: Record<string, unknown>[] };
    raw.hotels.push({ ...raw.hotels[0]!, hotelMnemonic: 'X' }, { ...raw.hotels[1]! });
    // Act
    const { value: hotels, drift } = withDrift(() => geoHotels(GeoOffersAnswer.parse(raw)));
    // Assess
    expect(hotels.map((h) => h.hotel_code)).toEqual(['LRVHB', 'LRVCT', 'LRVAP', 'LRVNO']);
    expect(drift).toContainEqual(skipped('chain_a', 'hotels[].hotelMnemonic', 1));
  });

  it('reads no availability as no hotels, and any other error code as the source failing', () => {
    // Act, Assess
    expect(geoOutcome(400, GeoCallAnswer.parse(json('error-no-availability.json')))).toEqual({ hotels: [] });
    expect(() => geoOutcome(400, { errors: [{ code: 'AVL_100410' }] })).toThrow(/AVL_100410/);
    expect(() => geoOutcome(200, { errors: [{ code: 'CRS_50025' }] })).toThrow(ExtractionError);
    expect(GeoCallAnswer.safeParse({ results: [] }).success).toBe(false);
  });

  it('fails on a summary price that is not an amount, rather than call the hotel unpriced', () => {
    // Prepare
    const raw = json('offers-geo.json') as { hotels: { lowestCashOnlyCost?: Record<string, unknown> }[] };
    raw.hotels[0]!.lowestCashOnlyCost!.baseAmount = 'CAD 139';
    // Act
    const parsed = GeoOffersAnswer.safeParse(raw);
    // Assess
    expect(parsed.success).toBe(false);
  });
});
