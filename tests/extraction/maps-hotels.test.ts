// maps_hotels' request builder and extractor on fixtures in the real format (written fresh, invented
// values, engine and hosts named by token).
import { describe, expect, it } from '@jest/globals';
import { extractHotels, HotelsAnswer } from '../../shared/providers/maps-hotels/extract.ts';
import {
  classifyDetails,
  DetailsAnswer,
  extractInfo,
  extractPhotos,
} from '../../shared/providers/maps-hotels/details.ts';
import {
  CHILD_AGE,
  detailsRequest,
  hotelsRequest,
  type HotelSearch,
} from '../../shared/providers/maps-hotels/requests.ts';
import { MapsHotel, MapsHotelInfo } from '../../shared/schemas/maps-hotels.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { MAPS_HOTELS_SEARCH } from '../helpers/fixture-queries.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('maps-hotels', name);
const SEARCH = MAPS_HOTELS_SEARCH;
const hotelsIn = (name: string, search: Partial<HotelSearch> = {}) =>
  extractHotels(HotelsAnswer.parse(fixture(name)), { ...SEARCH, ...search }, 'hotels');
const byName = (name: string) => hotelsIn('hotels-list.json').hotels.find((h) => h.name === name);

describe('hotels request', () => {
  it('sends one age per child, and none without children', () => {
    // Act
    const two = hotelsRequest({ ...SEARCH, children: 2 }, 'hotels').query!;
    const none = hotelsRequest({ ...SEARCH, children: 0 }, 'hotels').query!;
    // Assess
    expect(two).toMatchObject({ children: 2, children_ages: `${CHILD_AGE},${CHILD_AGE}` });
    expect(none.children_ages).toBeUndefined();
  });

  it.each([
    [undefined, undefined],
    [3, undefined],
    [3.5, 7],
    [4.2, 8],
    [4.5, 9],
    [5, 9],
  ])('sends min_rating %p as the rating filter %p', (minRating, rating) => {
    expect(hotelsRequest({ ...SEARCH, minRating }, 'hotels').query!.rating).toBe(rating);
  });

  it('asks the configured engine for the place, stay and currency', () => {
    expect(hotelsRequest(SEARCH, 'hotels').query).toMatchObject({
      engine: 'hotels',
      q: 'Weimar',
      check_in_date: '2030-06-10',
      check_out_date: '2030-06-12',
      adults: 2,
      currency: 'EUR',
      hl: 'en',
    });
  });
});

