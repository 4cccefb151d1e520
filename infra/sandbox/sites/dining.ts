/**
 * dining, a restaurant reservation service, in its real format: pages that carry the session's CSRF token
 * in the `primary-window-vars` script, and the web app's GraphQL endpoint, a persisted query sent as
 * `POST /dapi/fe/gql?optype=query&opname=RestaurantsAvailability`. It enforces what the source does: the
 * CSRF header (403 without the page's token), `opname` naming the body's operationName (409 otherwise)
 * and a hash it knows (PersistedQueryNotFound otherwise). Slots are minute offsets from the requested
 * time, on the restaurant's quarter hours within the asked windows, some offered twice (a table and an experience); a taken
 * time is an `UnavailableSlot` without an offset, as the real answers (2026) list them; a day without times
 * says why in `noTimesReasons`. The answer also carries a nearby restaurant's block. An unknown restaurant
 * gets no block.
 *
 * The search page (`GET /s?dateTime=&covers=&latitude=&longitude=&shouldUseLatLongSearch=true`, price
 * bands as repeated `priceBandIds[]`, pages of SEARCH_PAGE_SIZE by `page`) is server-rendered: its state,
 * `windowVariables.__INITIAL_STATE__.multiSearch` in the `primary-window-vars` script, lists the restaurants
 * near the point (`restaurants[]`, `totalRestaurantCount`), the very ids the availability query serves.
 *
 * Each restaurant's profile page and the `ReviewSearchResults` operation are in dining-profile.ts (an
 * info-only listing there takes no reservations here: its days have no times); the restaurants themselves
 * in dining-world.ts.
 */
import { createHash } from 'node:crypto';
import { distanceMeters } from '../geo.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';
import {
  CSRF_PATTERN,
  FIRST_RESTAURANT_ID,
  page,
  restaurant,
  RESTAURANTS_PER_CITY,
  restaurantCity,
  SANDBOX_CSRF_TOKEN,
  searchEntry,
  type Restaurant,
} from './dining-world.ts';
import {
  isListing,
  profilePage,
  REVIEW_PAGE_LIMIT,
  REVIEW_SORTS,
  reviewSearchResults,
} from './dining-profile.ts';

export {
  CSRF_PATTERN,
  FIRST_RESTAURANT_ID,
  restaurant,
  RESTAURANTS_PER_CITY,
  restaurantCity,
  SANDBOX_CSRF_TOKEN,
  type Restaurant,
} from './dining-world.ts';

const OPERATION = 'RestaurantsAvailability';

const REVIEWS_OPERATION = 'ReviewSearchResults';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The persisted query hash the sandbox knows, handed out as provider configuration. */
export const SANDBOX_AVAILABILITY_HASH = sha256(`sandbox ${OPERATION}`);
/** The persisted query hash of the review search the sandbox knows. */
export const SANDBOX_REVIEWS_HASH = sha256(`sandbox ${REVIEWS_OPERATION}`);
/** Restaurants a search page lists at most. */
export const SEARCH_PAGE_SIZE = 50;
/** How far from the point a search reaches. */
export const SEARCH_RADIUS_KM = 25;
/** The last restaurant of each city closes on Mondays: that day answers no times (`NoTimesExist`). */
export const closedOn = (id: number, date: string) =>
  (id - FIRST_RESTAURANT_ID) % RESTAURANTS_PER_CITY === RESTAURANTS_PER_CITY - 1 &&
  new Date(`${date}T00:00:00Z`).getUTCDay() === 1;

/** Whether every table is taken (the test's doing, tests/watches): each time then answers as taken. */
let full = false;

/** Takes every table of every restaurant (true) or gives them back (false), so that a watch sees a table free up. @example fillTables(true) */
export function fillTables(taken: boolean): void {
  full = taken;
}

/** Another restaurant of the same city, which the source lists alongside. */
function neighbour(id: number): number {
  const i = id - FIRST_RESTAURANT_ID;
  return FIRST_RESTAURANT_ID + i - (i % RESTAURANTS_PER_CITY) + ((i + 1) % RESTAURANTS_PER_CITY);
}

const minutes = (hhmm: string) =>
  /^\d{2}:\d{2}$/.test(hhmm) ? Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) : Number.NaN;
const token = (seed: string) =>
  Buffer.from(`{"v":2,"m":0,"p":0,"s":"${hash(seed).toString(36)}"}`).toString('base64');

