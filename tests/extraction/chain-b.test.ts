// chain_b's extractors on fixtures in the real formats of its search index and its back end's
// HotelPageHot answer (written fresh, invented values), and the requests they are read from.
import { describe, expect, it } from '@jest/globals';
import {
  bestOffer,
  isAvailable,
  offersRefusal,
  OffersAnswer,
} from '../../shared/providers/chain-b/offers.ts';
import { candidates, IndexAnswer, toHotel } from '../../shared/providers/chain-b/search-index.ts';
import { placeBySlug } from '../../shared/providers/chain-b/places.ts';
import { hotelOffersRequest, indexQueryRequest } from '../../shared/providers/chain-b/requests.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { loadProfile } from '../../infra/live-profile.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const json = (name: string): unknown => fixtureJson('chain-b', name);
const offers = (name: string) => OffersAnswer.parse(json(name));
const CENTRE = { latitude: 47.1234, longitude: 9.5678 };
/** The parts of a HotelPageHot fixture the drift cases change. */
type HotOffers = {
  availability: { status: string };
  offersSelection: {
    offers: {
      accommodation: { code: string };
      mealPlan: { code: string };
      pricing: { currency: string; main: { amount: number } };
    }[];
  };
};
type HotAnswer = { data: { hotelOffers: HotOffers } };

describe('search index answer', () => {
  const hits = IndexAnswer.parse(json('index-query.json')).hits!;

  it('places hits by their own coordinates, nearest first, within the radius', () => {
    // Act
    const near = candidates(hits, CENTRE, 5_000);
    // Assess
    expect(near.map((c) => c.hit.objectID)).toEqual(['K7Q2', '0B3X', 'Z9M4']);
    expect(Math.round(near[0]!.meters)).toBe(767);
  });

  it('falls back to the index geo distance for a hit without coordinates', () => {
    const airport = candidates(hits, CENTRE, 5_000).find((c) => c.hit.objectID === 'Z9M4')!;
    expect(airport.meters).toBe(4210);
  });

  it('reads numeric-string coordinates, partner hits without a score, and amenity codes', () => {
    // Act
    const [, partner] = candidates(hits, CENTRE, 5_000).map((c) => toHotel(c, false, null));
    // Assess
    expect(partner).toMatchObject({
      id: '0B3X',
      brand: { code: 'PTN', name: 'Partner Hotels' },
      lodging: { code: 'INN', name: 'Inn' },
      rating: null,
      review_count: null,
      amenities: ['PARKING'],
      address: { street: '3 Rue du Port', postal_code: '94130', city: 'Lorvane', country_code: 'ZZ' },
      availability_status: 'UNAVAILABLE',
      best_offer: null,
    });
  });

  it('keeps a hit whose address lacks parts (or is null) with those parts null, never empty texts', () => {
    // Prepare
    const drifted = structuredClone(json('index-query.json')) as {
      hits: { localization: { address: Record<string, unknown> | null } }[];
    };
    const address = drifted.hits[0]!.localization.address!;
    delete address.street;
    address.zipCode = null;
    delete address.city;
    drifted.hits[1]!.localization.address = null;
    // Act
    const near = candidates(IndexAnswer.parse(drifted).hits!, CENTRE, 5_000);
    const [first, second] = near.map((c) => toHotel(c, false, null));
    // Assess
    expect(near.map((c) => c.hit.objectID)).toEqual(['K7Q2', '0B3X', 'Z9M4']);
    expect(first!.address).toEqual({
      street: null,
      city: null,
      postal_code: null,
      country: expect.any(String),
      country_code: 'ZZ',
    });
    expect(second!.address).toEqual({
      street: null,
      city: null,
      postal_code: null,
      country: null,
      country_code: null,
    });
  });

  it('keeps a hit without its brand, brand label or stars, with those null: the objectID names it', () => {
    // Prepare
    const drifted = structuredClone(json('index-query.json')) as { hits: Record<string, unknown>[] };
    delete drifted.hits[0]!.brand;
    delete drifted.hits[0]!.stars;
    drifted.hits[1]!.brandLabel = null;
    // Act
    const [first, second] = candidates(IndexAnswer.parse(drifted).hits!, CENTRE, 5_000).map((c) =>
      toHotel(c, false, null),
    );
    // Assess
    expect([first!.id, first!.brand, first!.stars]).toEqual(['K7Q2', null, null]);
    expect(second!.brand).toEqual({ code: expect.any(String), name: null });
    expect(second!.stars).toEqual(expect.any(Number));
  });

  it('keeps a lodging type shown without its label by its code, the name null', () => {
    // Prepare
    const drifted = structuredClone(json('index-query.json')) as { hits: { lodging: { label?: string } }[] };
    delete drifted.hits[0]!.lodging.label;
    // Act
    const [first] = candidates(IndexAnswer.parse(drifted).hits!, CENTRE, 5_000).map((c) =>
      toHotel(c, false, null),
    );
    // Assess
    expect([first!.id, first!.lodging]).toEqual(['K7Q2', { code: 'HOTEL', name: null }]);
  });

  it('gives distances in whole metres and feet from the search centre', () => {
    const [first] = candidates(hits, CENTRE, 5_000).map((c) => toHotel(c, false, null));
    expect(first).toMatchObject({ distance_meters: 767, distance_feet: Math.round(767 * 3.28084) });
  });

  it('reads hits without lodging (index-query-no-lodging.json) as hotels of no lodging type, the absence counted', () => {
    // Act
    const { value: answer, drift: seen } = withDrift(() =>
      IndexAnswer.parse(json('index-query-no-lodging.json')),
    );
    const hotels = candidates(answer.hits!, { latitude: 46.2198, longitude: 7.3125 }, 5_000).map((c) =>
      toHotel(c, false, null),
    );
    // Assess
    expect(hotels.map((h) => [h.id, h.lodging])).toEqual([
      ['R5T1', null],
      ['W2K6', null],
      ['M8J3', null],
    ]);
    expect(hotels[1]).toMatchObject({ brand: { code: 'PTN', name: 'Partner Hotels' }, rating: null });
    expect(seen).toContainEqual({ provider: 'chain_b', kind: 'missing', field: 'hits[].lodging', count: 3 });
  });

  it('refuses out-of-range coordinates rather than placing a hotel nowhere', () => {
    const drifted = structuredClone(json('index-query.json')) as {
      hits: { localization: { gps?: object } }[];
    };
    drifted.hits[0]!.localization.gps = { lat: -1000047.1, lng: 9.5 };
    expect(IndexAnswer.safeParse(drifted).success).toBe(false);
  });

  it("reads the index's own error answer as a message, not as hits", () => {
    expect(IndexAnswer.parse(json('index-not-found.json'))).toMatchObject({
      message: 'Index does not exist',
    });
  });
});

