/** The chain_a routes. */
import { INVALID_PARAMETERS, type Route, STAY_ERRORS } from './types.ts';

export const chainARoutes = {
  chainARooms: {
    method: 'GET',
    path: '/v1/chain_a/rooms',
    handler: 'functions/chain-a/rooms.ts',
    provider: 'chain_a',
    product: 'rooms',
    auth: true,
    upstream: ['chain_a'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      HOTEL_NOT_FOUND: { status: 404, when: 'hotel_code not recognized' },
      UPSTREAM_ERROR: {
        status: 502,
        when:
          'chain_a could not complete or validate the request, or its answer lost its structure; ' +
          'upstream_status carries the HTTP status chain_a answered with, when it answered',
      },
    },
    summary: 'chain_a room types, cash rates and points options for a stay',
    example: '/v1/chain_a/rooms?hotel_code=ASPAR0&check_in=2030-06-01&check_out=2030-06-03&adults=2',
  },
} as const satisfies Record<string, Route>;
