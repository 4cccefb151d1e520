// GET /v1/chain_b/hotel/amenities: a chain_b hotel's amenities by category, free or paid where known.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBAmenityCategory, ChainBHotelId } from '../../shared/schemas/chain-b.ts';
import { hotelIdParam } from '../../shared/schemas/chain-b-query.ts';

export const HotelAmenitiesQuery = z.object({ hotel_id: hotelIdParam() });

export const HotelAmenitiesResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  categories: z.array(ChainBAmenityCategory),
  total: z.number().int().min(0).meta({ description: 'Amenities in all categories' }),
});

export const handler = endpoint({
  route: routes.chainBHotelAmenities,
  query: HotelAmenitiesQuery,
  response: HotelAmenitiesResponse,
  run: async ({ query }, ctx) => {
    const categories = await chainB.amenities(ctx, query.hotel_id);
    if (!categories) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    const total = categories.reduce((sum, c) => sum + c.amenities.length, 0);
    return { success: true as const, hotel_id: query.hotel_id, categories, total };
  },
});
