/**
 * Pure reader of site_a's web app GraphQL review list (`ReviewList`): `data.reviewListFrontend` is a
 * `ReviewListFrontendResult` or a `ReviewsFrontendError`; a variable the schema refuses is in `errors[]`.
 */
import * as z from 'zod';
import { SiteAReviewsPage, type SiteAReview } from '../../schemas/site-a.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import type { Listing } from './search-page.ts';
/** The envelope: GraphQL errors, or the result's type name (read further by its own schema). */
export const ReviewListEnvelope = z.looseObject({
  data: z.looseObject({ reviewListFrontend: z.looseObject({ __typename: z.string() }).nullable() }).nullish(),
  errors: z.array(z.looseObject({ message: z.string() })).nullish(),
});
export type ReviewListEnvelope = z.infer<typeof ReviewListEnvelope>;

const ReviewCard = z.looseObject({
  reviewUrl: z.string().min(1),
  // Only the review's id identifies it: a card without its score or date is kept with them null.
  reviewScore: z.number().nullish(),
  reviewedDate: z.number().positive().nullish(),
  guestDetails: z
    .looseObject({
      username: z.string().nullish(),
      avatarUrl: z.string().nullish(),
      countryCode: z.string().nullish(),
      guestTypeTranslation: z.string().nullish(),
    })
    .nullish(),
  bookingDetails: z
    .looseObject({
      roomType: z.looseObject({ name: z.string().nullish() }).nullish(),
      checkinDate: z.string().nullish(),
      numNights: z.number().int().min(0).nullish(),
    })
    .nullish(),
  helpfulVotesCount: z.number().int().min(0).nullish(),
  textDetails: z
    .looseObject({
      title: z.string().nullish(),
      positiveText: z.string().nullish(),
      negativeText: z.string().nullish(),
      lang: z.string().nullish(),
    })
    .nullish(),
  isApproved: z.boolean().nullish(),
  partnerReply: z.looseObject({ reply: z.string().nullish() }).nullish(),
  photos: z
    .array(z.looseObject({ urls: z.array(z.looseObject({ size: z.string().nullish(), url: z.string() })) }))
    .nullish(),
});
type ReviewCard = z.infer<typeof ReviewCard>;

const Counted = z.looseObject({ value: z.string(), count: z.number().int().min(0) });

export const ReviewListResult = tolerant(
  'site_a',
  z.looseObject({
    reviewCard: z.array(ReviewCard),
    reviewsCount: z.number().int().min(0),
    languageFilter: z.array(Counted).nullish(),
    sorters: z.array(z.looseObject({ value: z.string(), name: z.string().nullish() })).nullish(),
  }),
  'the review list',
);

export interface ReviewsAsked {
  hotelId: string;
  page: number;
  perPage: number;
  sorter: { value: string; operation: string };
  listing: Listing;
}

/** No reply: null, and a reply sent as an empty text counted as missing (the source no longer fills it). */
function noReply(c: ReviewCard): null {
  if (c.partnerReply?.reply === '')
    recordMissing('site_a', 'reviewCard[].partnerReply.reply', 'the review list');
  return null;
}
/** A review date as the source sends it (seconds, or milliseconds) as YYYY-MM-DD. */
const day = (t: number) => new Date(t > 1e12 ? t : t * 1000).toISOString().slice(0, 10);

function toReview(c: ReviewCard): SiteAReview {
  const text = c.textDetails;
  const photos = (c.photos ?? []).flatMap((p) => {
    const largest = p.urls.find((u) => u.size === 'max500') ?? p.urls.at(-1);
    return largest ? [largest.url] : [];
  });
  const country = c.guestDetails?.countryCode;
  if (country === '') recordMissing('site_a', 'reviewCard[].guestDetails.countryCode', 'the review list');
  const checkin = c.bookingDetails?.checkinDate;
  return {
    review_id: c.reviewUrl,
    score: c.reviewScore ?? null,
    title: text?.title ?? null,
    positive: text?.positiveText ?? null,
    negative: text?.negativeText ?? null,
    language: text?.lang ?? null,
    date: c.reviewedDate ? day(c.reviewedDate) : null,
    stay_date: checkin && /^\d{4}-\d{2}/.test(checkin) ? checkin.slice(0, 7) : null,
    nights: c.bookingDetails?.numNights || null,
    room_type: c.bookingDetails?.roomType?.name ?? null,
    traveler_type: c.guestDetails?.guestTypeTranslation ?? null,
    reviewer: {
      name: c.guestDetails?.username ?? null,
      country: country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : null,
      avatar_url: c.guestDetails?.avatarUrl ?? null,
    },
    helpful_votes: c.helpfulVotesCount ?? null,
    photos,
    // The reply carries no date upstream; an empty one is no reply, counted as the field missing.
    owner_response: c.partnerReply?.reply ? { text: c.partnerReply.reply, published_date: null } : noReply(c),
  };
}

/**
 * A page of a hotel's reviews in the contract's terms, or undefined when the source answers that it has
 * no such hotel. GraphQL errors (a sorter it no longer knows) and a sorter missing from the answer's own
 * list are named with the setting to change, never served as sorted.
 * @example extractReviewList(answer, { hotelId: '4410087', page: 1, perPage: 10, sorter, listing }).pagination.total_count
 */
export function extractReviewList(
  answer: ReviewListEnvelope,
  asked: ReviewsAsked,
): SiteAReviewsPage | undefined {
  const failure = answer.errors?.[0]?.message;
  if (failure)
    throw new UpstreamError(
      'site_a',
      `its review list refused the request (${failure}); check operations.${asked.sorter.operation}`,
    );
  const result = answer.data?.reviewListFrontend;
  if (!result) throw new ExtractionError('site_a', 'the review list answer has no reviewListFrontend');
  if (result.__typename === 'ReviewsFrontendError') {
    const status = (result as { statusCode?: unknown }).statusCode;
    if (status === 404) return undefined;
    throw new UpstreamError(
      'site_a',
      `its review list failed (${String(status)}: ${String((result as { message?: unknown }).message)})`,
    );
  }
  const list = conform('site_a', ReviewListResult, result, 'the review list');
  if (list.sorters?.length && !list.sorters.some((s) => s.value === asked.sorter.value))
    throw new UpstreamError(
      'site_a',
      `it has no review sorter ${asked.sorter.value}; its sorters are ${list.sorters.map((s) => s.value).join(', ')}: update operations.${asked.sorter.operation}`,
    );
  const reviews = list.reviewCard.filter((c) => c.isApproved !== false).map(toReview);
  const everyLanguage = list.languageFilter?.find((f) => f.value === '')?.count;
  const total = list.reviewsCount;
  const { listing } = asked;
  return conform(
    'site_a',
    SiteAReviewsPage,
    {
      hotel_id: asked.hotelId,
      review_score: {
        overall: listing.score ?? null,
        score_text: listing.scoreWord ?? null,
        review_count: everyLanguage ?? listing.reviewCount ?? total,
      },
      reviews,
      pagination: {
        page: asked.page,
        per_page: asked.perPage,
        total_count: total,
        total_pages: Math.ceil(total / asked.perPage),
        has_next: asked.page * asked.perPage < total,
      },
    },
    'the review list',
  );
}
