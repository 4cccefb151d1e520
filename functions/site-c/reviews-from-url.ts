// GET /v1/site_c/hotel/reviews-from-url: a site_c hotel page URL to its reviews, newest first.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { hotelPageOf, siteC } from '../../shared/providers/site-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam, text } from '../../shared/schemas/params.ts';
import { SiteCPagination, SiteCReview } from '../../shared/schemas/site-c.ts';

/** Reviews a page at most. */
const PER_PAGE_MAX = 50;

export const SiteCReviewsQuery = z.object({
  url: text(2_000).meta({
    description:
      'Any site_c hotel page URL: standard, with a page offset segment (-or10-), another country host, or the mobile host',
  }),
  // No upper bound (the contract has none): a page past the end is 404 NO_RESULTS, however far.
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1).meta({
    description: 'Page of reviews, from 1 (newest first); past the last page: 404 NO_RESULTS. Default 1',
  }),
  per_page: intParam(1, PER_PAGE_MAX, 10).meta({ description: 'Reviews a page, 1 to 50. Default 10' }),
  language: z
    .enum(['all', 'en', 'ja', 'es', 'fr', 'de', 'it', 'zhTW', 'ru', 'th'], {
      error: 'must be all or one of en, ja, es, fr, de, it, zhTW, ru, th',
    })
    .default('all')
    .meta({
      description:
        'all: every review, its text translated to English; a code: only reviews written in that language',
    }),
});

export const SiteCReviewsResponse = z.object({
  success: z.literal(true),
  reviews: z.array(SiteCReview).meta({ description: 'Newest first (published_date descending)' }),
  total_count: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Reviews of the hotel in the language asked for' }),
  review_count: z.number().int().min(0).meta({ description: 'Reviews on this page' }),
  location_id: z
    .number()
    .int()
    .positive()
    .meta({ description: 'The site_c hotel id, usable in later calls' }),
  pagination: SiteCPagination,
});

export const handler = endpoint({
  route: routes.siteCReviews,
  query: SiteCReviewsQuery,
  response: SiteCReviewsResponse,
  run: async ({ query }, ctx) => {
    const hotel = hotelPageOf(query.url);
    const { locationId } = hotel;
    const found = await siteC.reviews(ctx, {
      hotel,
      page: query.page,
      perPage: query.per_page,
      language: query.language,
    });
    if (!found) throw ctx.error('LOCATION_NOT_FOUND', `site_c has no hotel ${locationId}.`);
    const totalPages = Math.ceil(found.total / query.per_page);
    if (found.reviews.length === 0) {
      const which = query.language === 'all' ? 'reviews' : `reviews written in ${query.language}`;
      throw ctx.error(
        'NO_RESULTS',
        found.total === 0
          ? `site_c hotel ${locationId} has no ${which}.`
          : `Page ${query.page} is past the end: ${totalPages} pages of ${query.per_page} ${which}.`,
      );
    }
    return {
      success: true as const,
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
