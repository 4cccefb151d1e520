// site_c's request builders and extractors on fixtures in the real format (written fresh, invented values),
// and on the sandbox's own answers.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { siteCOffers, siteCPagePath, siteCReview } from '../../infra/sandbox/sites/site-c.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { BatchAnswer, entryData } from '../../shared/providers/site-c/extract.ts';
import {
  extractOffers,
  OFFER_READING,
  OffersData,
  priceOffers,
} from '../../shared/providers/site-c/offers.ts';
import { extractReviews, ReviewListData } from '../../shared/providers/site-c/review-list.ts';
import {
  geoLookupRequest,
  newPageView,
  pricesRequest,
  reviewsRequest,
  type Stay,
} from '../../shared/providers/site-c/requests.ts';
import { geoOfPath, hotelPageOf } from '../../shared/providers/site-c/urls.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { captureEmf } from '../helpers/emf.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('site-c', name);
const batch = (name: string) => BatchAnswer.parse(fixture(name));
const ORIGIN = 'https://www.site-c.test';
// Invented query ids: real ones live only in the live profile.
const QUERIES = {
  reviews: '0123456789abcdef',
  prices_context: '1123456789abcdef',
  prices_offers: '2123456789abcdef',
};
const configure = (site_c: Partial<Providers[string]> = {}) =>
  useProviders({
    site_c: {
      baseUrl: 'http://127.0.0.1:9/site_c',
      hosts: ['www.site-c.test'],
      operations: QUERIES,
      ...site_c,
    },
  });
const reviewLists = (answer: BatchAnswer) =>
  answer.map((_e, i) => ReviewListData.parse(entryData(answer, i, { name: 'reviews', id: 'x' })));

beforeEach(() => configure());

describe('batch envelope', () => {
  it('hands each entry its own data, in the order sent', () => {
    const answer = batch('offers-poll.json');
    expect(entryData(answer, 0, { name: 'prices_context', id: 'x' })).toHaveProperty('hotelTravelInfo');
    expect(entryData(answer, 1, { name: 'prices_offers', id: 'x' })).toHaveProperty('HPS_getWebHROffers');
  });

  it('names the stale operation and its id on PersistedQueryNotFound', () => {
    // Act
    const read = () => entryData(batch('stale-query.json'), 0, { name: 'reviews', id: '0123456789abcdef' });
    // Assess
    expect(read).toThrow(UpstreamError);
    expect(read).toThrow(/0123456789abcdef \(operations\.reviews\).*PersistedQueryNotFound/);
  });

  it('gives any other query error as an upstream error, and a missing entry as an extraction error', () => {
    const answer = BatchAnswer.parse([{ errors: [{ message: 'Location does not contain the hotel' }] }]);
    expect(() => entryData(answer, 0, { name: 'prices_offers', id: 'x' })).toThrow(
      /prices_offers query failed \(Location does not contain the hotel\)/,
    );
    expect(() => entryData(answer, 1, { name: 'prices_offers', id: 'x' })).toThrow(ExtractionError);
  });
});

