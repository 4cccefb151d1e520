/**
 * site_a's real requests. Hosts come from configuration (the live profile); paths, bodies and headers are
 * the web app's own. The affiliate id is a configured operation value (`aid`), 0 when unset.
 */
import type { SourceRequest } from '../../upstream/client.ts';
import { operationId, siteOrigin } from '../../upstream/providers.ts';
import type { HotelRef } from './urls.ts';

/**
 * The autocomplete: a POST of a JSON text sent as `text/plain` (no CORS preflight in the browser) to the
 * `accommodations` origin. A read, so it may be retried.
 * @example autocompleteRequest('paris', 'fr').body // { text: '{"query":"paris",…}', contentType: 'text/plain;charset=UTF-8' }
 */
export function autocompleteRequest(query: string, language: string): SourceRequest {
  const body = {
    query,
    pageview_id: '',
    aid: Number(operationId('site_a', 'aid', '0')),
    language,
    size: 5,
  };
  return {
    provider: 'site_a',
    origin: 'accommodations',
    method: 'POST',
    path: '/autocomplete.json',
    headers: { origin: siteOrigin('site_a'), referer: `${siteOrigin('site_a')}/` },
    body: { text: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8' },
    safe: true,
    cacheKey: `autocomplete ${language} ${query}`,
    expect: 'json',
    cache: 'ids',
  };
}

/** A hotel page, read as a stream. @example hotelPageRequest({ cc: 'fr', slug: 'x' }).path // '/hotel/fr/x.html' */
export function hotelPageRequest(ref: HotelRef): SourceRequest {
  return {
    provider: 'site_a',
    path: `/hotel/${ref.cc}/${ref.slug}.html`,
    expect: 'html',
    cache: 'ids',
    notFoundOk: true,
  };
}

/** A stay as a dated hotel page is asked for it (real-sources §16 site_a, rooms for dates). */
export interface PageStay {
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  childrenAges: number[];
  currency: string;
}

/**
 * A hotel page in a language (`/hotel/{cc}/{pagename}.{lang}.html`), undated (its static facts and scores)
 * or dated (its rooms and blocks for the stay: `checkin`, `checkout`, party, `selected_currency`).
 * `nocache=1` asks again past a render that came back as an empty shell.
 * @example hotelPageIn({ cc: 'fr', slug: 'x' }, 'en-us').path // '/hotel/fr/x.en-us.html'
 */
export function hotelPageIn(
  ref: HotelRef,
  language: string,
  stay?: PageStay,
  nocache = false,
): SourceRequest {
  const path = `/hotel/${ref.cc}/${ref.slug}.${language}.html`;
  if (!stay) return { provider: 'site_a', path, expect: 'html', cache: 'reviews', notFoundOk: true };
  const params = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut });
  params.set('group_adults', String(stay.adults));
  params.set('group_children', String(stay.childrenAges.length));
  for (const age of stay.childrenAges) params.append('age', String(age));
  params.set('no_rooms', String(stay.rooms));
  params.set('selected_currency', stay.currency);
  if (nocache) params.set('nocache', '1');
  return { provider: 'site_a', path: `${path}?${params}`, expect: 'html', cache: 'prices', notFoundOk: true };
}

/**
 * The page that leads from a numeric id to the hotel's page: no page is addressed by id, but a search
 * for the hotel as a destination lists it first. The path is configuration (`hotel_by_id`, `{id}`
 * replaced) because the evidence for it is thin.
 * @example hotelByIdRequest('1007790').path // '/searchresults.html?dest_id=1007790&dest_type=hotel'
 */
export function hotelByIdRequest(hotelId: string): SourceRequest {
  const template = operationId('site_a', 'hotel_by_id', '/searchresults.html?dest_id={id}&dest_type=hotel');
  return {
    provider: 'site_a',
    path: template.replace('{id}', encodeURIComponent(hotelId)),
    expect: 'html',
    cache: 'ids',
    notFoundOk: true,
  };
}

/** The contract's search sorts and the configured operation naming the results page's `order` for each. */
export const SEARCH_ORDERS = {
  popularity: { operation: 'order_popularity', fallback: 'popularity' },
  price: { operation: 'order_price', fallback: 'price' },
  review_score: { operation: 'order_review_score', fallback: 'review_score_and_price' },
  distance: { operation: 'order_distance', fallback: 'distance_from_search' },
} as const;
export type SearchSort = keyof typeof SEARCH_ORDERS;

/** The value a table's entry names: its configured operation, or the fallback; and that operation's name. */
function configured(entry: { operation: string; fallback: string }): { value: string; operation: string } {
  return { value: operationId('site_a', entry.operation, entry.fallback), operation: entry.operation };
}

/** @example searchOrder('distance') // { value: 'distance_from_search', operation: 'order_distance' } unless configured */
export function searchOrder(sort: SearchSort): { value: string; operation: string } {
  return configured(SEARCH_ORDERS[sort]);
}

export interface SearchQuery {
  destId: string;
  /** Lower-case, as the site's own links carry it (`city`, `region`…). */
  destType: string;
  checkIn?: string;
  checkOut?: string;
  adults: number;
  rooms: number;
  childrenAges: number[];
  order: string;
  offset: number;
  rows: number;
  language: string;
  currency: string;
}

