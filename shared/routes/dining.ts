/** The dining routes. */
import { INVALID_PARAMETERS, NO_RESULTS, type Route } from './types.ts';

/** The date errors every dining route shares. */
const DATE_ERRORS = {
  INVALID_DATE_FORMAT: { status: 400, when: 'date not YYYY-MM-DD' },
  PAST_DATE: { status: 400, when: 'date in the past' },
} as const;

export const diningRoutes = {
  diningSlots: {
    method: 'GET',
    path: '/v1/dining/restaurants/{restaurant_id}/availability/slots',
    handler: 'functions/dining/slots.ts',
    provider: 'dining',
    product: 'availability',
    auth: true,
    upstream: ['dining'],
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    errors: {
      ...DATE_ERRORS,
      INVALID_TIME_FORMAT: { status: 400, when: 'preferred_time not HH:MM (24-hour)' },
      RESTAURANT_NOT_FOUND: { status: 404, when: 'no restaurant with that id' },
    },
    summary: 'Reservation times near a preferred time for a party size',
    example:
      '/v1/dining/restaurants/10001/availability/slots?date=2030-06-10&preferred_time=19:30&party_size=2',
  },
  diningAvailability: {
    method: 'GET',
    path: '/v1/dining/restaurants/{restaurant_id}/availability',
    handler: 'functions/dining/availability.ts',
    provider: 'dining',
    product: 'availability',
    auth: true,
    upstream: ['dining'],
    // As the slots endpoint: a missing parameter or a bound out of range is 422.
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    errors: {
      ...DATE_ERRORS,
      INVALID_TIME_FORMAT: { status: 400, when: 'time not HH:MM (24-hour)' },
      RESTAURANT_NOT_FOUND: { status: 404, when: 'no restaurant with that id' },
    },
    summary: 'Whether one exact time can be booked for a party, with the nearest bookable times when not',
    example: '/v1/dining/restaurants/10001/availability?date=2030-06-10&time=19:30&party_size=2',
  },
  diningSearch: {
    method: 'GET',
    path: '/v1/dining/search',
    handler: 'functions/dining/search.ts',
    provider: 'dining',
    product: 'search',
    auth: true,
    upstream: ['dining'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...DATE_ERRORS,
      INVALID_TIME_FORMAT: { status: 400, when: 'time not HH:MM (24-hour)' },
      NO_RESULTS,
    },
    summary: 'Restaurants near a point for a date, time and party, by price band, a page at a time',
    example: '/v1/dining/search?latitude=31.2304&longitude=121.4737&date=2030-06-10&time=19:30&party_size=2',
  },
} as const satisfies Record<string, Route>;
