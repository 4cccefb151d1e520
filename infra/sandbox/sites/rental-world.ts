/**
 * The sandbox rental platform's world: its listings (two id ranges, six a city each, the recent ones with
 * 19-digit ids above 2^53, plus hotel rooms listed as hotels, two a city, named after the maps world's
 * hotels), which nights are booked, where each listing sits, and the web app's key that its API wants.
 * One module for every rental answer (listing page, sections, calendar, reviews, search), so that what one
 * answer shows the next agrees with. Ids are decimal strings here, never JS numbers.
 */
import { FX } from '../prices.ts';
import { hash, pick, rng } from '../random.ts';
import type { SiteResponse } from '../site.ts';
import { getWorld, HOTELS_PER_CITY, type Hotel } from '../world.ts';

export const LISTINGS_PER_CITY = 6;
export const FIRST_LISTING_ID = 40_000_001;
/** The first id of the recent listings, a 19-digit id as the platform gives new listings today. */
export const FIRST_RECENT_LISTING_ID = '1234567890123456789';
/** The web app's key this sandbox hands out on its homepage and wants on its API. */
export const API_KEY = 'sbx7r3ntalk3y0d1c2e3f4a5b6c7d8e9f0';
/** The first id of the hotel rooms the platform lists, two a city: the maps world's independent hotels. */
export const FIRST_HOTEL_LISTING_ID = 50_000_001;
export const HOTEL_LISTINGS_PER_CITY = 2;
/** The first of a city's hotels (by its place in the city) listed on the platform: not a chain's. */
const FIRST_LISTED_HOTEL = 3;
const HOSTS = ['Maria', 'Kenji', 'Amara', 'Lucas', 'Sofia', 'Noah', 'Ayla', 'Mateo'];
const KINDS = [
  'Sunny loft',
  'Cosy studio',
  'Family flat',
  'Garden cottage',
  'Penthouse',
  'Canal-side apartment',
];

/** The index of a listing in the world (both id ranges), from its decimal id; undefined for no listing. */
function listingIndex(id: string): number | undefined {
  if (!/^[1-9]\d{0,19}$/.test(id)) return undefined;
  const big = BigInt(id);
  const recent = big - BigInt(FIRST_RECENT_LISTING_ID);
  const i = recent >= 0n ? recent : big - BigInt(FIRST_LISTING_ID);
  const count = BigInt(getWorld().cities.length * LISTINGS_PER_CITY);
  return i >= 0n && i < count ? Number(i) : undefined;
}

/** The bed of each bedroom, as the sleeping arrangements name them. */
const BEDS = ['1 queen bed', '1 double bed', '2 single beds', '1 king bed', '1 double bed, 1 sofa bed'];

/** The property type a listing's search card names ("Apartment in Lyon"), by its kind. */
const PROPERTY_TYPES: Record<string, string> = {
  'Sunny loft': 'Loft',
  'Cosy studio': 'Apartment',
  'Family flat': 'Apartment',
  'Garden cottage': 'Cottage',
  Penthouse: 'Condo',
  'Canal-side apartment': 'Apartment',
  Hotel: 'Hotel',
};

/** The world's hotel a hotel-room listing stands for, by its decimal id; undefined for any other id. */
function listedHotel(id: string): Hotel | undefined {
  if (!/^\d{1,12}$/.test(id)) return undefined;
  const k = Number(id) - FIRST_HOTEL_LISTING_ID;
  const { cities, hotels } = getWorld();
  if (k < 0 || k >= cities.length * HOTEL_LISTINGS_PER_CITY) return undefined;
  const city = cities[Math.floor(k / HOTEL_LISTINGS_PER_CITY)]!;
  const n = FIRST_LISTED_HOTEL + (k % HOTEL_LISTINGS_PER_CITY);
  return hotels.find((h) => h.city === city && h.key === `h${cities.indexOf(city) * HOTELS_PER_CITY + n}`);
}

