// GET /v1/site_b/hotel/reviews-from-url: a site_b hotel URL to a page of its reviews (errors in the global shape).
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { parseSiteBUrl, siteB, SiteBReviewsBody } from '../../shared/providers/site-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam, text } from '../../shared/schemas/params.ts';
import { SiteBSorting } from '../../shared/schemas/site-b.ts';

export const ReviewsFromUrlQuery = z.object({
  url: text(2_000).meta({
    description:
      'A site_b hotel URL: /<name>/hotel/<city-country>.html, /<name>/hotel/all/<city-country>.html, ' +
      '/<lang>/<name>/hotel/<city>.html or the short <host>/hotel-<id>.html; its query (dates, guests) is ignored',
  }),
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1).meta({
    description: 'Page of reviews, from 1; 20 reviews a page. Default 1',
  }),
  sorting: SiteBSorting,
});

/** The success body, shared with reviews by id (`functions/site-b/hotel-reviews.ts`). */
export const SiteBReviewsResponse = SiteBReviewsBody;

export const handler = endpoint({
  route: routes.siteBReviews,
  query: ReviewsFromUrlQuery,
  response: SiteBReviewsResponse,
  run: async ({ query }, ctx) => {
    const { url, idInSlug, idInShortForm } = parseSiteBUrl(query.url, { langCity: true });
    // A page without an id is the route's documented extraction error (HOTEL_ID_NOT_FOUND); so is a
    // well-formed URL of a page site_b does not have: no hotel id can be read from it. An id in the URL
    // (a newer slug's, the short form's) goes straight to the review calls, which say whether it exists.
    const hotelId = idInSlug ?? idInShortForm ?? (await siteB.urlToId(ctx, url.pathname));
    if (hotelId === undefined)
      throw ctx.error(
        'HOTEL_ID_NOT_FOUND',
        `site_b has no hotel page at ${url.href}, so it has no hotel id.`,
      );
    const answer = await siteB.reviewsPage(ctx, hotelId, query.page, query.sorting, url.pathname);
    if (answer.missing === 'hotel')
      throw ctx.error('HOTEL_ID_NOT_FOUND', `site_b has no hotel ${hotelId} (from ${url.href}).`);
    if (answer.missing === 'page') throw ctx.error('NO_RESULTS', answer.detail);
    return answer.body;
  },
});
