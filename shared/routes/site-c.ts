/** The site_c routes. */
import { type Route, STAY_ERRORS, idErrors, pricedIn } from './types.ts';
import { area } from './area.ts';

const LOCATION_ERRORS = idErrors('LOCATION', {
  invalid: 'location_id is not a positive integer',
  unknown: 'no site_c hotel with that id',
});
const { LOCATION_NOT_FOUND } = LOCATION_ERRORS;

export const siteCRoutes = area('site_c', {
  siteCReviews: {
    path: '/v1/site_c/hotel/reviews-from-url',
    handler: 'reviews-from-url',
    product: 'reviews',
    errors: {
      INVALID_URL: { status: 400, when: 'URL is not a site_c hotel page' },
      LOCATION_NOT_FOUND,
      NO_RESULTS: {
        status: 404,
        when: 'the hotel has no reviews (in the language asked for), or page is past the last one',
      },
    },
    summary: 'A site_c hotel page URL to its reviews, newest first, by language',
    example:
      '/v1/site_c/hotel/reviews-from-url?url=https%3A%2F%2Fwww.site-c.test%2FHotel_Review-g180417-d314467-Reviews-Aurelia_Suites_Paris.html&per_page=5',
  },
  siteCPrices: {
    path: '/v1/site_c/hotel/prices/{location_id}',
    product: 'prices',
    errors: {
      ...STAY_ERRORS,
      ...pricedIn('site_c'),
      ...LOCATION_ERRORS,
      NO_RESULTS: { status: 404, when: 'no seller offers the stay' },
    },
    summary: 'Prices of one hotel across sellers for a stay',
    example: '/v1/site_c/hotel/prices/314467?check_in=2030-06-01&check_out=2030-06-03&currency=EUR',
  },
  siteCLocations: {
    path: '/v1/site_c/locations/search',
    product: 'locations',
    errors: { NO_RESULTS: { status: 404, when: 'no location matches the query' } },
    summary:
      "site_c's location typeahead: places, hotels, restaurants and attractions by name, typed by kind",
    example: '/v1/site_c/locations/search?query=paris&limit=5',
  },
  siteCDetails: {
    path: '/v1/site_c/hotel/details/{location_id}',
    product: 'details',
    errors: LOCATION_ERRORS,
    summary:
      "A site_c hotel's page data: name, address, coordinates, rating, price band, description, amenities",
    example: '/v1/site_c/hotel/details/314467',
  },
}) satisfies Record<string, Route>;
