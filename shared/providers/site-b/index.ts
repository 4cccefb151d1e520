/**
 * site_b: hotel ids from the real page markers (read only as far as the first: 110–130 KB of a 240 KB
 * page), reviews from the web app's `ReviewComments` POST (site_b's own reviews, 20 a page) with the
 * hotel's name from its `HotelReviews` summary, both sent with the session a page visit hands out.
 */
import { fetchParsed, scanUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError, extractingAs } from '../../extraction/errors.ts';
import {
  extractReviewsPage,
  HotelReviewsAnswer,
  pageIdScan,
  ReviewCommentsAnswer,
  type SiteBReviewsBody,
  type SiteBReviewsPage,
} from './extract.ts';
import {
  hotelPageRequest,
  hotelReviewsRequest,
  reviewCommentsRequest,
  sortCode,
  type ContractSort,
} from './requests.ts';

/**
 * The id a hotel page carries, or undefined when site_b has no page there. The short form
 * `/hotel-<id>.html` is answered the same way, through site_b's redirect to the hotel's page.
 * @example await siteB.urlToId(ctx, '/aurelia-suites-paris/hotel/paris-fr.html') // 200123
 */
async function urlToId(ctx: UpstreamContext, path: string): Promise<number | undefined> {
  const res = await scanUpstream(hotelPageRequest(path), ctx, pageIdScan, 'hotel id');
  if (res.status === 404) return undefined;
  const found = res.body;
  if (found && 'id' in found) return found.id;
  throw new ExtractionError(
    'site_b',
    found?.missing ?? 'the hotel page ended without a hotel id',
    undefined,
    res.status,
  );
}

/**
 * A page of the hotel's reviews sorted as the contract asks, or undefined when site_b has no hotel with
 * that id. A page past the end has no reviews; its pagination still counts them. A review answer that
 * lost its structure is the source's failure (UPSTREAM_ERROR), whatever a route says of its hotel page.
 * @example await siteB.reviews(ctx, 200123, 1, 7) // { hotel_id: 200123, reviews: [20 reviews], … }
 */
function reviews(...args: Parameters<typeof readReviews>): Promise<SiteBReviewsPage | undefined> {
  return extractingAs('UPSTREAM_ERROR', () => readReviews(...args));
}

/** The largest page the review list takes (its page is a 32-bit integer). */
const PAGE_MAX = 2 ** 31 - 1;

async function readReviews(
  ctx: UpstreamContext,
  hotelId: number,
  page: number,
  sorting: ContractSort,
  pagePath?: string,
): Promise<SiteBReviewsPage | undefined> {
  const sort = sortCode(sorting);
  const [summary, list] = await Promise.all([
    fetchParsed(hotelReviewsRequest(hotelId, pagePath), HotelReviewsAnswer, ctx, 'the review summary'),
    fetchParsed(
      // A page beyond a 32-bit integer is past the end of any hotel's reviews: the largest page says so too.
      reviewCommentsRequest(hotelId, Math.min(page, PAGE_MAX), sort.code, pagePath),
      ReviewCommentsAnswer,
      ctx,
      'the review list',
    ),
  ]);
  if (summary.body.hotelName === null) return undefined;
  const options = list.body.reviewsSortOptions;
  // The source sorts by a code it does not know as it pleases: a stale code is named, never served as sorted.
  if (options && Object.keys(options).length > 0 && !(String(sort.code) in options))
    throw new UpstreamError(
      'site_b',
      `it has no sort code ${sort.code} (configured as operations.${sort.operation}); its codes are ` +
        `${Object.entries(options)
          .map(([code, label]) => `${code} ${label}`)
          .join(', ')}: update operations.${sort.operation}`,
    );
  return extractReviewsPage(hotelId, summary.body.hotelName, list.body, page);
}

/** A page of reviews as both review routes answer it, or why there is none. */
export type ReviewsPageAnswer =
  | { body: SiteBReviewsBody; missing?: undefined }
  | { missing: 'hotel' }
  | { missing: 'page'; detail: string };

/**
 * The one implementation behind reviews-from-url and reviews by id: the page of reviews in the body both
 * answer, or `hotel` when site_b has no such hotel, or `page` (with why) when the page has no reviews.
 * @example await siteB.reviewsPage(ctx, 200123, 1, 7) // { body: { success: true, hotel_id: 200123, … } }
 */
async function reviewsPage(
  ctx: UpstreamContext,
  hotelId: number,
  page: number,
  sorting: ContractSort,
  pagePath?: string,
): Promise<ReviewsPageAnswer> {
  const found = await reviews(ctx, hotelId, page, sorting, pagePath);
  if (!found) return { missing: 'hotel' };
  if (found.reviews.length === 0)
    return {
      missing: 'page',
      detail:
        found.pagination.total_count === 0
          ? `site_b hotel ${hotelId} has no reviews.`
          : `Page ${page} is past the end: hotel ${hotelId} has ${found.pagination.total_pages} pages of reviews.`,
    };
  return { body: { success: true, ...found, retrieved_at: new Date().toISOString() } };
}

/** site_b, as the handlers use it. */
export const siteB = { urlToId, reviews, reviewsPage };

/** For the handlers, which import a connector's index.ts only: its URL parser and reviews body. */
export { SiteBReviewsBody } from './extract.ts';
export { parseSiteBUrl } from './urls.ts';
