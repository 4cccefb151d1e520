/** The chain_b routes. */
import {
  CURRENCY_ERRORS,
  NO_RESULTS,
  type Route,
  SOURCE_HORIZON_STAY_ERRORS,
  STAY_ERRORS,
  UNPROCESSABLE_PARAMETERS,
  dateErrors,
  idErrors,
  pricedIn,
} from './types.ts';
import { area } from './area.ts';

/** Every chain_b hotel endpoint takes hotel_id as search returned it. */
const HOTEL_ID_ERRORS = idErrors('HOTEL', {
  invalid: 'hotel_id is not 4 to 8 letters or digits',
  unknown: 'chain_b has no hotel with that id',
});

export const chainBRoutes = area('chain_b', {
  chainBSearch: {
    path: '/v1/chain_b/search',
    product: 'search',
    validation: UNPROCESSABLE_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      ...pricedIn('chain_b'),
      MISSING_LOCATION: { status: 400, when: 'neither coordinates nor destination_slug' },
      DESTINATION_NOT_FOUND: { status: 404, when: 'destination_slug not known' },
      NO_RESULTS,
    },
    watch: {
      price: 'hotels[].best_offer.total',
      availability: 'hotels[].availability_status',
      unavailable: ['NO_RESULTS'],
      // A hotel whose offers could not be read has availability_status null (chain_b always states it).
      unread: 'hotels[].availability_status',
      ends: 'check_in',
    },
    summary: 'chain_b hotels near coordinates or a destination slug, nearest first, with best offers',
    example: '/v1/chain_b/search?destination_slug=paris-fr&check_in=2030-06-10&check_out=2030-06-12&adults=2',
  },
  chainBHotelDetails: {
    path: '/v1/chain_b/hotel/details',
    product: 'details',
    errors: HOTEL_ID_ERRORS,
    summary:
      'A chain_b hotel: name, brand, lodging, stars, description, address, location, contact, times, rating',
    example: '/v1/chain_b/hotel/details?hotel_id=9WT3',
  },
  chainBHotelAmenities: {
    path: '/v1/chain_b/hotel/amenities',
    product: 'amenities',
    errors: HOTEL_ID_ERRORS,
    summary: "A chain_b hotel's amenities by category, free or paid where chain_b says",
    example: '/v1/chain_b/hotel/amenities?hotel_id=9WT3',
  },
  chainBHotelReviews: {
    path: '/v1/chain_b/hotel/reviews',
    product: 'reviews',
    errors: { ...HOTEL_ID_ERRORS, NO_RESULTS: { status: 404, when: 'the hotel has no reviews' } },
    summary: "A chain_b hotel's guest score and up to 20 reviews (the source's own cap)",
    example: '/v1/chain_b/hotel/reviews?hotel_id=9WT3&limit=5',
  },
  chainBHotelRooms: {
    path: '/v1/chain_b/hotel/rooms',
    product: 'rooms',
    errors: { ...HOTEL_ID_ERRORS, ...SOURCE_HORIZON_STAY_ERRORS, ...pricedIn('chain_b') },
    watch: { price: 'room_types[].rates[].total', availability: 'availability_status', ends: 'check_in' },
    summary: "A chain_b hotel's room types and rates for a stay; sold out is 200 UNAVAILABLE with no rooms",
    example: '/v1/chain_b/hotel/rooms?hotel_id=9WT3&check_in=2030-06-10&check_out=2030-06-12&adults=2',
  },
  chainBHotelPhotos: {
    path: '/v1/chain_b/hotel/photos',
    product: 'photos',
    errors: HOTEL_ID_ERRORS,
    summary: "A chain_b hotel's photos and videos, by category, with every format",
    example: '/v1/chain_b/hotel/photos?hotel_id=9WT3&categories=HOTEL,BEDROOM',
  },
  chainBHotelPriceCalendar: {
    path: '/v1/chain_b/hotel/price-calendar',
    product: 'price-calendar',
    errors: {
      ...HOTEL_ID_ERRORS,
      ...dateErrors({
        format: 'date_from or date_to not YYYY-MM-DD',
        past: 'date_from before today (UTC)',
        range: 'date_to before date_from, or its last stay beyond the booking horizon',
      }),
      RANGE_TOO_LARGE: { status: 400, when: 'date_to more than 60 days after date_from' },
      ...CURRENCY_ERRORS,
    },
    watch: { price: 'calendar[].amount', availability: 'calendar[].status', ends: 'date_from' },
    summary:
      "A chain_b hotel's best price per check-in date, up to 60 days; dates not priced before the deadline are left out (complete: false)",
    example:
      '/v1/chain_b/hotel/price-calendar?hotel_id=9WT3&date_from=2030-06-01&date_to=2030-06-07&nights=2',
  },
  chainBHotelUrlToId: {
    path: '/v1/chain_b/hotel/url-to-id',
    product: 'url-to-id',
    upstream: undefined,
    errors: {
      INVALID_URL: { status: 400, when: 'not a chain_b URL' },
      HOTEL_ID_NOT_FOUND: { status: 400, when: 'a chain_b URL without a hotel id, such as a search page' },
    },
    summary: 'A chain_b hotel page URL, in any of the site’s forms, to its hotel id (no upstream call)',
    example: '/v1/chain_b/hotel/url-to-id?url=https%3A%2F%2Fall.chain-b.test%2Fhotel%2F9WT3%2Findex.en.shtml',
  },
}) satisfies Record<string, Route>;
