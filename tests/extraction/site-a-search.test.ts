// site_a's search results page (its Apollo cache) and its GraphQL review list, read by the pure extractors
// on fresh real-format fixtures: full answers, answers with optional parts missing, and the failures.
import { describe, expect, it } from '@jest/globals';
import { extractReviewList, ReviewListEnvelope } from '../../shared/providers/site-a/review-list.ts';
import { extractSearchPage, type Listing } from '../../shared/providers/site-a/search-page.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string) => fixtureText('site-a', name);
const json = (name: string) => ReviewListEnvelope.parse(JSON.parse(fixture(name)));
const hotelUrl = ({ cc, slug }: { cc: string; slug: string }) =>
  `https://www.site-a.test/hotel/${cc}/${slug}.html`;
const asked = {
  nights: 3,
  offset: 0,
  rows: 4,
  order: { value: 'popularity', operation: 'order_popularity' },
  imageBase: 'https://images.site-a.test',
  hotelUrl,
};

describe('the search results page', () => {
  it('reads every result of the Apollo search node, in order, with the total', () => {
    const page = extractSearchPage(fixture('search-results-apollo.html'), asked);
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.total).toBe(57);
    expect(page.hotels.map((h) => h.hotel_id)).toEqual(['4410087', '4410094', '4410101']);
    expect(page.hotels[0]).toEqual({
      hotel_id: '4410087',
      name: 'Hotel Lorvane Garden',
      url: 'https://www.site-a.test/hotel/zz/lorvane-garden.html',
      image_url:
        'https://images.site-a.test/xdata/images/hotel/max1024x768/735501.jpg?k=0f1e2d3c4b5a69788796a5b4&o=',
      star_rating: 4,
      review_score: 8.6,
      review_score_word: 'Fabulous',
      review_count: 1284,
      address: 'Quai des Tilleuls 14',
      latitude: 44.10231,
      longitude: 5.20417,
      distance: '0.4 km from centre',
      price: { amount: 612.3, per_night: 204.1, currency: 'EUR', display: '€ 612', taxes_included: false },
      free_cancellation: true,
      is_sold_out: false,
    });
  });

  it('reads a result with its optional parts missing as nulls, and counts what was missing', () => {
    const { value: page, drift } = withDrift(() =>
      extractSearchPage(fixture('search-results-apollo.html'), asked),
    );
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels[1]).toEqual({
      hotel_id: '4410094',
      name: 'Old Bridge Inn',
      url: 'https://www.site-a.test/hotel/zz/old-bridge-inn.html',
      image_url: null,
      star_rating: null,
      review_score: null,
      review_score_word: null,
      review_count: null,
      address: null,
      latitude: null,
      longitude: null,
      distance: null,
      price: null,
      free_cancellation: null,
      is_sold_out: true,
    });
    const fields = drift.filter((d) => d.kind === 'missing').map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['results[].basicPropertyData.reviews', 'results[].policies']),
    );
    // The merchandising slot between the results is skipped, and counted.
    expect(drift).toContainEqual(expect.objectContaining({ kind: 'skipped', field: 'results[]', count: 1 }));
  });

  it('keeps a result without its page name or country (its id and name identify it), with url null', () => {
    // Prepare: the first result names no page, the second shows no location at all
    const html = fixture('search-results-apollo.html')
      .replace('"pageName":"lorvane-garden",', '')
      .replace('"location":{"__typename":"Location","countryCode":"zz"}', '"location":null');
    // Act
    const { value: page, drift } = withDrift(() => extractSearchPage(html, asked));
    // Assess
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels.map((h) => [h.hotel_id, h.name, h.url])).toEqual([
      ['4410087', 'Hotel Lorvane Garden', null],
      ['4410094', 'Old Bridge Inn', null],
      ['4410101', 'Tilleuls Residence', 'https://www.site-a.test/hotel/zz/tilleuls-residence.html'],
    ]);
    expect(page.hotels[0]).toMatchObject({ address: 'Quai des Tilleuls 14', latitude: 44.10231 });
    expect(page.listings.map((l) => l.ref)).toEqual([
      undefined,
      undefined,
      { cc: 'zz', slug: 'tilleuls-residence' },
    ]);
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'results[].basicPropertyData.pageName' }),
    );
  });

  it('keeps a result that shows no name (its id identifies it), with name null and the absence counted', () => {
    // Prepare: the second result without displayName, the third with one that lost its text
    const html = fixture('search-results-apollo.html')
      .replace('"displayName":{"__typename":"DisplayName","text":"Old Bridge Inn"},', '')
      .replace('"text":"Tilleuls Residence"', '"translationTag":null');
    // Act
    const { value: page, drift } = withDrift(() => extractSearchPage(html, asked));
    // Assess: never dropped, never a made-up name
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels.map((h) => [h.hotel_id, h.name])).toEqual([
      ['4410087', 'Hotel Lorvane Garden'],
      ['4410094', null],
      ['4410101', null],
    ]);
    expect(page.hotels[2]!.url).toBe('https://www.site-a.test/hotel/zz/tilleuls-residence.html');
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'results[].displayName', count: 2 }),
    );
  });

  it("follows Apollo's normalised references (__ref) to the listing they name", () => {
    const page = extractSearchPage(fixture('search-results-apollo.html'), asked);
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels[2]).toMatchObject({
      hotel_id: '4410101',
      url: 'https://www.site-a.test/hotel/zz/tilleuls-residence.html',
      star_rating: 3,
      review_score: 7.4,
      image_url: null,
      price: { amount: 1044.9, per_night: 348.3, taxes_included: true, display: '€ 1,045' },
    });
    expect(page.listings[2]).toEqual({
      hotelId: '4410101',
      ref: { cc: 'zz', slug: 'tilleuls-residence' },
      score: 7.4,
      scoreWord: 'Good',
      reviewCount: 96,
    });
  });

  it('prices one room for one night when several rooms are asked: the shown stay price covers them all', () => {
    // Prepare: the same page, asked for two rooms (the fixture's stay price is € 612.30 for 3 nights).
    const html = fixture('search-results-apollo.html').replace('\\"nbRooms\\":1', '\\"nbRooms\\":2');
    // Act
    const page = extractSearchPage(html, { ...asked, rooms: 2 });
    // Assess: 612.30 / 3 nights / 2 rooms.
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels[0]!.price).toMatchObject({ amount: 612.3, per_night: 102.05 });
  });

  it('shows no price for a search without dates', () => {
    const page = extractSearchPage(fixture('search-results-apollo.html'), { ...asked, nights: undefined });
    if (page === 'unknown destination') throw new Error('expected results');
    expect(page.hotels.every((h) => h.price === null)).toBe(true);
  });

  it('reads the home page an unknown destination lands on as an unknown destination', () => {
    expect(extractSearchPage(fixture('search-results-unknown-destination.html'), asked)).toBe(
      'unknown destination',
    );
  });

  it('names a page cut or sorted otherwise than asked, rather than serving it', () => {
    const html = fixture('search-results-apollo.html');
    expect(() => extractSearchPage(html, { ...asked, rows: 25 })).toThrow(UpstreamError);
    expect(() =>
      extractSearchPage(html, { ...asked, order: { value: 'price', operation: 'order_price' } }),
    ).toThrow(/operations\.order_price/);
  });

  it.each([
    [
      'a page without its Apollo cache',
      (h: string) => h.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''),
    ],
    ['an Apollo cache that is not JSON', (h: string) => h.replace('"ROOT_QUERY"', 'ROOT_QUERY')],
    ['a cache without a search node', (h: string) => h.replaceAll('search({', 'lookup({')],
    ['a result whose id is a word', (h: string) => h.replace('"id":4410087', '"id":"lorvane"')],
    [
      'a total that is not a number',
      (h: string) => h.replace('"nbResultsTotal":57', '"nbResultsTotal":"57"'),
    ],
  ])('fails with an extraction error on %s', (_case, mutate) => {
    expect(() => extractSearchPage(mutate(fixture('search-results-apollo.html')), asked)).toThrow(
      ExtractionError,
    );
  });
});

