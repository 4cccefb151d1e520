// GET /v1/site_c/hotel/reviews-from-url: a site_c hotel page URL to its reviews, newest first.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { locationIdOf, siteCReviews } from '../../shared/providers/site-c/site-c.ts';
import { routes } from '../../shared/routes.ts';
import { intParam, text } from '../../shared/schemas/params.ts';

export const SiteCReviewsQuery = z.object({
  url: text(2_000),
  page: intParam(1, 10_000, 1),
  per_page: intParam(1, 50, 10),
  language: z
    .enum(['all', 'en', 'ja', 'es', 'fr', 'de', 'it', 'zhTW', 'ru', 'th'], {
      error: 'must be all or one of en, ja, es, fr, de, it, zhTW, ru, th',
    })
    .default('all'),
});

export const handler = endpoint({
  route: routes.siteCReviews,
  query: SiteCReviewsQuery,
  run: async ({ query }, ctx) => {
    const locationId = locationIdOf(query.url);
    const found = await siteCReviews(ctx, {
      locationId,
      page: query.page,
      perPage: query.per_page,
      language: query.language,
    });
    if (!found) throw new ProblemError(404, 'LOCATION_NOT_FOUND', `site_c has no hotel ${locationId}.`);
    const totalPages = Math.ceil(found.total / query.per_page);
    return {
      success: true,
      reviews: found.reviews,
      total_count: found.total,
      review_count: found.reviews.length,
      location_id: locationId,
      pagination: {
        page: query.page,
        per_page: query.per_page,
        total_count: found.total,
        total_pages: totalPages,
        has_next: query.page < totalPages,
        has_previous: query.page > 1,
      },
    };
  },
});
