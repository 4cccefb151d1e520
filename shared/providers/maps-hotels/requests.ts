/**
 * maps_hotels' real request: `GET /search.json` on the SERP API's origin, the hotels engine with the
 * place, the stay, one age per child and the nearest lower rating filter.
 */
import { CHILD_AGE } from '../../schemas/maps-hotels-query.ts';
import type { SourceRequest } from '../../upstream/client.ts';
import { serpRequest } from '../serp/index.ts';

export { CHILD_AGE };

export interface HotelSearch {
  location: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  currency: string;
  minRating?: number;
}

/** The source's rating filter at or below `min`: 7 is 3.5+, 8 is 4.0+, 9 is 4.5+. */
function ratingFilter(min: number | undefined): number | undefined {
  if (min === undefined || min < 3.5) return undefined;
  return min >= 4.5 ? 9 : min >= 4 ? 8 : 7;
}

/** Whether the source's rating filter sent for `min` is `min` itself, so that its counts are of what was asked. */
export const ratingFilterIsExact = (min: number): boolean => [3.5, 4, 4.5].includes(min);

/** A call of the SERP API's hotels engine with these parameters: its prices are kept as prices are. */
const hotelsEngine = (query: SourceRequest['query']): SourceRequest =>
  serpRequest('maps_hotels', query, 'prices');

/**
 * The request for a hotel search.
 * @example hotelsRequest({ location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 2, currency: 'EUR' }, 'hotels').query.children_ages // '8,8'
 */
export function hotelsRequest(s: HotelSearch, engine: string): SourceRequest {
  const rating = ratingFilter(s.minRating);
  return hotelsEngine({
    engine,
    q: s.location,
    check_in_date: s.checkIn,
    check_out_date: s.checkOut,
    adults: s.adults,
    children: s.children,
    ...(s.children > 0
      ? { children_ages: Array.from({ length: s.children }, () => CHILD_AGE).join(',') }
      : {}),
    currency: s.currency,
    hl: 'en',
    ...(rating ? { rating } : {}),
  });
}

/** One property and a stay: by its token (from search) or by its name. */
export interface DetailsQuery {
  hotelId?: string;
  query?: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  currency: string;
}

/**
 * The request for one property's details: the hotels engine with `property_token`, or with the name as
 * `q` (a hotel's name answers its details directly). The engine documents `q` as required even beside a
 * token, so the token is sent as `q` too when there is no name (doubt in the live profile).
 * @example detailsRequest({ hotelId: 'ChkI…', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR' }, 'hotels').query.property_token // 'ChkI…'
 */
export function detailsRequest(d: DetailsQuery, engine: string): SourceRequest {
  return hotelsEngine({
    engine,
    q: d.query ?? d.hotelId,
    ...(d.hotelId ? { property_token: d.hotelId } : {}),
    check_in_date: d.checkIn,
    check_out_date: d.checkOut,
    adults: d.adults,
    currency: d.currency,
    hl: 'en',
  });
}