describe('review list', () => {
  const lists = () => reviewLists(batch('reviews-batch.json'));

  it('reads every contract field of a review from its real path', () => {
    // Act
    const page = extractReviews(lists(), { origin: ORIGIN, sortBy: 'DATE' })!;
    // Assess
    expect(page.reviews[0]).toEqual({
      id: 880000101,
      rating: 4,
      title: 'Quiet rooms above the harbour',
      text: 'A calm hotel above the harbour. The rooms facing the bay are worth asking for; breakfast was generous.',
      language: 'it',
      created_date: '2026-09-28',
      published_date: '2026-10-02',
      helpful_votes: 3,
      user: {
        id: '0A1B2C3D4E5F60718293A4B5C6D7E8F9',
        display_name: 'Marguerite',
        username: 'marguerite_travels',
        is_verified: false,
        contribution_count: 14,
        hometown: null,
        avatar_url:
          'https://media.site-c.test/media/photo-o/0a/1b/2c/3d/default-avatar-7.jpg?w=200&h=200&s=1',
      },
      trip_info: { stay_date: '2026-09-30', trip_type: 'COUPLES' },
      additional_ratings: { value: 5, sleep_quality: 4, cleanliness: 5 },
      photos: ['https://media.site-c.test/media/photo-o/2e/3f/40/51/bay-view.jpg?w=2048&h=1536&s=1'],
      review_url: `${ORIGIN}/ShowUserReviews-g555001-d7700123-r880000101-Casa_Lumen-Oriel_Bay.html`,
      owner_response: {
        text: 'Dear Marguerite,\n\nthank you for your kind words about the bay rooms.\n\nWarm regards,\nThe Front Office',
        published_date: '2026-10-09',
        author: 'Front Office Team',
        connection_to_subject: 'Owner',
      },
    });
  });

  it('joins consecutive entries into one page in the source order, with the total of the filtered set', () => {
    const page = extractReviews(lists(), { origin: ORIGIN, sortBy: 'DATE' })!;
    expect(page.total).toBe(1287);
    expect(page.reviews.map((r) => r.id)).toEqual([880000101, 880000099, 880000090]);
    expect(page.geoId).toBe(555001);
  });

  it('reads the hometown from its place or its free text, a small avatar at its own size, and a month stay', () => {
    const [, b, c] = extractReviews(lists(), { origin: ORIGIN, sortBy: 'DATE' })!.reviews;
    expect(b!.user).toMatchObject({
      hometown: 'Vellmar, Nordmark',
      avatar_url: 'https://media.site-c.test/media/photo-o/3a/4b/5c/6d/tr.jpg?w=150&h=150&s=1',
    });
    expect(b!.trip_info).toEqual({ stay_date: '2026-08-01', trip_type: null });
    expect(b!.owner_response).toBeNull();
    expect(c!.user).toMatchObject({ hometown: 'Lowland coast', avatar_url: null, contribution_count: null });
    expect(c).toMatchObject({ additional_ratings: {}, photos: [], language: 'de' });
  });

  it('reads a review without its optional fields (helpfulVotes, profile, photos…) and skips a placeholder', () => {
    // Act
    const { value: page, drift } = withDrift(() =>
      extractReviews(reviewLists(batch('reviews-sparse.json')), {
        origin: ORIGIN,
        sortBy: 'DATE',
      })!,
    );
    // Assess
    expect(page.reviews.map((r) => r.id)).toEqual([880000101, 880000099, 880000090]);
    const [a, b] = page.reviews;
    // Assess: never 0 votes, an empty text or `false` for what the review did not show
    expect(a).toMatchObject({
      helpful_votes: null,
      additional_ratings: {},
      photos: [],
      review_url: null,
      owner_response: null,
    });
    expect(a!.user!.avatar_url).toBeNull();
    expect(b).toMatchObject({ title: null, trip_info: { stay_date: '2026-08-01', trip_type: null } });
    expect(b!.user).toBeNull();
    const reviews = 'ReviewsProxy_getReviewListPageForLocation[].reviews[]';
    expect(drift).toEqual(
      expect.arrayContaining([
        { provider: 'site_c', kind: 'missing', field: `${reviews}.helpfulVotes`, count: 2 },
        { provider: 'site_c', kind: 'missing', field: `${reviews}.userProfile`, count: 1 },
        { provider: 'site_c', kind: 'skipped', field: reviews, count: 1 },
      ]),
    );
  });

  it('keeps a review without trip information, trip_info null, and one with part of it (amendment 2)', () => {
    // Prepare: the first review of the page without tripInfo, the second without its stay date
    const raw = JSON.parse(JSON.stringify(batch('reviews-batch.json'))) as {
      data: { ReviewsProxy_getReviewListPageForLocation: { reviews: Record<string, unknown>[] }[] };
    }[];
    const [first, second] = raw[0]!.data.ReviewsProxy_getReviewListPageForLocation[0]!.reviews;
    delete first!.tripInfo;
    delete (second!.tripInfo as Record<string, unknown>).stayDate;
    // Act
    const page = extractReviews(reviewLists(raw as unknown as BatchAnswer), {
      origin: ORIGIN,
      sortBy: 'DATE',
    })!;
    // Assess
    expect(page.reviews).toHaveLength(
      extractReviews(lists(), { origin: ORIGIN, sortBy: 'DATE' })!.reviews.length,
    );
    expect(page.reviews[0]!.trip_info).toBeNull();
    expect(page.reviews[1]!.trip_info?.stay_date).toBeNull();
  });

  it('keeps a review without its rating, its dates or its reply date, each null: only the id identifies it', () => {
    // Prepare: the first review of the page stripped of all four
    const raw = JSON.parse(JSON.stringify(batch('reviews-batch.json'))) as {
      data: { ReviewsProxy_getReviewListPageForLocation: { reviews: Record<string, unknown>[] }[] };
    }[];
    const first = raw[0]!.data.ReviewsProxy_getReviewListPageForLocation[0]!.reviews[0]!;
    delete first.rating;
    delete first.createdDate;
    first.publishedDate = null;
    delete (first.mgmtResponse as Record<string, unknown>).publishedDate;
    // Act
    const page = extractReviews(reviewLists(raw as unknown as BatchAnswer), {
      origin: ORIGIN,
      sortBy: 'DATE',
    })!;
    // Assess: kept, first, with nulls where the source showed nothing
    expect(page.reviews[0]).toMatchObject({
      id: 880000101,
      rating: null,
      created_date: null,
      published_date: null,
      title: 'Quiet rooms above the harbour',
      owner_response: { published_date: null, author: 'Front Office Team' },
    });
    expect(page.reviews[0]!.owner_response!.text).toMatch(/^Dear Marguerite/);
  });

  it('answers undefined for a location the source does not have', () => {
    expect(
      extractReviews(reviewLists(batch('reviews-unknown-location.json')), { origin: ORIGIN, sortBy: 'DATE' }),
    ).toBe(undefined);
  });

  it('refuses a page in another order than the one asked for, naming the setting', () => {
    expect(() => extractReviews(lists(), { origin: ORIGIN, sortBy: 'SERVER_DETERMINED' })).toThrow(
      /ordered reviews by DATE, not SERVER_DETERMINED \(operations\.reviews_sort\)/,
    );
  });

  it('gives an extraction error, not a half-read review, when a field breaks the contract', () => {
    // Prepare
    const answer = batch('reviews-batch.json');
    const data = ReviewListData.parse(entryData(answer, 0, { name: 'reviews', id: 'x' }));
    data.ReviewsProxy_getReviewListPageForLocation[0]!.reviews[0]!.publishedDate = '';
    // Act, Assess
    expect(() => extractReviews([data], { origin: ORIGIN, sortBy: 'DATE' })).toThrow(ExtractionError);
  });

  it('reads the sandbox answer the same way', () => {
    // Prepare
    const h = getWorld().hotels[11]!;
    const data = ReviewListData.parse({
      ReviewsProxy_getReviewListPageForLocation: [
        { totalCount: 40, reviews: Array.from({ length: 20 }, (_v, i) => siteCReview(h, i)) },
      ],
    });
    // Act
    const page = extractReviews([data], { origin: ORIGIN, sortBy: 'DATE' })!;
    // Assess
    expect(page.geoId).toBe(h.ids.site_c_geo);
    expect(page.reviews).toHaveLength(20);
    expect(page.reviews[0]!.language).toBe(siteCReview(h, 0).originalLanguage);
  });
});

