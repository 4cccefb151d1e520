// GET /v1/rental/listing/{listing_id}/reviews: a listing's reviews, paged by limit and offset.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { intParam } from '../../shared/schemas/params.ts';
import { ListingIdJson, ListingPath } from '../../shared/schemas/rental.ts';
import { RentalReview, ReviewTag } from '../../shared/schemas/rental-reviews.ts';

export const ReviewsQuery = z.object({
  limit: intParam(1, 50, 24).meta({ description: 'Reviews a page, 1 to 50. Default 24' }),
  offset: intParam(0, Number.MAX_SAFE_INTEGER, 0).meta({ description: 'Reviews to skip. Default 0' }),
  sort: z
    .enum(['best', 'recent'])
    .default('best')
    .meta({ description: "best (the source's quality ranking, default) or recent" }),
});

export const RentalReviewsResponse = z.object({
  success: z.literal(true),
  listing_id: ListingIdJson,
  total_count: z.number().int().min(0).nullable().meta({ description: "The listing's reviews, all pages" }),
  reviews: z.array(RentalReview),
  tags: z.array(ReviewTag).meta({ description: 'What reviews mention, with how many do' }),
  pagination: z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    next_offset: z.number().int().min(1).nullable(),
    has_more: z.boolean(),
  }),
});

export const handler = endpoint({
  route: routes.rentalReviews,
  path: ListingPath,
  query: ReviewsQuery,
  response: RentalReviewsResponse,
  run: async ({ path, query }, ctx) => {
    const page = await rental.reviews(ctx, camelKeys({ ...path, ...query }));
    if (!page) throw ctx.error('LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    if (page.reviews.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        page.total_count === 0 || query.offset === 0
          ? `The listing ${path.listing_id} has no reviews.`
          : `The listing ${path.listing_id} has ${page.total_count ?? 'fewer'} reviews: offset ${query.offset} is past the end.`,
      );
    // The source does not echo the offset: the next one is computed, up to the listing's count (without a
    // count, while pages come full).
    const reached = query.offset + page.reviews.length;
    const more = page.total_count === null ? page.reviews.length === query.limit : reached < page.total_count;
    return {
      success: true as const,
      listing_id: path.listing_id,
      total_count: page.total_count,
      reviews: page.reviews,
      tags: page.tags,
      pagination: {
        offset: query.offset,
        limit: query.limit,
        next_offset: more ? reached : null,
        has_more: more,
      },
    };
  },
});
