/**
 * The maps service's hotel search, in the documented format of a public SERP API's hotels engine.
 * The currency is asked of the source, which prices in it (`search_parameters.currency` says which it
 * used); the link to the search on the service's own site is its `search_metadata.<engine>_url`.
 */
import * as z from 'zod';
import { MapsHotel } from '../../schemas/maps-hotels.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';

const Money = z.object({ extracted_lowest: z.number() });
const Property = z.object({
  name: z.string(),
  description: z.string().default(''),
  property_token: z.string(),
  address: z.string().optional(),
  gps_coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  check_in_time: z.string().default(''),
  check_out_time: z.string().default(''),
  rate_per_night: Money,
  total_rate: Money,
  prices: z.array(z.object({ total_rate: Money.partial().optional() })).default([]),
  extracted_hotel_class: z.number().int().min(1).max(5).optional(),
  images: z
    .array(z.object({ original_image: z.string().optional(), thumbnail: z.string().optional() }))
    .default([]),
  overall_rating: z.number().optional(),
  reviews: z.number().int().default(0),
  amenities: z.array(z.string()).default([]),
});
const Ad = z.object({ property_token: z.string() });
const Results = z.object({
  search_metadata: z.record(z.string(), z.unknown()).default({}),
  search_parameters: z
    .object({
      currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/)
        .optional(),
    })
    .default({}),
  properties: z.array(Property).optional(),
  ads: z.array(Ad).default([]),
  error: z.string().optional(),
});

export interface HotelSearch {
  location: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  currency: string;
  minRating?: number;
}

export interface HotelResults {
  hotels: MapsHotel[];
  /** The currency the service priced in (the asked one unless it does not price in that one). */
  currency: string;
  /** The same search on the service's public site. */
  searchUrl: string;
}

/**
 * Hotels for the search, best listed first (none when the service found nothing).
 * @example await searchHotels(ctx, { location: 'Paris', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, children: 0, currency: 'EUR' }) // { hotels: [...], currency: 'EUR', searchUrl: 'https://…' }
 */
export async function searchHotels(ctx: UpstreamContext, s: HotelSearch): Promise<HotelResults> {
  const engine = engineFor('maps_hotels', 'hotels');
  const res = await fetchUpstream(
    {
      provider: 'maps_hotels',
      path: '/search.json',
      expect: 'json',
      cache: 'prices',
      query: {
        engine,
        q: s.location,
        check_in_date: s.checkIn,
        check_out_date: s.checkOut,
        adults: s.adults,
        children: s.children,
        currency: s.currency,
        hl: 'en',
      },
    },
    ctx,
  );
  const parsed = conform('maps_hotels', Results, res.body, 'the hotel results');
  const { properties, ads, error } = parsed;
  // The format names the link to the search on the service's site after its engine: `<engine>_url`.
  const searchUrl = conform(
    'maps_hotels',
    z.url({ protocol: /^https?$/ }),
    parsed.search_metadata[`${engine}_url`],
    'the search URL',
  );
  const currency = parsed.search_parameters.currency?.toUpperCase() ?? s.currency;
  if (!properties) {
    if (error) return { hotels: [], currency, searchUrl };
    throw new ExtractionError('maps_hotels', 'no properties and no empty-result state');
  }
  const sponsored = new Set(ads.map((a) => a.property_token));
  const nights = Math.max(1, Math.round((Date.parse(s.checkOut) - Date.parse(s.checkIn)) / 86_400_000));
  const hotels = properties
    .filter((p) => s.minRating === undefined || (p.overall_rating ?? 0) >= s.minRating)
    .map((p) => ({
      hotel_id: p.property_token,
      name: p.name,
      location: {
        address: p.address ?? null,
        latitude: p.gps_coordinates.latitude,
        longitude: p.gps_coordinates.longitude,
      },
      price: {
        current: p.total_rate.extracted_lowest,
        regular: null,
        max_price: Math.max(
          p.total_rate.extracted_lowest,
          ...p.prices.map((x) => x.total_rate?.extracted_lowest ?? 0),
        ),
        currency,
        price_per_night: Math.round((p.total_rate.extracted_lowest / nights) * 100) / 100,
      },
      rating: { value: p.overall_rating ?? 0, votes: p.reviews, rating_max: 5 },
      stars: p.extracted_hotel_class ?? null,
      check_in_time: p.check_in_time,
      check_out_time: p.check_out_time,
      amenities: p.amenities,
      images: p.images
        .map((i) => i.original_image ?? i.thumbnail)
        .filter((u): u is string => Boolean(u))
        .slice(0, 10),
      description: p.description,
      is_paid: sponsored.has(p.property_token),
    }));
  return { hotels: conform('maps_hotels', z.array(MapsHotel), hotels, 'the hotels'), currency, searchUrl };
}
