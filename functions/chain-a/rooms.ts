// GET /v1/chain_a/rooms: room types, cash rates and reward options of a chain_a hotel for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainARoomsQuery, ChainAStay } from '../../shared/schemas/chain-a.ts';
import { nights } from '../../shared/schemas/params.ts';

export const ChainARoomsResponse = z.object({
  success: z.literal(true),
  hotel_code: z
    .string()
    .regex(/^[A-Z0-9]{3,10}$/)
    .meta({ description: 'The hotel_code asked for, upper-cased' }),
  currency: ChainAStay.shape.currency,
  brand_code: ChainAStay.shape.brand_code,
  country_code: ChainAStay.shape.country_code,
  total: z.number().int().min(0).meta({ description: 'Number of room_types' }),
  room_types: ChainAStay.shape.room_types,
});

export const handler = endpoint({
  route: routes.chainARooms,
  query: ChainARoomsQuery,
  response: ChainARoomsResponse,
  // The cash and points offers are asked at once: both slots go with the lease, not one after it.
  slotsAhead: { chain_a: 2 },
  run: async ({ query }, ctx) => {
    const stay = await chainA.rooms(ctx, {
      ...camelKeys(query),
      nights: nights(query.check_in, query.check_out),
    });
    if (!stay) throw ctx.error('HOTEL_NOT_FOUND', `chain_a has no hotel with code ${query.hotel_code}.`);
    // A sold-out stay is the contract's 200 with no rooms, not NO_RESULTS.
    return { success: true as const, hotel_code: query.hotel_code, ...stay, total: stay.room_types.length };
  },
});