/** A rental listing by its decimal id (a string for the 19-digit ones), or undefined for none. */
export function listing(listingId: number | string) {
  const id = String(listingId);
  const hotel = listedHotel(id);
  const i = hotel ? 0 : listingIndex(id);
  if (i === undefined) return undefined;
  const cities = getWorld().cities;
  const city = hotel?.city ?? cities[Math.floor(i / LISTINGS_PER_CITY)]!;
  const r = rng(`listing:${id}`);
  const reviews = Math.floor(r() * 400);
  const drawn = pick(r, KINDS);
  const kind = hotel ? 'Hotel' : drawn;
  // A listing sits a few streets from its city's centre; a hotel room where the maps world has the hotel.
  const g = rng(`listing-geo:${id}`);
  const base = {
    id,
    city,
    hotel,
    propertyType: PROPERTY_TYPES[kind]!,
    latitude: hotel?.latitude ?? Math.round((city.latitude + (g() - 0.5) * 0.06) * 1e6) / 1e6,
    longitude: hotel?.longitude ?? Math.round((city.longitude + (g() - 0.5) * 0.06) * 1e6) / 1e6,
    title: hotel ? hotel.name : `${kind} in ${city.name}`,
    kind,
    host: pick(r, HOSTS),
    maxGuests: 2 + Math.floor(r() * 7),
    children: r() < 0.8,
    infants: r() < 0.6,
    pets: r() < 0.3,
    rating: reviews ? Math.round((4 + r()) * 100) / 100 : 0,
    reviews,
    badge: reviews > 100 && r() < 0.5 ? 'Guest favourite' : 'Superhost',
    nightlyUsd: 40 + Math.floor(r() * 260),
    serviceFeeRate: 0.14,
  };
  // The overview draws on its own seed, so the fields above stay what they always were.
  const o = rng(`overview:${id}`);
  // A studio has no separate bedroom; the others about one bedroom for two guests.
  const bedrooms =
    kind === 'Cosy studio' ? 0 : Math.max(1, Math.ceil(base.maxGuests / 2) - Math.floor(o() * 2));
  const sleeping = Array.from({ length: Math.max(1, bedrooms) }, () => pick(o, BEDS));
  return {
    ...base,
    bedrooms,
    sleeping,
    beds: sleeping.reduce((n, b) => n + (/2 single|sofa/.test(b) ? 2 : 1), 0),
    baths: [1, 1, 1.5, 2, 2.5][Math.floor(o() * 5)]!,
    // Half the pages carry the overview and the banner as placeholders, their data in sbuiData.
    placeholders: o() < 0.5,
  };
}
export type Listing = NonNullable<ReturnType<typeof listing>>;

/** The fewest and most nights a stay may have: every night-count the sections API prices. */
export const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 365;

/** Whether a night is booked: bookings come in whole weeks, so that a free month is there to find. */
export const booked = (id: number | string, night: string) =>
  hash(`booked-week:${id}:${Math.floor(Date.parse(`${night}T00:00:00Z`) / (7 * 86_400_000))}`) % 9 === 0;

/** Stays of this many nights or more are priced monthly. */
export const MONTHLY_NIGHTS = 28;
/** The monthly stay discount the sandbox's hosts give. */
const MONTHLY_DISCOUNT = 0.1;

/** An amount as the `en` locale shows it: rupees grouped in lakhs and crores, as the site does. */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency }).format(
    amount,
  );
/** An amount as the display rounds it (no cents for currencies without). */
export const shown = (amount: number, currency: string) =>
  Number(money(amount, currency).replace(/[^\d.-]/g, ''));

/**
 * The data of an answer of the rental API: what the page or the operation asked for, in its presentation.
 * @example presented({ staysSearch: { __typename: 'StaysSearchPresentation' } }).data.presentation.__typename // 'RootPresentationContainer'
 */
export const presented = (content: Record<string, unknown>) => ({
  data: { presentation: { __typename: 'RootPresentationContainer', ...content } },
});

