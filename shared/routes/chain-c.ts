/** The chain_c routes. */
import { NO_RESULTS, type Route, STAY_ERRORS, pricedIn } from './types.ts';
import { area } from './area.ts';

const INVALID_PROPERTY_ID = { status: 400, when: 'property_id is not 1 to 10 letters or digits' } as const;
const PROPERTY_NOT_FOUND = { status: 404, when: 'chain_c has no property with that property_id' } as const;

export const chainCRoutes = area('chain_c', {
  chainCSearch: {
    path: '/v1/chain_c/loyalty/search',
    product: 'search',
    errors: { ...STAY_ERRORS, ...pricedIn('chain_c'), NO_RESULTS },
    watch: {
      price: 'hotels[].price.total',
      availability: 'hotels[].bookable',
      unavailable: ['NO_RESULTS'],
      ends: 'check_in',
    },
    summary: 'chain_c hotels near coordinates with cash and points prices, paged',
    example:
      '/v1/chain_c/loyalty/search?latitude=48.8566&longitude=2.3522&check_in=2030-06-10&check_out=2030-06-12',
  },
  chainCRooms: {
    path: '/v1/chain_c/loyalty/rooms',
    product: 'rooms',
    errors: {
      ...STAY_ERRORS,
      INVALID_DATES: {
        status: 400,
        when: 'check_out not after check_in, more than 30 nights after it, or beyond the booking horizon',
      },
      ...pricedIn('chain_c'),
      INVALID_PROPERTY_ID,
      PROPERTY_NOT_FOUND,
    },
    watch: { price: 'room_types[].rates[].total', availability: 'room_types', ends: 'check_in' },
    summary:
      'The rooms of a chain_c property for a stay: cash, points and cash-and-points rates with nightly rates',
    example: '/v1/chain_c/loyalty/rooms?property_id=TOYPA&check_in=2030-06-10&check_out=2030-06-12&adults=2',
  },
  chainCPropertyDetails: {
    path: '/v1/chain_c/property/details',
    handler: 'details',
    product: 'details',
    errors: { INVALID_PROPERTY_ID, PROPERTY_NOT_FOUND },
    summary:
      'A chain_c property: name, brand, address, location, phone, currency, review, pictures and its room catalogue',
    example: '/v1/chain_c/property/details?property_id=TOYPA',
  },
}) satisfies Record<string, Route>;
