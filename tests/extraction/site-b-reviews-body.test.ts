// The body both site_b review routes answer (reviews-from-url and reviews by id), read from a fresh
// ReviewComments answer whose own reviews lack every optional field.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  extractReviewsPage,
  ReviewCommentsAnswer,
  SiteBReviewsBody,
} from '../../shared/providers/site-b/extract.ts';

const answer = ReviewCommentsAnswer.parse(
  JSON.parse(readFileSync(new URL('../fixtures/site-b/review-comments-bare.json', import.meta.url), 'utf8')),
);

describe('site_b reviews with their optional fields missing', () => {
  it('reads them as null (never an empty text or zero votes) and no reply, and keeps the count and score', () => {
    // Act
    const page = extractReviewsPage(48120577, 'Tilleul House', answer, 2);
    // Assess
    expect(page.reviews.map((r) => r.review_id)).toEqual(['930114502', '930114517']);
    expect(page.reviews[0]).toEqual({
      review_id: '930114502',
      rating: 7.6,
      title: null,
      comment: null,
      pros: null,
      cons: null,
      reviewer: { name: 'Oskar', country: null, level: null, group_type: null },
      date: 'October 2, 2026',
      stay_date: null,
      room_type: null,
      helpful_count: null,
      language: null,
      photos: [],
      sub_ratings: {},
      owner_response: null,
    });
    expect(page.reviews[1]!.owner_response).toBeNull();
    expect(page.pagination).toEqual({ current_page: 2, page_size: 20, total_count: 22, total_pages: 2 });
    expect(page.review_score).toEqual({ overall: 8.1, score_text: 'Excellent', review_count: 27 });
  });

  it('fits the body both review routes answer', () => {
    const page = extractReviewsPage(48120577, 'Tilleul House', answer, 2);
    const body = { success: true, ...page, retrieved_at: '2026-11-25T12:00:00.000Z' };
    expect(SiteBReviewsBody.safeParse(body).success).toBe(true);
  });
});
