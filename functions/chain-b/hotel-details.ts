// GET /v1/chain_b/hotel/details: a chain_b hotel's content, from its id as search returned it.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBHotelDetails, ChainBHotelId } from '../../shared/schemas/chain-b.ts';
import { hotelIdParam } from '../../shared/schemas/chain-b-query.ts';

export const HotelDetailsQuery = z.object({ hotel_id: hotelIdParam() });

export const HotelDetailsResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  ...ChainBHotelDetails.shape,
});

export const handler = endpoint({
  route: routes.chainBHotelDetails,
  query: HotelDetailsQuery,
  response: HotelDetailsResponse,
  run: async ({ query }, ctx) => {
    const details = await chainB.details(ctx, query.hotel_id);
    if (!details) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    return { success: true as const, hotel_id: query.hotel_id, ...details };
  },
});
