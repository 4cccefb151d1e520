// GET /v1/site_b/hotel/reviews-from-url: a site_b hotel URL to a page of its reviews (errors in the global shape).
import * as z from 'zod';
import { GlobalError, ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteBHotelId } from '../../shared/providers/site-b/hotel.ts';
import { siteBReviews } from '../../shared/providers/site-b/reviews.ts';
import { parseSiteBUrl } from '../../shared/providers/site-b/urls.ts';
import { routes } from '../../shared/routes.ts';
import { intParam, text } from '../../shared/schemas/params.ts';
import { ExtractionError } from '../../shared/upstream/errors.ts';

export const ReviewsFromUrlQuery = z.object({
  url: text(2_000),
  page: intParam(1, 10_000, 1),
  sorting: z
    .enum(['5', '6', '7'], { error: 'must be 7 (most recent), 6 (highest rating) or 5 (lowest rating)' })
    .transform(Number)
    .default(7),
});

export const handler = endpoint({
  route: routes.siteBReviews,
  query: ReviewsFromUrlQuery,
  run: async ({ query }, ctx) => {
    const { url, idInUrl } = parseSiteBUrl(query.url, { langCity: true });
    // A page without an id is the route's documented extraction error (HOTEL_ID_NOT_FOUND).
    const hotelId = idInUrl ?? (await siteBHotelId(ctx, url.pathname));
    if (hotelId === undefined)
      throw new GlobalError(404, 'HOTEL_NOT_FOUND', 'site_b has no hotel at this URL.', url.href);
    const page = await siteBReviews(ctx, hotelId, query.page, query.sorting).catch((error: unknown) => {
      // A review list that lost its structure is the source's failure, not the caller's URL.
      if (error instanceof ExtractionError)
        throw new ProblemError(502, 'UPSTREAM_ERROR', error.message, { cause: error });
      throw error;
    });
    if (!page) throw new GlobalError(404, 'HOTEL_NOT_FOUND', `site_b has no hotel ${hotelId}.`, url.href);
    return { success: true, ...page, retrieved_at: new Date().toISOString() };
  },
});
