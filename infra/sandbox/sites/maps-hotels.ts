/**
 * The maps service's hotel search, in the documented format of a public SERP API's hotels engine:
 * `properties[]` (property_token, address, gps_coordinates, rate_per_night, total_rate, prices,
 * hotel_class, overall_rating, reviews, images, amenities, check-in/out times), sponsored `ads[]`,
 * `search_parameters` and `search_metadata.<engine>_url` (the search on the service's public site).
 * Prices are in the asked currency when the service prices in it, else in USD, as
 * `search_parameters.currency` says. Hotel photos are served as small images.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { FX, stayPrice } from '../prices.ts';
import { hash, pick, rng } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { picture, reviewCount } from './maps.ts';

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
const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: 'CN¥', INR: '₹' };
const money = (n: number, currency: string) =>
  `${SYMBOL[currency] ?? `${currency} `}${Math.round(n).toLocaleString('en-US')}`;

/** The currency the service prices in for a request: the asked one when it knows it, else USD. */
const pricedIn = (q: URLSearchParams) => {
  const asked = (q.get('currency') ?? 'USD').toUpperCase();
  return FX[asked] ? asked : 'USD';
};

function property(h: Hotel, q: URLSearchParams, base: string) {
  const currency = pricedIn(q);
  const price = stayPrice(h, {
    checkIn: q.get('check_in_date') ?? '',
    checkOut: q.get('check_out_date') ?? '',
    adults: Number(q.get('adults') ?? 2),
    children: Number(q.get('children') ?? 0),
    currency,
  });
  if (!price) return undefined;
  const r = rng(`mh:${h.key}`);
  const amenities = AMENITIES.filter((_a, i) => hash(`am:${h.key}:${i}`) % 3 !== 0);
  const sellers = [1, 1.04, 1.09].map((f, i) => ({
    source: `Seller ${i + 1}`,
    rate_per_night: {
      lowest: money(price.perNight * f * 1.12, currency),
      extracted_lowest: Math.round(price.perNight * f * 1.12),
    },
    total_rate: { extracted_lowest: Math.round(price.total * f) },
  }));
  return {
    type: 'hotel',
    name: h.name,
    description: `${h.stars}-star hotel in ${h.city.name}.`,
    property_token: `ChkI${Buffer.from(h.key).toString('base64url')}${h.ids.site_a}`,
    address: `${1 + (hash(`addr:${h.key}`) % 180)} ${pick(rng(`street:${h.key}`), STREETS)}, ${h.city.label}`,
    gps_coordinates: { latitude: h.latitude, longitude: h.longitude },
    check_in_time: '3:00 PM',
    check_out_time: r() < 0.5 ? '11:00 AM' : '12:00 PM',
    rate_per_night: {
      lowest: money(price.perNight * 1.12, currency),
      extracted_lowest: Math.round(price.perNight * 1.12),
      before_taxes_fees: money(price.perNight, currency),
      extracted_before_taxes_fees: Math.round(price.perNight),
    },
    total_rate: { lowest: money(price.total, currency), extracted_lowest: Math.round(price.total) },
    prices: sellers,
    hotel_class: `${h.stars}-star hotel`,
    extracted_hotel_class: h.stars,
    images: Array.from({ length: 12 }, (_v, i) => ({
      thumbnail: `${base}/hotel-photos/${h.key}/${i}.jpg`,
      original_image: `${base}/hotel-photos/${h.key}/${i}-o.jpg`,
    })),
    overall_rating: reviewCount(h) ? Math.round((3.4 + r() * 1.6) * 10) / 10 : undefined,
    reviews: reviewCount(h),
    amenities,
  };
}

export const mapsHotels: Site = {
  provider: 'maps_hotels',
  hosts: ['maps.test'],
  routes: [
    [
      'GET',
      /^\/search\.json$/,
      ({ query, base }): SiteResponse => {
        if (query.get('engine') !== 'hotels') return { status: 400, json: { error: 'Unsupported engine' } };
        const q = fold(query.get('q') ?? '');
        const inCity = getWorld().hotels.filter(
          (h) => q && (fold(h.city.name) === q || fold(h.city.label).startsWith(q) || fold(h.name) === q),
        );
        const properties = inCity.map((h) => property(h, query, base)).filter((p) => p !== undefined);
        const sponsored = properties.length > 2 ? [properties[hash(q) % properties.length]!] : [];
        const engine = query.get('engine')!;
        const publicSearch = new URL('/travel/hotels', PUBLIC_SITE);
        for (const name of ['q', 'check_in_date', 'check_out_date', 'adults', 'currency'])
          if (query.has(name)) publicSearch.searchParams.set(name, query.get(name)!);
        const metadata = {
          status: 'Success',
          created_at: new Date().toISOString(),
          [`${engine}_url`]: publicSearch.href,
        };
        const parameters = {
          engine,
          q: query.get('q') ?? '',
          check_in_date: query.get('check_in_date') ?? '',
          check_out_date: query.get('check_out_date') ?? '',
          adults: Number(query.get('adults') ?? 2),
          currency: pricedIn(query),
          hl: query.get('hl') ?? 'en',
        };
        if (properties.length === 0)
          return {
            status: 200,
            json: {
              search_metadata: metadata,
              search_parameters: parameters,
              error: 'The search returned no results for this query.',
            },
          };
        return {
          status: 200,
          json: {
            search_metadata: metadata,
            search_parameters: parameters,
            ads: sponsored.map((p) => ({
              name: p.name,
              source: 'Sponsored',
              property_token: p.property_token,
              gps_coordinates: p.gps_coordinates,
              hotel_class: p.extracted_hotel_class,
              extracted_price: p.rate_per_night.extracted_lowest,
              price: p.rate_per_night.lowest,
              thumbnail: p.images[0]!.thumbnail,
              overall_rating: p.overall_rating,
              reviews: p.reviews,
              amenities: p.amenities,
            })),
            properties,
          },
        };
      },
    ],
    ['GET', /^\/hotel-photos\/h\d+\/\d+(?:-o)?\.jpg$/, ({ path }) => picture(path)],
  ],
};
