/**
 * Pure readers of site_b's real payloads: the id markers of a hotel page, the `ReviewComments` answer (a
 * page of reviews mixing site_b's own with partners') and the `HotelReviews` answer (read for the hotel's
 * name only).
 */
import * as z from 'zod';
import { SiteBPagination, SiteBReview, SiteBReviewScore } from '../../schemas/site-b.ts';
import { conform } from '../../extraction/conform.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { windowScan, type StreamScan } from '../../extraction/stream-scan.ts';
import { OWN_PROVIDER_ID, PAGE_SIZE } from './requests.ts';

// Where the real page carries the id, in page order: the initparam script's `apiUrl` query (about
// 109 KB into a 240 KB page), `hotelId:` in its `initParams` (116 KB), then `propertyId:` (236 KB). Each
// needs the character after the digits, so a page cut mid-number is not read as a shorter id.
const ID_MARKERS = [
  /\bapiUrl\s*=\s*"[^"]*?[?&;]hotel_id=(\d{1,12})(?=[&"])/,
  /\bhotelId\s*:\s*(\d{1,12})(?=\s*[,}])/,
  /\bpropertyId\s*:\s*(\d{1,12})(?=\s*[,}])/,
];

/** @example hotelIdInPage('var apiUrl="/api/x?a=1&amp;hotel_id=66072054&amp;all=false"') // 66072054 */
export function hotelIdInPage(html: string): number | undefined {
  for (const marker of ID_MARKERS) {
    const m = marker.exec(html);
    if (m && Number(m[1]) > 0) return Number(m[1]);
  }
  return undefined;
}

/**
 * Why a whole page gave no id: a client-rendered shell (what site_b is reported to serve plain HTTP
 * clients: no initparam script at all), or a page whose markers changed.
 * @example noIdReason('<html><body><div id="root"></div></body></html>') // 'the hotel page is a client-rendered shell …'
 */
export function noIdReason(html: string): string {
  return reasonWithoutId(INITPARAM.test(html));
}

const INITPARAM = /data-selenium="script-initparam"/;

function reasonWithoutId(initparam: boolean): string {
  return initparam
    ? 'the hotel page carries no hotel id'
    : 'the hotel page is a client-rendered shell without its initparam script (an unblocker that renders pages is needed)';
}

/** What the id scan of a hotel page found: the id, or why a whole page has none. */
export type PageId = { id: number } | { missing: string };

/**
 * The id scan of a hotel page as it arrives, each character read once (or twice in an overlap): the
 * first marker's id, or, once a whole page (`</html>`) has none, why (kept with the answer, so a cached
 * miss says it too). A page cut short gives no answer.
 * @example scanAll(pageIdScan(), page) // { id: 200123 }
 */
export function pageIdScan(): StreamScan<PageId> {
  let initparam = false;
  return windowScan((window) => {
    initparam ||= INITPARAM.test(window);
    const id = hotelIdInPage(window);
    if (id !== undefined) return { id };
    return /<\/html>\s*$/i.test(window.slice(-256)) ? { missing: reasonWithoutId(initparam) } : undefined;
  });
}

const ReviewerInfo = z.looseObject({
  displayMemberName: z.string().nullish(),
  countryName: z.string().nullish(),
  reviewGroupName: z.string().nullish(),
  roomTypeName: z.string().nullish(),
  isExpertReviewer: z.boolean().nullish(),
});

/** One of site_b's own reviews, as `comments[]` carries it. */
const OwnComment = z.looseObject({
  hotelReviewId: z.number().int().positive(),
  providerId: z.literal(OWN_PROVIDER_ID),
  rating: z.number().min(0).max(10).nullish(),
  reviewTitle: z.string().nullish(),
  reviewComments: z.string().nullish(),
  reviewPositives: z.string().nullish(),
  reviewNegatives: z.string().nullish(),
  formattedReviewDate: z.string().nullish(),
  checkInDateMonthAndYear: z.string().nullish(),
  helpfulVotes: z.number().int().min(0).nullish(),
  translateSource: z.string().nullish(),
  isShowReviewResponse: z.boolean().nullish(),
  responseText: z.string().nullish(),
  responseDate: z.string().nullish(),
  formattedResponseDate: z.string().nullish(),
  responderName: z.string().nullish(),
  reviewerInfo: ReviewerInfo.nullish(),
});
type OwnComment = z.infer<typeof OwnComment>;

/** A partner's review: told apart by provider and never read further. */
const PartnerComment = z.looseObject({
  providerId: z
    .number()
    .int()
    .positive()
    .refine((id) => id !== OWN_PROVIDER_ID, { error: 'an own review' }),
});

/**
 * The answer, read by the tolerant rule (docs/connector-guide.md): an own review needs its id; everything
 * else may be absent and reads as null. A review without its id is skipped and counted.
 */
export const ReviewCommentsAnswer = tolerant(
  'site_b',
  z.looseObject({
    comments: z.array(z.union([OwnComment, PartnerComment])),
    providerList: z.array(z.looseObject({ id: z.number().int(), totalIndex: z.number().int().min(0) })),
    reviewsSortOptions: z.record(z.string(), z.string()).nullish(),
    combinedReview: z
      .looseObject({
        score: z
          .looseObject({
            score: z.number().min(0).max(10).nullish(),
            scoreText: z.string().nullish(),
            reviewCount: z.number().int().min(0).nullish(),
          })
          .nullish(),
      })
      .nullish(),
  }),
  'the reviews',
);
export type ReviewCommentsAnswer = z.infer<typeof ReviewCommentsAnswer>;

