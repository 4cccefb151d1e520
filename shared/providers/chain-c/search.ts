/** chain_c's loyalty search: properties near coordinates with cash and points prices for the stay. */
import * as z from 'zod';
import { ChainCHotel } from '../../schemas/chain-c.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Property = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.object({ id: z.string(), name: z.string() }),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  summary: z.string(),
  reviews: z.object({ score: z.number(), total: z.number().int() }),
  heroImage: z.string(),
  detailsUrl: z.string(),
  available: z.boolean(),
  rate: z
    .object({
      nightly: z.number(),
      total: z.number(),
      taxes: z.number(),
      fees: z.number(),
      currency: z.string(),
      pointsNightly: z.number().int(),
    })
    .nullable(),
  distanceMeters: z.number(),
});
const Search = z.object({ totalCount: z.number().int(), properties: z.array(Property) });

export interface ChainCQuery {
  latitude: number;
  longitude: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  currency: string;
  offset: number;
  limit: number;
  sortBy: 'DISTANCE' | 'PRICE';
}

const ChainCResult = z.object({ total: z.number().int().min(0), hotels: z.array(ChainCHotel) });
export type ChainCResult = z.infer<typeof ChainCResult>;

/** Priced properties cheapest first, then those without a price, each group in the source's order. */
function cheapestFirst(hotels: ChainCHotel[]): ChainCHotel[] {
  const price = (h: ChainCHotel) => h.price?.per_night ?? Number.POSITIVE_INFINITY;
  return [...hotels].sort((a, b) => (price(a) === price(b) ? 0 : price(a) < price(b) ? -1 : 1));
}

/**
 * One page of chain_c properties near the coordinates, with `total` counting every match. A property
 * that cannot be booked for the stay has `price: null`; with sortBy PRICE those come after every priced one.
 * @example await searchChainC(ctx, { latitude: 48.8566, longitude: 2.3522, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1, currency: 'EUR', offset: 0, limit: 20, sortBy: 'DISTANCE' }) // { total: 2, hotels: [...] }
 */
export async function searchChainC(ctx: UpstreamContext, q: ChainCQuery): Promise<ChainCResult> {
  const res = await fetchUpstream(
    {
      provider: 'chain_c',
      path: '/api/search/properties',
      expect: 'json',
      cache: 'prices',
      query: {
        latitude: q.latitude,
        longitude: q.longitude,
        checkInDate: q.checkIn,
        checkOutDate: q.checkOut,
        adults: q.adults,
        rooms: q.rooms,
        currency: q.currency,
        offset: q.offset,
        limit: q.limit,
        sort: q.sortBy,
      },
    },
    ctx,
  );
  const parsed = Search.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'chain_c',
      'search results do not have the expected fields',
      parsed.error,
      res.status,
    );
  const candidate = {
    total: parsed.data.totalCount,
    hotels: parsed.data.properties.map((p) => {
      // A property that cannot be booked carries no price: none is invented, not even zeros.
      const bookable = p.available && p.rate !== null;
      return {
        property_id: p.code,
        name: p.name,
        brand: p.brand,
        location: { latitude: p.coordinates.lat, longitude: p.coordinates.lng },
        description: p.summary,
        rating: p.reviews.score,
        review_count: p.reviews.total,
        image: p.heroImage,
        url: p.detailsUrl,
        bookable,
        price:
          bookable && p.rate
            ? {
                per_night: p.rate.nightly,
                total: p.rate.total,
                taxes: p.rate.taxes,
                fees: p.rate.fees,
                currency: p.rate.currency,
                points_per_night: p.rate.pointsNightly,
              }
            : null,
        distance_meters: p.distanceMeters,
      };
    }),
  };
  const result = conform('chain_c', ChainCResult, candidate, 'the search results', res.status);
  // The source sorts the whole list; the page keeps that promise even if its unpriced rows were mixed in.
  return q.sortBy === 'PRICE' ? { ...result, hotels: cheapestFirst(result.hotels) } : result;
}
