/** chain_b's geo search: its hotels and partner properties nearest first, with the best offer for the stay. */
import * as z from 'zod';
import { ChainBHotel, ChainBPlace } from '../../schemas/chain-b.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Result = z.object({
  hotelId: z.string(),
  name: z.string(),
  brand: z.object({ code: z.string(), name: z.string() }),
  lodging: z.object({ code: z.string(), name: z.string() }),
  stars: z.number(),
  guestScore: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  amenities: z.array(z.string()),
  address: z.object({
    line1: z.string(),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
    countryCode: z.string(),
  }),
  distance: z.number(),
  offer: z
    .object({
      currency: z.string(),
      amount: z.number(),
      perNight: z.number(),
      total: z.number(),
      aggregation: z.string(),
      formatted: z.string(),
      taxes: z.string(),
      mealPlan: z.string(),
      nights: z.number().int(),
    })
    .nullable(),
});
const Search = z.object({
  place: z.object({ slug: z.string().nullable(), lat: z.number(), lng: z.number() }),
  results: z.array(Result),
});

export interface ChainBQuery {
  latitude?: number;
  longitude?: number;
  destinationSlug?: string;
  radiusKm: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  currency: string;
  countryMarket: string;
  limit: number;
  offset: number;
}

const ChainBResult = z.object({ hotels: z.array(ChainBHotel), place: ChainBPlace });
export type ChainBResult = z.infer<typeof ChainBResult>;

/**
 * Hotels near the place, nearest first, or undefined when chain_b does not know the destination slug.
 * @example await searchChainB(ctx, { destinationSlug: 'paris-fr', radiusKm: 50, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, currency: 'EUR', countryMarket: 'US', limit: 20, offset: 0 }) // { place: { slug: 'paris-fr', location: {...} }, hotels: [...] }
 */
export async function searchChainB(ctx: UpstreamContext, q: ChainBQuery): Promise<ChainBResult | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'chain_b',
      path: '/api/v2/hotels/search',
      expect: 'json',
      cache: 'prices',
      notFoundOk: true,
      query: {
        ...(q.destinationSlug
          ? { destination: q.destinationSlug }
          : { lat: q.latitude, lng: q.longitude, radius: q.radiusKm }),
        checkin: q.checkIn,
        checkout: q.checkOut,
        adults: q.adults,
        currency: q.currency,
        market: q.countryMarket,
        limit: q.limit,
        offset: q.offset,
      },
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const parsed = Search.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'chain_b',
      'search results do not have the expected fields',
      parsed.error,
      res.status,
    );
  const { place, results } = parsed.data;
  const candidate = {
    place: { slug: place.slug, location: { latitude: place.lat, longitude: place.lng } },
    hotels: results.map((r) => ({
      id: r.hotelId,
      name: r.name,
      brand: r.brand,
      lodging: r.lodging,
      stars: r.stars,
      rating: r.guestScore,
      review_count: r.reviewCount,
      amenities: r.amenities,
      address: {
        street: r.address.line1,
        city: r.address.city,
        postal_code: r.address.zip,
        country: r.address.country,
        country_code: r.address.countryCode,
      },
      distance_meters: Math.round(r.distance),
      distance_feet: Math.round(r.distance * 3.28084),
      availability_status: r.offer ? 'AVAILABLE' : 'UNAVAILABLE',
      best_offer: r.offer && {
        currency: r.offer.currency,
        amount: r.offer.amount,
        per_night: r.offer.perNight,
        total: r.offer.total,
        aggregation_type: r.offer.aggregation,
        formatted: r.offer.formatted,
        tax_summary: r.offer.taxes,
        meal_plan: r.offer.mealPlan,
        nights: r.offer.nights,
      },
    })),
  };
  return conform('chain_b', ChainBResult, candidate, 'the search results', res.status);
}