interface Query {
  date: string;
  time: string;
  partySize: number;
  forwardMinutes: number;
  backwardMinutes: number;
  forwardTimeslots: number;
  backwardTimeslots: number;
}

/** One restaurant's block: every quarter hour of the window within opening hours, available or taken. */
function block(id: number, q: Query) {
  const maxParty = 4 + (hash(`max:${id}`) % 9);
  const open = 11 * 60 + 30;
  const close = 22 * 60 + 30;
  const center = minutes(q.time);
  const slots: object[] = [];
  // An info-only listing takes no reservations: no times, whatever the day.
  const closed = closedOn(id, q.date) || isListing(id);
  if (q.partySize <= maxParty && !closed && !Number.isNaN(center)) {
    // The restaurant's own quarter hours, whatever time was asked: offsets are from the time asked.
    const back = Math.min(q.backwardMinutes, 15 * Math.min(q.backwardTimeslots, 72));
    const ahead = Math.min(q.forwardMinutes, 15 * Math.min(q.forwardTimeslots, 72));
    for (let m = Math.ceil((center - back) / 15) * 15; m <= center + ahead; m += 15) {
      const offset = m - center;
      if (m < open || m > close) continue;
      const free = ['dining_room', 'terrace'].filter(
        (area) => hash(`${id}:${q.date}:${m}:${area}:${q.partySize}`) % 3 !== 0,
      );
      if (free.length === 0 || full) {
        // A taken time carries no offset at all.
        slots.push({ __typename: 'UnavailableSlot', isAvailable: false });
        continue;
      }
      // Some times are also sold as an experience: the same time twice in the answer.
      for (const type of hash(`exp:${id}:${m}`) % 5 === 0 ? ['Standard', 'Experience'] : ['Standard']) {
        slots.push({
          __typename: 'AvailableSlot',
          isAvailable: true,
          timeOffsetMinutes: offset,
          slotHash: String(hash(`slot:${id}:${q.date}:${m}:${type}`)),
          slotAvailabilityToken: token(`${id}:${q.date}:${m}:${type}`),
          pointsType: 'Standard',
          pointsValue: 100,
          experienceIds: type === 'Experience' ? [hash(`xp:${id}`) % 90_000] : [],
          attributes: free.includes('terrace') ? ['default', 'outdoor'] : ['default'],
          isMandatory: false,
          type,
        });
      }
    }
  }
  return {
    __typename: 'RestaurantAvailability',
    restaurantId: id,
    restaurantAvailabilityToken: token(`r:${id}:${q.date}`),
    availabilityDays: [
      {
        __typename: 'AvailabilityDay',
        noTimesReasons: closed ? ['NoTimesExist'] : q.partySize > maxParty ? ['TooLargeParty'] : [],
        dayOffset: 0,
        allowNextAvailable: false,
        slots,
      },
    ],
  };
}

const errors = (status: number, message: string, code?: string): SiteResponse => ({
  status,
  json: { errors: [{ message, ...(code ? { extensions: { code } } : {}) }] },
});

/** The search page: the restaurants near the point, nearest first, of the price bands asked for. */
function searchPage(query: URLSearchParams): SiteResponse {
  const lat = Number(query.get('latitude'));
  const lon = Number(query.get('longitude'));
  const dateTime = query.get('dateTime') ?? '';
  const covers = Number(query.get('covers') ?? 2);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(dateTime) ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon)
  )
    return {
      status: 200,
      html: page({ multiSearch: { restaurants: [], totalRestaurantCount: 0, errorCode: 'BAD_SEARCH' } }),
    };
  const bands = query.getAll('priceBandIds[]').map(Number);
  const pageNumber = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const found: { x: Restaurant; metres: number }[] = [];
  const cities = getWorld().cities;
  for (let i = 0; i < cities.length * RESTAURANTS_PER_CITY; i++) {
    const x = restaurant(FIRST_RESTAURANT_ID + i)!;
    const metres = distanceMeters(lat, lon, x.latitude, x.longitude);
    if (metres <= SEARCH_RADIUS_KM * 1000 && (bands.length === 0 || bands.includes(x.band.priceBandId)))
      found.push({ x, metres });
  }
  found.sort((a, b) => a.metres - b.metres || a.x.id - b.x.id);
  const shown = found.slice((pageNumber - 1) * SEARCH_PAGE_SIZE, pageNumber * SEARCH_PAGE_SIZE);
  const state = {
    multiSearch: {
      originalTerm: '',
      freetextTerm: '',
      covers,
      dateTime,
      metroId: null,
      totalRestaurantCount: found.length,
      restaurants: shown.map(({ x }) => searchEntry(x)),
    },
  };
  return { status: 200, html: page(state) };
}

