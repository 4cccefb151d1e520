/**
 * maps_hotels, in the real format of a public SERP API's hotels engine: `GET /search.json?engine=hotels`
 * (the engine answers to its operation name, as the sandbox's provider configuration says) with `q`,
 * `check_in_date`, `check_out_date`, `adults`, `children`, `children_ages` (one age from 1 to 17 per
 * child), `currency`, `hl`, `rating` (7, 8, 9: 3.5+, 4.0+, 4.5+) or `property_token`.
 *
 * A place answers `properties[]`: the city's hotels, then vacation rentals (the rental platform's
 * listings there), PAGE_SIZE a page (`serpapi_pagination.next_page_token` names the next), with
 * `search_information.total_results` counting the whole search, not the page. Hotels carry no `prices[]`; rentals carry `prices[]` of nightly rates only, with no
 * `total_rate`, and no hotel class or description. As in the real answers: check-in and check-out times
 * have a narrow no-break space before AM/PM; some properties come without coordinates, and a property
 * with a booked-out night comes without any price; some hotels have no description. Sponsored listings
 * are apart in `ads[]`, each with a token of its own (never its property's, and answering its details),
 * one of them for a hotel of another city. `search_metadata.total_time_taken` is boxed (`{"float": n}`) and
 * `search_metadata.<engine>_url` links the search on the service's public site.
 *
 * A property's `property_token`, a hotel's or a vacation rental's, or an exact name only one property
 * has, answers that property's details at the top level (`search_information.hotels_results_state:
 * "Showing results for property details"`, an address, `featured_prices[]` and `prices[]` with totals,
 * the hotel's own site marked `official`, one seller without a link), without `properties[]`; a name
 * several rentals share lists them. Each city's newest rental has no rating yet. Nearby places carry a category, some no transportations. A place it does not know
 * answers the empty state. Keys and failures as in `serp-api.ts`. Prices are in the asked currency when
 * the service prices in it, else in USD, as `search_parameters.currency` says. Photos are small images.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { FX, nightsOf, stayPrice } from '../prices.ts';
import { hash, pick, rng } from '../random.ts';
import { phoneOf } from '../phones.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type City, type Hotel } from '../world.ts';
import { reviewCount } from './maps.ts';
import { FIRST_LISTING_ID, LISTINGS_PER_CITY, listing } from './rental.ts';
import type { Listing } from './rental-world.ts';
import { badRequest, emptyResultText, refused, searchMetadata, serpSite } from './serp-api.ts';

/** The service's public site, where a search can be opened in a browser. */
const PUBLIC_SITE = 'https://maps.test';
const STREETS = ['Station Road', 'Market Street', 'Harbour Lane', 'Park Avenue', 'Church Street', 'Mill Row'];
const AMENITIES = [
  'Free Wi-Fi',
  'Breakfast',
  'Pool',
  'Fitness centre',
  'Spa',
  'Restaurant',
  'Bar',
  'Air conditioning',
  'Parking',
  'Airport shuttle',
];
const RENTAL_AMENITIES = ['Kitchen', 'Air conditioning', 'Washer', 'Free Wi-Fi', 'Smoke-free'];
const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: 'CN¥', INR: '₹' };
const NNBSP = '\u202f';
/**
 * Properties a page lists (the real service lists 20; the sandbox lists fewer, so that a city's hotels
 * and rentals fill more than one page and `total_results`, the whole search's count, exceeds a page's).
 */
const PAGE_SIZE = 10;
const LIST_IMAGES = 9;
const DETAIL_IMAGES = 12;

const money = (n: number, currency: string) =>
  `${SYMBOL[currency] ?? `${currency} `}${Math.round(n).toLocaleString('en-US')}`;
const rate = (n: number, before: number, currency: string) => ({
  lowest: money(n, currency),
  extracted_lowest: Math.round(n),
  before_taxes_fees: money(before, currency),
  extracted_before_taxes_fees: Math.round(before),
});
/**
 * An opaque token in the service's style (base64url of a protobuf-like blob), drawn from the whole seed:
 * the low byte of a hash alone would give two hundred and fifty-six tokens in all, shared by many properties.
 */
