/**
 * site_b's real requests: the hotel page (read as a stream), and the web app's two review calls, POSTs of
 * JSON to `/api/cronos/property/review/…` sent as its own XHR (`X-Requested-With`, Origin and Referer of
 * the public site, the session's cookies). Hosts come from configuration; the sort codes are configured
 * operations (see `sortCode`).
 */
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, siteOrigin } from '../../upstream/providers.ts';

/** site_b's own reviews; partners' (e.g. 3038) come in the same lists, under their own provider id. */
export const OWN_PROVIDER_ID = 332;
export const PAGE_SIZE = 20;

/** The contract's sort values and the configured operation that names site_b's code for each. */
export const SORT_OPERATIONS = { 7: 'sort_recent', 6: 'sort_high', 5: 'sort_low' } as const;
export type ContractSort = keyof typeof SORT_OPERATIONS;

/**
 * Default codes, from the best evidence: a 2026 note read from a live answer's sort options gives 1 most
 * recent, 2 rating high to low, 3 low to high (7 most helpful). The contract's own 7/6/5 is unconfirmed
 * upstream. The live profile may override each (`operations.sort_recent`, …).
 */
const SORT_DEFAULTS: Record<ContractSort, string> = { 7: '1', 6: '2', 5: '3' };

/** @example sortCode(7) // { operation: 'sort_recent', code: 1 } unless configured otherwise */
export function sortCode(sorting: ContractSort): { operation: string; code: number } {
  const operation = SORT_OPERATIONS[sorting];
  return { operation, code: Number(operationId('site_b', operation, SORT_DEFAULTS[sorting])) };
}

/** The headers of the web app's own XHR. */
function xhrHeaders(pagePath: string): Record<string, string> {
  return {
    'x-requested-with': 'XMLHttpRequest',
    origin: siteOrigin('site_b'),
    referer: `${siteOrigin('site_b')}${pagePath}`,
  };
}

/** A hotel page, read as a stream up to its first id marker. @example hotelPageRequest('/x/hotel/paris-fr.html').path */
export function hotelPageRequest(path: string): SourceRequest {
  return { provider: 'site_b', path, expect: 'html', cache: 'ids', notFoundOk: true };
}

/**
 * One page of a hotel's reviews, site_b's own only (its provider filter), 20 a page from page 1.
 * @example reviewCommentsRequest(66072054, 2, 1, '/x/hotel/jaipur-in.html').body // { json: { hotelId: 66072054, page: 2, … } }
 */
export function reviewCommentsRequest(
  hotelId: number,
  page: number,
  sorting: number,
  pagePath = '/',
): SourceRequest {
  return {
    provider: 'site_b',
    origin: 'pages',
    method: 'POST',
    path: '/api/cronos/property/review/ReviewComments',
    headers: xhrHeaders(pagePath),
    body: {
      json: {
        hotelId,
        providerId: OWN_PROVIDER_ID,
        demographicId: 0,
        page,
        pageSize: PAGE_SIZE,
        sorting,
        providerIds: [OWN_PROVIDER_ID],
        isReviewPage: false,
        isCrawlablePage: true,
        filters: { language: [], room: [] },
        searchKeyword: '',
        searchFilters: [],
      },
    },
    safe: true,
    session: true,
    expect: 'json',
    cache: 'reviews',
  };
}

/**
 * The review summary, asked only for the hotel's name (no other answer carries it; the hotel page has an
 * empty title): one entry per hotel, kept as long as an id.
 * @example hotelReviewsRequest(66072054).path // '/api/cronos/property/review/HotelReviews'
 */
export function hotelReviewsRequest(hotelId: number, pagePath = '/'): SourceRequest {
  return {
    provider: 'site_b',
    origin: 'pages',
    method: 'POST',
    path: '/api/cronos/property/review/HotelReviews',
    headers: xhrHeaders(pagePath),
    body: {
      json: {
        hotelId,
        hotelProviderId: OWN_PROVIDER_ID,
        demographicId: 0,
        pageNo: 1,
        pageSize: PAGE_SIZE,
        sorting: sortCode(7).code,
        isReviewPage: false,
        isCrawlablePage: true,
        paginationSize: 5,
      },
    },
    safe: true,
    session: true,
    expect: 'json',
    cache: 'ids',
  };
}
