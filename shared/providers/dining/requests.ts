/**
 * dining's real requests. The restaurant search is the site's server-rendered search page
 * (`GET /s?dateTime=&covers=&latitude=&longitude=&shouldUseLatLongSearch=true`, price bands as repeated
 * `priceBandIds[]`, later pages by `page`), whose state lists the restaurants. Availability is the web app's
 * GraphQL availability query, a persisted query sent as
 * `POST /dapi/fe/gql?optype=query&opname=RestaurantsAvailability` with the operation name, the
 * variables and the query's sha256 hash (configuration: `operations.availability`, which rotates with
 * the source's front-end deploys). The CSRF token comes from the provider's session (a page's
 * `primary-window-vars` script); the correlation id is fresh per request and kept out of the cache key.
 */
import { randomUUID } from 'node:crypto';
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, requiredOperation, siteOrigin } from '../../upstream/providers.ts';

export const OPERATION_NAME = 'RestaurantsAvailability';
/** Minutes either side of the preferred time that count as "near". */
export const WINDOW_MINUTES = 120;
/** The source's seating grid: one slot every quarter hour. */
const SLOT_MINUTES = 15;

export interface SlotQuery {
  restaurantId: number;
  date: string;
  /** HH:MM, the restaurant's local time. */
  preferredTime: string;
  partySize: number;
}

/**
 * A persisted query as the web app's pages send it to its GraphQL endpoint: the operation named in the
 * query string and in the body, its hash in the extensions, Origin and Referer of the page (`page`, a path)
 * it is sent from.
 */
function persistedQuery(
  operation: string,
  hash: string,
  variables: Record<string, unknown>,
  o: { page: string; headers?: Record<string, string>; cacheKey: string; cache: SourceRequest['cache'] },
): SourceRequest {
  return {
    provider: 'dining',
    method: 'POST',
    path: '/dapi/fe/gql',
    query: { optype: 'query', opname: operation },
    headers: { origin: siteOrigin('dining'), referer: `${siteOrigin('dining')}${o.page}`, ...o.headers },
    body: {
      json: {
        operationName: operation,
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
      },
    },
    session: true,
    safe: true,
    cacheKey: o.cacheKey,
    expect: 'json',
    cache: o.cache,
    // The source's refusals carry a JSON body worth reading: a stale hash, a renamed operation.
    passStatuses: [400, 404, 409],
  };
}

/** The persisted query hash in use (the live profile has the newest seen). @example availabilityHash() */
export function availabilityHash(): string {
  return requiredOperation('dining', 'availability');
}

/**
 * The availability query for one restaurant, date, time and party, asking for the window either side
 * of the time. A read, so it may be retried.
 * @example availabilityRequest({ restaurantId: 10001, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }).path // '/dapi/fe/gql'
 */
export function availabilityRequest(q: SlotQuery): SourceRequest {
  const hash = availabilityHash();
  const region = operationId('dining', 'database_region', 'NA');
  return persistedQuery(
    OPERATION_NAME,
    hash,
    {
      onlyPop: false,
      forwardDays: 0,
      requireTimes: false,
      requireTypes: ['Standard', 'Experience'],
      restaurantIds: [q.restaurantId],
      date: q.date,
      time: q.preferredTime,
      partySize: q.partySize,
      databaseRegion: region,
      forwardMinutes: WINDOW_MINUTES,
      backwardMinutes: WINDOW_MINUTES,
      forwardTimeslots: WINDOW_MINUTES / SLOT_MINUTES,
      backwardTimeslots: WINDOW_MINUTES / SLOT_MINUTES,
      restaurantAvailabilityTokens: [],
      loyaltyRedemptionTiers: [],
      correlationId: randomUUID(),
    },
    {
      page: '/',
      cacheKey: `availability ${hash} ${region} ${q.restaurantId} ${q.date} ${q.preferredTime} ${q.partySize}`,
      cache: 'prices',
    },
  );
}

export interface SearchQuery {
  latitude: number;
  longitude: number;
  date: string;
  /** HH:MM, local time at the point. */
  time: string;
  partySize: number;
  /** Price bands, 1 (cheapest) to 4; any of them. Empty: all. */
  prices: number[];
}

