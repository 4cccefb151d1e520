// GET /v1/dining/restaurants/{restaurant_id}/reviews: a restaurant's reviews a page at a time.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { RestaurantPath } from '../../shared/schemas/dining.ts';
import { intParam } from '../../shared/schemas/params.ts';

export const DiningReviewsQuery = z.object({
  // No upper bound (the contract has none): a page past the end is 404 NO_RESULTS, however far.
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1).meta({
    description: 'Page of reviews, from 1. Default 1. A page past the end is 404 NO_RESULTS',
  }),
  page_size: intParam(1, 25, 10).meta({ description: 'Reviews a page, 1 to 25. Default 10' }),
  sort: z
    .enum(['newest', 'highest', 'lowest'], { error: 'must be one of newest, highest, lowest' })
    .default('newest')
    .meta({ description: 'newest (default), highest or lowest overall rating first' }),
});

const Stars = z.number().int().min(1).max(5).nullable();

export const DiningReview = z.object({
  review_id: z.string().min(1),
  text: z.string().nullable(),
  rating: z.object({ overall: Stars, food: Stars, service: Stars, ambience: Stars, value: Stars }),
  noise: z.string().nullable().meta({ description: 'The source\'s word, e.g. "Moderate"' }),
  dined_date: z.iso.date().nullable(),
  submitted_at: z.string().nullable().meta({ description: 'ISO 8601 timestamp, as the source gives it' }),
  reviewer: z.object({
    nickname: z.string().nullable(),
    metro: z.string().nullable(),
    review_count: z.number().int().min(0).nullable(),
  }),
  restaurant_reply: z.object({ text: z.string(), date: z.iso.date().nullable() }).nullable(),
  photos: z.array(z.url({ protocol: /^https?$/ })),
});

export const DiningReviewsResponse = z.object({
  success: z.literal(true),
  restaurant_id: z.number().int().positive(),
  total_count: z.number().int().min(0),
  reviews: z.array(DiningReview).min(1),
  pagination: z.object({
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(25),
    total_count: z.number().int().min(0),
    total_pages: z.number().int().min(0),
    has_next: z.boolean(),
  }),
});

export const handler = endpoint({
  route: routes.diningReviews,
  path: RestaurantPath,
  query: DiningReviewsQuery,
  response: DiningReviewsResponse,
  run: async ({ path, query }, ctx) => {
    const found = await dining.reviews(ctx, path.restaurant_id, camelKeys(query));
    if (!found) throw ctx.error('RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    const totalPages = Math.ceil(found.total / query.page_size);
    if (found.reviews.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        found.total === 0
          ? `dining restaurant ${path.restaurant_id} has no reviews.`
          : `Page ${query.page} is past the end: ${totalPages} pages of ${query.page_size} reviews.`,
      );
    return {
      success: true as const,
      restaurant_id: path.restaurant_id,
      total_count: found.total,
      reviews: found.reviews,
      pagination: {
        page: query.page,
        page_size: query.page_size,
        total_count: found.total,
        total_pages: totalPages,
        has_next: query.page < totalPages,
      },
    };
  },
});
