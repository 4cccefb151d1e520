// GET /v1/site_b/hotel/reviews/{hotel_id}: reviews-from-url's page of reviews, for a site_b hotel id (errors in Problem Details).
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteB, SiteBReviewsBody } from '../../shared/providers/site-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { idParam, intParam } from '../../shared/schemas/params.ts';
import { SiteBSorting } from '../../shared/schemas/site-b.ts';

export const HotelReviewsPath = z.object({
  hotel_id: idParam(/^0*[1-9]\d{0,11}$/, 'INVALID_HOTEL_ID', 'must be a positive integer site_b hotel id')
    .transform(Number)
    .meta({ description: 'site_b hotel id, as url-to-id returns it', type: 'integer', example: 200123 }),
});

export const HotelReviewsQuery = z.object({
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1).meta({
    description: 'Page of reviews, from 1; 20 reviews a page. Default 1',
  }),
  sorting: SiteBSorting,
});

export const handler = endpoint({
  route: routes.siteBHotelReviews,
  path: HotelReviewsPath,
  query: HotelReviewsQuery,
  response: SiteBReviewsBody,
  run: async ({ path, query }, ctx) => {
    const answer = await siteB.reviewsPage(ctx, path.hotel_id, query.page, query.sorting);
    if (answer.missing === 'hotel')
      throw ctx.error('HOTEL_NOT_FOUND', `site_b has no hotel ${path.hotel_id}.`);
    if (answer.missing === 'page') throw ctx.error('NO_RESULTS', answer.detail);
    return answer.body;
  },
});
