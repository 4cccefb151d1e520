/**
 * The maps service's hotel search, in the documented format of a public SERP API's hotels engine:
 * `properties[]` (property_token, gps_coordinates, rate_per_night, total_rate, prices, hotel_class,
 * overall_rating, reviews, images, amenities, check-in/out times) and sponsored `ads[]`.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { FX, stayPrice } from '../prices.ts';
import { hash, rng } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { reviewCount } from './maps.ts';

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

function property(h: Hotel, q: URLSearchParams, base: string) {
  const currency = (q.get('currency') ?? 'USD').toUpperCase();
  const price = stayPrice(h, {
    checkIn: q.get('check_in_date') ?? '',
    checkOut: q.get('check_out_date') ?? '',
    adults: Number(q.get('adults') ?? 2),
    children: Number(q.get('children') ?? 0),
    currency: FX[currency] ? currency : 'USD',
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
        const metadata = {
          status: 'Success',
          created_at: new Date().toISOString(),
          prettify_html_file: `${base}/search?q=${encodeURIComponent(q)}`,
        };
        if (properties.length === 0)
          return {
            status: 200,
            json: { search_metadata: metadata, error: 'The search returned no results for this query.' },
          };
        return {
          status: 200,
          json: {
            search_metadata: metadata,
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
  ],
};
