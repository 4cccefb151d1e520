// chain_b's hotel readers on fixtures in the real formats of its back end (`HotelPageCold` content,
// `HotelPageHot` offers per room type and rate plan) and its index record, written fresh with invented
// values, including answers without their optional fields; and its URL forms.
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  clockTime,
  ContentAnswer,
  hotelOf,
  toAmenities,
  toDetails,
  toReviews,
  type HotelContent,
} from '../../shared/providers/chain-b/content.ts';
import { bestOffer, calendarDay, OffersAnswer, toRooms } from '../../shared/providers/chain-b/offers.ts';
import { IndexRecord } from '../../shared/providers/chain-b/search-index.ts';
import { hotelContentRequest, indexObjectRequest } from '../../shared/providers/chain-b/requests.ts';
import { hotelRefOf } from '../../shared/providers/chain-b/urls.ts';
import { toPhotos } from '../../shared/providers/chain-b/photos.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const json = (name: string): unknown => fixtureJson('chain-b', name);
const hotel = (name: string): HotelContent => hotelOf(ContentAnswer.parse(json(name)), 'K7Q2', 200)!;
const record = IndexRecord.parse(json('index-object.json'));
const SITE = 'https://all.chain-b.test';

beforeAll(() => {
  useProviders({ chain_b: { baseUrl: 'http://127.0.0.1:9/chain_b', hosts: ['all.chain-b.test'] } });
});

