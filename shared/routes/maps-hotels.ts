/** The maps_hotels routes. */
import { INVALID_PARAMETERS, type Route, STAY_ERRORS } from './types.ts';

export const mapsHotelsRoutes = {
  mapsHotelsSearch: {
    method: 'GET',
    path: '/v1/maps_hotels/search',
    handler: 'functions/maps-hotels/search.ts',
    provider: 'maps_hotels',
    product: 'search',
    auth: true,
    upstream: ['maps_hotels'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one the maps service prices in',
      },
      NO_RESULTS: { status: 404, when: 'no hotel for the place and stay (after min_rating)' },
    },
    summary: 'Hotels for a place and stay, with prices, ratings and sponsored flags',
    example: '/v1/maps_hotels/search?location=Paris&check_in=2030-06-10&check_out=2030-06-12&currency=EUR',
  },
} as const satisfies Record<string, Route>;
