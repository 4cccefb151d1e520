/**
 * Pure readers of dining's real answers.
 *
 * Availability: `data.availability[]`, one block per restaurant (the one asked for, and sometimes others
 * nearby), each with `availabilityDays[].slots[]` given as minute offsets from the requested time. A taken
 * time is an `UnavailableSlot` with no offset at all (real answers, 2026): it is the source's own
 * placeholder shape and is dropped before reading; a day without times says why in `noTimesReasons`
 * (`NoTimesExist`, …). A GraphQL `errors[]` answer, or a refusal status, is an upstream failure that names
 * what to fix (a stale persisted query hash, a renamed operation).
 *
 * Search: the server-rendered search page's state, `windowVariables.__INITIAL_STATE__.multiSearch` in the
 * `primary-window-vars` script: `restaurants[]` and `totalRestaurantCount`.
 *
 * Everything is read tolerantly (shared/extraction/tolerant.ts).
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { scriptJson } from '../../extraction/script-json.ts';
import { isPlaceholder, recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { persistedQueryFailure } from './refusal.ts';
import { OPERATION_NAME, WINDOW_MINUTES, type SlotQuery } from './requests.ts';
import { absoluteUrl, isRecord, shownText } from '../../extraction/values.ts';

/** A bookable time: an offset in minutes from the requested time, which identifies it. */
const Slot = z.looseObject({
  isAvailable: z.literal(true),
  // An offset of more than a day is no time of the day asked: the source changed, never "not available".
  timeOffsetMinutes: z
    .number()
    .int()
    .min(-24 * 60)
    .max(24 * 60),
  type: z.string().optional(),
  slotHash: z.string().optional(),
});

const AvailabilityDay = z.looseObject({
  // Days after the asked one (0). The research never shows it (§14, §15): a day without it is the day at
  // its place in the list, which starts at the asked date (the request asks forwardDays 0: that day
  // alone). An offset below zero is unreadable.
  dayOffset: z.number().int().min(0).optional(),
  noTimesReasons: z.array(z.string()).optional(),
  slots: z.array(Slot),
});

const RestaurantAvailability = z.looseObject({
  restaurantId: z.number().int(),
  availabilityDays: z.array(AvailabilityDay),
});

/**
 * The key a day's place in the source's list is kept under, stamped before the tolerant read skips any
 * placeholder or unusable day: a day without `dayOffset` is the day at that place, not at its place among
 * the days kept (a placeholder first would make the next day's times the asked day's).
 */
const POSITION = 'positionInList';

/** A day's place in the source's list (`POSITION`), as withoutTakenSlots recorded it. */
const positionOf = (day: object): number | undefined => (day as { [POSITION]?: number })[POSITION];

/** The key a block keeps how many days the source listed under, placeholders included (before any skip). */
const LISTED = 'daysListed';

/** How many days the source listed in a block (`LISTED`), or what is left of them when unrecorded. */
const listedIn = (block: { availabilityDays: unknown[] }): number =>
  (block as { [LISTED]?: number })[LISTED] ?? block.availabilityDays.length;

/**
 * The answer without its taken times (`isAvailable: false`, no offset): they are no slot to read. Each
 * day that is not a placeholder is stamped with its place in the list (`POSITION`).
 */
function withoutTakenSlots(body: unknown): unknown {
  const blocks = isRecord(body) && isRecord(body.data) ? body.data.availability : undefined;
  if (!Array.isArray(blocks)) return body;
  const day = (d: unknown, i: number) => {
    if (!isRecord(d) || isPlaceholder(d)) return d;
    const placed = { ...d, [POSITION]: i };
    if (!Array.isArray(d.slots)) return placed;
    return { ...placed, slots: d.slots.filter((s) => !(isRecord(s) && s.isAvailable === false)) };
  };
  const days = (block: unknown) =>
    isRecord(block) && Array.isArray(block.availabilityDays)
      ? {
          ...block,
          [LISTED]: block.availabilityDays.length,
          availabilityDays: block.availabilityDays.map(day),
        }
      : block;
  const data = (body as { data: Record<string, unknown> }).data;
  return { ...(body as Record<string, unknown>), data: { ...data, availability: blocks.map(days) } };
}

export const AvailabilityAnswer = z.preprocess(
  withoutTakenSlots,
  tolerant(
    'dining',
    // The slots are what the contract answers: an answer has them, or it is a refusal (errors, no data).
    dataOrRefusal('availability', z.array(RestaurantAvailability)),
    'the availability answer',
  ),
);
export type AvailabilityAnswer = z.output<typeof AvailabilityAnswer>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The failure an availability answer stands for, if any (refusal.ts), naming the hash so that an operator
 * knows what to update.
 * @example answerFailure(409, {}, 'abc')?.message // 'The dining source failed: it refused RestaurantsAvailability (HTTP 409) …'
 */
export function answerFailure(status: number, body: unknown, hash: string): UpstreamError | undefined {
  return persistedQueryFailure(
    { operation: OPERATION_NAME, setting: 'operations.availability', field: 'availability' },
    status,
    body,
    hash,
  );
}

