/**
 * site_c's real requests: batches of pre-registered GraphQL queries, `POST /data/graphql/ids` with a JSON
 * array of `{variables, extensions: {preRegisteredQueryId}}`. Query ids rotate, so they are configuration
 * (`operations`, the newest ids seen are in the live profile); so are the switches whose wire values are
 * unverified (the review order, how "every language" is asked for). Origin and Referer are the public
 * site's, built from the configured host, as the web app sends them; the session carries its cookie.
 */
import { randomUUID } from 'node:crypto';
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, requiredOperation, siteOrigin } from '../../upstream/providers.ts';

/** The pre-registered queries used; their ids rotate and live in the live profile (`operations`). */
export const QUERY_NAMES = ['reviews', 'prices_context', 'prices_offers', 'typeahead'] as const;
export type QueryName = (typeof QUERY_NAMES)[number];

/** A query's configured id. @example queryId('reviews') // operations.reviews */
export function queryId(name: QueryName): string {
  return requiredOperation('site_c', name);
}

/** The source serves at most this many reviews per query entry. */
export const ENTRY_LIMIT = 20;
/** Review entries one batch carries: enough for the contract's 50 a page. */
export const MAX_ENTRIES = 3;

/**
 * The review order asked for: newest first. `DATE` was seen once; the web app's default is `SERVER_DETERMINED`.
 * @example reviewsSort() // 'DATE' unless configured (operations.reviews_sort)
 */
export function reviewsSort(): string {
  return operationId('site_c', 'reviews_sort', 'DATE');
}

/** The web app's headers: JSON body, and Origin and Referer of the page the call is made from. */
function pageHeaders(path: string): Record<string, string> {
  return { origin: siteOrigin('site_c'), referer: `${siteOrigin('site_c')}${path}` };
}

/**
 * The web app's headers for a batch of queries: the page's, and the random `x-requested-by` each call
 * carries (evidence §5: the maintained review client adds it). Random per request, so no cache key holds it.
 */
function batchHeaders(path: string): Record<string, string> {
  return { ...pageHeaders(path), 'x-requested-by': randomUUID().replace(/-/g, '').repeat(2) };
}

/**
 * The LANGUAGE filter. A code keeps reviews written in it. Every language is no filter, unless an operator
 * configures the selection the source expects for it (`reviews_all_languages`): that wire value is unverified.
 */
function languageFilters(language: string): { axis: 'LANGUAGE'; selections: string[] }[] {
  if (language !== 'all') return [{ axis: 'LANGUAGE', selections: [language] }];
  const all = operationId('site_c', 'reviews_all_languages', '');
  return all ? [{ axis: 'LANGUAGE', selections: [all] }] : [];
}

export interface ReviewsAsk {
  locationId: number;
  /** Index of the first review, newest first. */
  offset: number;
  /** Reviews wanted, at most ENTRY_LIMIT × MAX_ENTRIES. */
  count: number;
  /** `all` (every review, machine-translated to English) or an original-language code. */
  language: string;
  /** The hotel page the call is made from (its path), for the Referer. */
  pagePath: string;
}

/**
 * The reviews batch: up to three entries of at most 20 reviews with consecutive offsets, in the source's
 * own order and language filter; with every language, texts are machine-translated to English.
 * @example reviewsRequest({ locationId: 314467, offset: 0, count: 50, language: 'all', pagePath: '/' }).body // { json: [3 entries] }
 */
export function reviewsRequest(ask: ReviewsAsk): SourceRequest {
  if (ask.count < 1 || ask.count > ENTRY_LIMIT * MAX_ENTRIES)
    throw new RangeError(`between 1 and ${ENTRY_LIMIT * MAX_ENTRIES} reviews a batch`);
  const id = queryId('reviews');
  const entries = [];
  for (let at = 0; at < ask.count; at += ENTRY_LIMIT) {
    entries.push({
      variables: {
        locationId: ask.locationId,
        filters: languageFilters(ask.language),
        limit: Math.min(ENTRY_LIMIT, ask.count - at),
        offset: ask.offset + at,
        sortType: null,
        sortBy: reviewsSort(),
        language: 'en',
        doMachineTranslation: ask.language === 'all',
        photosPerReviewLimit: 3,
      },
      extensions: { preRegisteredQueryId: id },
    });
  }
  return {
    provider: 'site_c',
    method: 'POST',
    path: '/data/graphql/ids',
    headers: batchHeaders(ask.pagePath),
    body: { json: entries },
    safe: true,
    session: true,
    expect: 'json',
    cache: 'reviews',
  };
}

/**
 * The one-review batch that tells where the source files a hotel: its first review's `location.url` holds
 * the geo id. Cached like an id.
 * @example geoLookupRequest(314467).cache // 'ids'
 */
export function geoLookupRequest(locationId: number): SourceRequest {
  return {
    ...reviewsRequest({ locationId, offset: 0, count: 1, language: 'all', pagePath: '/' }),
    cache: 'ids',
  };
}

export interface Stay {
  locationId: number;
  geoId: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  currency: string;
}

/** The page view a price search belongs to: the web app makes both ids per page load. */
export interface PageView {
  pageLoadUid: string;
  sessionId: string;
}

/** @example newPageView().sessionId // 32 upper-case hex digits */
export function newPageView(): PageView {
  return { pageLoadUid: randomUUID(), sessionId: randomUUID().replace(/-/g, '').toUpperCase() };
}