/**
 * One page of the search results page: the destination, dates, party (one `age` per child), order, and
 * the page as `offset` and `rows`. Without dates the page has no prices.
 * @example searchResultsRequest({ destId: '-1456928', destType: 'city', adults: 2, rooms: 1, childrenAges: [], order: 'popularity', offset: 0, rows: 25, language: 'en-us', currency: 'USD' }).path
 */
export function searchResultsRequest(q: SearchQuery): SourceRequest {
  const params = new URLSearchParams({ dest_id: q.destId, dest_type: q.destType });
  if (q.checkIn && q.checkOut) {
    params.set('checkin', q.checkIn);
    params.set('checkout', q.checkOut);
  }
  params.set('group_adults', String(q.adults));
  params.set('no_rooms', String(q.rooms));
  params.set('group_children', String(q.childrenAges.length));
  for (const age of q.childrenAges) params.append('age', String(age));
  params.set('order', q.order);
  params.set('offset', String(q.offset));
  params.set('rows', String(q.rows));
  params.set('selected_currency', q.currency);
  params.set('lang', q.language);
  return {
    provider: 'site_a',
    path: `/searchresults.html?${params}`,
    expect: 'html',
    // Dated pages carry prices, which age fastest.
    cache: q.checkIn ? 'prices' : 'search',
  };
}

/** The contract's review sorts and the configured operation naming the GraphQL sorter for each. */
export const REVIEW_SORTERS = {
  relevance: { operation: 'review_sort_relevance', fallback: 'MOST_RELEVANT' },
  recent_desc: { operation: 'review_sort_recent_desc', fallback: 'NEWEST_FIRST' },
  recent_asc: { operation: 'review_sort_recent_asc', fallback: 'OLDEST_FIRST' },
  score_desc: { operation: 'review_sort_score_desc', fallback: 'SCORE_DESC' },
  score_asc: { operation: 'review_sort_score_asc', fallback: 'SCORE_ASC' },
} as const;
export type ReviewSort = keyof typeof REVIEW_SORTERS;

/** @example reviewSorter('recent_desc') // { value: 'NEWEST_FIRST', operation: 'review_sort_recent_desc' } unless configured */
export function reviewSorter(sort: ReviewSort): { value: string; operation: string } {
  return configured(REVIEW_SORTERS[sort]);
}

/**
 * The query text of the `ReviewList` operation, as the hotel page's reviews panel sends it (the fields the
 * connector reads, and the filters and sorters that tell it what the source knows).
 */
const REVIEW_LIST_QUERY = `query ReviewList($input: ReviewListFrontendInput!) {
  reviewListFrontend(input: $input) {
    ... on ReviewListFrontendResult {
      reviewCard {
        reviewUrl
        guestDetails { username avatarUrl countryCode countryName anonymous guestTypeTranslation __typename }
        bookingDetails { customerType roomType { id name __typename } checkinDate checkoutDate numNights stayStatus __typename }
        reviewedDate
        helpfulVotesCount
        reviewScore
        textDetails { title positiveText negativeText textTrivialFlag lang __typename }
        isApproved
        partnerReply { reply __typename }
        photos { id urls { size url __typename } kind __typename }
        __typename
      }
      reviewsCount
      languageFilter { name value count __typename }
      reviewScoreFilter { name value count __typename }
      sorters { name value __typename }
      __typename
    }
    ... on ReviewsFrontendError { statusCode message __typename }
    __typename
  }
}`;

export interface ReviewListQuery {
  hotelId: string;
  countryCode: string;
  sorter: string;
  skip: number;
  limit: number;
  /** A language code, or undefined for every language. */
  language?: string;
}

/**
 * One page of a hotel's reviews from the web app's GraphQL endpoint: a POST of the `ReviewList` operation
 * with its query text (the operation name is configuration, `operations.review_list`, as is the path). A
 * read, so it may be retried; a variable the source refuses answers 400 with `errors[]`, read as such.
 * @example reviewListRequest({ hotelId: '1007790', countryCode: 'fr', sorter: 'NEWEST_FIRST', skip: 0, limit: 10 }).body
 */
export function reviewListRequest(q: ReviewListQuery): SourceRequest {
  const input = {
    hotelId: Number(q.hotelId),
    ufi: 0,
    hotelCountryCode: q.countryCode,
    sorter: q.sorter,
    filters: { text: '', ...(q.language ? { languages: [q.language] } : {}) },
    skip: q.skip,
    limit: q.limit,
    upsortReviewUrl: '',
  };
  return {
    provider: 'site_a',
    method: 'POST',
    path: operationId('site_a', 'graphql_path', '/dml/graphql'),
    headers: { origin: siteOrigin('site_a'), referer: `${siteOrigin('site_a')}/`, accept: '*/*' },
    body: {
      json: {
        operationName: operationId('site_a', 'review_list', 'ReviewList'),
        variables: { input },
        extensions: {},
        query: REVIEW_LIST_QUERY,
      },
    },
    safe: true,
    session: true,
    cacheKey: `review-list ${JSON.stringify(input)}`,
    expect: 'json',
    cache: 'reviews',
    passStatuses: [400],
  };
}
