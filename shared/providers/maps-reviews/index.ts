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
 * single match, `local_results[]` for several, or the empty state. One place in full: the same engine by
 * `place_id` or `data_cid` (`place.ts`).
 */
import type { MapsReview, MapsReviewsPage, MapsSort } from '../../schemas/maps.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';
import { fetchSerp } from '../serp/index.ts';
import {
  extractPlace,
  extractReviews,
  PlaceSearchAnswer,
  ReviewsAnswer,
  type FoundPlace,
  type ReviewsResult,
} from './extract.ts';
import { placeSearchRequest, readPageToken, reviewsRequest } from './requests.ts';

export type { FoundPlace, ReviewsResult } from './extract.ts';
export { placeDetails, type PlaceKey } from './place.ts';

/** The most pages one call walks (the contract's `pages` bound). */
export const MAX_PAGES = 10;
/** Kept back after the last page for the answer itself, on top of the slowest page so far. */
const PAGE_MARGIN_MS = 1_000;

/** Several pages walked on the source's token: the reviews of all of them and where to continue. */
export type PagesResult =
  { kind: 'pages'; page: MapsReviewsPage; pagesFetched: number } | Exclude<ReviewsResult, { kind: 'page' }>;

/** The page token was refused: the caller's input, not an outage. */
export class BadPageTokenError extends Error {
  constructor() {
    super('next_page_token is invalid or has expired');
    this.name = 'BadPageTokenError';
  }
}

/**
 * Why a place's reviews answer holds no review (both reviews routes' NO_RESULTS detail): the engine does not
 * know the place, or it has none (`where` narrows that, e.g. to the page a token asked for).
 * @example noReviews({ kind: 'unknown place' }, '0x1:0x2') // 'No place with data_id 0x1:0x2.'
 */
export const noReviews = (answer: Exclude<ReviewsResult, { kind: 'page' }>, dataId: string, where = '') =>
  answer.kind === 'unknown place'
    ? `No place with data_id ${dataId}.`
    : `No reviews for data_id ${dataId}${where}.`;

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
   * Up to `pages` pages in sequence, each on the token of the one before: stops early when the place
   * runs out, and before a page the time left could not wait for (the slowest page so far, plus a
   * margin), so a tight deadline gives fewer pages rather than a timeout. A review met twice (the
   * source can repeat one across a page boundary) is kept once, where it came first.
   * @example await mapsReviews.pages(ctx, { dataId: '0x47e6…:0x8a0…', sort: 'newest', hl: 'en' }, 3) // { kind: 'pages', page: {...}, pagesFetched: 3 }
   */
  async pages(
    ctx: UpstreamContext,
    q: { dataId: string; sort: MapsSort; hl: string },
    pages: number,
  ): Promise<PagesResult> {
    const started = Date.now();
    const first = await mapsReviews.reviews(ctx, q);
    if (first.kind !== 'page') return first;
    let slowest = Date.now() - started;
    let last = first.page;
    const seen = new Set<string>();
    const reviews: MapsReview[] = [];
    const keep = (list: MapsReview[]) => {
      for (const r of list) {
        if (seen.has(r.review_id)) continue;
        seen.add(r.review_id);
        reviews.push(r);
      }
    };
    keep(last.reviews);
    let fetched = 1;
    while (fetched < Math.min(pages, MAX_PAGES) && last.has_more && last.next_page_token) {
      if (ctx.deadline.remaining() < slowest + PAGE_MARGIN_MS) break;
      const t = Date.now();
      const next = await mapsReviews.reviews(ctx, { ...q, pageToken: last.next_page_token });
      slowest = Math.max(slowest, Date.now() - t);
      // A later page without reviews: the place ran out after all.
      if (next.kind !== 'page') {
        last = { ...last, next_page_token: null, has_more: false };
        break;
      }
      fetched += 1;
      last = next.page;
      keep(last.reviews);
    }
    return {
      kind: 'pages',
      page: { ...first.page, reviews, next_page_token: last.next_page_token, has_more: last.has_more },
      pagesFetched: fetched,
    };
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