describe('offers', () => {
  const data = () =>
    OffersData.parse(entryData(batch('offers-poll.json'), 1, { name: 'prices_offers', id: 'x' }));

  it('reads sellers from both lists through the dataAtts paths, amounts as numbers or digit strings', () => {
    const poll = extractOffers(data(), OFFER_READING);
    expect(poll.complete).toBe(false);
    expect(poll.sellers).toEqual([
      {
        provider: 'Harbourline',
        perNight: 401.2,
        total: 1348.03,
        taxes: 144.43,
        currency: 'EUR',
        roomsLeft: null,
        memberRate: null,
      },
      expect.objectContaining({ provider: 'StayDesk', total: 1307.04 }),
      expect.objectContaining({ provider: 'NightOwl Rooms', perNight: 412, total: 1384.32 }),
      expect.objectContaining({ provider: 'Casa Lumen direct', total: 1328.88 }),
    ]);
  });

  it('reads completeness as unknown (null) when the answer carries no flag, and counts the flag missing', () => {
    // Prepare: a poll without `complete` (the evidence locates no such flag)
    const unflagged = () =>
      OffersData.parse(entryData(batch('offers-poll-unflagged.json'), 0, { name: 'prices_offers', id: 'x' }));
    // Act
    const { value: poll, drift } = withDrift(() => extractOffers(unflagged(), OFFER_READING));
    const { value: unlocated, drift: none } = withDrift(() =>
      extractOffers(unflagged(), { ...OFFER_READING, offers_complete: '' }),
    );
    // Assess: unknown, never false; drift only where the reading looks for a flag
    expect(poll.complete).toBeNull();
    expect(poll.sellers.map((s) => [s.provider, s.total])).toEqual([['Quayside Stays', 467.28]]);
    expect(drift).toContainEqual({ provider: 'site_c', kind: 'missing', field: 'complete', count: 1 });
    expect(unlocated.complete).toBeNull();
    expect(none.filter((d) => d.field === 'complete')).toEqual([]);
  });

  it('gives an extraction error for a completeness flag that is no boolean', () => {
    // Prepare
    const answer = OffersData.parse({ HPS_getWebHROffers: { complete: 'yes', chevronOffers: [] } });
    // Act / Assess
    expect(() => extractOffers(answer, OFFER_READING)).toThrow(ExtractionError);
  });

  it('reads another path when configured (the seller name at the offer top level, no currency)', () => {
    const poll = extractOffers(data(), { ...OFFER_READING, offer_provider: 'provider', offer_currency: '' });
    expect(poll.sellers.map((s) => [s.provider, s.currency])).toContainEqual(['StayDesk', undefined]);
  });

  it('counts a configured price path that finds nothing as missing, and still lists the sellers', () => {
    // Act
    const { value: poll, drift } = withDrift(() =>
      extractOffers(data(), { ...OFFER_READING, offer_total: 'priceTextFK.value' }),
    );
    // Assess: the totals are unknown (null), never a reason to drop the sellers
    expect(poll.sellers).toHaveLength(4);
    expect(poll.sellers.every((s) => s.total === null)).toBe(true);
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'chevronOffers[].total' }),
    );
  });

  it('gives an extraction error when a configured price path finds no number', () => {
    expect(() => extractOffers(data(), { ...OFFER_READING, offer_total: 'data.dataAtts.provider' })).toThrow(
      ExtractionError,
    );
  });

  it('lists offers cheapest first, marks the lowest and formats amounts in the currency', () => {
    const priced = priceOffers(extractOffers(data(), OFFER_READING).sellers, 'EUR', 1);
    expect(priced.lowest).toBe('€1,307.04');
    expect(priced.offers.map((o) => o.provider)).toEqual([
      'StayDesk',
      'Casa Lumen direct',
      'Harbourline',
      'NightOwl Rooms',
    ]);
    expect(priced.offers[0]).toEqual({
      provider: 'StayDesk',
      price_per_night: '€389.00',
      total_stay_price: '€1,307.04',
      taxes_value: 140.04,
      is_lowest_price: true,
      rooms_remaining: null,
    });
    expect(priceOffers([], 'EUR', 1)).toEqual({ hasMemberRates: null, lowest: null, offers: [] });
  });

  it('says nothing of member rates when the reading locates no member flag, and what the flag says when it does', () => {
    // Prepare: the default reading has no member path (the evidence did not locate one)
    const unread = extractOffers(data(), OFFER_READING).sellers;
    const withFlag = (flags: (boolean | undefined)[]) =>
      extractOffers(
        OffersData.parse({
          HPS_getWebHROffers: {
            complete: true,
            chevronOffers: flags.map((memberRate, i) => ({
              data: {
                dataAtts: { provider: `S${i}`, perNight: 10, totalPrice: 30, taxesValue: 3, memberRate },
              },
            })),
          },
        }),
        { ...OFFER_READING, offer_member_rate: 'data.dataAtts.memberRate' },
      ).sellers;
    // Act
    const none = priceOffers(unread, 'EUR', 1).hasMemberRates;
    const [allFalse, oneTrue, partlyUnknown] = [
      [false, false],
      [false, true, undefined],
      [false, undefined],
    ].map((flags) => priceOffers(withFlag(flags), 'EUR', 1).hasMemberRates);
    // Assess: never `false` for what no seller said
    expect(none).toBeNull();
    expect([allFalse, oneTrue, partlyUnknown]).toEqual([false, true, null]);
  });

  it('reads the sandbox poll the same way, the sellers arriving over polls', () => {
    // Prepare: a stay whose sellers are not all there at the first poll but are by the third
    const request = (checkInDate: string) => ({
      currencyCode: 'GBP',
      travelInfo: { adults: 2, rooms: 1, checkInDate, checkOutDate: '2031-03-20' },
    });
    const [h, ask] = (() => {
      for (const h of getWorld().hotels)
        for (const day of ['2031-03-16', '2031-03-17', '2031-03-18']) {
          const ask = request(day);
          if (!siteCOffers(h, ask, 0).complete && siteCOffers(h, ask, 2).complete) return [h, ask] as const;
        }
      throw new Error('no stay completes over polls');
    })();
    // Act
    const [first, last] = [0, 2].map((n) =>
      extractOffers(OffersData.parse({ HPS_getWebHROffers: siteCOffers(h, ask, n) }), OFFER_READING),
    );
    // Assess
    expect(first!.sellers.length).toBeLessThan(last!.sellers.length);
    expect(last!.sellers.every((s) => s.currency === 'GBP')).toBe(true);
  });
});