describe('hotel content (HotelPageCold)', () => {
  it('reads the details: brand, lodging from the index record, 12-hour times as HH:MM, the largest image', () => {
    // Act
    const details = toDetails(hotel('hotel-page-cold.json'), record, SITE);
    // Assess
    expect(details).toMatchObject({
      name: 'Nordhaven Lodge Lorvane',
      brand: { code: 'NL', name: 'Nordhaven Lodge' },
      lodging: null,
      stars: 3,
      address: { street: '7 Quai des Brumes', city: 'Lorvane', postal_code: '94120', country_code: 'ZZ' },
      location: { latitude: 47.1301, longitude: 9.5712 },
      contact: {
        phone: '+99 1 23 45 67 89',
        email: 'hk7q2@example.test',
        website: `${SITE}/hotel/K7Q2/index.en.shtml`,
      },
      check_in_time: '15:00',
      check_out_time: '11:00',
      rating: { score: 4.3, review_count: 412 },
      main_photo_url: 'https://img.chain-b.test/imagerie/K7Q2/k7q2_0_2048x1536.jpg',
      top_amenities: [
        { code: 'WIFI', label: 'Wifi' },
        { code: 'PARKING', label: 'Parking' },
      ],
      room_type_count: 2,
    });
  });

  it('reads a partner hotel without contact, score, reviews, medias, rooms or coordinates as nulls, counting the drift', () => {
    // Act
    const { value: partner, drift: seen } = withDrift(() => hotel('hotel-page-cold-partner.json'));
    const details = toDetails(partner, null, SITE);
    // Assess
    expect(details).toMatchObject({
      lodging: null,
      description: null,
      address: { street: null, postal_code: null, city: 'Lorvane' },
      location: null,
      contact: { phone: null, email: null },
      check_in_time: null,
      rating: null,
      main_photo_url: null,
      room_type_count: null,
    });
    expect(toReviews(partner, 20).reviews).toEqual([]);
    expect(toPhotos(partner, { includeVideos: true }).photos).toEqual([]);
    expect(seen.map((d) => d.field)).toEqual(
      expect.arrayContaining(['data.hotel.accommodations', 'data.hotel.formattedCheckIn']),
    );
  });

  it('tells an unknown hotel (undefined) from a refused query (an upstream error)', () => {
    expect(hotelOf(ContentAnswer.parse(json('hotel-page-cold-not-found.json')), 'ZZ99', 200)).toBeUndefined();
    expect(() =>
      hotelOf(
        ContentAnswer.parse({ errors: [{ message: 'Cannot query field "x" on type "Hotel"' }] }),
        'K7Q2',
        400,
      ),
    ).toThrow(/HotelPageCold for hotel K7Q2 was refused/);
  });

  it('fails, rather than defaulting, when a field is present with the wrong type', () => {
    const answer = json('hotel-page-cold.json') as { data: { hotel: { rating: { stars: unknown } } } };
    answer.data.hotel.rating.stars = 'three';
    expect(ContentAnswer.safeParse(answer).success).toBe(false);
  });

  it('groups amenities: services (paid known from the index) then facility groups, empty ones left out', () => {
    // Act
    const categories = toAmenities(hotel('hotel-page-cold.json'), record);
    // Assess
    expect(categories.map((c) => c.code)).toEqual(['SERVICES', 'BREAKFAST', 'POOL', 'RESTAURANT', 'BAR']);
    expect(categories[0]!.amenities).toEqual([
      { code: 'WIFI', label: 'Wifi', paid: false, details: null },
      { code: 'PARKING', label: 'Parking', paid: true, details: null },
    ]);
    expect(categories[1]!.amenities[0]).toEqual({
      code: 'BUFFET_BREAKFAST',
      label: 'Buffet breakfast',
      paid: null,
      details: 'Served from 7:00 to 10:30.',
    });
  });

  it('reads reviews with their dates as YYYY-MM-DD and no hotel response, at most limit', () => {
    const { rating, reviews } = toReviews(hotel('hotel-page-cold.json'), 2);
    expect(rating).toEqual({ score: 4.3, review_count: 412 });
    expect(reviews).toEqual([
      {
        author: 'Mirela',
        rating: 5,
        title: 'Harbour view',
        text: 'Quiet room facing the boats, friendly desk.',
        date: '2026-09-14',
        trip_type: 'COUPLE',
        hotel_response: null,
      },
      {
        author: null,
        rating: 3,
        title: null,
        text: 'Fine for a night, breakfast was basic.',
        date: '2026-08-02',
        trip_type: null,
        hotel_response: null,
      },
    ]);
  });

  it('keeps a review without its score (null or absent) with rating null, and a hotel score shown without its value', () => {
    // Prepare: public clients type a review's rating and the hotel's score `number | null`
    const answer = json('hotel-page-cold.json') as {
      data: {
        hotel: {
          rating: { default: Record<string, unknown>; reviews: { items: Record<string, unknown>[] } };
        };
      };
    };
    const rating = answer.data.hotel.rating;
    rating.reviews.items[0]!.rating = null;
    delete rating.reviews.items[2]!.rating;
    rating.default.score = null;
    // Act
    const content = hotelOf(ContentAnswer.parse(answer), 'K7Q2', 200)!;
    const { rating: score, reviews } = toReviews(content, 20);
    // Assess
    expect(reviews.map((r) => [r.author, r.rating])).toEqual([
      ['Mirela', null],
      [null, 3],
      ['Tomasz', null],
    ]);
    expect(score).toEqual({ score: null, review_count: 412 });
    expect(toDetails(content, record, SITE).rating).toEqual({ score: null, review_count: 412 });
  });

  it('keeps a score-only review and one of blank text, each with text null, never failing the reviews', () => {
    // Prepare
    const answer = json('hotel-page-cold.json') as {
      data: { hotel: { rating: { reviews: { items: Record<string, unknown>[] } } } };
    };
    const items = answer.data.hotel.rating.reviews.items;
    delete items[0]!.text;
    items[2]!.text = '   ';
    // Act
    const { reviews } = toReviews(hotelOf(ContentAnswer.parse(answer), 'K7Q2', 200)!, 20);
    // Assess
    expect(reviews.map((r) => [r.author, r.rating, r.text])).toEqual([
      ['Mirela', 5, null],
      [null, 3, 'Fine for a night, breakfast was basic.'],
      ['Tomasz', 4, null],
    ]);
  });

  it('keeps a media without its category (null, outside any category filter) and formats without their size', () => {
    // Prepare: the HOTEL image loses its category and its largest format its size; the BEDROOM image's
    // only format loses its size
    type RawMedia = { category?: string; availableFormats: Record<string, unknown>[] };
    const answer = json('hotel-page-cold.json') as { data: { hotel: { medias: { items: RawMedia[] } } } };
    const [hotelImage, bedroom] = answer.data.hotel.medias.items;
    delete hotelImage!.category;
    delete hotelImage!.availableFormats[1]!.width;
    delete hotelImage!.availableFormats[1]!.height;
    bedroom!.availableFormats[0]!.width = null;
    const content = hotelOf(ContentAnswer.parse(answer), 'K7Q2', 200)!;
    // Act
    const all = toPhotos(content, { includeVideos: true });
    const bedrooms = toPhotos(content, { includeVideos: true, categories: ['BEDROOM'] });
    // Assess
    expect(all.photos.map((p) => [p.category, p.url])).toEqual([
      [null, 'https://img.chain-b.test/imagerie/K7Q2/k7q2_0_1024x768.jpg'],
      ['BEDROOM', 'https://img.chain-b.test/imagerie/K7Q2/k7q2_1_1024x768.jpg'],
      ['VIDEO', 'https://img.chain-b.test/imagerie/K7Q2/k7q2_v_1280x720.jpg'],
    ]);
    expect(all.photos[0]!.formats[1]).toEqual({
      url: 'https://img.chain-b.test/imagerie/K7Q2/k7q2_0_2048x1536.jpg',
      width: null,
      height: null,
    });
    expect(all.photos[1]!.formats[0]).toMatchObject({ width: null, height: 768 });
    expect(all.categories).toEqual({ BEDROOM: 'Bedroom', VIDEO: 'Video' });
    expect(bedrooms.photos.map((p) => p.category)).toEqual(['BEDROOM']);
  });

  it('fails a category filter when no media names its category, and reviews lost from a reviewed hotel', () => {
    // Prepare: every media loses its category; the reviews list goes while the score still counts reviews
    type Raw = {
      data: {
        hotel: {
          medias: { items: { category?: string }[] };
          rating: { default: { numberOfReviews: number }; reviews: { items?: unknown[] } };
        };
      };
    };
    const answer = json('hotel-page-cold.json') as Raw;
    for (const m of answer.data.hotel.medias.items) delete m.category;
    delete answer.data.hotel.rating.reviews.items;
    const content = hotelOf(ContentAnswer.parse(answer), 'K7Q2', 200)!;
    // Act, Assess: a changed format, never "no photos of those kinds" or "no reviews"
    expect(answer.data.hotel.rating.default.numberOfReviews).toBeGreaterThan(0);
    expect(() => toPhotos(content, { includeVideos: true, categories: ['HOTEL'] })).toThrow(ExtractionError);
    expect(toPhotos(content, { includeVideos: true }).photos.length).toBeGreaterThan(0);
    expect(() => toReviews(content, 20)).toThrow(ExtractionError);
  });

  it('reads photos with their largest format, a video with its links, and leaves out a media without formats', () => {
    // Act
    const all = toPhotos(hotel('hotel-page-cold.json'), { includeVideos: true });
    const images = toPhotos(hotel('hotel-page-cold.json'), { includeVideos: false, categories: ['HOTEL'] });
    // Assess
    expect(all.photos.map((p) => [p.category, p.type])).toEqual([
      ['HOTEL', 'IMAGE'],
      ['BEDROOM', 'IMAGE'],
      ['VIDEO', 'VIDEO'],
    ]);
    expect(all.categories).toEqual({ HOTEL: 'Hotel', BEDROOM: 'Bedroom', VIDEO: 'Video' });
    expect(all.photos[2]!.video).toEqual({
      embedded_url: 'https://img.chain-b.test/video/K7Q2/embed',
      download_url: 'https://img.chain-b.test/video/K7Q2/k7q2.mp4',
      preview_url: 'https://img.chain-b.test/imagerie/K7Q2/k7q2_v_1280x720.jpg',
    });
    expect(images.photos).toHaveLength(1);
    expect(images.photos[0]!.url).toBe('https://img.chain-b.test/imagerie/K7Q2/k7q2_0_2048x1536.jpg');
  });

  it.each([
    ['15:00', '15:00'],
    ['3:00 PM', '15:00'],
    ['11:00 AM', '11:00'],
    ['12 PM', '12:00'],
    ['12:30 am', '00:30'],
    ['14h00', '14:00'],
    ['noon', null],
    ['25:00', null],
  ])('reads the time %s as %s', (value, expected) => {
    expect(clockTime(value)).toBe(expected);
  });
});

