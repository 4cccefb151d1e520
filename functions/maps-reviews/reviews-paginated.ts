// GET /v1/maps_reviews/reviews-paginated: up to ten pages of a place's reviews in one call.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import {
  BadPageTokenError,
  MAX_PAGES,
  mapsReviews,
  noReviews,
} from '../../shared/providers/maps-reviews/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsReviewsResponse, ReviewsQuery } from '../../shared/schemas/maps.ts';
import { intParam } from '../../shared/schemas/params.ts';

export const ReviewsPaginatedQuery = ReviewsQuery.omit({ next_page_token: true }).extend({
  pages: intParam(1, MAX_PAGES, 1).meta({
    description: `Pages to fetch in sequence, 1 to ${MAX_PAGES}; fewer when the place runs out or time does. Default 1`,
  }),
});

export const MapsReviewsPaginatedResponse = MapsReviewsResponse.extend({
  pages_fetched: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGES)
    .meta({ description: 'Pages actually fetched: fewer than asked when the place ran out or time did' }),
});

export const handler = endpoint({
  route: routes.mapsReviewsPaginated,
  query: ReviewsPaginatedQuery,
  response: MapsReviewsPaginatedResponse,
  run: async ({ query }, ctx) => {
    const answer = await mapsReviews
      .pages(ctx, { dataId: query.data_id, sort: query.sort_by, hl: query.hl }, query.pages)
      .catch((error: unknown) => {
        // A token the source handed out and then refused mid-walk: the source's failure, not the caller's.
        if (error instanceof BadPageTokenError)
          throw ctx.error('UPSTREAM_ERROR', 'maps_reviews refused its own page token mid-walk; retry.', {
            cause: error,
          });
        throw error;
      });
    if (answer.kind !== 'pages') throw ctx.error('NO_RESULTS', noReviews(answer, query.data_id));
    return {
      success: true as const,
      data_id: query.data_id,
      ...answer.page,
      pages_fetched: answer.pagesFetched,
      search_metadata: { datetime: new Date().toISOString() },
    };
  },
});