/** The requested day of one restaurant: its bookable minutes of the day, and why there are none if so. */
export interface Day {
  /** Minutes after midnight, distinct and in order, within WINDOW_MINUTES of the requested time. */
  minutes: number[];
  /** The source's reasons for a day without times (`NoTimesExist`, …); empty when it gave none. */
  noTimesReasons: string[];
}

/**
 * The restaurant's requested day: the requested time plus each bookable slot's offset, on the requested
 * day of the restaurant's own clock, within WINDOW_MINUTES; with the source's reasons when there are none.
 * Undefined when the answer holds no restaurant at all (the source does not know it).
 * @example dayOf(answer, { restaurantId: 7, date: '2030-06-10', preferredTime: '19:30', partySize: 2 })?.minutes // [1155]
 */
export function dayOf(answer: AvailabilityAnswer, q: SlotQuery): Day | undefined {
  const blocks = answer.data?.availability;
  // A refusal (errors without data) is answerFailure's to report, before any reading.
  if (!blocks) throw new ExtractionError('dining', 'the answer has no data.availability', undefined, 200);
  if (blocks.length === 0) return undefined;
  const own = blocks.filter((b) => b.restaurantId === q.restaurantId);
  // Other restaurants but not this one: the answer is not about what was asked.
  if (own.length === 0)
    throw new ExtractionError(
      'dining',
      `the answer has no block for restaurant ${q.restaurantId}`,
      undefined,
      200,
    );
  const center = minutes(q.preferredTime);
  // Without dayOffset, the day's place in the source's list (before any day was skipped) says which it is.
  const days = own.flatMap((b) => b.availabilityDays).filter((d) => (d.dayOffset ?? positionOf(d)) === 0);
  // Days listed (a placeholder too), none of them a readable day of the asked date: the answer lost the day
  // it is about, which is never a day without times.
  if (days.length === 0 && own.some((b) => listedIn(b) > 0))
    throw new ExtractionError('dining', 'the answer has no readable day for the date asked', undefined, 200);
  const found = days
    .flatMap((d) => d.slots)
    .filter((s) => Math.abs(s.timeOffsetMinutes) <= WINDOW_MINUTES)
    .map((s) => center + s.timeOffsetMinutes)
    // A slot past midnight (or before it) belongs to another day.
    .filter((m) => m >= 0 && m < 24 * 60);
  return {
    minutes: [...new Set(found)].sort((a, b) => a - b),
    noTimesReasons: [...new Set(days.flatMap((d) => d.noTimesReasons ?? []))],
  };
}

/**
 * Distinct HH:MM times near the preferred one, in order, for the restaurant asked for (dayOf's minutes).
 * Undefined when the answer holds no restaurant at all.
 * @example extractSlots({ data: { availability: [{ restaurantId: 7, availabilityDays: [{ dayOffset: 0, slots: [{ isAvailable: true, timeOffsetMinutes: -15 }] }] }] } }, { restaurantId: 7, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // ['19:15']
 */
export function extractSlots(answer: AvailabilityAnswer, q: SlotQuery): string[] | undefined {
  return dayOf(answer, q)?.minutes.map(hhmm);
}

/** How many times around an unavailable one are offered instead. */
export const NEAREST_SLOTS = 4;

/**
 * Whether the exact preferred time can be booked; when it cannot, the NEAREST_SLOTS bookable times
 * closest to it (the earlier first on a tie), in order. Undefined when the source does not know the
 * restaurant.
 * @example extractAvailability(answer, { restaurantId: 7, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // { available: false, nearest: ['19:00', '19:15', '20:00', '20:15'] }
 */
export function extractAvailability(
  answer: AvailabilityAnswer,
  q: SlotQuery,
): { available: boolean; nearest: string[]; noTimesReasons: string[] } | undefined {
  const day = dayOf(answer, q);
  if (!day) return undefined;
  const center = minutes(q.preferredTime);
  if (day.minutes.includes(center)) return { available: true, nearest: [], noTimesReasons: [] };
  const nearest = [...day.minutes]
    .sort((a, b) => Math.abs(a - center) - Math.abs(b - center) || a - b)
    .slice(0, NEAREST_SLOTS)
    .sort((a, b) => a - b)
    .map(hhmm);
  return { available: false, nearest, noTimesReasons: day.noTimesReasons };
}

const Text = z.string();
/**
 * A restaurant's postal address as the search and the profile pages carry it, any line of it absent.
 * @example RestaurantAddress.parse({ line1: '1 Main St', city: 'Austin' }).city // 'Austin'
 */