describe('drift metrics of a real-format answer', () => {
  const emitted = captureEmf();

  it('emits FieldsMissing for helpfulVotes, which two reviews of reviews-sparse.json lack, and EntriesSkipped for its placeholder', () => {
    // Act
    reviewLists(batch('reviews-sparse.json'));
    // Assess
    const drift = emitted()
      .filter((m) => m.name === 'FieldsMissing' || m.name === 'EntriesSkipped')
      .map((m) => ({ name: m.name, provider: m.fields.provider, field: m.fields.field, value: m.value }));
    expect(drift).toContainEqual({
      name: 'FieldsMissing',
      provider: 'site_c',
      field: 'ReviewsProxy_getReviewListPageForLocation[].reviews[].helpfulVotes',
      value: 2,
    });
    expect(drift).toContainEqual({
      name: 'EntriesSkipped',
      provider: 'site_c',
      field: 'ReviewsProxy_getReviewListPageForLocation[].reviews[]',
      value: 1,
    });
  });
});

describe('offers, read by the tolerant rule', () => {
  const poll = (lists: Record<string, unknown>) =>
    OffersData.parse({ HPS_getWebHROffers: { complete: true, ...lists } });
  const offer = (provider: string, atts: Record<string, unknown> = {}) => ({
    provider,
    data: {
      dataAtts: {
        provider,
        perNight: '100.00',
        totalPrice: '300.00',
        taxesValue: '30.00',
        currency: 'EUR',
        ...atts,
      },
    },
  });
  const read = (lists: Record<string, unknown>) => {
    const { value: sellers, drift } = withDrift(() => extractOffers(poll(lists), OFFER_READING).sellers);
    return { sellers, drift };
  };

  it('skips and counts placeholder offers, and keeps one without its taxes (its name identifies it)', () => {
    // Act
    const { sellers, drift } = read({
      chevronOffers: [offer('A'), null, { __typename: 'Placeholder' }, offer('B', { taxesValue: undefined })],
      hiddenOffers: [offer('C')],
    });
    // Assess: B's taxes are unknown, never 0
    expect(sellers.map((s) => [s.provider, s.taxes])).toEqual([
      ['A', 30],
      ['B', null],
      ['C', 30],
    ]);
    expect(drift).toContainEqual({ provider: 'site_c', kind: 'skipped', field: 'chevronOffers[]', count: 2 });
    expect(drift).toContainEqual({
      provider: 'site_c',
      kind: 'missing',
      field: 'chevronOffers[].taxes',
      count: 1,
    });
  });

  it('compares only the sellers that show a total: the unpriced come after them and are never the lowest', () => {
    // Prepare: a seller without a total shown first, one without a per-night price, one without taxes
    const { sellers } = read({
      chevronOffers: [
        offer('NoTotal', { totalPrice: undefined, perNight: '50.00' }),
        offer('Dear', { totalPrice: '410.50', perNight: undefined }),
        offer('Cheap', { totalPrice: '288.20', taxesValue: null }),
      ],
      hiddenOffers: [offer('AlsoNoTotal', { totalPrice: null, perNight: null, taxesValue: null })],
    });
    // Act
    const priced = priceOffers(sellers, 'EUR', 1);
    // Assess
    expect(priced.lowest).toBe('€288.20');
    expect(priced.offers).toEqual([
      {
        provider: 'Cheap',
        price_per_night: '€100.00',
        total_stay_price: '€288.20',
        taxes_value: null,
        is_lowest_price: true,
        rooms_remaining: null,
      },
      {
        provider: 'Dear',
        price_per_night: null,
        total_stay_price: '€410.50',
        taxes_value: 30,
        is_lowest_price: false,
        rooms_remaining: null,
      },
      {
        provider: 'NoTotal',
        price_per_night: '€50.00',
        total_stay_price: null,
        taxes_value: 30,
        is_lowest_price: false,
        rooms_remaining: null,
      },
      {
        provider: 'AlsoNoTotal',
        price_per_night: null,
        total_stay_price: null,
        taxes_value: null,
        is_lowest_price: false,
        rooms_remaining: null,
      },
    ]);
  });

  it('fails sellers of which none shows a total: an answer that lost its prices, never a comparison without one', () => {
    // Prepare
    const { sellers } = read({
      chevronOffers: [offer('A', { totalPrice: undefined }), offer('B', { totalPrice: undefined })],
      hiddenOffers: [],
    });
    // Act, Assess
    expect(sellers.map((s) => s.total)).toEqual([null, null]);
    expect(() => priceOffers(sellers, 'EUR', 1)).toThrow(ExtractionError);
    expect(priceOffers([], 'EUR', 1)).toMatchObject({ lowest: null, offers: [] });
  });

  it('reads an offer without its currency, and counts the field as missing', () => {
    const { sellers, drift } = read({
      chevronOffers: [offer('A', { currency: undefined })],
      hiddenOffers: [],
    });
    expect(sellers).toEqual([
      { provider: 'A', perNight: 100, total: 300, taxes: 30, roomsLeft: null, memberRate: null },
    ]);
    expect(drift).toContainEqual({
      provider: 'site_c',
      kind: 'missing',
      field: 'chevronOffers[].currency',
      count: 1,
    });
  });

  it('counts an absent list as missing, and fails an answer with none of the lists', () => {
    const { sellers, drift } = read({ chevronOffers: [offer('A')] });
    expect(sellers).toHaveLength(1);
    expect(drift).toContainEqual({ provider: 'site_c', kind: 'missing', field: 'hiddenOffers', count: 1 });
    expect(() => read({ offers: [offer('A')] })).toThrow(ExtractionError);
    expect(read({ chevronOffers: null, hiddenOffers: [offer('C')] }).sellers).toHaveLength(1);
  });

  it('fails, never skips, an amount that is there but no number, and a list with no usable offer', () => {
    expect(() => read({ chevronOffers: [offer('A'), offer('B', { totalPrice: 'call us' })] })).toThrow(
      ExtractionError,
    );
    // No usable offer: the only one lacks its seller's name, what identifies it
    expect(() => read({ chevronOffers: [null, offer('B', { provider: undefined })] })).toThrow(
      ExtractionError,
    );
  });
});

