/** The maps_hotels routes. */
import { STATUS } from '../errors.ts';
import { type Route, STAY_ERRORS, idErrors, pricedIn, stayErrors } from './types.ts';
import { area } from './area.ts';

/** A hotel's own stay (info, photos): the maps service's booking horizon. */
const HOTEL_STAY_ERRORS = stayErrors(
  'check_out not after check_in, more than 30 nights later, or beyond the booking horizon',
);
/** A hotel id is a property token as search returns it; the 404 says what the route looked the hotel up by. */
const hotelIdErrors = (unknown: string) =>
  idErrors('HOTEL', { invalid: 'hotel_id is not a property token as search returns it', unknown });

export const mapsHotelsRoutes = area('maps_hotels', {
  mapsHotelsSearch: {
    path: '/v1/maps_hotels/search',
    product: 'search',
    errors: {
      ...STAY_ERRORS,
      ...pricedIn('the maps service'),
      NO_RESULTS: { status: 404, when: 'no hotel for the place and stay (after min_rating)' },
    },
    watch: { price: 'hotels[].price.current', unavailable: ['NO_RESULTS'], ends: 'check_in' },
    summary:
      'Hotels for a place and stay, with prices and ratings: the ranked ones, then the sponsored ones flagged',
    example: '/v1/maps_hotels/search?location=Paris&check_in=2030-06-10&check_out=2030-06-12&currency=EUR',
  },
  mapsHotelsInfo: {
    path: '/v1/maps_hotels/info',
    product: 'info',
    errors: {
      ...HOTEL_STAY_ERRORS,
      ...pricedIn('the maps service'),
      MISSING_HOTEL: { status: 400, when: 'neither or both of hotel_id and query given' },
      ...hotelIdErrors('the maps service knows no hotel by that hotel_id or name'),
    },
    watch: { price: 'hotel.total_rate.lowest_value', rating: 'hotel.rating.value', ends: 'check_in' },
    summary: "One hotel in full for a stay: the maps service's property details, by hotel_id or name",
    // Dates the hotel has rooms for: an example shows prices, not a sold-out stay (#40).
    example: '/v1/maps_hotels/info?query=Aurelia%20Suites%20Paris&check_in=2030-06-01&check_out=2030-06-03',
  },
  mapsHotelsPhotos: {
    path: '/v1/maps_hotels/photos',
    product: 'photos',
    errors: {
      ...HOTEL_STAY_ERRORS,
      ...hotelIdErrors('the maps service knows no hotel by that hotel_id'),
    },
    summary: "A hotel's photos, original size with thumbnails, from its property details",
    example: '/v1/maps_hotels/photos?hotel_id=ChkIaDExMTI1007790',
  },
  mapsHotelsHealth: {
    path: '/v1/maps_hotels/health',
    product: 'health',
    upstream: undefined,
    auth: false,
    errors: {
      SOURCE_NOT_CONFIGURED: {
        status: STATUS.serviceUnavailable,
        when: 'the deployment does not configure maps_hotels (status "degraded", with the reason)',
      },
    },
    summary: 'Whether this deployment has maps_hotels configured; no key, not counted, no upstream call',
    example: '/v1/maps_hotels/health',
  },
}) satisfies Record<string, Route>;
