// maps_reviews' request builders and extractors on fixtures in the real format (written fresh, invented
// values, engines and hosts named by token).
import { describe, expect, it } from '@jest/globals';
import {
  extractPlace,
  extractReviews,
  PlaceSearchAnswer,
  ReviewsAnswer,
} from '../../shared/providers/maps-reviews/extract.ts';
import {
  pageToken,
  placeSearchRequest,
  readPageToken,
  reviewsRequest,
} from '../../shared/providers/maps-reviews/requests.ts';
import { MapsReview } from '../../shared/schemas/maps.ts';
import { serpFailure } from '../../shared/providers/serp/index.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('maps-reviews', name);
const reviewsOf = (name: string) => ReviewsAnswer.parse(fixture(name));
const DATA_ID = '0x47a4e21f0c3b5d77:0x9e1c6a3b2f4d8e05';

describe('reviews request', () => {
  it('sends the sort and no num on the first page (it always holds 8)', () => {
    // Act
    const req = reviewsRequest({ dataId: DATA_ID, sort: 'newest', hl: 'de' }, 'reviews');
    // Assess
    expect(req.query).toEqual({ engine: 'reviews', data_id: DATA_ID, hl: 'de', sort_by: 'newestFirst' });
  });

  it("sends the first page's sort with the token on later pages, and asks for 10", () => {
    // Act
    const req = reviewsRequest(
      { dataId: DATA_ID, sort: 'lowest_rating', hl: 'en', sourceToken: 'CAESY0' },
      'r',
    );
    // Assess
    expect(req.query).toEqual({
      engine: 'r',
      data_id: DATA_ID,
      hl: 'en',
      sort_by: 'ratingLow',
      next_page_token: 'CAESY0',
      num: 10,
    });
  });
});

describe('page tokens', () => {
  it('carry the sort with the source token, whatever characters the source token has', () => {
    // Act
    const token = pageToken('highest_rating', 'CAES~Y0.x_-=');
    // Assess
    expect(readPageToken(token)).toEqual({ sort: 'highest_rating', sourceToken: 'CAES~Y0.x_-=' });
  });

  it.each(['CAESY0NBRVFD', 'best~CAES', 'newest~', ''])('refuse %j', (token) => {
    expect(readPageToken(token)).toBeUndefined();
  });
});

