/**
 * maps_reviews' real requests: `GET /search.json` on the SERP API's origin, the reviews engine by
 * `data_id` and the maps search engine by name; and the page tokens we hand out, which carry the first
 * page's sort with the source's token.
 */
import { MapsSort } from '../../schemas/maps.ts';
import type { SourceRequest } from '../../upstream/client.ts';
import { serpRequest } from '../serp/index.ts';

const SORT: Record<MapsSort, string> = {
  most_relevant: 'qualityScore',
  newest: 'newestFirst',
  highest_rating: 'ratingHigh',
  lowest_rating: 'ratingLow',
};
/** Reviews asked for on every page after the first (the first always has 8). */
export const LATER_PAGE_SIZE = 10;

const TOKEN = new RegExp(`^(${MapsSort.options.join('|')})~(.+)$`, 's');

/** The token we hand out: the first page's sort and the source's token. @example pageToken('newest', 'CAESBkVnSUlDZw') // 'newest~CAESBkVnSUlDZw' */
export function pageToken(sort: MapsSort, sourceToken: string): string {
  return `${sort}~${sourceToken}`;
}

/** The sort and source token inside one of our tokens; undefined for anything else. @example readPageToken('newest~CAES') // { sort: 'newest', sourceToken: 'CAES' } */
export function readPageToken(token: string): { sort: MapsSort; sourceToken: string } | undefined {
  const m = TOKEN.exec(token);
  return m ? { sort: m[1] as MapsSort, sourceToken: m[2]! } : undefined;
}

export interface ReviewsQuery {
  dataId: string;
  sort: MapsSort;
  hl: string;
  /** The source's token of a later page. */
  sourceToken?: string;
}

/**
 * The request for a page of reviews: `sort_by` on every page, `num` only after the first.
 * @example reviewsRequest({ dataId: '0x1:0x2', sort: 'newest', hl: 'en' }, 'reviews').query // { engine: 'reviews', data_id: '0x1:0x2', hl: 'en', sort_by: 'newestFirst' }
 */
export function reviewsRequest(q: ReviewsQuery, engine: string): SourceRequest {
  return serpRequest(
    'maps_reviews',
    {
      engine,
      data_id: q.dataId,
      hl: q.hl,
      sort_by: SORT[q.sort],
      ...(q.sourceToken ? { next_page_token: q.sourceToken, num: LATER_PAGE_SIZE } : {}),
    },
    'reviews',
  );
}

/**
 * The request for places matching a name, biased to `location` (`lat,lng`) when given.
 * @example placeSearchRequest('Aurelia Suites Paris', 'en', '48.85,2.35', 'place_search').query.ll // '@48.85,2.35,14z'
 */
export function placeSearchRequest(
  query: string,
  hl: string,
  location: string | undefined,
  engine: string,
): SourceRequest {
  return serpRequest(
    'maps_reviews',
    { engine, type: 'search', q: query, hl, ...(location ? { ll: `@${location},14z` } : {}) },
    'ids',
  );
}
