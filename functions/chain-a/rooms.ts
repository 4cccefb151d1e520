// GET /v1/chain_a/rooms: room types, cash rates and reward options of a chain_a hotel for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainAStay } from '../../shared/schemas/chain-a.ts';
import { intParam, nights, text } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const RoomsQuery = withStayOrder(
  z.object({
    hotel_code: text(10, 3)
      .regex(/^[A-Za-z0-9]+$/, { error: 'must be 3 to 10 letters or digits' })
      .transform((c) => c.toUpperCase())
      .meta({ description: 'chain_a property code, 3 to 10 letters or digits; case-insensitive' }),
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({
      description: 'Departure date, YYYY-MM-DD, strictly after check_in',
    }),
    adults: intParam(1, 8, 2).meta({ description: 'Adults per room, 1 to 8. Default 2' }),
    children: intParam(0, 6, 0).meta({ description: 'Children per room, 0 to 6. Default 0' }),
    rooms: intParam(1, 9, 1).meta({ description: 'Rooms, 1 to 9. Default 1' }),
  }),
);

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
  query: RoomsQuery,
  response: ChainARoomsResponse,
  // The cash and points offers are asked at once: both slots go with the lease, not one after it.
  slotsAhead: { chain_a: 2 },
  run: async ({ query }, ctx) => {
    const stay = await chainA.rooms(ctx, {
      hotelCode: query.hotel_code,
      checkIn: query.check_in,
      checkOut: query.check_out,
      nights: nights(query.check_in, query.check_out),
      adults: query.adults,
      children: query.children,
      rooms: query.rooms,
    });
    if (!stay) throw ctx.error('HOTEL_NOT_FOUND', `chain_a has no hotel with code ${query.hotel_code}.`);
    // A sold-out stay is the contract's 200 with no rooms, not NO_RESULTS.
    return { success: true as const, hotel_code: query.hotel_code, ...stay, total: stay.room_types.length };
  },
});
