/**
 * The queries the recorded fixtures answer, in one place: a connector's own test and the mutation tests
 * read the same fixture, so they must ask it the same question (its dates, party and currency are what
 * the answer's prices and links were written for).
 */
import type { Stay } from '../../shared/providers/chain-a/requests.ts';
import type { HotelSearch } from '../../shared/providers/maps-hotels/requests.ts';
import type { SearchQuery } from '../../shared/providers/rental/search.ts';

/**
 * The stay of tests/fixtures/chain-a's offers answers: two rooms, two nights.
 * @example extractStay(answer, undefined, CHAIN_A_STAY) // the fixture's rooms, priced for this stay
 */
export const CHAIN_A_STAY: Stay = {
  hotelCode: 'LRVAB',
  checkIn: '2031-03-10',
  checkOut: '2031-03-12',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: 2,
};

/**
 * chain_a as its request tests configure it: the api origin, the site's host and the app's header prefix.
 * @example useProviders({ chain_a: CHAIN_A_PROVIDER })
 */
export const CHAIN_A_PROVIDER = {
  baseUrl: 'https://api.chain-a.test',
  hosts: ['www.chain-a.test'],
  operations: { header_prefix: 'chain-a' },
};

/**
 * The search of tests/fixtures/rental/search-page.json: five nights in Lyon for two, in euros.
 * @example extractSearchPage(answer, RENTAL_SEARCH, 'https://www.rental.test') // the fixture's cards, priced for this stay
 */
export const RENTAL_SEARCH: SearchQuery = {
  location: 'Lyon, France',
  checkIn: '2031-05-01',
  checkOut: '2031-05-06',
  nights: 5,
  adults: 2,
  children: 0,
  infants: 0,
  pets: 0,
  currency: 'EUR',
};

/**
 * The search of tests/fixtures/maps-hotels' hotel lists: Weimar, two nights, two adults and a child.
 * @example extractHotels(answer, MAPS_HOTELS_SEARCH, 'hotels') // the fixture's hotels, priced for this stay
 */
export const MAPS_HOTELS_SEARCH: HotelSearch = {
  location: 'Weimar',
  checkIn: '2030-06-10',
  checkOut: '2030-06-12',
  adults: 2,
  children: 1,
  currency: 'EUR',
};