describe('reviews answer', () => {
  it('reads the first page: place, 8 reviews, and a next token that keeps the sort', () => {
    // Act
    const result = extractReviews(reviewsOf('reviews-page1.json'), 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
    const { page } = result;
    expect(page).toMatchObject({
      place_name: 'Lindenhof Garden Hotel',
      place_address: 'Gartenstrasse 12, 99423 Weimar, Germany',
      total_reviews: 412,
      average_rating: 4.3,
      has_more: true,
    });
    expect(readPageToken(page.next_page_token!)?.sort).toBe('newest');
    expect(page.reviews).toHaveLength(8);
    for (const review of page.reviews) MapsReview.strict().parse(review);
  });

  it('gives place_address null when the place shows no address, never an empty text', () => {
    // Prepare
    const answer = reviewsOf('reviews-page1.json');
    delete answer.place_info!.address;
    // Act
    const result = extractReviews(answer, 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.place_address).toBeNull();
    expect(result.page.place_name).toBe('Lindenhof Garden Hotel');
  });

  it('maps a review with photos, a float rating and an owner response', () => {
    // Act
    const result = extractReviews(reviewsOf('reviews-page1.json'), 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.reviews[0]).toEqual({
      review_id: expect.stringMatching(/^[\w-]{35}$/),
      rating: 5,
      text: 'Quiet room facing the garden, friendly staff and a generous breakfast.',
      date: 'a month ago',
      iso_date: '2030-04-08T18:22:10Z',
      photos: [expect.stringMatching(/^https:\/\//), expect.stringMatching(/^https:\/\//)],
      reviewer: {
        name: 'Ilse Brandt',
        profile_picture: expect.stringMatching(/^https:\/\//),
        reviews_count: 3,
        local_guide: true,
      },
      likes: 3,
      owner_response: 'Thank you for staying with us, we passed your note to housekeeping.',
      owner_response_date: '3 weeks ago',
    });
  });

  it('gives a star-only review a null text and a review without images no photos', () => {
    // Act
    const result = extractReviews(reviewsOf('reviews-page1.json'), 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    const starOnly = result.page.reviews[3]!;
    expect([starOnly.text, starOnly.photos, starOnly.owner_response]).toEqual([null, [], null]);
  });

  it('skips placeholder entries and a review without its id, counted; reads one without optional parts', () => {
    // Prepare: a null slot, an entry that lost its id, and a review with nothing but what identifies it
    const raw = fixture('reviews-page1.json') as { reviews: Record<string, unknown>[] };
    const [first, second] = raw.reviews;
    const bare = {
      review_id: 'Ci9DQUlRQUNvZENodHljRjlvT21GaVpYTmhaVjl5WlhacGRYY1NBQQ',
      rating: 4,
      date: '5 months ago',
      iso_date: '2029-12-02T09:15:00Z',
      user: { name: 'R. K.' },
    };
    const noId = Object.fromEntries(Object.entries(second!).filter(([k]) => k !== 'review_id'));
    // Act
    const { value: answer, drift: seen } = withDrift(() =>
      ReviewsAnswer.parse({ ...raw, reviews: [first, null, noId, bare] }),
    );
    const result = extractReviews(answer, 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.reviews.map((r) => r.review_id)).toEqual([first!.review_id, bare.review_id]);
    expect(result.page.reviews[1]).toMatchObject({
      text: null,
      photos: [],
      owner_response: null,
      reviewer: { name: 'R. K.', profile_picture: null, reviews_count: null, local_guide: null },
      likes: null,
    });
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'maps_reviews', kind: 'skipped', field: 'reviews[]', count: 2 }),
        expect.objectContaining({ kind: 'missing', field: 'reviews[].user.thumbnail' }),
      ]),
    );
  });

  it('keeps a review shown with its id only: every other field null, never 0 likes or a non-guide', () => {
    const raw = fixture('reviews-page1.json') as { reviews: Record<string, unknown>[] };
    const [first] = raw.reviews;
    const answer = ReviewsAnswer.parse({ ...raw, reviews: [first, { review_id: 'Ci9only' }] });
    const result = extractReviews(answer, 'newest');
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.reviews[1]).toEqual({
      review_id: 'Ci9only',
      rating: null,
      text: null,
      date: null,
      iso_date: null,
      photos: [],
      reviewer: null,
      likes: null,
      owner_response: null,
      owner_response_date: null,
    });
  });

  it('answers "no reviews" only as the engine says it, never for a rated place whose list is gone', () => {
    const raw = fixture('reviews-page1.json') as { place_info: Record<string, unknown>; reviews?: unknown };
    const withoutList = { ...raw };
    delete withoutList.reviews;
    expect(() => extractReviews(ReviewsAnswer.parse(withoutList), 'newest')).toThrow(ExtractionError);
    const unrated = { ...withoutList, place_info: { title: raw.place_info.title } };
    expect(extractReviews(ReviewsAnswer.parse(unrated), 'newest').kind).toBe('no reviews');
    const none = { ...raw, place_info: { ...raw.place_info, reviews: 0 } };
    expect(extractReviews(ReviewsAnswer.parse(none), 'newest').kind).toBe('no reviews');
  });

  it('falls back to extracted_snippet when snippet is absent', () => {
    // Prepare
    const answer = reviewsOf('reviews-page1.json');
    const first = answer.reviews![0]!;
    answer.reviews![0] = { ...first, snippet: undefined, extracted_snippet: { original: 'Original words.' } };
    // Act
    const result = extractReviews(answer, 'most_relevant');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.reviews[0]!.text).toBe('Original words.');
  });

  it('reads the last page: 10 reviews, no next token, has_more false', () => {
    // Act
    const result = extractReviews(reviewsOf('reviews-last-page.json'), 'newest');
    // Assess
    if (result.kind !== 'page') throw new Error(result.kind);
    expect(result.page.reviews).toHaveLength(10);
    expect([result.page.next_page_token, result.page.has_more]).toEqual([null, false]);
  });

  it('reads a place whose answer has no reviews as "no reviews", not a failure', () => {
    // Prepare
    const answer = reviewsOf('reviews-none.json');
    // Act
    const result = extractReviews(answer, 'most_relevant');
    // Assess
    expect(serpFailure('maps_reviews', 200, answer)).toBeUndefined();
    expect(result).toEqual({ kind: 'no reviews', placeName: 'Kiosk am Teich' });
  });

  it('reads an answer with only the empty-result error as an unknown place', () => {
    expect(extractReviews(reviewsOf('reviews-unknown-place.json'), 'most_relevant')).toEqual({
      kind: 'unknown place',
    });
  });

  it('fails on an answer without place_info or error (a changed format)', () => {
    expect(() => extractReviews(ReviewsAnswer.parse({ v2_place_info: {} }), 'newest')).toThrow(
      ExtractionError,
    );
  });
});

describe('place search', () => {
  it('asks for a search biased to the location', () => {
    expect(placeSearchRequest('Lindenhof', 'en', '50.98,11.33', 'place_search').query).toEqual({
      engine: 'place_search',
      type: 'search',
      q: 'Lindenhof',
      hl: 'en',
      ll: '@50.98,11.33,14z',
    });
  });

  it.each([
    ['the first of several places', 'place-search-list.json'],
    ['the single match', 'place-search-single.json'],
  ])('reads %s', (_case, file) => {
    // Act
    const place = extractPlace(PlaceSearchAnswer.parse(fixture(file)));
    // Assess
    expect(place).toEqual({
      title: 'Lindenhof Garden Hotel',
      data_id: DATA_ID,
      place_id: 'ChIJd0bZc2Yfp0cR4XjL7aHh0m8',
      address: 'Gartenstrasse 12, 99423 Weimar, Germany',
    });
  });

  it('skips a placeholder and a place without its title, counted, and reads the next one', () => {
    // Prepare: the first place lost its title, a null entry before it
    const raw = fixture('place-search-list.json') as { local_results: (Record<string, unknown> | null)[] };
    const second = raw.local_results[1]!.title;
    delete raw.local_results[0]!.title;
    raw.local_results.unshift(null);
    // Act
    const { value: place, drift: seen } = withDrift(() => extractPlace(PlaceSearchAnswer.parse(raw)));
    // Assess
    expect(place?.title).toBe(second);
    expect(seen).toContainEqual(skipped('maps_reviews', 'local_results[]', 2));
  });

  it('reads the "Fully empty" state as no place', () => {
    expect(extractPlace(PlaceSearchAnswer.parse(fixture('place-search-empty.json')))).toBeUndefined();
  });

  it('fails on an answer with neither places nor an empty state', () => {
    expect(() => extractPlace(PlaceSearchAnswer.parse({ v2_local_results: [] }))).toThrow(ExtractionError);
  });
});
