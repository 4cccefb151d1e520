/**
 * maps_reviews: a public SERP API's maps reviews engine and its maps search engine, on one origin
 * (`GET /search.json`), with engine wire names from configuration (`engines.reviews`,
 * `engines.place_search`).
 *
 * Reviews: `engine=<reviews>&data_id=0x…:0x…&hl=&sort_by=` answers `place_info`, `reviews[]`, `topics[]`
 * and `serpapi_pagination.next_page_token`. Page 1 always holds 8 reviews and takes no `num`; later
 * pages take `num` (1 to 20), sent as 10 so every page keeps the contract's 8 to 10. The source's own
 * `next` link repeats `sort_by` with the token, and so do we: the sort travels inside the token we hand
 * out (`<sort>~<source token>`), so later pages keep the first page's order whatever the caller sends.
 *
 * Place search: `engine=<place_search>&type=search&q=&ll=@lat,lng,14z` answers `place_results` for a
 * single match, `local_results[]` for several, or the empty state.
 */
import * as z from 'zod';
import { MapsReviewsPage, MapsSort } from '../../schemas/maps.ts';
import type { UpstreamRequest } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';
import { fetchSerp, isEmptyResult, SerpEnvelope } from '../web-search/serp-api.ts';

const SORT: Record<MapsSort, string> = {
  most_relevant: 'qualityScore',
  newest: 'newestFirst',
  highest_rating: 'ratingHigh',
  lowest_rating: 'ratingLow',
};
/** Reviews asked for on every page after the first (the first always has 8). */
export const LATER_PAGE_SIZE = 10;

const Snippet = z.object({ original: z.string().optional() });
const RawReview = z.object({
  review_id: z.string(),
  rating: z.number(),
  date: z.string(),
  iso_date: z.string(),
  snippet: z.string().optional(),
  extracted_snippet: Snippet.optional(),
  // Absent when the reviewer attached none.
  images: z.array(z.string()).default([]),
  likes: z.number().int().default(0),
  user: z.object({
    name: z.string(),
    thumbnail: z.string().default(''),
    local_guide: z.boolean().default(false),
    reviews: z.number().int().default(0),
  }),
  response: z
    .object({
      date: z.string().optional(),
      snippet: z.string().optional(),
      extracted_snippet: Snippet.optional(),
    })
    .optional(),
});

export const ReviewsAnswer = z.object({
  ...SerpEnvelope,
  place_info: z
    .object({
      title: z.string(),
      address: z.string().default(''),
      rating: z.number().optional(),
      reviews: z.number().int().optional(),
    })
    .optional(),
  reviews: z.array(RawReview).optional(),
  serpapi_pagination: z.object({ next_page_token: z.string().optional() }).optional(),
});
export type ReviewsAnswer = z.infer<typeof ReviewsAnswer>;

/** What the reviews engine answered: a page, a place without reviews, or no such place. */
export type ReviewsResult =
  | { kind: 'page'; page: MapsReviewsPage }
  | { kind: 'no reviews'; placeName: string }
  | { kind: 'unknown place' };

/** The page token was refused: the caller's input, not an outage. */
export class BadPageTokenError extends Error {
  constructor() {
    super('next_page_token is invalid or has expired');
    this.name = 'BadPageTokenError';
  }
}

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
export function reviewsRequest(q: ReviewsQuery, engine: string): UpstreamRequest {
  return {
    provider: 'maps_reviews',
    path: '/search.json',
    expect: 'json',
    cache: 'reviews',
    query: {
      engine,
      data_id: q.dataId,
      hl: q.hl,
      sort_by: SORT[q.sort],
      ...(q.sourceToken ? { next_page_token: q.sourceToken, num: LATER_PAGE_SIZE } : {}),
    },
  };
}

/**
 * A reviews answer (not a failure) as the contract's page, in `sort` order for the tokens it hands out.
 * @example extractReviews(answer, 'newest') // { kind: 'page', page: { place_name: '…', reviews: [...], next_page_token: 'newest~…', has_more: true, … } }
 */
