/** The dining routes. */
import { INVALID_PARAMETERS, NO_RESULTS, type Route, UNPROCESSABLE_PARAMETERS } from './types.ts';
import { area } from './area.ts';

const INVALID_TIME_FORMAT = { status: 400, when: 'time not HH:MM (24-hour)' } as const;

/** The date errors every dining route shares. */
const DATE_ERRORS = {
  INVALID_DATE_FORMAT: { status: 400, when: 'date not YYYY-MM-DD' },
  PAST_DATE: { status: 400, when: 'date in the past' },
} as const;

const RESTAURANT_NOT_FOUND = { status: 404, when: 'no restaurant with that id' } as const;

export const diningRoutes = area(
  {
    provider: 'dining',
    upstream: ['dining'],
    // A missing parameter or a bound out of range is 422, as on slots (interface-spec) and on the routes that
    // follow it (the addendum's availability, wave 3's details, menu, reviews).
    validation: UNPROCESSABLE_PARAMETERS,
  },
  {
    diningSlots: {
      path: '/v1/dining/restaurants/{restaurant_id}/availability/slots',
      product: 'availability',
      errors: {
        ...DATE_ERRORS,
        INVALID_TIME_FORMAT: { status: 400, when: 'preferred_time not HH:MM (24-hour)' },
        RESTAURANT_NOT_FOUND,
      },
      watch: { availability: 'slots', ends: 'date' },
      summary: 'Reservation times near a preferred time for a party size',
      example:
        '/v1/dining/restaurants/10001/availability/slots?date=2030-06-10&preferred_time=19:30&party_size=2',
    },
    diningAvailability: {
      path: '/v1/dining/restaurants/{restaurant_id}/availability',
      product: 'availability',
      errors: { ...DATE_ERRORS, INVALID_TIME_FORMAT, RESTAURANT_NOT_FOUND },
      watch: { availability: 'available', ends: 'date' },
      summary: 'Whether one exact time can be booked for a party, with the nearest bookable times when not',
      example: '/v1/dining/restaurants/10001/availability?date=2030-06-10&time=19:30&party_size=2',
    },
    diningSearch: {
      path: '/v1/dining/search',
      product: 'search',
      // The addendum's rule for its endpoints (400 INVALID_PARAMETERS), which names no exception for search;
      // wave 3 lists slots and availability alone as the area's existing 422 routes.
      validation: INVALID_PARAMETERS,
      errors: { ...DATE_ERRORS, INVALID_TIME_FORMAT, NO_RESULTS },
      summary: 'Restaurants near a point for a date, time and party, by price band, a page at a time',
      example:
        '/v1/dining/search?latitude=31.2304&longitude=121.4737&date=2030-06-10&time=19:30&party_size=2',
    },
    diningDetails: {
      path: '/v1/dining/restaurants/{restaurant_id}',
      product: 'details',
      errors: { RESTAURANT_NOT_FOUND },
      summary:
        "A restaurant's profile: cuisine, price band, address, hours as the source words them, ratings",
      example: '/v1/dining/restaurants/10001',
    },
    diningMenu: {
      path: '/v1/dining/restaurants/{restaurant_id}/menu',
      product: 'menu',
      errors: { RESTAURANT_NOT_FOUND },
      summary: "A restaurant's menus with sections, items and prices, or the link to a menu kept elsewhere",
      example: '/v1/dining/restaurants/10001/menu',
    },
    diningReviews: {
      path: '/v1/dining/restaurants/{restaurant_id}/reviews',
      product: 'reviews',
      errors: {
        RESTAURANT_NOT_FOUND,
        NO_RESULTS: { status: 404, when: 'the restaurant has no reviews, or page is past the last one' },
      },
      summary: "A restaurant's reviews a page at a time, newest first or by rating",
      example: '/v1/dining/restaurants/10001/reviews?page=1&page_size=10&sort=newest',
    },
  },
) satisfies Record<string, Route>;
