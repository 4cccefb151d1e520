/** The site_b routes. */
import type { Route } from './types.ts';
import { INVALID_URL_INPUT, idErrors } from './types.ts';
import { area } from './area.ts';

const NO_RESULTS = { status: 404, when: 'the hotel has no reviews, or page is past the last one' } as const;

export const siteBRoutes = area('site_b', {
  siteBUrlToId: {
    path: '/v1/site_b/hotel/url-to-id',
    product: 'url-to-id',
    validation: INVALID_URL_INPUT,
    errors: {
      INVALID_URL: { status: 400, when: 'url is not a site_b hotel URL of a documented shape' },
      HOTEL_NOT_FOUND: {
        status: 404,
        when: 'no site_b hotel page at that URL (short form: no hotel with that id)',
      },
    },
    summary: 'site_b hotel URL to the integer hotel id',
    example:
      '/v1/site_b/hotel/url-to-id?url=https%3A%2F%2Fwww.site-b.test%2Faurelia-suites-paris%2Fhotel%2Fparis-fr.html%3Fcheckin%3D2027-01-01',
  },
  siteBReviews: {
    path: '/v1/site_b/hotel/reviews-from-url',
    handler: 'reviews-from-url',
    product: 'reviews',
    globalErrors: true,
    validation: { kind: 'global', status: 400, code: 'INVALID_PARAMETERS' },
    errors: {
      INVALID_URL: { status: 400, when: 'URL is not a valid hotel URL of the site' },
      HOTEL_ID_NOT_FOUND: {
        status: 400,
        when: 'hotel id could not be extracted: site_b has no page at the URL, or the page carries no id',
      },
      NO_RESULTS,
    },
    extraction: 'HOTEL_ID_NOT_FOUND',
    summary: 'A site_b hotel URL to a page of its reviews, 20 a page',
    example:
      '/v1/site_b/hotel/reviews-from-url?url=https%3A%2F%2Fwww.site-b.test%2Faurelia-suites-paris%2Fhotel%2Fparis-fr.html&sorting=7',
  },
  siteBHotelReviews: {
    path: '/v1/site_b/hotel/reviews/{hotel_id}',
    product: 'reviews',
    errors: {
      ...idErrors('HOTEL', {
        invalid: 'hotel_id is not a positive integer',
        unknown: 'site_b has no hotel with that id',
      }),
      NO_RESULTS,
    },
    summary: "A page of a site_b hotel's reviews by its hotel id: the body of reviews-from-url, 20 a page",
    example: '/v1/site_b/hotel/reviews/212241?page=1&sorting=7',
  },
}) satisfies Record<string, Route>;