export function extractReviews(answer: ReviewsAnswer, sort: MapsSort): ReviewsResult {
  const { place_info: place, reviews, serpapi_pagination: pagination, error } = answer;
  if (!place) {
    if (error !== undefined && !reviews) return { kind: 'unknown place' };
    throw new ExtractionError('maps_reviews', 'the answer has no place_info', undefined, 200);
  }
  if (!reviews?.length || place.reviews === 0) return { kind: 'no reviews', placeName: place.title };
  const next = pagination?.next_page_token;
  const page = {
    place_name: place.title,
    place_address: place.address,
    total_reviews: place.reviews,
    average_rating: place.rating,
    reviews: reviews.map((r) => ({
      review_id: r.review_id,
      rating: r.rating,
      text: r.snippet ?? r.extracted_snippet?.original ?? null,
      date: r.date,
      iso_date: r.iso_date,
      photos: r.images,
      reviewer: {
        name: r.user.name,
        profile_picture: r.user.thumbnail,
        reviews_count: r.user.reviews,
        local_guide: r.user.local_guide,
      },
      likes: r.likes,
      owner_response: r.response?.snippet ?? r.response?.extracted_snippet?.original ?? null,
      owner_response_date: r.response ? (r.response.date ?? null) : null,
    })),
    next_page_token: next ? pageToken(sort, next) : null,
    has_more: Boolean(next),
  };
  return { kind: 'page', page: conform('maps_reviews', MapsReviewsPage, page, 'a page of reviews', 200) };
}

const Place = z.object({
  title: z.string(),
  data_id: z.string().optional(),
  place_id: z.string().optional(),
  address: z.string().default(''),
});
export type FoundPlace = z.infer<typeof Place>;

export const PlaceSearchAnswer = z.object({
  ...SerpEnvelope,
  search_information: z.object({ local_results_state: z.string().optional() }).optional(),
  place_results: Place.optional(),
  local_results: z.array(Place).optional(),
});
export type PlaceSearchAnswer = z.infer<typeof PlaceSearchAnswer>;

/**
 * The request for places matching a name, biased to `location` (`lat,lng`) when given.
 * @example placeSearchRequest('Aurelia Suites Paris', 'en', '48.85,2.35', 'place_search').query.ll // '@48.85,2.35,14z'
 */
export function placeSearchRequest(
  query: string,
  hl: string,
  location: string | undefined,
  engine: string,
): UpstreamRequest {
  return {
    provider: 'maps_reviews',
    path: '/search.json',
    expect: 'json',
    cache: 'ids',
    query: { engine, type: 'search', q: query, hl, ...(location ? { ll: `@${location},14z` } : {}) },
  };
}

/**
 * The best place of a search answer (the single match, else the first listed), or undefined when
 * the search is empty.
 * @example extractPlace({ place_results: { title: 'Aurelia', data_id: '0x1:0x2', address: '' } })?.data_id // '0x1:0x2'
 */
export function extractPlace(answer: PlaceSearchAnswer): FoundPlace | undefined {
  const place = answer.place_results ?? answer.local_results?.[0];
  if (place) return place;
  if (answer.local_results || answer.search_information?.local_results_state === 'Fully empty')
    return undefined;
  if (isEmptyResult(answer.error)) return undefined;
  if (answer.error)
    throw new UpstreamError('maps_reviews', 'the place search answered an error instead of places');
  throw new ExtractionError('maps_reviews', 'no place_results, local_results or empty state', undefined, 200);
}

export const mapsReviews = {
  /**
   * A page of a place's reviews; a page token continues in the order of the first page.
   * @example await mapsReviews.reviews(ctx, { dataId: '0x47e6…:0x8a0…', sort: 'newest', hl: 'en' }) // { kind: 'page', page: {...} }
   */
  async reviews(
    ctx: UpstreamContext,
    q: { dataId: string; sort: MapsSort; hl: string; pageToken?: string },
  ): Promise<ReviewsResult> {
    const token = q.pageToken === undefined ? undefined : readPageToken(q.pageToken);
    if (q.pageToken !== undefined && !token) throw new BadPageTokenError();
    const sort = token?.sort ?? q.sort;
    const req = reviewsRequest(
      { dataId: q.dataId, sort, hl: q.hl, sourceToken: token?.sourceToken },
      engineFor('maps_reviews', 'reviews'),
    );
    const res = await fetchSerp(req, ReviewsAnswer, ctx, 'the reviews answer').catch((error: unknown) => {
      // The source answers 400 to a bad or expired token: the caller's input, not an outage.
      const status = error instanceof UpstreamError ? error.extras.upstream_status : undefined;
      if (token && status === 400) throw new BadPageTokenError();
      throw error;
    });
    return extractReviews(res.body, sort);
  },

  /**
   * The best place for a name (and optional `lat,lng` bias), or undefined when nothing matches.
   * @example await mapsReviews.placeSearch(ctx, { query: 'Aurelia Suites Paris', hl: 'en' }) // { title: '…', data_id: '0x…:0x…', place_id: 'ChIJ…', address: '…' }
   */
  async placeSearch(
    ctx: UpstreamContext,
    q: { query: string; hl: string; location?: string },
  ): Promise<FoundPlace | undefined> {
    const req = placeSearchRequest(q.query, q.hl, q.location, engineFor('maps_reviews', 'place_search'));
    const { body } = await fetchSerp(req, PlaceSearchAnswer, ctx, 'the place search answer');
    return extractPlace(body);
  },
};
