/**
 * dining's sandbox world: the restaurants (five a city of the world, ids from FIRST_RESTAURANT_ID), the pages'
 * frame with the session's CSRF token in the `primary-window-vars` script, and a restaurant as the search
 * page's state lists it. The search, availability, profile and review answers all read it, so that they
 * agree on every restaurant.
 */
import { createHash } from 'node:crypto';
import { pick, rng, slugify } from '../random.ts';
import { getWorld } from '../world.ts';

export const RESTAURANTS_PER_CITY = 5;
export const FIRST_RESTAURANT_ID = 10_001;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
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

const CUISINES = [
  'Italian',
  'Japanese',
  'French',
  'Steakhouse',
  'Seafood',
  'Indian',
  'Mexican',
  'Contemporary',
];
const NAMES = ['Osteria', 'Brasserie', 'Table', 'Kitchen', 'Grill', 'Bistro', 'House', 'Cantina'];
const WORDS = ['Olive', 'Copper', 'Harbour', 'Saffron', 'Juniper', 'Ember', 'Lantern', 'Fig'];
const BANDS = [
  { priceBandId: 1, currencySymbol: '$', name: '$30 and under' },
  { priceBandId: 2, currencySymbol: '$', name: '$31 to $50' },
  { priceBandId: 3, currencySymbol: '$', name: '$50 and over' },
  { priceBandId: 4, currencySymbol: '$', name: '$$$$' },
];

/** A restaurant of the world by its id: name, place near its city's centre, price band and the rest. */
export function restaurant(id: number) {
  const city = restaurantCity(id);
  if (!city) return undefined;
  const r = rng(`restaurant:${id}`);
  const name = `${pick(r, WORDS)} ${pick(r, NAMES)}`;
  return {
    id,
    city,
    name,
    slug: `${slugify(name)}-${city.slug}`,
    cuisine: pick(r, CUISINES),
    band: pick(r, BANDS),
    latitude: Math.round((city.latitude + (r() - 0.5) * 0.06) * 1e6) / 1e6,
    longitude: Math.round((city.longitude + (r() - 0.5) * 0.06) * 1e6) / 1e6,
    rating: Math.round((3.6 + r() * 1.4) * 10) / 10,
    reviews: Math.floor(r() * 5_000),
    takeout: r() < 0.5,
    privateDining: r() < 0.3,
    orderOnline: r() < 0.4,
    // Some listings come without a photo, a phone or a neighbourhood, as the real ones do.
    photo: r() < 0.85,
    phone: r() < 0.9 ? `+1 555 01${String(id % 100).padStart(2, '0')}` : null,
    neighborhood: r() < 0.8 ? `${pick(r, ['Old Town', 'Riverside', 'Harbour', 'Market'])} District` : null,
  };
}
export type Restaurant = NonNullable<ReturnType<typeof restaurant>>;

/** A page of the site, about 150 KB, with the window variables (and the CSRF token) in a JSON script. */
export function page(initialState?: object): string {
  const vars = {
    windowVariables: {
      ...(initialState ? { __INITIAL_STATE__: initialState } : {}),
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
    `<script id="primary-window-vars" type="application/json">${JSON.stringify(vars).replace(/</g, '\\u003c')}</script>`,
    '<script src="/static/app.js" defer></script></body></html>',
  ].join('\n');
}

/** A restaurant as the search page's state lists it (some fields missing, as real entries have them). */
export function searchEntry(x: Restaurant) {
  return {
    __typename: 'Restaurant',
    restaurantId: x.id,
    name: x.name,
    primaryCuisine: { __typename: 'Cuisine', name: x.cuisine },
    priceBand: { __typename: 'PriceBand', ...x.band },
    ...(x.neighborhood ? { neighborhood: { __typename: 'Neighborhood', name: x.neighborhood } } : {}),
    address: {
      __typename: 'Address',
      line1: `${1 + (x.id % 180)} ${pick(rng(`street:${x.id}`), ['Market', 'Harbour', 'Station', 'Garden'])} Street`,
      line2: null,
      city: x.city.name,
      state: '',
      postCode: String(10_000 + (x.id % 89_999)),
    },
    coordinates: { __typename: 'Coordinates', latitude: x.latitude, longitude: x.longitude },
    contactInformation: x.phone ? { __typename: 'ContactInformation', formattedPhoneNumber: x.phone } : null,
    statistics: {
      __typename: 'RestaurantStatistics',
      recentReservationCount: x.reviews * 3,
      reviews: {
        __typename: 'ReviewStatistics',
        allTimeTextReviewCount: x.reviews,
        ratings: { __typename: 'Ratings', overall: { __typename: 'Rating', rating: x.rating } },
      },
    },
    photos: x.photo
      ? {
          __typename: 'Photos',
          profileV3: { __typename: 'Photo', url: `//images.dining.test/v3/photos/${x.id}-1` },
        }
      : null,
    urls: { __typename: 'RestaurantUrls', profileLink: { __typename: 'Link', link: `/r/${x.slug}` } },
    hasTakeout: x.takeout,
    hasPrivateDining: x.privateDining,
    orderOnlineLink: x.orderOnline ? `/r/${x.slug}/order` : null,
    isPromoted: false,
  };
}
