// GET /v1/maps_reviews/reviews: a page of a place's reviews by data_id, continued with next_page_token.
import { endpoint } from '../../shared/http/endpoint.ts';
import { BadPageTokenError, mapsReviews, noReviews } from '../../shared/providers/maps-reviews/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsReviewsResponse, ReviewsQuery } from '../../shared/schemas/maps.ts';

export const handler = endpoint({
  route: routes.mapsReviews,
  query: ReviewsQuery,
  response: MapsReviewsResponse,
  run: async ({ query }, ctx) => {
    const answer = await mapsReviews
      .reviews(ctx, {
        dataId: query.data_id,
        sort: query.sort_by,
        hl: query.hl,
        pageToken: query.next_page_token,
      })
      .catch((error: unknown) => {
        if (error instanceof BadPageTokenError)
          throw ctx.error('INVALID_PARAMETERS', `${error.message}; start again without it.`, {
            cause: error,
            // As every validation refusal: the errors array names the parameter.
            extras: { errors: [{ parameter: 'next_page_token', in: 'query', message: error.message }] },
          });
        throw error;
      });
    if (answer.kind !== 'page')
      throw ctx.error(
        'NO_RESULTS',
        noReviews(answer, query.data_id, query.next_page_token ? ' on this page' : ''),
      );
    return {
      success: true as const,
      data_id: query.data_id,
      ...answer.page,
      search_metadata: { datetime: new Date().toISOString() },
    };
  },
});
