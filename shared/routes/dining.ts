/** The dining routes. */
import { type Route } from './types.ts';

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
      INVALID_DATE_FORMAT: { status: 400, when: 'date not YYYY-MM-DD' },
      INVALID_TIME_FORMAT: { status: 400, when: 'preferred_time not HH:MM (24-hour)' },
      PAST_DATE: { status: 400, when: 'date in the past' },
      RESTAURANT_NOT_FOUND: { status: 404, when: 'no restaurant with that id' },
    },
    summary: 'Reservation times near a preferred time for a party size',
    example:
      '/v1/dining/restaurants/10001/availability/slots?date=2030-06-10&preferred_time=19:30&party_size=2',
  },
} as const satisfies Record<string, Route>;