/** The review search: a page of a restaurant's reviews in the order asked for; no restaurant for an unknown id. */
function reviewSearch(v: Record<string, unknown>): SiteResponse {
  const x = restaurant(Number(v.restaurantId));
  if (!x) return { status: 200, json: { data: { restaurant: null } } };
  const sortBy = String(v.sortBy ?? 'newestReview');
  if (!(REVIEW_SORTS as readonly string[]).includes(sortBy))
    return errors(200, `Variable "sortBy" got invalid value "${sortBy}"`, 'BAD_USER_INPUT');
  const pageNumber = Number.isInteger(v.page) && (v.page as number) > 0 ? (v.page as number) : 1;
  const pageSize = Number.isInteger(v.pageSize) ? (v.pageSize as number) : REVIEW_PAGE_LIMIT;
  return {
    status: 200,
    json: {
      data: {
        restaurant: {
          __typename: 'Restaurant',
          restaurantId: x.id,
          reviewSearchResults: reviewSearchResults(x, pageNumber, pageSize, sortBy),
        },
      },
    },
  };
}

export const dining: Site = {
  provider: 'dining',
  hosts: ['www.dining.test'],
  config: {
    session: {
      origin: 'pages',
      path: '/',
      csrf: { pattern: CSRF_PATTERN, header: 'x-csrf-token' },
      ttlSeconds: 1_800,
    },
    operations: { availability: SANDBOX_AVAILABILITY_HASH, reviews: SANDBOX_REVIEWS_HASH },
  },
  routes: [
    ['GET', /^\/s$/, ({ query }): SiteResponse => searchPage(query)],
    // The profile by numeric id, and by the slug the search card links to.
    ['GET', /^\/restaurant\/profile\/(\d{1,12})$/, ({ match }) => profilePage({ id: Number(match[1]) })],
    ['GET', /^\/r\/([a-z0-9-]{1,200})$/, ({ match }) => profilePage({ slug: match[1]! })],
    [
      'GET',
      /^\/$/,
      (): SiteResponse => ({
        status: 200,
        html: page(),
        headers: { 'Set-Cookie': `otuvid=${SANDBOX_CSRF_TOKEN.slice(0, 8)}; Path=/; HttpOnly` },
      }),
    ],
    [
      'POST',
      /^\/dapi\/fe\/gql$/,
      ({ headers, query, body }): SiteResponse => {
        if (headers['x-csrf-token'] !== SANDBOX_CSRF_TOKEN) return errors(403, 'Invalid CSRF token');
        let request: {
          operationName?: unknown;
          variables?: Record<string, unknown>;
          extensions?: { persistedQuery?: { sha256Hash?: unknown } };
        };
        try {
          request = JSON.parse(body) as typeof request;
        } catch {
          return errors(400, 'Request body is not valid JSON');
        }
        if (query.get('opname') !== request.operationName)
          return errors(409, 'The operation name does not match the request');
        const known =
          request.operationName === REVIEWS_OPERATION ? SANDBOX_REVIEWS_HASH : SANDBOX_AVAILABILITY_HASH;
        if (request.extensions?.persistedQuery?.sha256Hash !== known)
          return errors(200, 'PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
        const v = request.variables ?? {};
        if (request.operationName === REVIEWS_OPERATION) return reviewSearch(v);
        const int = (x: unknown, fallback: number) => (Number.isInteger(x) ? (x as number) : fallback);
        const id = Array.isArray(v.restaurantIds) ? Number(v.restaurantIds[0]) : Number.NaN;
        if (!restaurantCity(id)) return { status: 200, json: { data: { availability: [] } } };
        const q: Query = {
          date: String(v.date ?? ''),
          time: String(v.time ?? ''),
          partySize: int(v.partySize, 2),
          forwardMinutes: int(v.forwardMinutes, 150),
          backwardMinutes: int(v.backwardMinutes, 150),
          forwardTimeslots: int(v.forwardTimeslots, 10),
          backwardTimeslots: int(v.backwardTimeslots, 10),
        };
        const blocks = [block(id, q), block(neighbour(id), q)];
        // The nearby restaurant comes first in some answers: a reader must pick its own by id.
        if (hash(`order:${id}`) % 2 === 0) blocks.reverse();
        return { status: 200, json: { data: { availability: blocks } } };
      },
    ],
  ],
};
