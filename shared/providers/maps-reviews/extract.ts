/**
 * maps_reviews' readers of the real answers: a page of reviews (`place_info`, `reviews[]`,
 * `serpapi_pagination`) and a place search (`place_results`, `local_results[]` or the empty state).
 */
import * as z from 'zod';
import { MapsReviewsPage, type MapsSort } from '../../schemas/maps.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { hasShapeOf, isEmptyResult, SerpEnvelope } from '../serp/index.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { pageToken } from './requests.ts';

const Snippet = z.object({ original: z.string().optional() });
const RawReview = z.object({
  review_id: z.string(),
  // Identity is the review_id: everything else may be absent, and is then null, never a default.
  rating: z.number().optional(),
  date: z.string().optional(),
  iso_date: z.string().optional(),
  snippet: z.string().optional(),
  extracted_snippet: Snippet.optional(),
  // Absent when the reviewer attached none.
  images: z.array(z.string()).default([]),
  likes: z.number().int().optional(),
  user: z
    .object({
      name: z.string().optional(),
      thumbnail: z.string().optional(),
      local_guide: z.boolean().optional(),
      reviews: z.number().int().optional(),
    })
    .optional(),
  response: z
    .object({
      date: z.string().optional(),
      snippet: z.string().optional(),
      extracted_snippet: Snippet.optional(),
    })
    .optional(),
});

/** Read by the tolerant rule (shared/extraction/tolerant.ts): what it lacks of its optional fields is counted. */
export const ReviewsAnswer = tolerant(
  'maps_reviews',
  z.looseObject({
    ...SerpEnvelope,
    place_info: z
      .object({
        title: z.string(),
        address: z.string().optional(),
        rating: z.number().optional(),
        reviews: z.number().int().optional(),
      })
      .optional(),
    reviews: z.array(RawReview).optional(),
    // No token is the last page; an emptied one is unreadable, never "no more reviews".
    serpapi_pagination: z.object({ next_page_token: z.string().min(1).optional() }).optional(),
  }),
  'the reviews answer',
);
export type ReviewsAnswer = z.infer<typeof ReviewsAnswer>;

/** What the reviews engine answered: a page, a place without reviews, or no such place. */
export type ReviewsResult =
  | { kind: 'page'; page: MapsReviewsPage }
  | { kind: 'no reviews'; placeName: string }
  | { kind: 'unknown place' };

/**
 * A reviews answer (not a failure) as the contract's page, in `sort` order for the tokens it hands out.
 * @example extractReviews(answer, 'newest') // { kind: 'page', page: { place_name: '…', reviews: [...], next_page_token: 'newest~…', has_more: true, … } }
 */
export function extractReviews(answer: ReviewsAnswer, sort: MapsSort): ReviewsResult {
  const { place_info: place, reviews, serpapi_pagination: pagination } = answer;
  if (!place) {
    if (answer.error != null && !reviews) return { kind: 'unknown place' };
    throw new ExtractionError('maps_reviews', 'the answer has no place_info', undefined, 200);
  }
  // "No reviews" only as the engine says it: a count of 0, an empty list, or a place shown with neither
  // list, count nor rating (a place nobody reviewed). A list gone from a place with a rating is not that.
  if (place.reviews === 0 || (reviews && reviews.length === 0))
    return { kind: 'no reviews', placeName: place.title };
  if (!reviews) {
    if (place.reviews === undefined && place.rating === undefined)
      return { kind: 'no reviews', placeName: place.title };
    throw new ExtractionError('maps_reviews', 'a reviewed place without its reviews list', undefined, 200);
  }
  const next = pagination?.next_page_token;
  const page = {
    place_name: place.title,
    place_address: place.address || null,
    total_reviews: place.reviews ?? null,
    average_rating: place.rating ?? null,
    reviews: reviews.map((r) => ({
      review_id: r.review_id,
      rating: r.rating ?? null,
      text: r.snippet ?? r.extracted_snippet?.original ?? null,
      date: r.date ?? null,
      iso_date: r.iso_date ?? null,
      photos: r.images,
      reviewer: r.user
        ? {
            name: r.user.name ?? null,
            profile_picture: r.user.thumbnail ?? null,
            reviews_count: r.user.reviews ?? null,
            local_guide: r.user.local_guide ?? null,
          }
        : null,
      likes: r.likes ?? null,
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
  address: z.string().optional(),
});
export type FoundPlace = z.infer<typeof Place>;

/** The envelope of a place search: what every shape of its answer may carry. */
const searchEnvelope = {
  ...SerpEnvelope,
  search_information: z.object({ local_results_state: z.string().optional() }).optional(),
};
/** A single match (`place_results`); the list's and the empty state's keys belong to other shapes. */
const SingleMatch = z.looseObject({ ...searchEnvelope, place_results: Place });
/** A list of places (`local_results`); `place_results` belongs to the single match. */
const ListedPlaces = z
  .looseObject({ ...searchEnvelope, local_results: z.array(Place) })
  .refine((a) => a.place_results === undefined, { error: 'a list and a single match at once', abort: true });
/** Neither (the empty state, an error): a place search's keys that are there belong to a shape above. */
const NoPlaces = z
  .looseObject(searchEnvelope)
  .refine((a) => a.place_results === undefined && a.local_results === undefined, {
    error: 'places that cannot be read',
    // A shape's refusal is never taken for the closest reading of an answer that broke inside.
    abort: true,
  });

/**
 * The answer, one shape each (so that a list's answer never counts the single match missing, nor the
 * reverse), read by the tolerant rule: a placeholder result, or one without its title, is skipped and
 * counted.
 */
export const PlaceSearchAnswer = tolerant(
  'maps_reviews',
  z.union([SingleMatch, ListedPlaces, NoPlaces]),
  'the place search answer',
);
export type PlaceSearchAnswer = z.infer<typeof PlaceSearchAnswer>;

/**
 * The best place of a search answer (the single match, else the first listed), or undefined when
 * the search is empty.
 * @example extractPlace({ place_results: { title: 'Aurelia', data_id: '0x1:0x2', address: 'Weimar' } })?.data_id // '0x1:0x2'
 */
export function extractPlace(answer: PlaceSearchAnswer): FoundPlace | undefined {
  if (hasShapeOf(answer, 'place_results')) return answer.place_results;
  if (hasShapeOf(answer, 'local_results')) return answer.local_results[0];
  if (answer.search_information?.local_results_state === 'Fully empty') return undefined;
  const error = answer.error ?? undefined;
  if (isEmptyResult(error)) return undefined;
  if (error) throw new UpstreamError('maps_reviews', 'the place search answered an error instead of places');
  throw new ExtractionError('maps_reviews', 'no place_results, local_results or empty state', undefined, 200);
}
