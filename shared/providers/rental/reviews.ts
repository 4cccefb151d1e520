/**
 * rental's reviews (real-sources §16 rental, Reviews): the persisted query `StaysPdpReviewsQuery` by GET,
 * variables `{id: base64("StayListing:{id}"), pdpReviewsRequest{fieldSelector, forPreview, limit, first,
 * offset (a number as a string), showingTranslationButton, sortingPreference, numberOfAdults …}}`,
 * answering `data.presentation.stayProductDetailPage.reviews{reviews[], metadata{reviewsCount,
 * reviewTags[]}}`. `comments` is the review as written, in HTML (`<br/>`): read to plain text; the
 * translations beside it (`localizedReview`, `localizedCommentV2`) are not the review. The offset is not
 * echoed: the caller computes the next one. Reviews are identified by `id`; the rest may be absent.
 */
import * as z from 'zod';
import { RentalReviewsPage } from '../../schemas/rental-reviews.ts';
import { fetchExtracted } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { plainText } from './extract.ts';
import { graphqlAnswer, graphqlGet } from './graphql.ts';
import { encodedListingId } from './urls.ts';

const RawReview = z.looseObject({
  id: z.union([z.string().min(1), z.number().int()]),
  rating: z.number().int().min(1).max(5).nullish(),
  language: z.string().nullish(),
  createdAt: z.iso.datetime({ offset: true }).nullish(),
  comments: z.string().nullish(),
  reviewer: z
    .looseObject({
      firstName: z.string().nullish(),
      pictureUrl: z.string().nullish(),
      userProfilePicture: z.looseObject({ baseUrl: z.string().nullish() }).nullish(),
    })
    .nullish(),
  localizedReviewerLocation: z.string().nullish(),
  response: z.string().nullable().optional(),
  localizedRespondedDate: z.string().nullable().optional(),
  reviewHighlight: z.string().nullable().optional(),
  reviewPhotoUrls: z.array(z.string()).nullish(),
});

/** The reviews answer; a null page is a listing the source does not have. */
export const ReviewsAnswer = tolerant(
  'rental',
  z.looseObject({
    data: z.looseObject({
      presentation: z.looseObject({
        stayProductDetailPage: z
          .looseObject({
            reviews: z.looseObject({
              reviews: z.array(RawReview),
              // Only the total and the tags: a page without them is still its reviews.
              metadata: z
                .looseObject({
                  reviewsCount: z.number().int().min(0).nullish(),
                  reviewTags: z
                    .array(
                      z.looseObject({
                        name: z.string().min(1),
                        localizedName: z.string().nullish(),
                        count: z.number().int().min(0).nullish(),
                      }),
                    )
                    .nullish(),
                })
                .nullish(),
            }),
          })
          .nullable(),
      }),
    }),
  }),
  'the reviews answer',
);
export type ReviewsAnswer = z.output<typeof ReviewsAnswer>;

const REVIEWS_PATH = 'data.presentation.stayProductDetailPage.reviews.reviews[]';

/**
 * A page of reviews from the answer as read, or undefined for a listing the source does not have. A reply
 * that is only whitespace is no reply.
 * @example extractReviews(answer)?.reviews[0] // { review_id: '1041…', rating: 5, text: 'Lovely place\nWould stay again.', host_response: null, … }
 */
export function extractReviews(answer: ReviewsAnswer): RentalReviewsPage | undefined {
  const page = answer.data.presentation.stayProductDetailPage;
  if (!page) return undefined;
  const { reviews, metadata } = page.reviews;
  return conform(
    'rental',
    RentalReviewsPage,
    {
      total_count: metadata?.reviewsCount ?? null,
      reviews: reviews.map((r) => {
        const reply = r.response ? plainText(r.response) : '';
        // A response the source sends empty says nothing: no response, counted as drift.
        if (typeof r.response === 'string' && !reply)
          recordMissing('rental', `${REVIEWS_PATH}.response`, 'the reviews answer');
        return {
          review_id: String(r.id),
          rating: r.rating ?? null,
          text: r.comments === undefined || r.comments === null ? null : plainText(r.comments),
          language: r.language ?? null,
          created_at: r.createdAt ?? null,
          reviewer: {
            first_name: r.reviewer?.firstName ?? null,
            avatar_url: r.reviewer?.pictureUrl ?? r.reviewer?.userProfilePicture?.baseUrl ?? null,
            location: r.localizedReviewerLocation ?? null,
          },
          host_response: reply ? { text: reply, date: r.localizedRespondedDate ?? null } : null,
          stay_highlight: r.reviewHighlight ?? null,
          photos: r.reviewPhotoUrls ?? [],
        };
      }),
      tags: (metadata?.reviewTags ?? []).map((t) => ({
        name: t.name,
        label: t.localizedName ?? null,
        count: t.count ?? null,
      })),
    },
    'a page of reviews',
  );
}

/** The source's sorts by the contract's. */
const SORTS = { best: 'BEST_QUALITY', recent: 'MOST_RECENT' } as const;
export type ReviewsSort = keyof typeof SORTS;

/**
 * `limit` reviews of a listing from `offset`, in `sort` order; undefined when the source has no such listing.
 * @example await listingReviews(ctx, { listingId: '40000001', limit: 24, offset: 0, sort: 'best' }) // { total_count: 212, reviews: [...], tags: [...] }
 */
export async function listingReviews(
  ctx: UpstreamContext,
  q: { listingId: string; limit: number; offset: number; sort: ReviewsSort },
): Promise<RentalReviewsPage | undefined> {
  const req = graphqlGet(
    'StaysPdpReviewsQuery',
    {
      id: encodedListingId(q.listingId),
      pdpReviewsRequest: {
        fieldSelector: 'for_p3_translation_only',
        forPreview: false,
        limit: q.limit,
        first: q.limit,
        offset: String(q.offset),
        showingTranslationButton: false,
        sortingPreference: SORTS[q.sort],
        numberOfAdults: '1',
        numberOfChildren: '0',
        numberOfInfants: '0',
        numberOfPets: 0,
        amenityFilters: null,
      },
    },
    'USD',
    'reviews',
  );
  const res = await fetchExtracted(req, ctx, 'reviews', ({ status, body }) =>
    extractReviews(graphqlAnswer('StaysPdpReviewsQuery', ReviewsAnswer, 'the reviews answer', status, body)),
  );
  return res.body;
}
