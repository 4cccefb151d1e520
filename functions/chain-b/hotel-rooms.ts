// GET /v1/chain_b/hotel/rooms: a chain_b hotel's room types and their rates for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainBHotelId, ChainBRooms } from '../../shared/schemas/chain-b.ts';
import { HotelRoomsQuery } from '../../shared/schemas/chain-b-query.ts';

// The query lives with chain_b's shared parameters: a watch's creation checks parameters with it too.
export { HotelRoomsQuery };

export const HotelRoomsResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  ...ChainBRooms.shape,
  total_offers: z.number().int().min(0).meta({ description: 'Rates across every room type' }),
});

export const handler = endpoint({
  route: routes.chainBHotelRooms,
  query: HotelRoomsQuery,
  response: HotelRoomsResponse,
  run: async ({ query }, ctx) => {
    const rooms = await chainB.rooms(ctx, query.hotel_id, camelKeys(query));
    if (!rooms) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    if (rooms.currency !== query.currency)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_b does not price in ${query.currency} (it answered in ${rooms.currency}).`,
      );
    const total = rooms.room_types.reduce((sum, r) => sum + r.rates.length, 0);
    // Sold out for those dates is the contract's 200 with no room types.
    return { success: true as const, hotel_id: query.hotel_id, ...rooms, total_offers: total };
  },
});