const opaque = (prefix: string, seed: string, length: number) => {
  const next = rng(`opaque:${seed}`);
  return (
    prefix +
    Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)))
      .toString('base64url')
      .slice(0, length)
  );
};
/** The currency the service prices in for a request: the asked one when it knows it, else USD. */
const pricedIn = (q: URLSearchParams) => {
  const asked = (q.get('currency') ?? 'USD').toUpperCase();
  return FX[asked] ? asked : 'USD';
};
const hotelToken = (h: Hotel) => `ChkI${Buffer.from(h.key).toString('base64url')}${h.ids.site_a}`;
const adToken = (h: Hotel) => opaque('CgsI', `ad:${h.key}`, 14);
const hotelRating = (h: Hotel) =>
  reviewCount(h) ? Math.round((3.4 + rng(`mh:${h.key}`)() * 1.6) * 10) / 10 : undefined;

interface Stay {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  currency: string;
}

function stayOf(q: URLSearchParams): Stay {
  return {
    checkIn: q.get('check_in_date') ?? '',
    checkOut: q.get('check_out_date') ?? '',
    adults: Number(q.get('adults') ?? 2),
    children: Number(q.get('children') ?? 0),
    currency: pricedIn(q),
  };
}

function detailsLink(base: string, q: URLSearchParams, token: string): string {
  const link = new URLSearchParams(q);
  link.delete('api_key');
  link.set('property_token', token);
  return `${base}/search.json?${link}`;
}

/** A hotel as the list shows it; `details` adds what only the property's own page has. */
function hotelProperty(h: Hotel, q: URLSearchParams, base: string, details = false) {
  const stay = stayOf(q);
  const price = stayPrice(h, stay);
  const overall = hotelRating(h);
  const count = reviewCount(h);
  const token = hotelToken(h);
  const sellers = ['Seller 1', 'Seller 2', 'Seller 3'];
  const priced = price
    ? {
        rate_per_night: rate(price.perNight * 1.12, price.perNight, stay.currency),
        total_rate: rate(price.total, price.baseTotal, stay.currency),
      }
    : {};
  return {
    type: 'hotel',
    name: h.name,
    ...(hash(`desc:${h.key}`) % 6 === 0 ? {} : { description: `${h.stars}-star hotel in ${h.city.name}.` }),
    ...(h.officialWebsite ? { link: h.officialWebsite } : {}),
    property_token: token,
    serpapi_property_details_link: detailsLink(base, q, token),
    ...(details
      ? {
          address: `${1 + (hash(`addr:${h.key}`) % 180)} ${pick(rng(`street:${h.key}`), STREETS)}, ${h.city.label}`,
          phone: phoneOf(h.city.country, h.key),
        }
      : {}),
    // About one property in sixteen comes without coordinates, as in the real answers.
    ...(hash(`gps:${h.key}`) % 16 === 0
      ? {}
      : { gps_coordinates: { latitude: h.latitude, longitude: h.longitude } }),
    check_in_time: `3:00${NNBSP}PM`,
    check_out_time: hash(`co:${h.key}`) % 2 ? `11:00${NNBSP}AM` : `12:00${NNBSP}PM`,
    ...priced,
    ...(details && price
      ? {
          featured_prices: sellers.slice(0, 2).map((source, i) => ({
            source,
            link: `${PUBLIC_SITE}/travel/clk?seller=${i + 1}&token=${token}`,
            num_guests: stay.adults,
            rate_per_night: rate(price.perNight * 1.12 * (1 + i * 0.04), price.perNight, stay.currency),
            total_rate: rate(price.total * (1 + i * 0.04), price.baseTotal, stay.currency),
          })),
          // The hotel's own site, where it has one, sells first and is marked official.
          prices: sellers.map((source, i) => ({
            source: i === 0 && h.officialWebsite ? h.name : source,
            ...(i === 2 ? {} : { link: `${PUBLIC_SITE}/travel/clk?pc=${i + 1}&token=${token}` }),
            ...(i === 0 && h.officialWebsite ? { official: true } : {}),
            num_guests: stay.adults,
            rate_per_night: rate(price.perNight * 1.12 * [1, 1.04, 1.09][i]!, price.perNight, stay.currency),
            total_rate: rate(price.total * [1, 1.04, 1.09][i]!, price.baseTotal, stay.currency),
          })),
        }
      : {}),
    nearby_places: [
      {
        category: 'Transit',
        name: `${h.city.name} Central Station`,
        transportations: [{ type: 'Taxi', duration: '9 min' }],
      },
      { category: 'Landmark', name: `${h.city.name} Old Town` },
    ],
    hotel_class: `${h.stars}-star hotel`,
    extracted_hotel_class: h.stars,
    images: Array.from({ length: details ? DETAIL_IMAGES : LIST_IMAGES }, (_v, i) => ({
      thumbnail: `${base}/hotel-photos/${h.key}/${i}.jpg`,
      original_image: `${base}/hotel-photos/${h.key}/${i}-o.jpg`,
    })),
    ...(overall === undefined
      ? {}
      : {
          overall_rating: overall,
          reviews: count,
          ratings: [5, 4, 3, 2, 1].map((stars) => ({
            stars,
            count: Math.round(count / (1 + (5 - stars) * 2)),
          })),
          location_rating: Math.round((2 + (hash(`loc:${h.key}`) % 30) / 10) * 10) / 10,
        }),
    amenities: AMENITIES.filter((_a, i) => hash(`am:${h.key}:${i}`) % 3 !== 0),
  };
}