describe('offers per room type (HotelPageHot)', () => {
  const rooms = OffersAnswer.parse(json('hotel-page-hot-rooms.json'));

  it('joins each offer to its room type, cheapest first, and leaves out an offer for an undescribed room', () => {
    // Act
    const stay = toRooms(hotel('hotel-page-cold.json'), rooms, { nights: 2, currency: 'EUR' });
    // Assess
    expect(stay.availability_status).toBe('AVAILABLE');
    expect(stay.room_types.map((r) => [r.accommodation_code, r.rates.map((x) => x.total)])).toEqual([
      ['STD', [253.26, 267.33, 270.14, 281.4, 317.4]],
      ['SUP', [360.9, null]],
    ]);
    expect(stay.room_types[1]).toMatchObject({ bedding: 'queen bed', surface_sqm: null, description: null });
  });

  it('counts the offer left out, and refuses offers of which none names a described room', () => {
    // Prepare
    const unnamed = structuredClone(json('hotel-page-hot-rooms.json')) as {
      data: { hotelOffers: { offersSelection: { offers: { accommodation?: unknown }[] } } };
    };
    for (const o of unnamed.data.hotelOffers.offersSelection.offers) delete o.accommodation;
    // Act
    const { drift: seen } = withDrift(() =>
      toRooms(hotel('hotel-page-cold.json'), rooms, { nights: 2, currency: 'EUR' }),
    );
    // Assess
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'skipped', provider: 'chain_b' }));
    expect(() =>
      toRooms(hotel('hotel-page-cold.json'), OffersAnswer.parse(unnamed), { nights: 2, currency: 'EUR' }),
    ).toThrow(/no priced offer names a room type/);
  });

  it('marks member rates with their public price struck through, and packages', () => {
    const std = toRooms(hotel('hotel-page-cold.json'), rooms, { nights: 2, currency: 'EUR' }).room_types[0]!;
    expect(std.rates[0]).toMatchObject({
      rate_code: 'PARK2',
      is_package: true,
      is_member_rate: false,
      cancellation_code: 'NO_CANCELLATION',
    });
    expect(std.rates[1]).toMatchObject({
      rate_code: 'MEMBER2',
      is_member_rate: true,
      is_package: false,
      reference_formatted: '€281.40',
      per_night: 133.67,
      total: 267.33,
      guarantee_code: null,
    });
  });

  it('gives an offer without aggregationType neither a total nor a nightly price: it does not say which its amount is', () => {
    const sup = toRooms(hotel('hotel-page-cold.json'), rooms, { nights: 2, currency: 'EUR' }).room_types[1]!;
    // After the rates that say what their amount covers.
    expect(sup.rates[1]).toMatchObject({ aggregation_type: null, total: null, per_night: null });
  });

  it('prefers an offer whose stay total is known to a cheaper-looking amount that does not say what it covers', () => {
    // Prepare: the offer without aggregationType shows 190 (a night, or the stay: it does not say)
    type RawOffer = { pricing: { aggregationType?: string; main: { amount: number } } };
    const raw = structuredClone(json('hotel-page-hot-rooms.json')) as {
      data: { hotelOffers: { offersSelection: { offers: RawOffer[] } } };
    };
    const unsaid = raw.data.hotelOffers.offersSelection.offers.filter((o) => !o.pricing.aggregationType);
    expect(unsaid.length).toBeGreaterThan(0);
    for (const o of unsaid) o.pricing.main.amount = 190;
    // Act
    const best = bestOffer(OffersAnswer.parse(raw), 2);
    // Assess
    expect(best).toMatchObject({ amount: 270.14, total: 270.14, aggregation_type: 'TOTAL_STAY' });
  });

  it('never makes a package or a members-only amount the best offer while a public price is offered', () => {
    expect(bestOffer(rooms, 2)).toMatchObject({
      amount: 270.14,
      meal_plan: 'EUROPEAN_PLAN',
      aggregation_type: 'TOTAL_STAY',
    });
  });

  it('prices a hotel offering only a member rate and a package at the public price of the member rate', () => {
    // Act: a cheaper package (253.26) and a member rate (267.33, public price 281.40)
    const best = bestOffer(OffersAnswer.parse(json('hotel-page-hot-members-only.json')), 2);
    // Assess
    expect(best).toEqual({
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

  it('gives a hotel whose offers show no public price its cheapest priced offer, never no best offer', () => {
    // Prepare: the member rate (267.33) loses its public price; then the package (253.26) goes too
    type Raw = {
      data: { hotelOffers: { offersSelection: { offers: { pricing: { alternative: unknown } }[] } } };
    };
    const memberAndPackage = json('hotel-page-hot-members-only.json') as Raw;
    memberAndPackage.data.hotelOffers.offersSelection.offers[0]!.pricing.alternative = null;
    const memberOnly = structuredClone(memberAndPackage);
    memberOnly.data.hotelOffers.offersSelection.offers.pop();
    // Act
    const cheapest = bestOffer(OffersAnswer.parse(memberAndPackage), 2);
    const member = bestOffer(OffersAnswer.parse(memberOnly), 2);
    // Assess: the contract's best_offer null is "no priced offer"; these hotels have one
    expect(cheapest).toMatchObject({ amount: 253.26, formatted: '€253.26', total: 253.26, nights: 2 });
    expect(member).toMatchObject({ amount: 267.33, formatted: '€267.33', per_night: 133.67 });
  });

  it('gives no best offer to an available hotel only when none of its offers is priced', () => {
    // Prepare: every amount zero
    const answer = json('hotel-page-hot-rooms.json') as {
      data: { hotelOffers: { offersSelection: { offers: { pricing: { main: { amount: number } } }[] } } };
    };
    for (const o of answer.data.hotelOffers.offersSelection.offers) o.pricing.main.amount = 0;
    // Act
    const best = bestOffer(OffersAnswer.parse(answer), 2);
    // Assess
    expect(best).toBeNull();
  });

  it('reads an offer that does not say whether it is a member rate as is_member_rate null, ranked after known public prices', () => {
    // Prepare: the cheapest public room offer (SAVER2, 270.14) and the package (253.26) lose what says
    // what they are; so does an offer without its type
    type RawOffer = {
      type?: string;
      rate: { id: string };
      pricing: Record<string, unknown> & { main: Record<string, unknown> };
    };
    const raw = json('hotel-page-hot-rooms.json') as {
      data: { hotelOffers: { offersSelection: { offers: RawOffer[] } } };
    };
    const offers = raw.data.hotelOffers.offersSelection.offers;
    const saver = offers.find((o) => o.rate.id === 'SAVER2')!;
    delete saver.pricing.main.categories;
    delete saver.pricing.deduction;
    delete offers.find((o) => o.type === 'PACKAGE')!.type;
    const answer = OffersAnswer.parse(raw);
    // Act
    const std = toRooms(hotel('hotel-page-cold.json'), answer, { nights: 2, currency: 'EUR' }).room_types[0]!;
    const best = bestOffer(answer, 2);
    // Assess
    expect(std.rates.map((r) => [r.rate_code, r.is_member_rate, r.is_package])).toEqual([
      ['PARK2', false, null],
      ['MEMBER2', true, false],
      ['SAVER2', null, false],
      ['FLEX2', false, false],
      ['FLEXBB2', false, false],
    ]);
    // The cheapest known public prices are the member rate's public 281.40 and FLEX2's 281.40
    expect(best).toMatchObject({ amount: 281.4 });
  });

  it('keeps the cheapest public offer that shows neither its meal plan nor its formatted amount, those null', () => {
    // Prepare: SAVER2 (270.14, the cheapest public price) without mealPlan and formattedAmount, and
    // without its rate id (its code is then its room alone)
    type RawOffer = { rate?: { id: string }; mealPlan?: unknown; pricing: { main: Record<string, unknown> } };
    const raw = json('hotel-page-hot-rooms.json') as {
      data: { hotelOffers: { offersSelection: { offers: RawOffer[] } } };
    };
    const saver = raw.data.hotelOffers.offersSelection.offers.find((o) => o.rate?.id === 'SAVER2')!;
    delete saver.mealPlan;
    saver.pricing.main.formattedAmount = null;
    delete saver.rate;
    const answer = OffersAnswer.parse(raw);
    // Act
    const best = bestOffer(answer, 2);
    const std = toRooms(hotel('hotel-page-cold.json'), answer, { nights: 2, currency: 'EUR' }).room_types[0]!;
    // Assess
    expect(best).toMatchObject({ amount: 270.14, total: 270.14, formatted: null, meal_plan: null });
    expect(std.rates.map((r) => [r.rate_code, r.total, r.meal_plan])).toContainEqual(['STD', 270.14, null]);
    expect(std.rates).toHaveLength(5);
  });

  it('gives a calendar date its best offer, and a sold-out date UNAVAILABLE without an amount', () => {
    expect(calendarDay(rooms, '2030-06-10', 2)).toEqual({
      date: '2030-06-10',
      status: 'AVAILABLE',
      amount: 270.14,
      formatted: '€270.14',
      aggregation_type: 'TOTAL_STAY',
      nights: 2,
      currency: 'EUR',
    });
    expect(
      calendarDay(OffersAnswer.parse(json('hotel-page-hot-sold-out.json')), '2030-06-10', 2),
    ).toMatchObject({
      status: 'UNAVAILABLE',
      amount: null,
    });
  });
});

describe('index record', () => {
  it('reads a record without lodging, and the index 404 as null', () => {
    expect(record).toMatchObject({
      objectID: 'K7Q2',
      paidAmenities: [{ code: 'PARKING', label: 'Parking' }],
    });
    expect(record?.lodging).toBeUndefined();
    expect(IndexRecord.parse(null)).toBeNull();
  });

  it('asks the index for one object by id and the back end for the content with every review and media', () => {
    expect(indexObjectRequest('K7Q2')).toMatchObject({
      path: '/1/indexes/prod_hotels_en/K7Q2',
      notFoundOk: true,
    });
    expect(hotelContentRequest('K7Q2').body).toMatchObject({
      json: {
        operationName: 'HotelPageCold',
        variables: { hotelId: 'K7Q2', reviewsLimit: 20, mediaTypes: ['IMAGE', 'VIDEO'] },
      },
    });
  });
});

describe('hotel page URLs', () => {
  it.each([
    ['https://all.chain-b.test/hotel/A1B2/index.fr.shtml', 'A1B2'],
    ['https://all.chain-b.test/de/hotel/a1b2/index.de.shtml', 'A1B2'],
    ['https://all.chain-b.test/booking/fr/chain-b/hotel/A1B2', 'A1B2'],
    ['https://all.chain-b.test/ssr/app/chain-b/rates?hotelCode=A1B2', 'A1B2'],
  ])('reads %s as %s', (url, id) => {
    expect(hotelRefOf(url)).toMatchObject({ kind: 'hotel', hotelId: id });
  });

  it.each([
    ['https://all.chain-b.test/search?destination=lorvane', 'no-id'],
    ['https://all.chain-b.test/hotel/lorvane-old-town/index.en.shtml', 'no-id'],
    ['https://www.site-b.test/hotel/A1B2/index.fr.shtml', 'foreign'],
    ['http://all.chain-b.test/hotel/A1B2/index.fr.shtml', 'foreign'],
    ['https://user:pw@all.chain-b.test/hotel/A1B2/index.fr.shtml', 'foreign'],
  ])('reads %s as %s', (url, kind) => {
    expect(hotelRefOf(url).kind).toBe(kind);
  });

  it('answers the URL without its query or fragment, the id read from ?hotelCode= in hotelId only', () => {
    // Act
    const ref = hotelRefOf('https://ALL.chain-b.test/ssr/app/chain-b/rates?hotelCode=a1b2&lang=fr#rooms');
    // Assess
    expect(ref).toEqual({
      kind: 'hotel',
      hotelId: 'A1B2',
      url: 'https://all.chain-b.test/ssr/app/chain-b/rates',
    });
  });
});
