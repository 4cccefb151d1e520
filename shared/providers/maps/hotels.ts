/** The maps service's hotel search, in the documented format of a public SERP API's hotels engine. */
import * as z from 'zod';
import { MapsHotel } from '../../schemas/maps-hotels.ts';
import { fetchUpstream } from '../../upstream/client.ts';
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

/** Hotels for the search, best listed first; undefined when the service found nothing. */
export async function searchHotels(ctx: UpstreamContext, s: HotelSearch): Promise<MapsHotel[] | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'maps_hotels',
      path: '/search.json',
      expect: 'json',
      cache: 'prices',
      query: {
        engine: engineFor('maps_hotels', 'hotels'),
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
  const parsed = Results.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError('maps_hotels', 'hotel results do not have the expected fields', parsed.error);
  const { properties, ads, error } = parsed.data;
  if (!properties) {
    if (error) return undefined;
    throw new ExtractionError('maps_hotels', 'no properties and no empty-result state');
  }
  const sponsored = new Set(ads.map((a) => a.property_token));
  const nights = Math.max(1, Math.round((Date.parse(s.checkOut) - Date.parse(s.checkIn)) / 86_400_000));
  return properties
    .filter((p) => s.minRating === undefined || (p.overall_rating ?? 0) >= s.minRating)
    .map((p) =>
      MapsHotel.parse({
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
          currency: s.currency,
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
      }),
    );
}