describe('the GraphQL review list', () => {
  const listing: Listing = {
    hotelId: '4410087',
    ref: { cc: 'zz', slug: 'lorvane-garden' },
    score: 8.6,
    scoreWord: 'Fabulous',
    reviewCount: 1284,
  };
  const sorter = { value: 'MOST_RELEVANT', operation: 'review_sort_relevance' };
  const reviewsAsked = { hotelId: '4410087', page: 2, perPage: 10, sorter, listing };

  it('reads every card in the contract terms, liked and disliked texts apart', () => {
    const page = extractReviewList(json('review-list.json'), reviewsAsked)!;
    expect(page.review_score).toEqual({ overall: 8.6, score_text: 'Fabulous', review_count: 1284 });
    expect(page.pagination).toEqual({
      page: 2,
      per_page: 10,
      total_count: 1284,
      total_pages: 129,
      has_next: true,
    });
    expect(page.reviews[0]).toEqual({
      review_id: 'lorvane-gard-3a9f01c2',
      score: 9.2,
      title: 'A calm base by the river',
      positive: 'Quiet room, kind staff, excellent breakfast.',
      negative: 'The lift was slow.',
      language: 'en',
      date: '2026-08-18',
      stay_date: '2026-08',
      nights: 3,
      room_type: 'Superior Double Room',
      traveler_type: 'Couple',
      reviewer: { name: 'Maren', country: 'NO', avatar_url: 'https://avatars.site-a.test/avatar/88123.jpg' },
      helpful_votes: 4,
      photos: ['https://review-images.site-a.test/max500/502211.jpg'],
      owner_response: { text: 'Thank you, Maren; see you next summer.', published_date: null },
    });
  });

  it('reads a card with its optional parts missing as empty and null values', () => {
    const { value: page, drift } = withDrift(() =>
      extractReviewList(json('review-list-bare.json'), reviewsAsked)!,
    );
    expect(page.reviews[0]).toEqual({
      review_id: 'lorvane-gard-77b10e04',
      score: 6,
      title: null,
      positive: 'Location.',
      negative: null,
      language: 'pl',
      date: '2026-08-12',
      stay_date: null,
      nights: null,
      room_type: null,
      traveler_type: null,
      reviewer: { name: 'Tomasz', country: null, avatar_url: null },
      helpful_votes: null,
      photos: [],
      owner_response: null,
    });
    // Without the language filter the listing's count is every language's.
    expect(page.review_score.review_count).toBe(1284);
    expect(drift.map((d) => d.field)).toEqual(
      expect.arrayContaining([
        'reviewCard[].helpfulVotesCount',
        'reviewCard[].bookingDetails',
        'languageFilter',
      ]),
    );
  });

  it('keeps a card without its score or its date, with them null (only its id identifies it)', () => {
    // Prepare: the first card loses its score (left out) and its date (null).
    const answer = ReviewListEnvelope.parse(
      JSON.parse(
        fixture('review-list.json')
          .replace('"reviewScore": 9.2,', '')
          .replace('"reviewedDate": 1787043600', '"reviewedDate": null'),
      ),
    );
    // Act
    const page = extractReviewList(answer, reviewsAsked)!;
    // Assess: still three cards, the first one's score and date unknown, the rest as read.
    expect(page.reviews).toHaveLength(3);
    expect(page.reviews[0]).toMatchObject({ review_id: 'lorvane-gard-3a9f01c2', score: null, date: null });
    expect(page.reviews[0]!.title).toBe('A calm base by the river');
    expect(page.reviews[1]).toMatchObject({ score: 6, date: '2026-08-12' });
  });

  it('answers a listing without a score with overall and score_text null, its reviews still served', () => {
    // Prepare: the hotel's listing shows no score (a new hotel, or a part the source left out).
    const unscored = { ...reviewsAsked, listing: { ...listing, score: null, scoreWord: null } };
    // Act
    const page = extractReviewList(json('review-list.json'), unscored)!;
    // Assess
    expect(page.review_score).toEqual({ overall: null, score_text: null, review_count: 1284 });
    expect(page.reviews.map((r) => r.score)).toEqual([9.2, 6, 3.5]);
  });

  it('reads an anonymous reviewer without a country', () => {
    const page = extractReviewList(json('review-list.json'), reviewsAsked)!;
    expect(page.reviews[2]).toMatchObject({
      reviewer: { name: 'Anonymous', country: null, avatar_url: null },
      title: null,
      positive: null,
      negative: 'Noise from the street all night.',
      room_type: null,
    });
  });

  it('answers undefined when the source has no such hotel', () => {
    expect(extractReviewList(json('review-list-not-found.json'), reviewsAsked)).toBeUndefined();
  });

  it('names the setting to change when the source refuses the sorter, or does not list it', () => {
    expect(() => extractReviewList(json('review-list-bad-sorter.json'), reviewsAsked)).toThrow(
      /operations\.review_sort_relevance/,
    );
    const stale = { ...reviewsAsked, sorter: { value: 'SCORE_HIGH', operation: 'review_sort_score_desc' } };
    expect(() => extractReviewList(json('review-list.json'), stale)).toThrow(
      /operations\.review_sort_score_desc/,
    );
  });

  it.each([
    ['a score that is text', (a: string) => a.replace('"reviewScore": 9.2', '"reviewScore": "9.2"')],
    ['a count that is text', (a: string) => a.replace('"reviewsCount": 1284', '"reviewsCount": "1284"')],
    ['no review cards', (a: string) => a.replace('"reviewCard": [', '"cards": [')],
  ])('fails with an extraction error on %s', (_case, mutate) => {
    const answer = ReviewListEnvelope.parse(JSON.parse(mutate(fixture('review-list.json'))));
    expect(() => extractReviewList(answer, reviewsAsked)).toThrow(ExtractionError);
  });
});
