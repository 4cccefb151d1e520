/**
 * dining, a restaurant reservation service, in its real format: pages that carry the session's CSRF token
 * in the `primary-window-vars` script, and the web app's GraphQL endpoint, a persisted query sent as
 * `POST /dapi/fe/gql?optype=query&opname=RestaurantsAvailability`. It enforces what the source does: the
 * CSRF header (403 without the page's token), `opname` naming the body's operationName (409 otherwise)
 * and a hash it knows (PersistedQueryNotFound otherwise). Slots are minute offsets from the requested
 * time in 15-minute steps within the asked windows, some taken, some offered twice (a table and an
 * experience); the answer also carries a nearby restaurant's block. An unknown restaurant gets no block.
 */
import { createHash } from 'node:crypto';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';

export const RESTAURANTS_PER_CITY = 5;
export const FIRST_RESTAURANT_ID = 10_001;
const OPERATION = 'RestaurantsAvailability';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The persisted query hash the sandbox knows, handed out as provider configuration. */
export const SANDBOX_AVAILABILITY_HASH = sha256(`sandbox ${OPERATION}`);
/** The CSRF token the sandbox's pages hand out, UUID-shaped as the source's. */
export const SANDBOX_CSRF_TOKEN = sha256('dining csrf')
  .slice(0, 32)
  .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** Where the token is in a page: the `__CSRF_TOKEN__` window variable of the `primary-window-vars` script. */
export const CSRF_PATTERN = 'id="primary-window-vars"[^>]*>[^<]*?"__CSRF_TOKEN__"\\s*:\\s*"([^"]+)"';

/** Restaurant ids follow the world's cities: id → city and its index there. */
export function restaurantCity(id: number) {
  const i = id - FIRST_RESTAURANT_ID;
  const cities = getWorld().cities;
  return i >= 0 && i < cities.length * RESTAURANTS_PER_CITY
    ? cities[Math.floor(i / RESTAURANTS_PER_CITY)]
    : undefined;
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
  if (q.partySize <= maxParty && !Number.isNaN(center)) {
    for (let k = -Math.min(q.backwardTimeslots, 72); k <= Math.min(q.forwardTimeslots, 72); k++) {
      const offset = 15 * k;
      const m = center + offset;
      if (offset < -q.backwardMinutes || offset > q.forwardMinutes || m < open || m > close) continue;
      const free = ['dining_room', 'terrace'].filter(
        (area) => hash(`${id}:${q.date}:${m}:${area}:${q.partySize}`) % 3 !== 0,
      );
      if (free.length === 0) {
        slots.push({ __typename: 'UnavailableSlot', isAvailable: false, timeOffsetMinutes: offset });
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
        noTimesReasons: q.partySize > maxParty ? ['TooLargeParty'] : [],
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

/** A page of the site, about 150 KB, with the window variables (and the CSRF token) in a JSON script. */
function page(): string {
  const vars = {
    windowVariables: {
      __OT_GA_DATA__: { cd1: 'home', cd6: '' },
      __CSRF_TOKEN__: SANDBOX_CSRF_TOKEN,
      __ENABLE_TRACKING__: false,
      __LOCALE__: 'en-US',
      __DOMAIN__: 'com',
    },
  };
  const nav = Array.from(
    { length: 1_400 },
    (_, i) => `<li class="c-${i % 97}"><a href="/metro/area-${i}">Restaurants near area ${i}</a></li>`,
  ).join('\n');
  return [
    '<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>Restaurants and reservations</title>',
    '<link rel="preconnect" href="/"></head><body><div id="mainContent"><ul class="metro-list">',
    nav,
    '</ul></div>',
    `<script id="primary-window-vars" type="application/json">${JSON.stringify(vars)}</script>`,
    '<script src="/static/app.js" defer></script></body></html>',
  ].join('\n');
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
    operations: { availability: SANDBOX_AVAILABILITY_HASH },
  },
  routes: [
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
        if (request.extensions?.persistedQuery?.sha256Hash !== SANDBOX_AVAILABILITY_HASH)
          return errors(200, 'PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
        const v = request.variables ?? {};
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