/** The rental platform's listings of a city, in its order. */
function cityListings(city: City): Listing[] {
  const ci = getWorld().cities.indexOf(city);
  return Array.from({ length: LISTINGS_PER_CITY }, (_v, k) =>
    listing(FIRST_LISTING_ID + ci * LISTINGS_PER_CITY + k),
  ).filter((l) => l !== undefined);
}

const rentalToken = (l: Listing) => opaque('ChkQ', `rental:${l.id}`, 30);
const rentalName = (l: Listing) => `${l.title} - Entire apartment`;
/** Each city's newest listing (its last) has no rating on the maps service yet, reviewed or not. */
const rated = (l: Listing) =>
  l.reviews > 0 && (Number(l.id) - FIRST_LISTING_ID) % LISTINGS_PER_CITY !== LISTINGS_PER_CITY - 1;

let rentalsByToken: { world: ReturnType<typeof getWorld>; byToken: Map<string, Listing> } | undefined;
/** The listing a vacation rental's `property_token` names, in any city; undefined for none. */
function rentalByToken(token: string): Listing | undefined {
  const world = getWorld();
  if (rentalsByToken?.world !== world)
    rentalsByToken = {
      world,
      byToken: new Map(world.cities.flatMap(cityListings).map((l) => [rentalToken(l), l])),
    };
  return rentalsByToken.byToken.get(token);
}

/**
 * A listing as a vacation rental: nightly rates per seller (no totals) in the list; `details` adds what
 * only its own page has, in the keys of a hotel's details (an address, `featured_prices[]` and `prices[]`
 * with totals, nearby places, more images), never a hotel class, a phone or a description.
 */
function rentalProperty(l: Listing, q: URLSearchParams, base: string, details = false) {
  const stay = stayOf(q);
  const nights = nightsOf(stay.checkIn, stay.checkOut).length;
  const nightly = l.nightlyUsd * (FX[stay.currency] ?? 1);
  const token = rentalToken(l);
  const r = rng(`vr:${l.id}`);
  const { city } = l;
  const sellers = (withTotals: boolean) =>
    [1, 1.06].map((f, i) => ({
      source: i === 0 ? 'rental' : 'Seller 2',
      ...(details ? { link: `${PUBLIC_SITE}/travel/clk?pc=${i + 1}&token=${token}` } : {}),
      num_guests: stay.adults,
      rate_per_night: {
        lowest: money(nightly * f, stay.currency),
        extracted_lowest: Math.round(nightly * f),
      },
      ...(withTotals ? { total_rate: rate(nightly * f * nights, nightly * f * nights, stay.currency) } : {}),
    }));
  return {
    type: 'vacation rental',
    name: rentalName(l),
    link: `https://www.rental.test/rooms/${l.id}`,
    property_token: token,
    serpapi_property_details_link: detailsLink(base, q, token),
    ...(details
      ? {
          address: `${1 + (hash(`raddr:${l.id}`) % 90)} ${pick(rng(`rstreet:${l.id}`), STREETS)}, ${city.label}`,
        }
      : {}),
    gps_coordinates: {
      latitude: Math.round((city.latitude + (r() - 0.5) * 0.04) * 1e6) / 1e6,
      longitude: Math.round((city.longitude + (r() - 0.5) * 0.04) * 1e6) / 1e6,
    },
    ...(r() < 0.5 ? { check_in_time: `4:00${NNBSP}PM`, check_out_time: `10:00${NNBSP}AM` } : {}),
    ...(nights > 0
      ? {
          rate_per_night: rate(nightly, nightly, stay.currency),
          total_rate: rate(nightly * nights, nightly * nights, stay.currency),
          ...(details ? { featured_prices: sellers(true).slice(0, 1) } : {}),
          prices: sellers(details),
        }
      : {}),
    ...(details ? { nearby_places: [{ category: 'Landmark', name: `${city.name} Old Town` }] } : {}),
    images: Array.from({ length: details ? 8 : 5 }, (_v, i) => ({
      thumbnail: `${base}/hotel-photos/r${l.id}/${i}.jpg`,
      original_image: `${base}/hotel-photos/r${l.id}/${i}-o.jpg`,
    })),
    ...(rated(l) ? { overall_rating: Math.min(5, Math.round(l.rating * 10) / 10), reviews: l.reviews } : {}),
    location_rating: Math.round((3 + r() * 2) * 10) / 10,
    amenities: RENTAL_AMENITIES.filter((_a, i) => hash(`ram:${l.id}:${i}`) % 3 !== 0),
    excluded_amenities: ['No airport shuttle'],
    essential_info: ['Entire apartment', `Sleeps ${l.maxGuests}`, '1 bedroom', '1 bathroom'],
  };
}

