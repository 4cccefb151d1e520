// GET /v1/maps_reviews/reviews: a page of a place's reviews by data_id, continued with next_page_token.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { BadPageTokenError, reviewsPage } from '../../shared/providers/maps/reviews.ts';
import { routes } from '../../shared/routes.ts';
import { ReviewPageParams } from '../../shared/schemas/maps.ts';

export const ReviewsQuery = z.object({
  data_id: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^0x[0-9a-f]+:0x[0-9a-f]+$/i, { error: 'must look like 0x<hex>:0x<hex>' }),
  next_page_token: z.string().trim().min(1).max(2_000).optional(),
  ...ReviewPageParams,
});

export const handler = endpoint({
  route: routes.mapsReviews,
  query: ReviewsQuery,
  run: async ({ query }, ctx) => {
    let page;
    try {
      page = await reviewsPage(ctx, {
        dataId: query.data_id,
        sort: query.sort_by,
        hl: query.hl,
        pageToken: query.next_page_token,
      });
    } catch (error) {
      if (error instanceof BadPageTokenError)
        throw new ProblemError(400, 'INVALID_PARAMETERS', `${error.message}; start again without it.`);
      throw error;
    }
    if (!page || page.total_reviews === 0)
      throw new ProblemError(404, 'NO_RESULTS', `No reviews for data_id ${query.data_id}.`);
    return {
      success: true,
      data_id: query.data_id,
      ...page,
      search_metadata: { datetime: new Date().toISOString() },
    };
  },
});
