// GET /v1/chain_c/loyalty/rooms: the rooms of a chain_c property for a stay, with cash, points and
// cash-and-points rates and their nightly rates.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainC } from '../../shared/providers/chain-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainCRooms, PropertyIdParam } from '../../shared/schemas/chain-c.ts';
import { currencyParam, intParam } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const RoomsQuery = withStayOrder(
  z.object({
    property_id: PropertyIdParam,
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({ description: 'Departure date, YYYY-MM-DD, after check_in' }),
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    rooms: intParam(1, 8, 1).meta({ description: 'Rooms, 1 to 8. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every cash amount. Default USD',
    }),
  }),
).superRefine((q, ctx) => {
  // The addendum's longest stay.
  if (Date.parse(q.check_out) - Date.parse(q.check_in) > 30 * 86_400_000)
    ctx.addIssue({
      code: 'custom',
      path: ['check_out'],
      message: 'must be at most 30 nights after check_in',
      params: { error_code: 'INVALID_DATES' },
    });
});

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
  query: RoomsQuery,
  response: ChainCRoomsResponse,
  run: async ({ query }, ctx) => {
    const stay = await chainC.rooms(
      ctx,
      {
        propertyId: query.property_id,
        checkIn: query.check_in,
        checkOut: query.check_out,
        adults: query.adults,
        rooms: query.rooms,
      },
      query.currency,
    );
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
