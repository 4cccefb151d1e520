/**
 * The maps service's reviews and place search, in the documented format of a public SERP API
 * (`serpapi_pagination` is that format's own field name; its engine values come from configuration).
 * Page tokens are the source's; the sort order is fixed by the first page and travels inside the token.
 */
import * as z from 'zod';
import { MapsReviewsPage, type MapsSort } from '../../schemas/maps.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';

const SORT: Record<MapsSort, string> = {
  most_relevant: 'qualityScore',
  newest: 'newestFirst',
  highest_rating: 'ratingHigh',
  lowest_rating: 'ratingLow',
};

const RawReview = z.object({
  review_id: z.string(),
  rating: z.number(),
  date: z.string(),
  iso_date: z.string(),
  images: z.array(z.string()).default([]),
  user: z.object({
    name: z.string(),
    thumbnail: z.string().default(''),
    local_guide: z.boolean().default(false),
    reviews: z.number().int().default(0),
  }),
  snippet: z.string().optional(),
  likes: z.number().int().default(0),
  response: z.object({ date: z.string().optional(), snippet: z.string() }).optional(),
});

const ReviewsPage = z.object({
  place_info: z
    .object({
      title: z.string(),
      address: z.string().default(''),
      rating: z.number().optional(),
      reviews: z.number().int().default(0),
    })
    .optional(),
  reviews: z.array(RawReview).optional(),
  serpapi_pagination: z.object({ next_page_token: z.string() }).optional(),
  error: z.string().optional(),
});

/** What the reviews engine answered: a page, a place without reviews, or no such place. */
export type ReviewsAnswer =
  | { kind: 'page'; page: MapsReviewsPage }
  | { kind: 'no reviews'; placeName: string }
  | { kind: 'unknown place' };

/** The source refused the page token: the caller's input, not an outage. */
export class BadPageTokenError extends Error {
  constructor() {
    super('next_page_token is invalid or has expired');
    this.name = 'BadPageTokenError';
  }
}

/**
 * A page of a place's reviews; a page token continues in the order of the first page.
 * @example await reviewsPage(ctx, { dataId: '0x47e6…:0x8a0…', sort: 'newest', hl: 'en' }) // { kind: 'page', page: { reviews: [...], next_page_token: '…' } }
 */
export async function reviewsPage(
  ctx: UpstreamContext,
  q: { dataId: string; sort: MapsSort; hl: string; pageToken?: string },
): Promise<ReviewsAnswer> {
  const res = await fetchUpstream(
    {
      provider: 'maps_reviews',
      path: '/search.json',
      expect: 'json',
      cache: 'reviews',
      notFoundOk: true,
      query: {
        engine: engineFor('maps_reviews', 'reviews'),
        data_id: q.dataId,
        hl: q.hl,
        ...(q.pageToken ? { next_page_token: q.pageToken } : { sort_by: SORT[q.sort] }),
      },
    },
    ctx,
  ).catch((error: unknown) => {
    // The source answers 400 to a bad or expired token: that is the caller's input, not an outage.
    if (
      q.pageToken &&
      error instanceof UpstreamError &&
      (error.extras as { upstream_status?: number }).upstream_status === 400
    )
      throw new BadPageTokenError();
    throw error;
  });
  if (res.status === 404) return { kind: 'unknown place' };
  const parsed = conform('maps_reviews', ReviewsPage, res.body, 'the reviews answer');
  const { place_info: place, reviews, serpapi_pagination: pagination, error } = parsed;
  if (!place || !reviews) {
    if (error) return { kind: 'unknown place' };
    throw new ExtractionError('maps_reviews', 'no place_info or reviews');
  }
  if (place.reviews === 0 || reviews.length === 0) return { kind: 'no reviews', placeName: place.title };
  const next = pagination?.next_page_token ?? null;
  const page = {
    place_name: place.title,
    place_address: place.address,
    total_reviews: place.reviews,
    average_rating: place.rating,
    reviews: reviews.map((r) => ({
      review_id: r.review_id,
      rating: r.rating,
      text: r.snippet ?? null,
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
      owner_response: r.response?.snippet ?? null,
      owner_response_date: r.response?.date ?? null,
    })),
    next_page_token: next,
    has_more: next !== null,
  };
  return { kind: 'page', page: conform('maps_reviews', MapsReviewsPage, page, 'a page of reviews') };
}

const Place = z.object({
  title: z.string(),
  data_id: z.string().optional(),
  place_id: z.string().optional(),
  address: z.string().default(''),
});
const PlaceSearch = z.object({
  place_results: Place.optional(),
  local_results: z.array(Place).optional(),
  error: z.string().optional(),
});
export type FoundPlace = z.infer<typeof Place>;

/**
 * The best place for a name (and optional `lat,lng` bias), or undefined when nothing matches.
 * @example await findPlace(ctx, 'Aurelia Suites Paris', 'en') // { title: 'Aurelia Suites Paris', data_id: '0x…:0x…', place_id: 'ChIJ…', address: 'Paris, France' }
 */
export async function findPlace(
  ctx: UpstreamContext,
  query: string,
  hl: string,
  location?: string,
): Promise<FoundPlace | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'maps_reviews',
      path: '/search.json',
      expect: 'json',
      cache: 'ids',
      query: {
        engine: engineFor('maps_reviews', 'place_search'),
        q: query,
        hl,
        type: 'search',
        ...(location ? { ll: `@${location},14z` } : {}),
      },
    },
    ctx,
  );
  const {
    place_results: one,
    local_results: many,
    error,
  } = conform('maps_reviews', PlaceSearch, res.body, 'the place search answer');
  const place = one ?? many?.[0];
  if (!place && !error && !many)
    throw new ExtractionError('maps_reviews', 'no place_results, local_results or empty state');
  return place;
}
