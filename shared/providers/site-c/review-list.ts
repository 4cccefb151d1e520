/**
 * Pure reader of site_c's review list page (one batch entry's `data`), by the tolerant rule.
 */
import * as z from 'zod';
import { SiteCReview } from '../../schemas/site-c.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { geoOfPath } from './urls.ts';
const PhotoSize = z.looseObject({
  urlTemplate: z.string(),
  maxWidth: z.number().int().positive().nullish(),
  maxHeight: z.number().int().positive().nullish(),
});
const Media = z.looseObject({ data: z.looseObject({ photoSizeDynamic: PhotoSize }) });

// Read by the tolerant rule (docs/connector-guide.md): a review needs only its id; the rest may be absent
// and reads as null (the contract's identity rule).
const UserProfile = z.looseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  username: z.string().optional(),
  isVerified: z.boolean().optional(),
  contributionCounts: z.looseObject({ sumAllUgc: z.number().int() }).nullish(),
  hometown: z
    .looseObject({
      fallbackString: z.string().nullish(),
      location: z
        .looseObject({
          name: z.string().nullish(),
          additionalNames: z.looseObject({ long: z.string().nullish() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  avatar: Media.nullish(),
});

export const RawReview = z.looseObject({
  id: z.number().int(),
  rating: z.number().int().nullish(),
  title: z.string().optional(),
  text: z.string().optional(),
  originalLanguage: z.string().optional(),
  createdDate: z.string().nullish(),
  publishedDate: z.string().nullish(),
  helpfulVotes: z.number().int().optional(),
  userProfile: UserProfile.nullish(),
  tripInfo: z.looseObject({ stayDate: z.string().nullish(), tripType: z.string().nullish() }).nullish(),
  additionalRatings: z
    .array(z.looseObject({ rating: z.number().int(), ratingLabelLocalizedString: z.string() }))
    .nullish(),
  photos: z.array(z.looseObject({ photo: z.looseObject({ photoSizeDynamic: PhotoSize }) })).nullish(),
  reviewDetailPageWrapper: z
    .looseObject({ reviewDetailPageRoute: z.looseObject({ url: z.string() }).nullish() })
    .nullish(),
  mgmtResponse: z
    .looseObject({
      text: z.string().nullish(),
      publishedDate: z.string().nullish(),
      connectionToSubject: z.string().nullish(),
      userProfile: z.looseObject({ displayName: z.string().optional() }).nullish(),
    })
    .nullish(),
  location: z.looseObject({ locationId: z.number().int().optional(), url: z.string().optional() }).nullish(),
});
export type RawReview = z.infer<typeof RawReview>;

/** One review entry's `data`: a list holding the location's page, empty when the source has no such location. */
export const ReviewListData = tolerant(
  'site_c',
  z.looseObject({
    ReviewsProxy_getReviewListPageForLocation: z.array(
      z.looseObject({
        totalCount: z.number().int().min(0),
        reviewListOptions: z.looseObject({ sortBy: z.string().nullish() }).nullish(),
        reviews: z.array(RawReview),
      }),
    ),
  }),
  'the reviews',
);
export type ReviewListData = z.infer<typeof ReviewListData>;

/** Avatars are served at this size (or the image's own, when smaller). */
export const AVATAR_PX = 200;

/** @example sized('https://x.test/a.jpg?w={width}&h={height}', 200, 200) // 'https://x.test/a.jpg?w=200&h=200' */
export function sized(template: string, width: number, height: number): string {
  return template.replaceAll('{width}', String(width)).replaceAll('{height}', String(height));
}

/** An additional rating's label as the contract's key: `Sleep Quality` → `sleep_quality`. */
const ratingKey = (label: string) => label.trim().toLowerCase().replace(/\s+/g, '_');

/** A review date: the source writes days, stays sometimes as months (taken as the month's first day). */
const day = (date: string) => (/^\d{4}-\d{2}$/.test(date) ? `${date}-01` : date);

/**
 * A review in the contract's terms. `origin` makes the review's relative URL absolute.
 * @example toReview(raw, 'https://www.site-c.test').review_url // 'https://www.site-c.test/ShowUserReviews-…'
 */
export function toReview(r: RawReview, origin: string): SiteCReview {
  const profile = r.userProfile;
  const home = profile?.hometown;
  const avatar = profile?.avatar?.data.photoSizeDynamic;
  const additional: Record<string, number> = {};
  for (const a of r.additionalRatings ?? []) additional[ratingKey(a.ratingLabelLocalizedString)] = a.rating;
  const response = r.mgmtResponse;
  const route = r.reviewDetailPageWrapper?.reviewDetailPageRoute?.url;
  // An emptied stay date is no date: read as absent, and counted as such.
  if (r.tripInfo?.stayDate === '')
    recordMissing(
      'site_c',
      'ReviewsProxy_getReviewListPageForLocation[].reviews[].tripInfo.stayDate',
      'the reviews',
    );
  return conform(
    'site_c',
    SiteCReview,
    {
      id: r.id,
      rating: r.rating ?? null,
      title: r.title ?? null,
      text: r.text ?? null,
      language: r.originalLanguage ?? null,
      created_date: r.createdDate ?? null,
      published_date: r.publishedDate ?? null,
      helpful_votes: r.helpfulVotes ?? null,
      user: profile
        ? {
            id: profile.id ?? null,
            display_name: profile.displayName ?? null,
            username: profile.username ?? null,
            is_verified: profile.isVerified ?? null,
            contribution_count: profile.contributionCounts?.sumAllUgc ?? null,
            hometown:
              home?.location?.additionalNames?.long ?? home?.location?.name ?? home?.fallbackString ?? null,
            avatar_url: avatar
              ? sized(
                  avatar.urlTemplate,
                  Math.min(AVATAR_PX, avatar.maxWidth ?? AVATAR_PX),
                  Math.min(AVATAR_PX, avatar.maxHeight ?? AVATAR_PX),
                )
              : null,
          }
        : null,
      // A review without trip information is kept (the contract's amendment 2), its parts null when absent.
      trip_info: r.tripInfo
        ? {
            stay_date: r.tripInfo.stayDate ? day(r.tripInfo.stayDate) : null,
            trip_type: r.tripInfo.tripType ?? null,
          }
        : null,
      additional_ratings: additional,
      photos: (r.photos ?? []).map(({ photo: { photoSizeDynamic: p } }) =>
        sized(p.urlTemplate, p.maxWidth ?? 1024, p.maxHeight ?? 768),
      ),
      review_url: route ? new URL(route, origin).href : null,
      owner_response: response
        ? {
            text: response.text ?? null,
            published_date: response.publishedDate ?? null,
            author: response.userProfile?.displayName ?? null,
            connection_to_subject: response.connectionToSubject ?? null,
          }
        : null,
    },
    'a review',
  );
}

export interface ReviewPage {
  /** Reviews of the hotel matching the language filter. */
  total: number;
  /** In the source's order. */
  reviews: SiteCReview[];
  /** The geo the source files the hotel under, from a review's page URL (undefined with no review). */
  geoId?: number;
}

/**
 * The reviews of a batch's entries (consecutive offsets) as one page, or undefined when the source has no
 * such location. An answer in another order than the one asked for is an upstream error, never re-sorted.
 * @example extractReviews([data], { origin: 'https://www.site-c.test', sortBy: 'DATE' })?.total
 */
export function extractReviews(
  entries: ReviewListData[],
  asked: { origin: string; sortBy: string },
): ReviewPage | undefined {
  const pages = entries.map((e) => e.ReviewsProxy_getReviewListPageForLocation[0]);
  const first = pages[0];
  if (!first) return undefined;
  const reviews: RawReview[] = [];
  for (const page of pages) {
    if (!page) throw new ExtractionError('site_c', 'a review entry answered no page for the location');
    const sortBy = page.reviewListOptions?.sortBy;
    if (sortBy && sortBy !== asked.sortBy)
      throw new UpstreamError(
        'site_c',
        `the source ordered reviews by ${sortBy}, not ${asked.sortBy} (operations.reviews_sort)`,
      );
    reviews.push(...page.reviews);
  }
  const geo = reviews
    .map((r) => (r.location?.url ? geoOfPath(r.location.url) : undefined))
    .find((g) => g !== undefined);
  return {
    total: first.totalCount,
    reviews: reviews.map((r) => toReview(r, asked.origin)),
    ...(geo === undefined ? {} : { geoId: geo }),
  };
}
