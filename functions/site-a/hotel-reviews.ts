// GET /v1/site_a/hotel/reviews: a page of a site_a hotel's guest reviews, by its numeric hotel id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam } from '../../shared/schemas/params.ts';
import { SiteAReviewsPage } from '../../shared/schemas/site-a.ts';
import { SiteAHotelId } from '../../shared/schemas/site-a-query.ts';

export const HotelReviewsQuery = z.object({
  hotel_id: SiteAHotelId,
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1).meta({ description: 'Page, from 1. Default 1' }),
  per_page: intParam(1, 25, 10).meta({ description: 'Reviews a page, 1 to 25. Default 10' }),
  sort: z
    .enum(['relevance', 'recent_desc', 'recent_asc', 'score_desc', 'score_asc'])
    .default('relevance')
    .meta({ description: 'relevance (default), recent_desc, recent_asc, score_desc or score_asc' }),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:all|[a-z]{2}(?:-[a-z]{2})?)$/, { error: 'must be all or a language code such as en or fr' })
    .default('all')
    .meta({
      description: 'all (default), or a language code: only reviews written in it, counted by total_count',
    }),
});

export const HotelReviewsResponse = SiteAReviewsPage.extend({ success: z.literal(true) });

export const handler = endpoint({
  route: routes.siteAHotelReviews,
  query: HotelReviewsQuery,
  response: HotelReviewsResponse,
  run: async ({ query }, ctx) => {
    const page = await siteA.reviews(ctx, query.hotel_id, {
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      language: query.language === 'all' ? undefined : query.language,
    });
    if (!page) throw ctx.error('HOTEL_NOT_FOUND', `site_a has no hotel ${query.hotel_id}.`);
    if (page.reviews.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        page.pagination.total_count === 0
          ? `site_a hotel ${query.hotel_id} has no reviews${query.language === 'all' ? '' : ` in ${query.language}`}.`
          : `Page ${query.page} is past the end: hotel ${query.hotel_id} has ${page.pagination.total_pages} pages of ${query.per_page} reviews.`,
      );
    return { success: true as const, ...page };
  },
});