describe('hotels answer (a place)', () => {
  it('reads every property, in the contract shape, with or without coordinates and a price', () => {
    // Act
    const { hotels, currency, searchUrl } = hotelsIn('hotels-list.json');
    // Assess
    for (const h of hotels) MapsHotel.strict().parse(h);
    expect(hotels.map((h) => h.name)).toEqual([
      'Lindenhof Garden Hotel',
      'H\u00f4tel Sonnenh\u00fcgel & Spa',
      'Stadthaus am Markt',
      'Pension Ilmblick',
      'Goethe Residenz',
      'Bauhaus Loft Hotel',
      'Altstadt Loft - Entire apartment',
      // the sponsored listings, after the ranked ones
      'Lindenhof Garden Hotel',
      'Hotel Sonnenhugel  & Spa',
      'Erfurt Domblick Hotel',
    ]);
    expect(hotels.map((h) => h.is_paid)).toEqual([...Array(7).fill(false), true, true, true]);
    expect(currency).toBe('EUR');
    expect(searchUrl).toMatch(/^https:\/\/maps\.test\/travel\/search\?q=Weimar/);
  });

  it('keeps a property without coordinates, and one without any price, those fields null (identity rule)', () => {
    // Act
    const unplaced = byName('Stadthaus am Markt')!;
    const unpriced = byName('Pension Ilmblick')!;
    // Assess
    expect(unplaced.location).toEqual({ address: null, latitude: null, longitude: null });
    expect(unplaced.price).toMatchObject({ current: 196, price_per_night: 98 });
    expect(unpriced.price).toEqual({
      current: null,
      regular: null,
      max_price: null,
      currency: 'EUR',
      price_per_night: null,
    });
    expect(unpriced.location).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('keeps a list in which no property is priced or placed: every hotel, none dropped', () => {
    // Prepare: the source lists the city's properties with no rate and no coordinates at all
    const raw = fixture('hotels-list.json') as { properties: Record<string, unknown>[] };
    for (const p of raw.properties) {
      delete p.rate_per_night;
      delete p.total_rate;
      delete p.prices;
      delete p.gps_coordinates;
    }
    // Act
    const { hotels } = extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels');
    // Assess
    const organic = hotels.filter((h) => !h.is_paid);
    expect(organic).toHaveLength(7);
    expect(organic.every((h) => h.price.current === null && h.location.latitude === null)).toBe(true);
  });

  it("counts the whole search as the source does (search_information.total_results), not the page's length", () => {
    // The source's 118 ranked hotels, and the fixture's three sponsored listings listed beside them
    expect(hotelsIn('hotels-list.json').totalCount).toBe(118 + 3);
  });

  it('gives no total where the source gives none, or counts with a coarser rating filter than asked', () => {
    // Prepare
    const raw = fixture('hotels-list.json') as { search_information?: unknown };
    delete raw.search_information;
    // Act and Assess: 4.2 is sent as the source's 4.0+ filter, whose count is not of 4.2+
    expect(extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels').totalCount).toBeNull();
    expect(hotelsIn('hotels-list.json', { minRating: 4.2 }).totalCount).toBeNull();
  });

  it('skips a placeholder and a property without its token, counted; one without its review count stays', () => {
    // Prepare: the list with a null entry, a property that lost its token, one that lost its review count
    const raw = fixture('hotels-list.json') as { properties: (Record<string, unknown> | null)[] };
    delete raw.properties[0]!.property_token;
    delete raw.properties[1]!.reviews;
    raw.properties.push(null);
    // Act
    const {
      value: { hotels },
      drift: seen,
    } = withDrift(() => extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels'));
    // Assess: kept with votes null, never a hotel of 0 votes for a count the answer did not give
    expect(hotels.map((h) => h.name)).toEqual([
      'H\u00f4tel Sonnenh\u00fcgel & Spa',
      'Stadthaus am Markt',
      'Pension Ilmblick',
      'Goethe Residenz',
      'Bauhaus Loft Hotel',
      'Altstadt Loft - Entire apartment',
      'Lindenhof Garden Hotel',
      'Hotel Sonnenhugel  & Spa',
      'Erfurt Domblick Hotel',
    ]);
    expect(hotels[0]!.rating).toEqual({ value: 4.6, votes: null, rating_max: 5 });
    expect(seen).toContainEqual(skipped('maps_hotels', 'properties[]', 2));
  });

  it('keeps a vacation rental shown with no rating block at all, its rating null (amendment 1)', () => {
    // Prepare: the rental as the source sends a new listing: no score, no review count, no class
    const raw = fixture('hotels-list.json') as { properties: Record<string, unknown>[] };
    const rental = raw.properties.find((p) => p.type === 'vacation rental')!;
    delete rental.overall_rating;
    delete rental.reviews;
    // Act
    const { hotels } = extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels');
    // Assess
    const kept = hotels.find((h) => h.name === rental.name)!;
    expect(kept.rating).toBeNull();
    expect(kept.stars).toBeNull();
    expect(hotels).toHaveLength(hotelsIn('hotels-list.json').hotels.length);
  });

  it('keeps a score shown without its count, and a count without its score, the other null', () => {
    const raw = fixture('hotels-list.json') as { properties: Record<string, unknown>[] };
    delete raw.properties[0]!.reviews;
    delete raw.properties[1]!.overall_rating;
    const { hotels } = extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels');
    expect(hotels.slice(0, 2).map((h) => h.rating)).toEqual([
      { value: 4.3, votes: null, rating_max: 5 },
      { value: null, votes: 1288, rating_max: 5 },
    ]);
  });

  it('never marks an organic property sponsored because an ad has its name: the ad is another listing', () => {
    // Act
    const { hotels } = hotelsIn('hotels-list.json');
    // Assess: an ad names a listed hotel, with a token of its own: both are listed, only the ad paid
    expect(
      hotels
        .filter((h) => h.name === 'Lindenhof Garden Hotel')
        .map((h) => ({ hotel_id: h.hotel_id, is_paid: h.is_paid })),
    ).toEqual([
      { hotel_id: 'ChoIpuK7yd2Wsc6QARoNL2cvMTFjNXJ6bGgweRAB', is_paid: false },
      { hotel_id: 'CgsIpuK7yd2Wsc6QARAB', is_paid: true },
    ]);
  });

  it("marks a listed property sponsored when it is an ad itself (its token is an ad's)", () => {
    // Prepare
    const raw = fixture('hotels-list.json') as {
      properties: { property_token: string; name: string }[];
      ads: { property_token: string }[];
    };
    raw.ads[0]!.property_token = raw.properties[1]!.property_token;
    // Act
    const { hotels } = extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels');
    // Assess: that listing is flagged where it ranks and not listed twice; the other two ads follow
    expect(hotels.filter((h) => h.is_paid).map((h) => h.name)).toEqual([
      raw.properties[1]!.name,
      'Hotel Sonnenhugel  & Spa',
      'Erfurt Domblick Hotel',
    ]);
    expect(new Set(hotels.map((h) => h.hotel_id)).size).toBe(hotels.length);
  });

  it('maps a hotel: total for the stay, per night, stars, times with a plain space, up to 10 images', () => {
    expect(byName('Lindenhof Garden Hotel')).toEqual({
      hotel_id: 'ChoIpuK7yd2Wsc6QARoNL2cvMTFjNXJ6bGgweRAB',
      name: 'Lindenhof Garden Hotel',
      location: { address: null, latitude: 50.979512, longitude: 11.326705 },
      price: { current: 278, regular: null, max_price: 278, currency: 'EUR', price_per_night: 139 },
      rating: { value: 4.3, votes: 412, rating_max: 5 },
      stars: 4,
      check_in_time: '3:00 PM',
      check_out_time: '11:00 AM',
      amenities: ['Free Wi-Fi', 'Breakfast ($)', 'Parking ($)', 'Bar', 'Restaurant'],
      images: expect.arrayContaining([expect.stringMatching(/-orig\.jpg$/)]),
      description: 'Garden hotel with a terrace bar, a 10-minute walk from the market square.',
      is_paid: false,
    });
    expect(byName('Lindenhof Garden Hotel')!.images).toHaveLength(10);
  });

  it('prices from the nightly rate times the nights when the total is missing', () => {
    expect(byName('Bauhaus Loft Hotel')!.price).toMatchObject({ current: 240, price_per_night: 120 });
    expect(byName('Goethe Residenz')!.price).toMatchObject({ current: 250, price_per_night: 125 });
  });

  it("takes a rental's max_price from its sellers' nightly rates (they carry no total), and no stars", () => {
    // Act
    const rental = byName('Altstadt Loft - Entire apartment')!;
    // Assess
    expect(rental.price).toMatchObject({ current: 190, max_price: 208 });
    expect([rental.stars, rental.description, rental.check_in_time]).toEqual([null, null, null]);
  });

  it('applies min_rating exactly', () => {
    // The ads too: the one rated 4.3 is left out
    expect(
      hotelsIn('hotels-list.json', { minRating: 4.5 }).hotels.map((h) => [h.rating?.value, h.is_paid]),
    ).toEqual([
      [4.6, false],
      [4.8, false],
      [4.6, true],
      [4.5, true],
    ]);
  });

  it('fails the whole answer when a listed value breaks the contract (a drifted format)', () => {
    // Prepare
    const answer = HotelsAnswer.parse(fixture('hotels-list.json')) as {
      properties: { gps_coordinates?: { latitude: number; longitude: number } }[];
    };
    answer.properties[0]!.gps_coordinates = { latitude: -1_000_090, longitude: 11.3 };
    // Act and Assess
    expect(() => extractHotels(answer as HotelsAnswer, SEARCH, 'hotels')).toThrow(ExtractionError);
  });
});

describe('hotels answer (its sponsored listings)', () => {
  const read = (search: Partial<HotelSearch> = {}) =>
    withDrift(() => hotelsIn('hotels-with-ads.json', search));

  it('lists each ad after the ranked properties, flagged, priced by its nightly price for the stay', () => {
    // Act
    const {
      value: { hotels, totalCount },
    } = read();
    // Assess: the ranked properties in the source's order, then the ads with a token, in theirs
    expect(hotels.map((h) => [h.name, h.is_paid])).toEqual([
      ['Ilmpark Hotel', false],
      ['Hotel Ilmtal Terrassen', false],
      ['Hotel Ilmtal Terrassen', true],
      ['Parkhotel Belvedere', true],
      ['Villa Frauenplan', true],
    ]);
    expect(hotels[2]).toEqual({
      hotel_id: 'CgsIk3Vt8qLm2wZEEAE',
      name: 'Hotel Ilmtal Terrassen',
      location: { address: null, latitude: 50.981204, longitude: 11.318877 },
      // 118 a night (the ad's one seller's price); the stay's total with taxes is not stated
      price: { current: null, regular: null, max_price: null, currency: 'EUR', price_per_night: 118 },
      rating: { value: 4.5, votes: 733, rating_max: 5 },
      stars: 3,
      check_in_time: null,
      check_out_time: null,
      amenities: ['Free Wi-Fi', 'Free parking'],
      images: ['https://img.maps.test/travel/itt0=s287-w287-h192-n-k-no'],
      description: null,
      is_paid: true,
    });
    // The source's count of its ranked properties, and the sponsored listings listed beside them
    expect(totalCount).toBe(42 + 3);
  });

  it('keeps an ad that shows no price, place, class or picture, those null or empty', () => {
    // Act
    const villa = read().value.hotels.find((h) => h.name === 'Villa Frauenplan')!;
    // Assess
    expect(villa).toMatchObject({
      location: { address: null, latitude: null, longitude: null },
      price: { current: null, regular: null, max_price: null, currency: 'EUR', price_per_night: null },
      stars: null,
      images: [],
      rating: { value: 4.8, votes: 64, rating_max: 5 },
    });
  });

  it('skips an ad without its token, counted, and lists the others', () => {
    // Act
    const { value, drift } = read();
    // Assess
    expect(value.hotels.some((h) => h.name === 'Gasthof Zum Schwan')).toBe(false);
    expect(drift).toContainEqual(skipped('maps_hotels', 'ads[]', 1));
  });

  it('applies min_rating to the ads as to the properties', () => {
    // Act
    const { hotels } = read({ minRating: 4 }).value;
    // Assess: the ad rated 3.8 is left out
    expect(hotels.filter((h) => h.is_paid).map((h) => h.name)).toEqual([
      'Hotel Ilmtal Terrassen',
      'Villa Frauenplan',
    ]);
  });

  it('leaves out, counted, an ad placed far from every ranked hotel (a hotel of another place)', () => {
    // Prepare: the first ad moved to another continent
    const raw = fixture('hotels-with-ads.json') as {
      ads: { name: string; gps_coordinates?: { latitude: number; longitude: number } }[];
    };
    raw.ads[0]!.gps_coordinates = { latitude: -26.2, longitude: 28.04 };
    // Act
    const { value, drift } = withDrift(() => extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels'));
    // Assess
    expect(value.hotels.filter((h) => h.is_paid).map((h) => h.name)).not.toContain(raw.ads[0]!.name);
    expect(drift).toContainEqual(expect.objectContaining({ kind: 'skipped', field: 'ads[]', count: 1 }));
  });

  it('fails the answer on an ad whose value breaks its format (a class that is no number)', () => {
    // Prepare
    const raw = fixture('hotels-with-ads.json') as { ads: Record<string, unknown>[] };
    raw.ads[0]!.hotel_class = '3-star hotel';
    // Act and Assess
    expect(() => HotelsAnswer.parse(raw)).toThrow();
  });
});

describe('hotels answer (a hotel name)', () => {
  it('reads the property-details shape as one hotel, with its address and the highest seller total', () => {
    // Act
    const { hotels } = hotelsIn('hotel-details.json');
    // Assess
    expect(hotels).toHaveLength(1);
    expect(hotels[0]).toMatchObject({
      hotel_id: 'ChoIpuK7yd2Wsc6QARoNL2cvMTFjNXJ6bGgweRAB',
      name: 'Lindenhof Garden Hotel',
      location: { address: 'Gartenstrasse 12, 99423 Weimar, Germany' },
      price: { current: 278, max_price: 310, price_per_night: 139 },
      is_paid: false,
    });
  });

  it('reads the details shape without a results state or a top-level token: the token of its details link', () => {
    // Act
    const { hotels, totalCount } = hotelsIn('hotel-details-by-name.json');
    // Assess
    expect(hotels).toEqual([
      expect.objectContaining({
        hotel_id: 'ChoI7PqX1uWb3a2gARoNL2cvMTFoMnF6ZGs4cBAB',
        name: 'Villa Ettersberg',
        location: { address: 'Ettersburger Weg 3, 99427 Weimar', latitude: 50.998217, longitude: 11.309845 },
        price: { current: 262, regular: null, max_price: 278, currency: 'EUR', price_per_night: 131 },
        stars: 3,
      }),
    ]);
    expect(totalCount).toBe(1);
  });

  it('takes the token asked with, and fails (never a hotel without its id) when the details carry none', () => {
    // Prepare
    const raw = fixture('hotel-details-by-name.json') as Record<string, unknown> & {
      search_parameters: Record<string, unknown>;
    };
    delete raw.serpapi_property_details_link;
    const asked = { ...raw, search_parameters: { ...raw.search_parameters, property_token: 'ChoIasked' } };
    // Act and Assess
    expect(extractHotels(HotelsAnswer.parse(asked), SEARCH, 'hotels').hotels[0]!.hotel_id).toBe('ChoIasked');
    expect(() => extractHotels(HotelsAnswer.parse(raw), SEARCH, 'hotels')).toThrow(ExtractionError);
  });
});

describe('hotels answer (nothing found)', () => {
  it('reads the "Fully empty" state as no hotels', () => {
    expect(hotelsIn('hotels-empty.json').hotels).toEqual([]);
  });

  it('fails on an answer with neither properties, details nor an empty state', () => {
    // Prepare
    const answer = HotelsAnswer.parse({
      search_metadata: { hotels_url: 'https://maps.test/travel/search?q=x' },
      v2_properties: [],
    });
    // Act and Assess
    expect(() => extractHotels(answer, SEARCH, 'hotels')).toThrow(ExtractionError);
  });
});

const details = (name: string, asked?: string) => {
  const found = classifyDetails(DetailsAnswer.parse(fixture(name)), asked);
  if (found.kind !== 'details') throw new Error(`${name} is not a details answer`);
  return found;
};

describe('property details (info and photos)', () => {
  it('asks the hotels engine with the property_token, the stay and the currency', () => {
    const q = detailsRequest(
      { hotelId: 'ChoIx', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR' },
      'hotels',
    ).query!;
    expect(q).toMatchObject({
      engine: 'hotels',
      property_token: 'ChoIx',
      check_in_date: '2030-06-10',
      currency: 'EUR',
    });
  });

  it('reads a full details answer as the hotel in full, agreeing with the same hotel in a list', () => {
    // Act
    const found = details('hotel-details.json');
    const hotel = extractInfo(found.answer, found.hotelId, 'EUR');
    // Assess
    MapsHotelInfo.strict().parse(hotel);
    expect(hotel).toMatchObject({
      hotel_id: 'ChoIpuK7yd2Wsc6QARoNL2cvMTFjNXJ6bGgweRAB',
      name: 'Lindenhof Garden Hotel',
      type: 'hotel',
      link: 'https://www.lindenhof-garden.example/',
      location: { latitude: 50.979512, longitude: 11.326705 },
      check_in_time: '3:00 PM',
      stars: 4,
      rate_per_night: {
        lowest: '€139',
        lowest_value: 139,
        before_taxes_fees: '€121',
        before_taxes_fees_value: 121,
      },
      total_rate: { lowest_value: 278 },
      nearby_places: [{ name: 'Weimar Station', category: null, transport_time: '6 min' }],
    });
    expect(byName('Lindenhof Garden Hotel')?.price.current).toBe(hotel.total_rate!.lowest_value);
  });

  it('reads a bare details answer: no token, description, link, phone or amenities; placeholders skipped', () => {
    // Act
    const found = details('hotel-details-bare.json');
    const hotel = extractInfo(found.answer, found.hotelId, 'EUR');
    const photos = extractPhotos(found.answer);
    // Assess
    expect(found).toMatchObject({ hotelId: 'ChoIsMm0q4GQ9r2uARoNL2cvMTFmZ3h5d2JyNBAB', currency: 'EUR' });
    expect(hotel).toMatchObject({
      description: null,
      link: null,
      phone: null,
      amenities: [],
      check_out_time: null,
      rate_per_night: { lowest_value: 88, before_taxes_fees: null, before_taxes_fees_value: null },
      rating: { value: 4.3, votes: 212, rating_max: 5 },
    });
    expect(hotel.prices).toEqual([
      {
        source: 'Pension Am Ilmpark',
        rate_per_night_value: 88,
        total_rate_value: 176,
        link: expect.stringContaining('pension-ilmpark'),
        is_official: true,
      },
      {
        source: 'Seller 4',
        rate_per_night_value: 92,
        total_rate_value: null,
        link: null,
        is_official: false,
      },
    ]);
    expect(hotel.nearby_places.map((n) => [n.category, n.transport_time])).toEqual([
      ['Transit', null],
      ['Restaurant', '3 min'],
    ]);
    expect(photos).toEqual([
      {
        thumbnail_url: 'https://img.maps.test/travel/pai1=s287-w287-h192-n-k-no',
        url: 'https://img.maps.test/travel/pai1-orig.jpg',
      },
      { thumbnail_url: null, url: 'https://img.maps.test/travel/pai2-orig.jpg' },
    ]);
  });

  it('reads a list as the way to its first property, and the empty state as no hotel', () => {
    const list = classifyDetails(DetailsAnswer.parse(fixture('hotels-list.json')), undefined);
    const empty = classifyDetails(DetailsAnswer.parse(fixture('hotels-empty.json')), undefined);
    const listForToken = classifyDetails(DetailsAnswer.parse(fixture('hotels-list.json')), 'ChoIx');
    expect(list.kind).toBe('list');
    expect([empty.kind, listForToken.kind]).toEqual(['not found', 'not found']);
  });

  it('reads details without images as a hotel without photos, the absence counted; unreadable images fail', () => {
    // Prepare: the engine leaves out a list it has nothing for.
    // Act
    const { value: found, drift: seen } = withDrift(() =>
      details('hotel-details-no-photos.json', 'ChkI4pXh0b2F_ZUBGg0vZy8xMXk0bHFfN2syEAE'),
    );
    const photos = extractPhotos(found.answer);
    const hotel = extractInfo(found.answer, found.hotelId, 'EUR');
    // Assess
    expect(photos).toEqual([]);
    expect([hotel.images, hotel.amenities, hotel.nearby_places]).toEqual([[], [], []]);
    expect(hotel.check_out_time).toBe('10:00 AM');
    expect(seen).toContainEqual(
      expect.objectContaining({ provider: 'maps_hotels', kind: 'missing', field: 'images' }),
    );
    const bare = fixture('hotel-details-no-photos.json') as object;
    for (const images of [
      { 0: { original_image: 'https://img.maps.test/a.jpg' } },
      'none',
      [{ thumbnail: 'x' }],
    ])
      expect(() => DetailsAnswer.parse({ ...bare, images })).toThrow();
    const withPlaceholder = DetailsAnswer.parse({
      ...bare,
      images: [null, { original_image: 'https://img.maps.test/a-orig.jpg' }],
    });
    expect(extractPhotos(withPlaceholder)).toEqual([
      { thumbnail_url: null, url: 'https://img.maps.test/a-orig.jpg' },
    ]);
  });

  it('fails coordinates of the wrong type, and reads absent ones as null, never a default', () => {
    const drifted = {
      ...(fixture('hotel-details-bare.json') as object),
      gps_coordinates: { latitude: '50.97' },
    };
    expect(() => DetailsAnswer.parse(drifted)).toThrow();
    const noGps = { ...(fixture('hotel-details-bare.json') as object), gps_coordinates: undefined };
    const found = classifyDetails(DetailsAnswer.parse(noGps), 'ChoIx');
    if (found.kind !== 'details') throw new Error('not details');
    expect(extractInfo(found.answer, found.hotelId, 'EUR').location).toBeNull();
  });
});
