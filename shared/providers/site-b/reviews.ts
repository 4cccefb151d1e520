/** site_b's review list for a hotel id: 20 a page, sorted as asked (7 newest, 6 highest, 5 lowest). */
import * as z from 'zod';
import { SiteBPagination, SiteBReview, SiteBReviewScore } from '../../schemas/site-b.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';

export const PAGE_SIZE = 20;

const Raw = z.object({
  hotel: z.object({
    id: z.number().int(),
    name: z.string(),
    score: z.number(),
    scoreText: z.string(),
    reviewCount: z.number().int(),
  }),
  total: z.number().int(),
  reviews: z.array(
    z.object({
      id: z.string(),
      score: z.number(),
      title: z.string(),
      positive: z.string(),
      negative: z.string(),
      guest: z.object({ name: z.string(), country: z.string(), level: z.string(), type: z.string() }),
      dateText: z.string(),
      stayText: z.string(),
      room: z.string(),
      helpful: z.number().int(),
      lang: z.string(),
      photos: z.array(z.string()),
      subScores: z.record(z.string(), z.number()),
      reply: z.object({ text: z.string(), at: z.string(), by: z.string() }).nullable(),
    }),
  ),
});

/** One page of a hotel's site_b reviews, in the contract's shape. */
export const SiteBReviewsPage = z.object({
  hotel_id: z.number().int().positive(),
  hotel_name: z.string(),
  reviews: z.array(SiteBReview),
  pagination: SiteBPagination,
  review_score: SiteBReviewScore,
});
export type SiteBReviewsPage = z.infer<typeof SiteBReviewsPage>;

/**
 * A page of a hotel's reviews, or undefined when site_b has no hotel with that id. A page past the
 * end comes back with no reviews (the pagination still says how many there are).
 * @example await siteBReviews(ctx, 200123, 1, 7) // { hotel_id: 200123, reviews: [20 reviews], ... }
 */
export async function siteBReviews(
  ctx: UpstreamContext,
  hotelId: number,
  page: number,
  sorting: number,
): Promise<SiteBReviewsPage | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'site_b',
      path: '/fragment/reviewlist',
      query: { hotel_id: hotelId, page, sort: sorting },
      expect: 'json',
      cache: 'reviews',
      notFoundOk: true,
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const { hotel, total, reviews } = conform('site_b', Raw, res.body, 'the review list');
  return conform(
    'site_b',
    SiteBReviewsPage,
    {
      hotel_id: hotel.id,
      hotel_name: hotel.name,
      reviews: reviews.map((r) => ({
        review_id: r.id,
        rating: r.score,
        title: r.title,
        comment: [r.positive, r.negative].filter(Boolean).join(' '),
        pros: r.positive,
        cons: r.negative,
        reviewer: {
          name: r.guest.name,
          country: r.guest.country,
          level: r.guest.level,
          group_type: r.guest.type,
        },
        date: r.dateText,
        stay_date: r.stayText,
        room_type: r.room,
        helpful_count: r.helpful,
        language: r.lang,
        photos: r.photos,
        sub_ratings: r.subScores,
        owner_response: r.reply && { text: r.reply.text, published_date: r.reply.at, author: r.reply.by },
      })),
      pagination: {
        current_page: page,
        page_size: PAGE_SIZE,
        total_count: total,
        total_pages: Math.ceil(total / PAGE_SIZE),
      },
      review_score: { overall: hotel.score, score_text: hotel.scoreText, review_count: hotel.reviewCount },
    },
    'the review list',
  );
}
