/**
 * rental's search in its real format (`POST /api/v3/StaysSearch/<sha256>?operationName=StaysSearch&locale=&currency=`,
 * the web app's key and a known hash, the body `{operationName, variables{staysSearchRequest{cursor,
 * rawParams[{filterName, filterValues}], …}, staysMapSearchRequestV2{…}}, extensions}`):
 * `data.presentation.staysSearch.results{searchResults[], paginationInfo{pageCursors[], nextPageCursor}}`,
 * 18 cards a page, no total count. By place text (`query`: the city's listings first, then the nearest
 * around it) or by map bounds (`neLat`, `neLng`, `swLat`, `swLng`); with `checkin`/`checkout` only listings
 * free for the whole stay, each card priced with the stay's total (the same as the sections API's);
 * `adults`, `price_min`/`price_max` (a night), `min_bedrooms` filter. As the real source does, pages overlap
 * (each later page repeats the last 5 cards of the one before) and the ranking shifts between calls (each
 * page is cut from a slightly reshuffled order), so a listing may come twice along a cursor chain. Hotel
 * rooms come as hotel cards, whose `title` is the hotel's name and `subtitle` its type and place. A hash it
 * does not know answers HTTP 200 with `data: null` and a `ValidationError`, as a stale one does.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { FX } from '../prices.ts';
import { hash, rng } from '../random.ts';
import type { Route, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';
import {
  API_KEY,
  booked,
  FIRST_HOTEL_LISTING_ID,
  FIRST_LISTING_ID,
  FIRST_RECENT_LISTING_ID,
  HOTEL_LISTINGS_PER_CITY,
  isoDay,
  listing,
  LISTINGS_PER_CITY,
  type Listing,
  money,
  pictureUrl,
  presented,
  stayQuote,
} from './rental-world.ts';

/** The search's persisted-query hash this sandbox knows (handed out as provider configuration). */
export const SEARCH_HASH = '2b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d';
export const PAGE_SIZE = 18;
/** Cards of a page repeated at the top of the next. */
export const OVERLAP = 5;
/** The deepest the source pages (15 pages of 18). */
const MAX_RESULTS = 270;
const DAY_MS = 86_400_000;

/** Every listing of the world, in a stable order: a city's own, recent and hotel-room listings together. */
function allListings(): Listing[] {
  const cities = getWorld().cities;
  const out: Listing[] = [];
  cities.forEach((_c, ci) => {
    for (let k = 0; k < LISTINGS_PER_CITY; k++) {
      const i = ci * LISTINGS_PER_CITY + k;
      out.push(listing(FIRST_LISTING_ID + i)!, listing(String(BigInt(FIRST_RECENT_LISTING_ID) + BigInt(i)))!);
    }
    for (let k = 0; k < HOTEL_LISTINGS_PER_CITY; k++) {
      const hotel = listing(FIRST_HOTEL_LISTING_ID + ci * HOTEL_LISTINGS_PER_CITY + k);
      if (hotel) out.push(hotel);
    }
  });
  return out;
}
let everyListing: Listing[] | undefined;

interface Filters {
  query?: string;
  bounds?: { ne: [number, number]; sw: [number, number] };
  checkin?: string;
  checkout?: string;
  adults: number;
  priceMin?: number;
  priceMax?: number;
  minBedrooms?: number;
}

/** The search's filters from the request's `rawParams`. */
function filtersOf(raw: { filterName?: string; filterValues?: string[] }[]): Filters {
  const get = (name: string) => raw.find((p) => p.filterName === name)?.filterValues?.[0];
  const num = (name: string) => (get(name) === undefined ? undefined : Number(get(name)));
  const [neLat, neLng, swLat, swLng] = ['neLat', 'neLng', 'swLat', 'swLng'].map(num);
  return {
    query: get('query'),
    bounds:
      neLat !== undefined && neLng !== undefined && swLat !== undefined && swLng !== undefined
        ? { ne: [neLat, neLng], sw: [swLat, swLng] }
        : undefined,
    checkin: get('checkin'),
    checkout: get('checkout'),
    adults: num('adults') ?? 1,
    priceMin: num('price_min'),
    priceMax: num('price_max'),
    minBedrooms: num('min_bedrooms'),
  };
}

