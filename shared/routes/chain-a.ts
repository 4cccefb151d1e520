/** The chain_a routes. */
import { STATUS } from '../errors.ts';
import { NO_RESULTS, type Route, STAY_ERRORS } from './types.ts';
import { area } from './area.ts';

export const chainARoutes = area('chain_a', {
  chainARooms: {
    path: '/v1/chain_a/rooms',
    product: 'rooms',
    errors: {
      ...STAY_ERRORS,
      HOTEL_NOT_FOUND: { status: 404, when: 'hotel_code not recognized' },
      UPSTREAM_ERROR: {
        status: STATUS.badGateway,
        when:
          'chain_a could not complete or validate the request, or its answer lost its structure; ' +
          'upstream_status carries the HTTP status chain_a answered with, when it answered',
      },
    },
    watch: { price: 'room_types[].rates[].total', availability: 'room_types', ends: 'check_in' },
    summary: 'chain_a room types, cash rates and points options for a stay',
    example: '/v1/chain_a/rooms?hotel_code=ASPAR0&check_in=2030-06-01&check_out=2030-06-03&adults=2',
  },
  chainAHotelDetails: {
    path: '/v1/chain_a/hotel/details',
    handler: 'details',
    product: 'details',
    errors: { HOTEL_NOT_FOUND: { status: 404, when: 'chain_a has no hotel with that hotel_code' } },
    summary:
      'A chain_a hotel profile: name, brand, descriptions, address, location, rooms count, times, page',
    example: '/v1/chain_a/hotel/details?hotel_code=ASPAR0',
  },
  chainASearch: {
    path: '/v1/chain_a/search',
    product: 'search',
    errors: {
      ...STAY_ERRORS,
      NO_RESULTS: { ...NO_RESULTS, when: 'chain_a has no hotel within the radius for the stay' },
    },
    watch: {
      price: 'hotels[].lowest_per_night',
      availability: 'hotels[].availability',
      unavailable: ['NO_RESULTS'],
      ends: 'check_in',
    },
    summary: 'chain_a hotels around a point, nearest first, with their lowest nightly cash and points prices',
    example: '/v1/chain_a/search?latitude=48.8566&longitude=2.3522&check_in=2030-06-01&check_out=2030-06-03',
  },
}) satisfies Record<string, Route>;