function ad(h: Hotel, q: URLSearchParams, base: string, i: number) {
  const p = hotelProperty(h, q, base);
  const token = adToken(h);
  return {
    name: h.name,
    source: `Seller ${1 + (i % 3)}`,
    source_icon: `${base}/hotel-photos/${h.key}/0.jpg`,
    link: `${PUBLIC_SITE}/aclk?sa=l&ai=${opaque('', `aclk:${h.key}`, 20)}`,
    property_token: token,
    serpapi_property_details_link: detailsLink(base, q, token),
    gps_coordinates: { latitude: h.latitude, longitude: h.longitude },
    hotel_class: h.stars,
    thumbnail: p.images[0]!.thumbnail,
    ...('overall_rating' in p ? { overall_rating: p.overall_rating, reviews: p.reviews } : {}),
    ...(p.rate_per_night
      ? { price: p.rate_per_night.lowest, extracted_price: p.rate_per_night.extracted_lowest }
      : {}),
    amenities: p.amenities,
    ...(i === 0 ? { free_cancellation: true } : {}),
  };
}

const MIN_RATING: Record<string, number> = { '7': 3.5, '8': 4, '9': 4.5 };

/** The first property of the page a `next_page_token` names (an opaque token; 0 without one). */
function pageStart(token: string | null): number {
  const from = token ? Number(/^from:(\d+)$/.exec(Buffer.from(token, 'base64url').toString())?.[1]) : 0;
  return Number.isSafeInteger(from) ? from : 0;
}

/** The token and link of the page starting at `from`, as serpapi_pagination gives them. */
function nextPage(q: URLSearchParams, base: string, from: number) {
  const token = Buffer.from(`from:${from}`).toString('base64url');
  const next = new URLSearchParams(q);
  next.delete('api_key');
  next.set('next_page_token', token);
  return { next_page_token: token, next: `${base}/search.json?${next}` };
}