/** The summary answer: `hotelName` is null for an id site_b has no hotel for. */
export const HotelReviewsAnswer = z.looseObject({ hotelName: z.string().min(1).nullable() });
export type HotelReviewsAnswer = z.infer<typeof HotelReviewsAnswer>;

/** One page of a hotel's site_b reviews, in the contract's shape. */
export const SiteBReviewsPage = z.object({
  hotel_id: z.number().int().positive(),
  hotel_name: z.string().min(1),
  reviews: z.array(SiteBReview),
  pagination: SiteBPagination,
  review_score: SiteBReviewScore,
});
export type SiteBReviewsPage = z.infer<typeof SiteBReviewsPage>;

/** The success body of both review routes (reviews-from-url and reviews by id): one page, when read. */
export const SiteBReviewsBody = SiteBReviewsPage.extend({
  success: z.literal(true),
  retrieved_at: z.iso.datetime().meta({ description: 'When the reviews were read (ISO 8601, UTC)' }),
});
export type SiteBReviewsBody = z.infer<typeof SiteBReviewsBody>;

/**
 * ISO 8601 with an offset, from `responseDate`, else from the formatted date (read as UTC); null without
 * either, or when the formatted date names no day ('Responded 3 days ago'): `undated` counts those.
 */
function responseDate(c: OwnComment, undated: { count: number }): string | null {
  if (c.responseDate && !Number.isNaN(Date.parse(c.responseDate))) return c.responseDate;
  if (!c.formattedResponseDate) return null;
  const formatted = c.formattedResponseDate.replace(/^\D+(?=[A-Z][a-z]+ \d)/, '');
  const parsed = Date.parse(`${formatted} UTC`);
  if (Number.isNaN(parsed)) {
    undated.count += 1;
    return null;
  }
  return new Date(parsed).toISOString();
}

/**
 * The reviewer's level: the source has none, its one distinction is the expert flag. A reviewer it says
 * is no expert has an empty level; one it says nothing of, null.
 */
function levelOf(expert: boolean | null | undefined): string | null {
  if (expert === undefined || expert === null) return null;
  return expert ? 'Expert reviewer' : '';
}

/**
 * A review in the contract's terms: what identifies it is its id; everything else is null when not shown
 * (a reply without a readable date keeps its text, its date null and counted in `undated`).
 * @example toReview(comment, { count: 0 }).review_id // '947130812'
 */
function toReview(c: OwnComment, undated: { count: number }): SiteBReview {
  const responded = c.isShowReviewResponse !== false && Boolean(c.responseText);
  return {
    review_id: String(c.hotelReviewId),
    rating: c.rating ?? null,
    title: c.reviewTitle ?? null,
    comment: c.reviewComments ?? null,
    pros: c.reviewPositives ?? null,
    cons: c.reviewNegatives ?? null,
    reviewer: {
      name: c.reviewerInfo?.displayMemberName ?? null,
      country: c.reviewerInfo?.countryName ?? null,
      level: levelOf(c.reviewerInfo?.isExpertReviewer),
      group_type: c.reviewerInfo?.reviewGroupName ?? null,
    },
    date: c.formattedReviewDate ?? null,
    stay_date: c.checkInDateMonthAndYear ?? null,
    room_type: c.reviewerInfo?.roomTypeName ?? null,
    helpful_count: c.helpfulVotes ?? null,
    language: c.translateSource ?? null,
    // Neither photos nor sub-ratings are per review upstream (`grades[]` is the hotel's).
    photos: [],
    sub_ratings: {},
    owner_response: responded
      ? { text: c.responseText!, published_date: responseDate(c, undated), author: c.responderName ?? null }
      : null,
  };
}

/**
 * A page of reviews in the contract's terms: site_b's own reviews only (partners' are dropped), counted
 * by the own provider's `totalIndex`, scored by `combinedReview.score` (each part null when not shown).
 * @example extractReviewsPage(66072054, 'Royal Inn', answer, 1).pagination.total_count
 */
export function extractReviewsPage(
  hotelId: number,
  hotelName: string,
  answer: ReviewCommentsAnswer,
  page: number,
): SiteBReviewsPage {
  const undated = { count: 0 };
  const reviews = answer.comments
    .filter((c): c is OwnComment => c.providerId === OWN_PROVIDER_ID)
    .map((c) => toReview(c, undated));
  if (undated.count > 0)
    recordMissing('site_b', 'comments[].formattedResponseDate', 'the reviews', undated.count);
  const own = answer.providerList.find((p) => p.id === OWN_PROVIDER_ID);
  // A page of own reviews without their count is drift, not a count of 0.
  if (!own && reviews.length > 0)
    throw new ExtractionError('site_b', 'a review list without its own provider count');
  const total = own?.totalIndex ?? 0;
  // A score the answer does not carry is unknown, never 0 or an empty wording.
  const score = answer.combinedReview?.score;
  return conform(
    'site_b',
    SiteBReviewsPage,
    {
      hotel_id: hotelId,
      hotel_name: hotelName,
      reviews,
      pagination: {
        current_page: page,
        page_size: PAGE_SIZE,
        total_count: total,
        total_pages: Math.ceil(total / PAGE_SIZE),
      },
      review_score: {
        overall: score?.score ?? null,
        score_text: score?.scoreText ?? null,
        review_count: score?.reviewCount ?? null,
      },
    },
    'the review list',
  );
}
