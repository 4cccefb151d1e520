/** The chain_c routes. */
import {
  NO_RESULTS,
  type Route,
  SOURCE_HORIZON_STAY_ERRORS,
  STAY_ERRORS,
  idErrors,
  pricedIn,
} from './types.ts';
import { area } from './area.ts';

const PROPERTY_ERRORS = idErrors('PROPERTY', {
  invalid: 'property_id is not 1 to 10 letters or digits',
  unknown: 'chain_c has no property with that property_id',
});

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
      ...SOURCE_HORIZON_STAY_ERRORS,
      ...pricedIn('chain_c'),
      ...PROPERTY_ERRORS,
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
    errors: PROPERTY_ERRORS,
    summary:
      'A chain_c property: name, brand, address, location, phone, currency, review, pictures and its room catalogue',
    example: '/v1/chain_c/property/details?property_id=TOYPA',
  },
}) satisfies Record<string, Route>;