const stayNights = (f: Filters) =>
  f.checkin && f.checkout
    ? Array.from(
        { length: Math.max(0, (Date.parse(f.checkout) - Date.parse(f.checkin)) / DAY_MS) },
        (_v, k) => isoDay(Date.parse(`${f.checkin}T00:00:00Z`) + k * DAY_MS),
      )
    : [];

/** The listings a search finds, best first (by distance from the place, or the platform's rank in a box). */
function found(f: Filters, currency: string): Listing[] {
  const all = (everyListing ??= allListings());
  let ranked: Listing[];
  if (f.bounds) {
    const { ne, sw } = f.bounds;
    ranked = all
      .filter(
        (l) => l.latitude <= ne[0] && l.latitude >= sw[0] && l.longitude <= ne[1] && l.longitude >= sw[1],
      )
      .sort(
        (a, b) => (hash(`rank:${a.id}`) % 1000) - (hash(`rank:${b.id}`) % 1000) || a.id.localeCompare(b.id),
      );
  } else {
    const wanted = fold((f.query ?? '').split(',')[0] ?? '').trim();
    const city = getWorld().cities.find((c) => fold(c.name) === wanted);
    if (!city) return [];
    const away = (l: Listing) =>
      l.city === city ? -1 : Math.hypot(l.latitude - city.latitude, l.longitude - city.longitude);
    // The place's own listings first, then the nearest around it, as the map widens.
    ranked = [...all].sort((a, b) => away(a) - away(b));
  }
  const nights = stayNights(f);
  const fx = FX[currency] ?? 1;
  return ranked
    .filter((l) => l.maxGuests >= f.adults)
    .filter((l) => f.minBedrooms === undefined || l.bedrooms >= f.minBedrooms)
    .filter((l) => !nights.some((n) => booked(l.id, n)))
    .filter((l) => f.priceMin === undefined || l.nightlyUsd * fx >= f.priceMin)
    .filter((l) => f.priceMax === undefined || l.nightlyUsd * fx <= f.priceMax)
    .slice(0, MAX_RESULTS);
}

/** `list` as the ranking stands at this call: neighbours swapped at random, seeded by the page. */
function reshuffled(list: Listing[], seed: string): Listing[] {
  const out = [...list];
  const r = rng(seed);
  for (let i = 0; i + 1 < out.length; i++)
    if (r() < 0.3) {
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      i++;
    }
  return out;
}

/** One card (`StaySearchResult`). */
function card(l: Listing, f: Filters, currency: string, base: string) {
  const n = stayNights(f).length;
  const hotel = Boolean(l.hotel);
  const quote = n ? stayQuote(l, f.adults, n, currency) : undefined;
  const nightly = money(Math.round(l.nightlyUsd * (FX[currency] ?? 1)), quote?.currency ?? 'USD');
  const line = `${l.propertyType} in ${l.city.name}`;
  const freeCancel = hash(`cancel:${l.id}`) % 3 === 0;
  return {
    __typename: 'StaySearchResult',
    demandStayListing: {
      __typename: 'DemandStayListing',
      id: Buffer.from(`DemandStayListing:${l.id}`).toString('base64'),
      // Hotel cards carry their name in `title` only.
      ...(hotel
        ? {}
        : {
            description: {
              name: { __typename: 'LocalizedString', localizedStringWithTranslationPreference: l.title },
            },
          }),
      location: { coordinate: { latitude: l.latitude, longitude: l.longitude } },
    },
    title: hotel ? l.title : line,
    subtitle: hotel ? line : l.title,
    avgRatingLocalized: l.reviews ? `${l.rating.toFixed(2)} (${l.reviews})` : 'New',
    avgRatingA11yLabel: l.reviews
      ? `${l.rating.toFixed(2)} out of 5 average rating, ${l.reviews} reviews`
      : 'New place to stay',
    structuredDisplayPrice: {
      primaryLine: quote
        ? {
            __typename: 'QualifiedDisplayPriceLine',
            price: money(quote.total, quote.currency),
            qualifier: 'total',
            accessibilityLabel: `${money(quote.total, quote.currency)} total`,
          }
        : {
            __typename: 'QualifiedDisplayPriceLine',
            price: nightly,
            qualifier: 'night',
            accessibilityLabel: `${nightly} per night`,
          },
      explanationData: quote
        ? {
            title: 'Price details',
            priceDetails: [
              { items: quote.items.map((i) => ({ __typename: 'DefaultExplanationLineItem', ...i })) },
            ],
          }
        : null,
    },
    badges:
      l.reviews > 100 && l.badge === 'Guest favourite'
        ? [{ __typename: 'Badge', loggingContext: { badgeType: 'GUEST_FAVORITE' }, text: 'Guest favorite' }]
        : [],
    paymentMessages: freeCancel
      ? [{ __typename: 'PaymentMessage', type: 'FREE_CANCELLATION_HIGHLIGHT', text: 'Free cancellation' }]
      : [],
    contextualPictures: [{ __typename: 'ContextualPicture', picture: pictureUrl(base, l) }],
  };
}