describe('requests', () => {
  const stay: Stay = {
    locationId: 7700123,
    geoId: 555001,
    checkIn: '2031-04-10',
    checkOut: '2031-04-13',
    adults: 2,
    rooms: 1,
    currency: 'EUR',
  };
  type Entry = { variables: Record<string, unknown>; extensions: { preRegisteredQueryId: string } };
  const entries = (req: { body?: unknown }) => (req.body as { json: Entry[] }).json;

  it('asks 50 reviews as three entries of at most 20 with consecutive offsets, from the page', () => {
    // Act
    const req = reviewsRequest({
      locationId: 7700123,
      offset: 50,
      count: 50,
      language: 'all',
      pagePath: '/p.html',
    });
    // Assess
    expect(req).toMatchObject({
      method: 'POST',
      path: '/data/graphql/ids',
      session: true,
      safe: true,
      headers: { origin: ORIGIN, referer: `${ORIGIN}/p.html` },
    });
    expect(entries(req).map((e) => [e.variables.offset, e.variables.limit])).toEqual([
      [50, 20],
      [70, 20],
      [90, 10],
    ]);
    expect(entries(req)[0]).toEqual({
      variables: {
        locationId: 7700123,
        filters: [],
        limit: 20,
        offset: 50,
        sortType: null,
        sortBy: 'DATE',
        language: 'en',
        doMachineTranslation: true,
        photosPerReviewLimit: 3,
      },
      extensions: { preRegisteredQueryId: QUERIES.reviews },
    });
    expect(() =>
      reviewsRequest({ locationId: 1, offset: 0, count: 61, language: 'all', pagePath: '/' }),
    ).toThrow(RangeError);
  });

  it('filters by original language without translating, and sends the configured ids and switches', () => {
    // Prepare
    configure({
      operations: { reviews: 'feedc0de00000001', reviews_sort: 'DATE_DESC', reviews_all_languages: 'ALL' },
    });
    // Act
    const de = entries(
      reviewsRequest({ locationId: 1, offset: 0, count: 5, language: 'de', pagePath: '/' }),
    )[0]!;
    const all = entries(
      reviewsRequest({ locationId: 1, offset: 0, count: 5, language: 'all', pagePath: '/' }),
    )[0]!;
    // Assess
    expect(de.variables).toMatchObject({
      filters: [{ axis: 'LANGUAGE', selections: ['de'] }],
      doMachineTranslation: false,
      sortBy: 'DATE_DESC',
    });
    expect(de.extensions.preRegisteredQueryId).toBe('feedc0de00000001');
    expect(all.variables.filters).toEqual([{ axis: 'LANGUAGE', selections: ['ALL'] }]);
  });

  it('looks a geo up with one review, cached like an id', () => {
    const req = geoLookupRequest(7700123);
    expect(req.cache).toBe('ids');
    expect(entries(req).map((e) => e.variables.limit)).toEqual([1]);
  });

  it('sends the context and the offers first, then the offers alone, keyed by the stay and the poll', () => {
    // Prepare
    const [a, b] = [newPageView(), newPageView()];
    // Act
    const first = pricesRequest(stay, a, 0);
    const again = pricesRequest(stay, b, 0);
    const later = pricesRequest(stay, a, 2);
    // Assess
    expect(entries(first).map((e) => e.extensions.preRegisteredQueryId)).toEqual([
      QUERIES.prices_context,
      QUERIES.prices_offers,
    ]);
    expect(entries(first)[0]!.variables).toMatchObject({ locationId: 555001, servletName: 'Hotel_Review' });
    expect(entries(first)[1]!.variables).toMatchObject({
      locationId: 555001,
      request: { hotelId: 7700123, pageLoadUid: a.pageLoadUid, sessionId: a.sessionId, requestNumber: 0 },
    });
    expect(a.pageLoadUid).not.toBe(b.pageLoadUid);
    expect(again.cacheKey).toBe(first.cacheKey);
    expect(entries(later)).toHaveLength(1);
    expect(later.cacheKey).not.toBe(first.cacheKey);
    expect(first.cacheKey).not.toContain(a.sessionId);
  });

  it('sends a fresh x-requested-by with every review and price batch, as the maintained client does', () => {
    // Prepare
    const ask = { locationId: 7700123, offset: 0, count: 10, language: 'en', pagePath: '/p.html' };
    // Act
    const sent = [reviewsRequest(ask), reviewsRequest(ask), pricesRequest(stay, newPageView(), 1)].map(
      (req) => (req.headers as Record<string, string>)['x-requested-by'],
    );
    // Assess: a random token per call, never part of a cache key
    expect(sent.every((v) => /^[0-9a-f]{64}$/.test(v ?? ''))).toBe(true);
    expect(new Set(sent).size).toBe(3);
  });
});

describe('hotel page URLs', () => {
  it('gives the location, the geo and the path of any hotel page URL', () => {
    configure({ hosts: ['www.site-c.test', 'm.site-c.test'] });
    expect(
      hotelPageOf('https://m.site-c.test/Hotel_Review-g555001-d7700123-Reviews-or10-Casa_Lumen.html'),
    ).toEqual({
      locationId: 7700123,
      geoId: 555001,
      path: '/Hotel_Review-g555001-d7700123-Reviews-or10-Casa_Lumen.html',
    });
    expect(geoOfPath(siteCPagePath(getWorld().hotels[3]!))).toBe(getWorld().hotels[3]!.ids.site_c_geo);
    expect(geoOfPath('/Tourism-g555001-Oriel_Bay-Vacations.html')).toBeUndefined();
  });
});