function answer(query: URLSearchParams, base: string): SiteResponse {
  const engine = query.get('engine');
  if (engine !== 'hotels') return badRequest(`Unsupported \`${engine ?? ''}\` search engine.`);
  for (const name of ['q', 'check_in_date', 'check_out_date'])
    if (!query.get(name) && !(name === 'q' && query.has('property_token')))
      return badRequest(`Missing \`${name}\` parameter.`);
  const children = Number(query.get('children') ?? 0);
  const ages = query.get('children_ages')?.split(',') ?? [];
  if (
    (children > 0 || ages.length > 0) &&
    (ages.length !== children || ages.some((a) => !/^\d+$/.test(a) || Number(a) < 1 || Number(a) > 17))
  )
    return badRequest('`children_ages` must give one age from 1 to 17 for each child.');
  const minRating = query.has('rating') ? MIN_RATING[query.get('rating')!] : 0;
  if (minRating === undefined) return badRequest('Unsupported `rating` value.');
  const q = query.get('q') ?? '';
  const publicSearch = new URL('/travel/hotels', PUBLIC_SITE);
  for (const name of ['q', 'check_in_date', 'check_out_date', 'adults', 'currency'])
    if (query.has(name)) publicSearch.searchParams.set(name, query.get(name)!);
  const metadata = () =>
    searchMetadata({ engine, base, seed: query.toString(), publicUrl: publicSearch.href, boxedTime: true });
  const refusal = refused(query, metadata);
  if (refusal) return refusal;
  const parameters = {
    engine,
    q,
    hl: query.get('hl') ?? 'en',
    currency: pricedIn(query),
    check_in_date: query.get('check_in_date') ?? '',
    check_out_date: query.get('check_out_date') ?? '',
    adults: Number(query.get('adults') ?? 2),
    children,
    ...(ages.length ? { children_ages: ages.join(',') } : {}),
    ...(query.has('rating') ? { rating: query.get('rating') } : {}),
    ...(query.has('property_token') ? { property_token: query.get('property_token') } : {}),
  };
  const answered = { search_metadata: metadata(), search_parameters: parameters };
  const folded = fold(q);
  const hotels = getWorld().hotels;
  const token = query.get('property_token');
  const city = getWorld().cities.find(
    (c) => folded && (fold(c.name) === folded || fold(c.label).startsWith(folded)),
  );
  // A token names its hotel or vacation rental; an exact name, the hotels and rentals of that name.
  const rental = token ? rentalByToken(token) : undefined;
  // An ad's own token answers its hotel's details too, under the token asked with (its details link).
  const named = token
    ? hotels.filter((h) => hotelToken(h) === token || adToken(h) === token)
    : hotels.filter((h) => folded && fold(h.name) === folded);
  const namedRentals = rental
    ? [rental]
    : token || !folded || city
      ? []
      : getWorld()
          .cities.flatMap(cityListings)
          .filter((l) => fold(rentalName(l)) === folded);
  if (named.length + namedRentals.length === 1) {
    return {
      status: 200,
      json: {
        ...answered,
        search_information: { hotels_results_state: 'Showing results for property details' },
        ...(named[0]
          ? {
              ...hotelProperty(named[0], query, base, true),
              ...(token
                ? { property_token: token, serpapi_property_details_link: detailsLink(base, query, token) }
                : {}),
            }
          : rentalProperty(namedRentals[0]!, query, base, true)),
      },
    };
  }
  const inCity =
    named.length || namedRentals.length ? named : city ? hotels.filter((h) => h.city === city) : [];
  const rentals = named.length || namedRentals.length ? namedRentals : city ? cityListings(city) : [];
  const atLeast = (p: { overall_rating?: number }) => (p.overall_rating ?? 0) >= minRating;
  // Every property of the search, of which the page lists PAGE_SIZE from the one its token names.
  const found = [
    ...inCity.map((h) => hotelProperty(h, query, base)),
    ...rentals.map((l) => rentalProperty(l, query, base)),
  ].filter(atLeast);
  const from = pageStart(query.get('next_page_token'));
  const properties = found.slice(from, from + PAGE_SIZE);
  if (properties.length === 0)
    return {
      status: 200,
      json: {
        ...answered,
        search_information: { hotels_results_state: 'Fully empty' },
        error: emptyResultText('maps_hotels'),
      },
    };
  // Two of the city's priced hotels advertise, and a hotel of the next city that is not on this page.
  const priced = inCity.filter((h) => stayPrice(h, stayOf(query)));
  const advertised =
    priced.length > 2 ? [0, 1].map((i) => priced[(hash(folded) + i * 3) % priced.length]!) : [];
  const cities = getWorld().cities;
  const elsewhere = city
    ? hotels.find((h) => h.city === cities[(cities.indexOf(city) + 1) % cities.length])
    : undefined;
  const ads = [...new Set(advertised), ...(advertised.length && elsewhere ? [elsewhere] : [])];
  const brands = [...new Map(inCity.flatMap((h) => (h.brand ? [[h.brand.code, h.brand]] : []))).values()];
  return {
    status: 200,
    json: {
      ...answered,
      brands: brands.map((b) => ({ id: hash(b.code) % 1000, name: b.name })),
      ads: ads.map((h, i) => ad(h, query, base, i)),
      properties,
      serpapi_pagination: {
        current_from: from + 1,
        current_to: from + properties.length,
        ...(from + PAGE_SIZE < found.length ? nextPage(query, base, from + PAGE_SIZE) : {}),
      },
      search_information: { total_results: found.length },
    },
  };
}

export const mapsHotels: Site = serpSite(
  'maps_hotels',
  'maps.test',
  ({ query, base }) => answer(query, base),
  /^\/hotel-photos\/(?:h|r)\d+\/\d+(?:-o)?\.jpg$/,
);
