/**
 * dining: reservation times near a preferred time and the yes/no of one exact time, from the real
 * availability query (one checked POST with the provider's session, its CSRF token); and the restaurants
 * near a point, from the site's server-rendered search page. Refusals and GraphQL errors become upstream
 * failures naming what to update.
 */
import { fetchExtracted, fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import {
  answerFailure,
  AvailabilityAnswer,
  extractAvailability,
  extractSlots,
  searchFromPage,
  toRestaurant,
} from './extract.ts';
import { extractDetails, extractMenus, profileOf, type Profile } from './profile.ts';
import { type DiningReview, extractReviews, ReviewsAnswer, reviewsFailure } from './reviews.ts';
import {
  availabilityHash,
  availabilityRequest,
  profileRequest,
  reviewPageSize,
  reviewSearchRequest,
  reviewsHash,
  type ReviewSort,
  searchPageSize,
  searchRequest,
  type SearchQuery,
  type SlotQuery,
} from './requests.ts';
import { siteOrigin } from '../../upstream/providers.ts';

export type { ReviewSort, SearchQuery, SlotQuery } from './requests.ts';

/** The availability answer for a restaurant's window around a time, checked and read. */
async function availabilityAnswer(ctx: UpstreamContext, q: SlotQuery): Promise<AvailabilityAnswer> {
  const res = await fetchUpstream(availabilityRequest(q), ctx);
  const failure = answerFailure(res.status, res.body, availabilityHash());
  if (failure) throw failure;
  return conform('dining', AvailabilityAnswer, res.body, 'the availability answer', res.status);
}

/**
 * Distinct times near the preferred one, in order (empty when none is free), or undefined when the
 * source has no such restaurant.
 * @example await dining.slots(ctx, { restaurantId: 10001, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // ['18:00', '18:15', …, '21:30']
 */
async function slots(ctx: UpstreamContext, q: SlotQuery): Promise<string[] | undefined> {
  return extractSlots(await availabilityAnswer(ctx, q), q);
}

/**
 * Whether the exact time can be booked, with the nearest bookable times when it cannot; undefined when
 * the source has no such restaurant. The same query as the slots, centred on that time.
 * @example await dining.availability(ctx, { restaurantId: 10001, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // { available: false, nearest: ['19:00', '19:15', '19:45', '20:00'], … }
 */
async function availability(ctx: UpstreamContext, q: SlotQuery) {
  return extractAvailability(await availabilityAnswer(ctx, q), q);
}

/**
 * The restaurants near a point from `offset`, at most `limit`, nearest first, with the total: the
 * source's pages that cover the range, read in turn (a short page ends the walk), no restaurant twice.
 * @example await dining.search(ctx, { latitude: 48.2, longitude: 16.37, date: '2030-06-10', time: '19:00', partySize: 2, prices: [] }, { offset: 0, limit: 10 }) // { total: 63, restaurants: [{ restaurant_id: 52740, … }, …] }
 */
async function search(ctx: UpstreamContext, q: SearchQuery, range: { offset: number; limit: number }) {
  const size = searchPageSize();
  const first = Math.floor(range.offset / size) + 1;
  const last = Math.floor((range.offset + range.limit - 1) / size) + 1;
  const listed = [];
  let total = 0;
  for (let page = first; page <= last; page++) {
    // The page's listing, not the page, is kept: a hit reads nothing again.
    const { body: found } = await fetchExtracted(searchRequest(q, page), ctx, 'search page', (res) =>
      searchFromPage(String(res.body), res.status),
    );
    if (page === first) total = found.total;
    listed.push(...found.restaurants);
    if (found.restaurants.length < size) break;
  }
  const seen = new Set<number>();
  const unique = listed.filter((r) => !seen.has(r.restaurantId) && seen.add(r.restaurantId));
  const start = range.offset - (first - 1) * size;
  const origin = siteOrigin('dining');
  return {
    total,
    restaurants: unique.slice(start, start + range.limit).map((r) => toRestaurant(r, origin)),
  };
}

/** The restaurant's profile page as kept (undefined: the source does not know the restaurant). */
async function profile(ctx: UpstreamContext, restaurantId: number): Promise<Profile | undefined> {
  // The state's parts the routes read, not the page, are kept: details then menu is one page fetch.
  const { body } = await fetchExtracted(profileRequest(restaurantId), ctx, 'profile', ({ status, body }) =>
    status === 404 ? undefined : profileOf(String(body), status),
  );
  return body;
}

/**
 * A restaurant's details from its profile page, or undefined when the source has no such restaurant.
 * @example await dining.details(ctx, 10001) // { restaurant_id: 10001, name: 'Olive Osteria', bookable: true, … }
 */
async function details(ctx: UpstreamContext, restaurantId: number) {
  const kept = await profile(ctx, restaurantId);
  if (!kept) return undefined;
  const read = extractDetails(kept, siteOrigin('dining'));
  if (read.restaurant_id !== restaurantId)
    throw new ExtractionError('dining', `the profile page of ${restaurantId} is about ${read.restaurant_id}`);
  return read;
}

/**
 * A restaurant's menus from the same profile page (no second request once the page is kept), or
 * undefined when the source has no such restaurant.
 * @example await dining.menu(ctx, 10001) // { menus: [{ title: 'Dinner', sections: [...] }], external_menu_url: null }
 */
async function menu(ctx: UpstreamContext, restaurantId: number) {
  const kept = await profile(ctx, restaurantId);
  return kept ? extractMenus(kept, siteOrigin('dining')) : undefined;
}

/** The largest GraphQL Int, the source's bound for a page number or a count. */
const SOURCE_INT_MAX = 2 ** 31 - 1;

/** One source page of reviews, checked and read; undefined when the source has no such restaurant. */
async function reviewPage(ctx: UpstreamContext, restaurantId: number, page: number, sort: ReviewSort) {
  const res = await fetchUpstream(reviewSearchRequest(restaurantId, page, sort), ctx);
  const failure = reviewsFailure(res.status, res.body, reviewsHash());
  if (failure) throw failure;
  const answer = conform('dining', ReviewsAnswer, res.body, 'the review search', res.status);
  return extractReviews(answer, siteOrigin('dining'));
}

/**
 * The reviews of a contract page (`page` from 1, `pageSize` a page) in an order, with the total: the
 * source's pages that cover it, read in turn, no review twice. Undefined when the source has no such
 * restaurant.
 * @example await dining.reviews(ctx, 10001, { page: 1, pageSize: 10, sort: 'newest' }) // { total: 128, reviews: [...] }
 */
async function reviews(
  ctx: UpstreamContext,
  restaurantId: number,
  q: { page: number; pageSize: number; sort: ReviewSort },
) {
  const size = reviewPageSize();
  const start = (q.page - 1) * q.pageSize;
  const first = Math.floor(start / size) + 1;
  // The source's page numbers and counts are 32-bit GraphQL Ints: a page beyond them is past any
  // restaurant's end. Page 1 still says whether the restaurant exists, and its total.
  if (first > SOURCE_INT_MAX) {
    const page = await reviewPage(ctx, restaurantId, 1, q.sort);
    return page && { total: page.total, reviews: [] };
  }
  const last = Math.floor((start + q.pageSize - 1) / size) + 1;
  const listed: DiningReview[] = [];
  let total = 0;
  for (let n = first; n <= last; n++) {
    const page = await reviewPage(ctx, restaurantId, n, q.sort);
    if (!page) return undefined;
    if (n === first) total = page.total;
    listed.push(...page.reviews);
    if (page.reviews.length < size || n * size >= total) break;
  }
  const seen = new Set<string>();
  const unique = listed.filter((r) => !seen.has(r.review_id) && seen.add(r.review_id));
  const at = start - (first - 1) * size;
  return { total, reviews: unique.slice(at, at + q.pageSize) };
}

/** dining, as the handlers use it. */
export const dining = { slots, availability, search, details, menu, reviews };
