// GET /v1/chain_c/loyalty/rooms: the rooms of a chain_c property for a stay, with cash, points and
// cash-and-points rates and their nightly rates.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainC } from '../../shared/providers/chain-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainCRooms, ChainCRoomsQuery } from '../../shared/schemas/chain-c.ts';

export const ChainCRoomsResponse = z.object({
  success: z.literal(true),
  property_id: z
    .string()
    .regex(/^[A-Z0-9]+$/)
    .meta({ description: 'The property_id asked for, upper-cased' }),
  ...ChainCRooms.shape,
  total: z.number().int().min(0).meta({ description: 'Number of room_types' }),
});

export const handler = endpoint({
  route: routes.chainCRooms,
  query: ChainCRoomsQuery,
  response: ChainCRoomsResponse,
  run: async ({ query }, ctx) => {
    const stay = await chainC.rooms(ctx, camelKeys(query), query.currency);
    if (!stay) throw ctx.error('PROPERTY_NOT_FOUND', `chain_c has no property ${query.property_id}.`);
    if (stay.currency !== query.currency)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_c does not price in ${query.currency} (it answered in ${stay.currency}).`,
      );
    // No room for the exact dates and occupancy is the contract's 200 with no room types.
    return { success: true as const, property_id: query.property_id, ...stay, total: stay.room_types.length };
  },
});