const cursorOf = (offset: number) =>
  Buffer.from(JSON.stringify({ section_offset: 0, items_offset: offset, version: 1 })).toString('base64');

interface SearchBody {
  operationName?: string;
  variables?: {
    staysSearchRequest?: { cursor?: string; rawParams?: { filterName?: string; filterValues?: string[] }[] };
  };
  extensions?: { persistedQuery?: { sha256Hash?: string } };
}

/** The search route of the rental site. */
export const searchRoute: Route = [
  'POST',
  /^\/api\/v3\/StaysSearch\/([0-9a-f]{64})$/,
  ({ match, query, headers, body, base }): SiteResponse => {
    if (headers['x-rental-api-key'] !== API_KEY)
      return {
        status: 403,
        json: { error_code: 403, error_type: 'invalid_key', error_message: 'Invalid API key.' },
      };
    let sent: SearchBody;
    try {
      sent = JSON.parse(body) as SearchBody;
    } catch {
      return { status: 400, json: { error_message: 'Bad request body' } };
    }
    const traceId = hash(`${body}:${Date.now()}`).toString(16);
    // A stale (or unknown) hash: HTTP 200, no data, a validation error.
    if (
      match[1] !== SEARCH_HASH ||
      sent.extensions?.persistedQuery?.sha256Hash !== match[1] ||
      query.get('operationName') !== 'StaysSearch'
    )
      return {
        status: 200,
        json: {
          data: null,
          errors: [
            {
              message: 'Validation error of type FieldUndefined: Field staysSearch is undefined',
              locations: [{ line: 1, column: 1 }],
              extensions: { classification: 'ValidationError' },
            },
          ],
          extensions: { traceId },
        },
      };
    const request = sent.variables?.staysSearchRequest;
    const f = filtersOf(request?.rawParams ?? []);
    const currency = (query.get('currency') ?? 'USD').toUpperCase();
    let offset = 0;
    if (request?.cursor) {
      try {
        offset = (JSON.parse(Buffer.from(request.cursor, 'base64').toString()) as { items_offset: number })
          .items_offset;
      } catch {
        offset = -1;
      }
      if (!Number.isInteger(offset) || offset < 0)
        return { status: 400, json: { error_message: 'Invalid cursor' } };
    }
    const results = found(f, currency);
    const start = Math.max(0, offset - (offset ? OVERLAP : 0));
    const page = reshuffled(results, `${body}:${offset}`).slice(start, start + PAGE_SIZE);
    const pages = Math.ceil(results.length / PAGE_SIZE);
    const next = offset + PAGE_SIZE < results.length ? cursorOf(offset + PAGE_SIZE) : null;
    return {
      status: 200,
      json: {
        ...presented({
          staysSearch: {
            __typename: 'StaysSearchPresentation',
            results: {
              __typename: 'StaysSearchResults',
              searchResults: page.map((l) => card(l, f, currency, base)),
              paginationInfo: {
                __typename: 'PaginationInfo',
                pageCursors: Array.from({ length: pages }, (_v, k) => cursorOf(k * PAGE_SIZE)),
                nextPageCursor: next,
              },
              loggingMetadata: { remarketingLoggingData: { canonicalLocation: f.query ?? null } },
            },
          },
        }),
        extensions: { traceId },
      },
    };
  },
];