/** Restaurants the search page lists per page (configuration: `operations.search_page_size`). */
export function searchPageSize(): number {
  const size = Number(operationId('dining', 'search_page_size', '50'));
  return Number.isInteger(size) && size > 0 ? size : 50;
}

/**
 * The search page for a point, a date and time, a party and price bands: the `page`th page (from 1).
 * @example searchRequest({ latitude: 48.2, longitude: 16.37, date: '2030-06-10', time: '19:00', partySize: 2, prices: [2, 3] }, 1).path // '/s?priceBandIds%5B%5D=2&priceBandIds%5B%5D=3'
 */
export function searchRequest(q: SearchQuery, page: number): SourceRequest {
  // Repeated parameters go in the path's query string; the others in `query`.
  const bands = new URLSearchParams(
    q.prices.map((p): [string, string] => ['priceBandIds[]', String(p)]),
  ).toString();
  return {
    provider: 'dining',
    path: bands ? `/s?${bands}` : '/s',
    query: {
      dateTime: `${q.date}T${q.time}:00`,
      covers: q.partySize,
      latitude: q.latitude,
      longitude: q.longitude,
      shouldUseLatLongSearch: 'true',
      page: page > 1 ? page : undefined,
    },
    headers: { referer: `${siteOrigin('dining')}/` },
    expect: 'html',
    cache: 'search',
  };
}

/**
 * The restaurant's profile page by its numeric id (`/r/{id}` is no route of the source). Its state holds
 * the details, the menus and the first page of reviews, so one page serves details and menu. A 404 is the
 * source not knowing the restaurant.
 * @example profileRequest(10001).path // '/restaurant/profile/10001'
 */
export function profileRequest(restaurantId: number): SourceRequest {
  return {
    provider: 'dining',
    path: `/restaurant/profile/${restaurantId}`,
    headers: { referer: `${siteOrigin('dining')}/` },
    expect: 'html',
    cache: 'reviews',
    notFoundOk: true,
  };
}

export const REVIEWS_OPERATION = 'ReviewSearchResults';

/** The contract's review orders. */
export type ReviewSort = 'newest' | 'highest' | 'lowest';

/**
 * The source's sortBy for an order: `newestReview` is the web app's own; the rating orders are
 * configuration (`operations.reviews_sort_highest`, `reviews_sort_lowest`), their wire values unverified.
 * @example reviewSortBy('newest') // 'newestReview'
 */
export function reviewSortBy(sort: ReviewSort): string {
  if (sort === 'highest') return operationId('dining', 'reviews_sort_highest', 'highestRating');
  if (sort === 'lowest') return operationId('dining', 'reviews_sort_lowest', 'lowestRating');
  return operationId('dining', 'reviews_sort_newest', 'newestReview');
}

/**
 * Reviews the source serves a page (configuration: `operations.reviews_page_size`; 10 as the web app asks).
 * @example reviewPageSize() // 10
 */
export function reviewPageSize(): number {
  const size = Number(operationId('dining', 'reviews_page_size', '10'));
  return Number.isInteger(size) && size > 0 ? size : 10;
}

/** The review search's persisted query hash (configuration: `operations.reviews`). @example reviewsHash() */
export function reviewsHash(): string {
  return requiredOperation('dining', 'reviews');
}

/**
 * One page (from 1) of the review search, as the profile page's web app sends it: the persisted
 * `ReviewSearchResults` query with the session's CSRF token and the profile page's page group and type.
 * @example reviewSearchRequest(10001, 1, 'newest').query // { optype: 'query', opname: 'ReviewSearchResults' }
 */
export function reviewSearchRequest(restaurantId: number, page: number, sort: ReviewSort): SourceRequest {
  const hash = reviewsHash();
  const sortBy = reviewSortBy(sort);
  const pageSize = reviewPageSize();
  return persistedQuery(
    REVIEWS_OPERATION,
    hash,
    {
      restaurantId,
      page,
      pageSize,
      sortBy,
      searchTerm: '',
      highlightFormat: 'index',
      gpid: 0,
      prioritiseUserLanguage: false,
    },
    {
      page: `/restaurant/profile/${restaurantId}`,
      headers: { 'ot-page-group': 'rest-profile', 'ot-page-type': 'restprofilepage' },
      cacheKey: `reviews ${hash} ${restaurantId} ${page} ${pageSize} ${sortBy}`,
      cache: 'reviews',
    },
  );
}