describe('HotelPageHot answer', () => {
  it('takes the cheapest priced offer, a stay total split per night', () => {
    // Act
    const offer = bestOffer(offers('hotel-page-hot.json'), 2);
    // Assess
    expect(offer).toEqual({
      currency: 'EUR',
      amount: 281.4,
      per_night: 140.7,
      total: 281.4,
      aggregation_type: 'TOTAL_STAY',
      formatted: '€281.40',
      tax_summary: 'Taxes and fees included',
      meal_plan: 'EUROPEAN_PLAN',
      nights: 2,
    });
  });

  it('reads an amount aggregated per night as the nightly price, and an absent tax summary as null', () => {
    expect(bestOffer(offers('hotel-page-hot-nightly.json'), 2)).toMatchObject({
      amount: 140.7,
      per_night: 140.7,
      total: 281.4,
      tax_summary: null,
    });
  });

  it('gives no offer for a hotel that is not available', () => {
    expect(bestOffer(offers('hotel-page-hot-sold-out.json'), 2)).toBeNull();
  });

  it('keeps an available hotel AVAILABLE when none of its offers carries a price', () => {
    // Prepare
    const unpriced = structuredClone(json('hotel-page-hot.json')) as HotAnswer;
    for (const o of unpriced.data.hotelOffers.offersSelection.offers) o.pricing.main.amount = 0;
    const [hotel] = candidates(IndexAnswer.parse(json('index-query.json')).hits!, CENTRE, 5_000);
    // Act
    const answer = OffersAnswer.parse(unpriced);
    // Assess
    expect(toHotel(hotel!, isAvailable(answer), bestOffer(answer, 2))).toMatchObject({
      availability_status: 'AVAILABLE',
      best_offer: null,
    });
  });

  // A field that is there but unreadable means the source changed: never "unavailable", never "unpriced".
  it.each([
    ['an emptied status', (o: HotOffers) => void (o.availability.status = '')],
    ['a negative amount', (o: HotOffers) => void (o.offersSelection.offers[0]!.pricing.main.amount = -1e6)],
    [
      'an amount as text',
      (o: HotOffers) =>
        void ((o.offersSelection.offers[0]!.pricing.main as { amount: unknown }).amount = '318.6'),
    ],
    ['an emptied currency', (o: HotOffers) => void (o.offersSelection.offers[0]!.pricing.currency = '')],
    ['an emptied room code', (o: HotOffers) => void (o.offersSelection.offers[0]!.accommodation.code = '')],
    ['an emptied meal plan', (o: HotOffers) => void (o.offersSelection.offers[0]!.mealPlan.code = '')],
  ])('refuses offers with %s', (_name, mutate) => {
    const drifted = structuredClone(json('hotel-page-hot.json')) as HotAnswer;
    mutate(drifted.data.hotelOffers);
    expect(OffersAnswer.safeParse(drifted).success).toBe(false);
  });

  it('names the operation and the hotel when the back end refuses', () => {
    // Act
    const error = offersRefusal(offers('hotel-page-hot-not-found.json'), 'Q0Q0', 200);
    // Assess
    expect(error!.message).toContain('HotelPageHot for hotel Q0Q0 was refused: Hotel Q0Q0 not found');
    expect(offersRefusal(offers('hotel-page-hot.json'), 'K7Q2', 200)).toBeUndefined();
  });
});

