/**
 * Pure readers of dining's review search (research §16 dining, reviews): the persisted `ReviewSearchResults`
 * operation answers `data.restaurant.reviewSearchResults{reviews[], totalCount, totalPages}`; an unknown
 * restaurant is `data.restaurant: null`. A review is identified by its `reviewId`; everything else may be
 * absent. Refusals (409 on an operation-name mismatch, `PersistedQueryNotFound` for a stale hash) are
 * upstream failures naming what to update.
 */
import * as z from 'zod';
import type { UpstreamError } from '../../upstream/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { persistedQueryFailure } from './refusal.ts';
import { REVIEWS_OPERATION } from './requests.ts';
import { absoluteUrl, shownText } from '../../extraction/values.ts';

const Text = z.string();
const Stars = z.number().int().min(0).max(5);

const RawReview = z.looseObject({
  reviewId: z.union([Text.min(1), z.number().int()]),
  text: Text.nullish(),
  rating: z
    .looseObject({
      overall: Stars.nullish(),
      food: Stars.nullish(),
      service: Stars.nullish(),
      ambience: Stars.nullish(),
      value: Stars.nullish(),
      noise: Text.nullish(),
    })
    .nullish(),
  user: z
    .looseObject({
      nickname: Text.nullish(),
      metro: Text.nullish(),
      numOfApprovedReviews: z.number().int().min(0).nullish(),
    })
    .nullish(),
  publicRestaurantReply: z
    .looseObject({ message: Text.nullish(), responseDateTimeUtc: Text.nullish() })
    .nullish(),
  submittedDateTime: Text.nullish(),
  dinedDateTime: Text.nullish(),
  photos: z.array(z.looseObject({ url: Text.min(1) })).nullish(),
});
type RawReview = z.output<typeof RawReview>;

const Results = z.looseObject({
  reviews: z.array(RawReview),
  // What paging needs: an absent count is not a real 0.
  totalCount: z.number().int().min(0),
});

/** The review search answer: the restaurant's results, or no restaurant (the source does not know it). */
export const ReviewsAnswer = tolerant(
  'dining',
  z.looseObject({
    data: z.looseObject({
      restaurant: z.looseObject({ reviewSearchResults: Results }).nullable(),
    }),
  }),
  'the review search',
);
export type ReviewsAnswer = z.output<typeof ReviewsAnswer>;

/**
 * The failure a review search answer stands for, if any (refusal.ts); `data.restaurant: null` is an
 * answer (no such restaurant), not a refusal.
 * @example reviewsFailure(409, {}, 'abc')?.message // 'The dining source failed: it refused ReviewSearchResults (HTTP 409 …'
 */
export function reviewsFailure(status: number, body: unknown, hash: string): UpstreamError | undefined {
  return persistedQueryFailure(
    { operation: REVIEWS_OPERATION, setting: 'operations.reviews', field: 'restaurant', nullIsAnswer: true },
    status,
    body,
    hash,
  );
}

const WHAT = 'the review search';
const P = 'data.restaurant.reviewSearchResults.reviews[]';
const shown = (t: string | null | undefined, field: string) => shownText('dining', t, `${P}.${field}`, WHAT);
/** A rating of 1 to 5; 0 or nothing is not rated. */
const star = (n: number | null | undefined) => (n !== undefined && n !== null && n >= 1 ? n : null);
/** The day of a timestamp the source writes (with or without a zone); anything else is counted as missing. */
function dayOf(t: string | null | undefined, field: string): string | null {
  if (t && /^\d{4}-\d{2}-\d{2}/.test(t)) return t.slice(0, 10);
  if (typeof t === 'string') recordMissing('dining', `${P}.${field}`, WHAT);
  return null;
}

/**
 * A review in the contract's shape.
 * @example toReview(raw, 'https://www.dining.test').review_id // '200100010000'
 */
export function toReview(r: RawReview, origin: string) {
  const reply = r.publicRestaurantReply;
  const replyText = shown(reply?.message, 'publicRestaurantReply.message');
  return {
    review_id: String(r.reviewId),
    text: shown(r.text, 'text'),
    rating: {
      overall: star(r.rating?.overall),
      food: star(r.rating?.food),
      service: star(r.rating?.service),
      ambience: star(r.rating?.ambience),
      value: star(r.rating?.value),
    },
    noise: shown(r.rating?.noise, 'rating.noise'),
    dined_date: dayOf(r.dinedDateTime, 'dinedDateTime'),
    submitted_at: shown(r.submittedDateTime, 'submittedDateTime'),
    reviewer: {
      nickname: shown(r.user?.nickname, 'user.nickname'),
      metro: shown(r.user?.metro, 'user.metro'),
      review_count: r.user?.numOfApprovedReviews ?? null,
    },
    restaurant_reply: replyText
      ? {
          text: replyText,
          date: dayOf(reply?.responseDateTimeUtc, 'publicRestaurantReply.responseDateTimeUtc'),
        }
      : null,
    photos: (r.photos ?? []).flatMap((p) => absoluteUrl(p.url, origin) ?? []),
  };
}
export type DiningReview = ReturnType<typeof toReview>;

/**
 * One source page of reviews and the total, or undefined when the source has no such restaurant.
 * @example extractReviews(answer, 'https://www.dining.test')?.total // 128
 */
export function extractReviews(
  answer: ReviewsAnswer,
  origin: string,
): { total: number; reviews: DiningReview[] } | undefined {
  const restaurant = answer.data.restaurant;
  if (!restaurant) return undefined;
  const results = restaurant.reviewSearchResults;
  return { total: results.totalCount, reviews: results.reviews.map((r) => toReview(r, origin)) };
}