export const RestaurantAddress = z.looseObject({
  line1: Text.nullish(),
  line2: Text.nullish(),
  city: Text.nullish(),
  state: Text.nullish(),
  postCode: Text.nullish(),
});
/** A restaurant as the search page lists it: its id and name identify it; the rest may be absent. */
const SearchRestaurant = z.looseObject({
  restaurantId: z.number().int().positive(),
  name: Text.min(1),
  coordinates: z.looseObject({ latitude: z.number(), longitude: z.number() }).nullish(),
  primaryCuisine: z.looseObject({ name: Text }).nullish(),
  priceBand: z.looseObject({ priceBandId: z.number().int() }).nullish(),
  neighborhood: z.looseObject({ name: Text }).nullish(),
  address: RestaurantAddress.nullish(),
  contactInformation: z
    .looseObject({ formattedPhoneNumber: Text.nullish(), phoneNumber: Text.nullish() })
    .nullish(),
  statistics: z
    .looseObject({
      reviews: z
        .looseObject({
          allTimeTextReviewCount: z.number().int().min(0).nullish(),
          ratings: z
            .looseObject({ overall: z.looseObject({ rating: z.number().min(0).max(5) }).nullish() })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  photos: z.looseObject({ profileV3: z.looseObject({ url: Text }).nullish() }).nullish(),
  urls: z.looseObject({ profileLink: z.looseObject({ link: Text }).nullish() }).nullish(),
  hasTakeout: z.boolean().nullish(),
  hasPrivateDining: z.boolean().nullish(),
  orderOnlineLink: Text.nullish(),
});
export type SearchRestaurant = z.output<typeof SearchRestaurant>;

export const SearchState = tolerant(
  'dining',
  z.looseObject({
    windowVariables: z.looseObject({
      __INITIAL_STATE__: z.looseObject({
        multiSearch: z.looseObject({
          restaurants: z.array(SearchRestaurant),
          // What paging needs: an absent count is not a real 0.
          totalRestaurantCount: z.number().int().min(0),
        }),
      }),
    }),
  }),
  'the search page state',
);

/**
 * The search page's restaurants and their total, from the `primary-window-vars` script's state.
 * @example searchFromPage(html).total // 63
 */
export function searchFromPage(
  html: string,
  status?: number,
): { restaurants: SearchRestaurant[]; total: number } {
  const json = scriptJson('dining', html, 'primary-window-vars', 'the search page', status);
  const state = conform('dining', SearchState, json, 'the search page state', status);
  const search = state.windowVariables.__INITIAL_STATE__.multiSearch;
  return { restaurants: search.restaurants, total: search.totalRestaurantCount };
}

/**
 * Whether the search page links an order-online service: its link (true); a null link, false (the state is
 * a GraphQL result, which sends every field it selects, null where the restaurant has none); unknown (null)
 * when the key is left out (no longer selected) or the link sent blank (counted as missing).
 * @example onlineOrdering(undefined) // null
 */
function onlineOrdering(link: string | null | undefined): boolean | null {
  if (link === null) return false;
  const shown = shownText(
    'dining',
    link,
    'windowVariables.__INITIAL_STATE__.multiSearch.restaurants[].orderOnlineLink',
    'the search page state',
  );
  return shown === null ? null : true;
}

/**
 * A restaurant in the contract's shape. Its page falls back to the numeric profile route; what the page
 * does not state is null (its place and features included), never a default.
 * @example toRestaurant(entry, 'https://www.dining.test').restaurant_id // 52740
 */
export function toRestaurant(r: SearchRestaurant, origin: string) {
  const a = r.address;
  // A city or post code sent empty is one the page no longer states: counted as missing.
  for (const part of ['city', 'postCode'] as const)
    if (a?.[part]?.trim() === '')
      recordMissing(
        'dining',
        `windowVariables.__INITIAL_STATE__.multiSearch.restaurants[].address.${part}`,
        'the search page state',
      );
  const address = a
    ? [a.line1, a.line2, a.city, a.state, a.postCode].filter((p) => p && p.trim()).join(', ')
    : '';
  const link = absoluteUrl(r.urls?.profileLink?.link, origin);
  if (!link && r.urls?.profileLink?.link !== undefined)
    recordMissing(
      'dining',
      'windowVariables.__INITIAL_STATE__.multiSearch.restaurants[].urls.profileLink.link',
      'the search page state',
    );
  const band = r.priceBand?.priceBandId;
  return {
    restaurant_id: r.restaurantId,
    name: r.name,
    cuisine: r.primaryCuisine?.name || null,
    price_band: band !== undefined && band >= 1 && band <= 4 ? band : null,
    rating: r.statistics?.reviews?.ratings?.overall?.rating ?? null,
    review_count: r.statistics?.reviews?.allTimeTextReviewCount ?? null,
    neighborhood: r.neighborhood?.name || null,
    address: address || null,
    latitude: r.coordinates?.latitude ?? null,
    longitude: r.coordinates?.longitude ?? null,
    phone: r.contactInformation?.formattedPhoneNumber || r.contactInformation?.phoneNumber || null,
    photo_url: absoluteUrl(r.photos?.profileV3?.url, origin),
    url: link ?? `${origin}/restaurant/profile/${r.restaurantId}`,
    features: {
      // A feature the page does not state is unknown (null), never "not offered".
      takeout: r.hasTakeout ?? null,
      private_dining: r.hasPrivateDining ?? null,
      online_ordering: onlineOrdering(r.orderOnlineLink),
    },
  };
}