describe('requests', () => {
  const providers = {
    chain_b: {
      baseUrl: 'https://chain-b.example',
      hosts: ['all.chain-b.test'],
      operations: { search_index: 'hotels_fr', search_key_header: 'x-index-key' },
    },
  };

  it('queries the configured index around the centre, with the back end key headers blanked', () => {
    // Prepare
    useProviders(providers);
    // Act
    const req = indexQueryRequest(CENTRE, 5_000, 40);
    // Assess
    expect(req).toMatchObject({ origin: 'search', method: 'POST', path: '/1/indexes/hotels_fr/query' });
    expect(req.headers).toMatchObject({
      apikey: '',
      'app-id': '',
      clientid: '',
      origin: 'https://all.chain-b.test',
    });
    expect(req.body).toEqual({
      json: expect.objectContaining({
        aroundLatLng: '47.1234,9.5678',
        aroundRadius: 5000,
        offset: 0,
        length: 40,
      }),
    });
  });

  it('asks the back end for one hotel, with the index key headers blanked', () => {
    // Prepare
    useProviders(providers);
    // Act
    const req = hotelOffersRequest('K7Q2', {
      checkIn: '2030-06-10',
      checkOut: '2030-06-12',
      adults: 2,
      currency: 'EUR',
      countryMarket: 'FR',
    });
    // Assess
    expect(req).toMatchObject({ origin: 'api', method: 'POST', path: '/bff/v1/graphql', safe: true });
    expect(req.headers).toMatchObject({ 'x-search-app-id': '', 'x-index-key': '', lang: 'en' });
    expect(req.body).toMatchObject({
      json: {
        operationName: 'HotelPageHot',
        variables: {
          hotelOffersHotelId: 'K7Q2',
          dateIn: '2030-06-10',
          nbAdults: 2,
          currency: 'EUR',
          countryMarket: 'FR',
        },
      },
    });
  });
});

describe('index key header names', () => {
  const stay = {
    checkIn: '2030-06-10',
    checkOut: '2030-06-12',
    adults: 2,
    currency: 'EUR',
    countryMarket: 'FR',
  };

  it("keeps the live profile's index keys away from the back end, under the names the profile sets", () => {
    // Prepare
    const live = loadProfile().providers;
    useProviders(live);
    const indexHeaders = Object.keys(live.chain_b!.headers ?? {}).filter(
      (h) => !['apikey', 'app-id', 'clientid'].includes(h),
    );
    // Act
    const req = hotelOffersRequest('K7Q2', stay);
    // Assess
    expect(indexHeaders).toHaveLength(2);
    expect(indexHeaders.map((h) => req.headers?.[h])).toEqual(['', '']);
  });

  it('names the index key headers neutrally when no operation names them', () => {
    // Prepare
    useProviders({ chain_b: { baseUrl: 'https://chain-b.example', hosts: ['all.chain-b.test'] } });
    // Act
    const req = hotelOffersRequest('K7Q2', stay);
    // Assess
    expect(req.headers).toMatchObject({ 'x-search-app-id': '', 'x-search-api-key': '' });
  });

  it.each([
    ['GraphQL errors', { errors: [{ message: 'Too many requests' }], data: null }, false],
    ['no hotelOffers', { data: { hotelOffers: null } }, false],
    [
      'errors beside offers',
      { errors: [{ message: 'partial' }], data: { hotelOffers: { offers: [] } } },
      false,
    ],
    ['the offers', { data: { hotelOffers: { offers: [] } } }, true],
  ])('keeps an offers answer in the cache only when it carries the offers: %s', (_case, body, kept) => {
    // Prepare
    useProviders({ chain_b: { baseUrl: 'https://chain-b.example', hosts: ['all.chain-b.test'] } });
    // Act
    const req = hotelOffersRequest('K7Q2', stay);
    // Assess: a refusal in a 200 is asked again next time, never served from the cache
    expect(req.keepIf?.(body)).toBe(kept);
  });
});

describe('destination slugs', () => {
  it.each([
    ['paris-fr', 48.85, 2.35],
    ['sao-paulo-br', -23.55, -46.64],
    ['london', 51.51, -0.13],
  ])('resolves %s to its city centre', (slug, latitude, longitude) => {
    const centre = placeBySlug(slug)!;
    expect(centre.latitude).toBeCloseTo(latitude, 1);
    expect(centre.longitude).toBeCloseTo(longitude, 1);
  });

  it('knows no centre for a slug no city has', () => {
    expect(placeBySlug('atlantis-xx')).toBeUndefined();
  });
});
