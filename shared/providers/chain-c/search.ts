/** chain_c's loyalty search: properties near coordinates with cash and points prices for the stay. */
import * as z from 'zod';
import { ChainCHotel } from '../../schemas/chain-c.ts';
import { fetchUpstream } from '../../upstream/client.ts';
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
  sortBy: string;
}

export async function searchChainC(
  ctx: UpstreamContext,
  q: ChainCQuery,
): Promise<{ total: number; hotels: ChainCHotel[] }> {
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
    throw new ExtractionError('chain_c', 'search results do not have the expected fields', parsed.error);
  return {
    total: parsed.data.totalCount,
    hotels: parsed.data.properties.map((p) =>
      ChainCHotel.parse({
        property_id: p.code,
        name: p.name,
        brand: p.brand,
        location: { latitude: p.coordinates.lat, longitude: p.coordinates.lng },
        description: p.summary,
        rating: p.reviews.score,
        review_count: p.reviews.total,
        image: p.heroImage,
        url: p.detailsUrl,
        bookable: p.available && p.rate !== null,
        // An unbookable property has no rate: its prices are reported as zero rather than invented.
        price: p.rate
          ? {
              per_night: p.rate.nightly,
              total: p.rate.total,
              taxes: p.rate.taxes,
              fees: p.rate.fees,
              currency: p.rate.currency,
              points_per_night: p.rate.pointsNightly,
            }
          : { per_night: 0, total: 0, taxes: 0, fees: 0, currency: q.currency, points_per_night: 0 },
        distance_meters: p.distanceMeters,
      }),
    ),
  };
}