function contextEntry(stay: Stay) {
  return {
    variables: {
      locationId: stay.geoId,
      hotelTravelInfo: {
        adultCount: stay.adults,
        checkInDate: stay.checkIn,
        checkOutDate: stay.checkOut,
        roomCount: stay.rooms,
      },
      trafficSource: 'ba',
      deviceType: 'DESKTOP',
      servletName: 'Hotel_Review',
    },
    extensions: { preRegisteredQueryId: queryId('prices_context') },
  };
}

function offersEntry(stay: Stay, view: PageView, requestNumber: number) {
  return {
    variables: {
      request: {
        hotelId: stay.locationId,
        requestCaller: 'Hotel_Review',
        pageLoadUid: view.pageLoadUid,
        sessionId: view.sessionId,
        currencyCode: stay.currency,
        requestNumber,
        travelInfo: {
          adults: stay.adults,
          rooms: stay.rooms,
          checkInDate: stay.checkIn,
          checkOutDate: stay.checkOut,
          childAgesPerRoom: [],
        },
      },
      locationId: stay.geoId,
    },
    extensions: { preRegisteredQueryId: queryId('prices_offers') },
  };
}

/**
 * A price poll: the first (`requestNumber` 0) batches the search context with the offers query, later ones
 * ask the offers again as the sellers answer. The page-view ids change per search, so the cache key is the
 * stay and the poll number instead of the body.
 * @example pricesRequest(stay, newPageView(), 0).body // { json: [context, offers] }
 */
export function pricesRequest(stay: Stay, view: PageView, requestNumber: number): SourceRequest {
  const entries = [
    ...(requestNumber === 0 ? [contextEntry(stay)] : []),
    offersEntry(stay, view, requestNumber),
  ];
  const ids = `${queryId('prices_context')} ${queryId('prices_offers')}`;
  return {
    provider: 'site_c',
    method: 'POST',
    path: '/data/graphql/ids',
    headers: batchHeaders(`/Hotel_Review-g${stay.geoId}-d${stay.locationId}-Reviews.html`),
    body: { json: entries },
    safe: true,
    session: true,
    cacheKey: `prices ${ids} ${stay.locationId} ${stay.geoId} ${stay.checkIn} ${stay.checkOut} ${stay.adults} ${stay.rooms} ${stay.currency} poll ${requestNumber}`,
    expect: 'json',
    cache: 'prices',
  };
}

/** The kinds of result the typeahead is asked for: locations, and the two kinds it mixes in. */
const TYPEAHEAD_TYPES = ['LOCATION', 'QUERY_SUGGESTION', 'RESCUE_RESULT'];
/** The location types the web app's typeahead asks for. */
const TYPEAHEAD_LOCATION_TYPES = [
  'GEO',
  'AIRPORT',
  'ACCOMMODATION',
  'ATTRACTION',
  'ATTRACTION_PRODUCT',
  'EATERY',
  'NEIGHBORHOOD',
  'AIRLINE',
  'SHOPPING',
  'UNIVERSITY',
  'GENERAL_HOSPITAL',
  'PORT',
  'FERRY',
  'CORPORATION',
  'VACATION_RENTAL',
  'SHIP',
  'CRUISE_LINE',
  'CAR_RENTAL_OFFICE',
];

/**
 * The location typeahead, as the site's search box sends it: a batch of one pre-registered query
 * (`operations.typeahead`) with the text, worldwide, in en-US. The browser's random `x-requested-by` value
 * is per request, so the cache key is the query's own words.
 * @example typeaheadRequest('paris', 10).body // { json: [{ variables: { request: { query: 'paris', limit: 10, … } }, … }] }
 */
export function typeaheadRequest(query: string, limit: number): SourceRequest {
  const id = queryId('typeahead');
  return {
    provider: 'site_c',
    method: 'POST',
    path: '/data/graphql/ids',
    headers: { ...batchHeaders('/'), 'x-requested-with': 'XMLHttpRequest' },
    body: {
      json: [
        {
          variables: {
            request: {
              query,
              limit,
              scope: 'WORLDWIDE',
              locale: 'en-US',
              scopeGeoId: 1,
              searchCenter: null,
              types: TYPEAHEAD_TYPES,
              locationTypes: TYPEAHEAD_LOCATION_TYPES,
              userId: null,
              context: {},
              enabledFeatures: ['articles'],
              includeRecent: true,
              includeNestedResults: true,
            },
          },
          extensions: { preRegisteredQueryId: id },
        },
      ],
    },
    safe: true,
    session: true,
    cacheKey: `typeahead ${id} ${limit} ${query.toLowerCase()}`,
    expect: 'json',
    cache: 'search',
  };
}

/**
 * A hotel's page (`/Hotel_Review-g{geo}-d{id}-Reviews-{Name}.html`, its path as the typeahead or a review
 * gives it), whose structured data and rendered sections the details read. A 404 is no such hotel.
 * @example hotelPageRequest('/Hotel_Review-g180417-d314467-Reviews-Aurelia_Suites_Paris.html').expect // 'html'
 */
export function hotelPageRequest(path: string): SourceRequest {
  return {
    provider: 'site_c',
    path,
    headers: { referer: `${siteOrigin('site_c')}/` },
    session: true,
    expect: 'html',
    cache: 'reviews',
    notFoundOk: true,
  };
}