/** The listing's main picture, on the platform's image path. */
export const pictureUrl = (base: string, l: Listing) =>
  `${base}/im/pictures/miso/Hosting-${l.id}/original/${(hash(`pic:${l.id}`) >>> 0).toString(16).padStart(8, '0')}-${BigInt(l.id).toString(16)}.jpeg`;

/**
 * What a stay of `n` nights costs, line by line as the sections API itemises it, in `asked` (USD when the
 * platform does not price in it): the search cards show the same total, so that search and pricing agree.
 * @example stayQuote(listing('40000001')!, 2, 3, 'EUR').total
 */
export function stayQuote(l: Listing, adults: number, n: number, asked: string) {
  const currency = FX[asked] ? asked : 'USD';
  const fx = FX[currency]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  const accommodation = shown(round(n * l.nightlyUsd * (1 + 0.05 * Math.max(0, adults - 2)) * fx), currency);
  const cleaning = shown(round(25 * fx), currency);
  const line = (description: string, amount: number) => ({
    description,
    priceString: amount < 0 ? `-${money(-amount, currency)}` : money(amount, currency),
  });
  let items: { description: string; priceString: string }[];
  let total: number;
  if (n >= MONTHLY_NIGHTS) {
    // Priced monthly: no "N nights" line and no service fee; "Price after discount" only explains.
    const discount = shown(round(accommodation * MONTHLY_DISCOUNT), currency);
    total = round(accommodation - discount + cleaning);
    items = [
      line('Average monthly price', accommodation),
      line('Monthly stay discount', -discount),
      line('Price after discount', round(accommodation - discount)),
      line('Cleaning fee', cleaning),
    ];
  } else {
    const service = shown(round((accommodation + cleaning) * l.serviceFeeRate), currency);
    total = round(accommodation + cleaning + service);
    items = [
      line(`${n} night${n > 1 ? 's' : ''} x ${money(accommodation / n, currency)}`, accommodation),
      line('Cleaning fee', cleaning),
      line('Service fee', service),
    ];
  }
  return { currency, items, total };
}

/** A GraphQL refusal as the API answers it: HTTP 200, `errors[]`, no data. */
export const graphqlError = (message: string, code: string): SiteResponse => ({
  status: 200,
  json: { errors: [{ message, locations: [], path: [], extensions: { code } }], data: null },
});

/** A JSON text of the query (`variables`, `extensions`), or undefined when it is not JSON. */
export function json<T>(text: string | null): T | undefined {
  try {
    return JSON.parse(text ?? '') as T;
  } catch {
    return undefined;
  }
}

/**
 * What the API answers before it reads a persisted query's variables: 403 without the web app's key,
 * `PersistedQueryNotFound` for a hash it does not know (or one the extensions do not repeat), a refusal for
 * another operation's name. Undefined when the query goes ahead.
 * @example apiRefusal(req, 'PdpAvailabilityCalendar', [CALENDAR_HASH], hash, req.query.get('extensions'))
 */
export function apiRefusal(
  headers: Record<string, string | string[] | undefined>,
  operationName: string | null | undefined,
  operation: string,
  known: readonly string[],
  hash: string,
  extensions: string | null | undefined,
): SiteResponse | undefined {
  if (headers['x-rental-api-key'] !== API_KEY)
    return {
      status: 403,
      json: { error_code: 403, error_type: 'invalid_key', error_message: 'Invalid API key.' },
    };
  if (operationName !== operation)
    return graphqlError('Operation name does not match the persisted query', 'BAD_REQUEST');
  const sent = json<{ persistedQuery?: { sha256Hash?: string } }>(extensions ?? null);
  if (!known.includes(hash) || sent?.persistedQuery?.sha256Hash !== hash)
    return graphqlError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
  return undefined;
}

/** A UTC day as YYYY-MM-DD. @example isoDay(Date.UTC(2030, 0, 2)) // '2030-01-02' */
export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
