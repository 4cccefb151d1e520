/**
 * dining: reservation times near a preferred time and the yes/no of one exact time, from the real
 * availability query (one checked POST with the provider's session, its CSRF token); and the restaurants
 * near a point, from the site's server-rendered search page. Refusals and GraphQL errors become upstream
 * failures naming what to update.
 */
import { fetchExtracted, fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import {
  answerFailure,
  AvailabilityAnswer,
  extractAvailability,
  extractSlots,
  searchFromPage,
  toRestaurant,
} from './extract.ts';
import {
  availabilityHash,
  availabilityRequest,
  searchPageSize,
  searchRequest,
  siteOrigin,
  type SearchQuery,
  type SlotQuery,
} from './requests.ts';

export type { SearchQuery, SlotQuery } from './requests.ts';

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
  const origin = siteOrigin();
  return {
    total,
    restaurants: unique.slice(start, start + range.limit).map((r) => toRestaurant(r, origin)),
  };
}

/** dining, as the handlers use it. */
export const dining = { slots, availability, search };
