// rental's reviews reader on fresh fixtures in §16's shape (StaysPdpReviewsQuery, 2026 web client): HTML
// comments as plain text with line breaks, a review with the host's response and reviews without, tags with
// counts, the listing's count; a null page for an unknown listing; one review without its id skipped.
import { describe, expect, it } from '@jest/globals';
import { extractReviews, ReviewsAnswer } from '../../shared/providers/rental/reviews.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureJson, withDrift } from '../helpers/fixtures.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const fixture = (name: string): Json => fixtureJson('rental', name);
const read = (answer: unknown) => extractReviews(conform('rental', ReviewsAnswer, answer, 'the reviews'));

describe('the reviews reader', () => {
  it('reads the reviews as plain text, with and without a host response, and the tags and count', () => {
    // Act
    const page = read(fixture('reviews.json'))!;
    // Assess
    expect(page.total_count).toBe(490);
    expect(page.reviews[0]).toEqual({
      review_id: '1300000000000007919',
      rating: 5,
      text: 'Bright flat near the river & the market.\nMarguerite left us a map of her favourite bakeries.',
      language: 'en',
      created_at: '2026-08-11T10:21:00Z',
      reviewer: {
        first_name: 'Bram',
        avatar_url: 'https://a0.rental.test/im/pictures/user/User-48211/original/abababab.jpeg',
        location: 'Ghent, Belgium',
      },
      host_response: { text: 'Merci Ines!\nCome back in spring.', date: 'September 2026' },
      stay_highlight: 'Stayed a few nights',
      photos: [],
    });
    expect(page.reviews[1]).toMatchObject({
      text: 'Good beds, thin walls.\n\nThe tram stop is right outside.',
      host_response: null,
      reviewer: { location: null },
      photos: ['https://a0.rental.test/im/pictures/miso/Hosting-871204556390218413/original/1f2e3d4c.jpeg'],
    });
    expect(page.tags).toEqual([
      { name: 'LOCATION', label: 'Location', count: 88 },
      { name: 'CLEANLINESS', label: 'Cleanliness', count: 61 },
      { name: 'HOSPITALITY', label: 'Hospitality', count: 43 },
    ]);
  });

  it('reads a null page as no such listing', () => {
    expect(read(fixture('reviews-unknown-listing.json'))).toBeUndefined();
  });

  it('skips a review without its id and counts it; a review without its text keeps text null', () => {
    // Prepare
    const answer = fixture('reviews.json');
    const list = answer.data.presentation.stayProductDetailPage.reviews.reviews;
    delete list[1].id;
    delete list[2].comments;
    // Act
    const { value: page, drift } = withDrift(() => read(answer)!);
    // Assess
    expect(page.reviews.map((r) => r.text)).toEqual([expect.any(String), null]);
    expect(drift.map((d) => `${d.kind} ${d.field}`)).toEqual(
      expect.arrayContaining([
        'skipped data.presentation.stayProductDetailPage.reviews.reviews[]',
        'missing data.presentation.stayProductDetailPage.reviews.reviews[].comments',
      ]),
    );
  });

  it('reads a page without its metadata: the reviews kept, the total null and no tags', () => {
    // Prepare
    const answer = fixture('reviews.json');
    delete answer.data.presentation.stayProductDetailPage.reviews.metadata;
    // Act
    const page = read(answer)!;
    // Assess
    expect(page.reviews.map((r) => r.review_id)).toEqual(
      fixture('reviews.json').data.presentation.stayProductDetailPage.reviews.reviews.map(
        (r: { id: string }) => r.id,
      ),
    );
    expect(page.total_count).toBeNull();
    expect(page.tags).toEqual([]);
  });

  it('refuses a rating that is not a number from 1 to 5', () => {
    const answer = fixture('reviews.json');
    answer.data.presentation.stayProductDetailPage.reviews.reviews[0].rating = '5';
    expect(() => read(answer)).toThrow(ExtractionError);
  });
});
