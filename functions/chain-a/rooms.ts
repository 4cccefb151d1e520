// GET /v1/chain_a/rooms: room types, cash rates and reward options of a chain_a hotel for a stay.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { roomsFor } from '../../shared/providers/chain-a/rooms.ts';
import { routes } from '../../shared/routes.ts';
import { intParam, nights, text } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const RoomsQuery = withStayOrder(
  z.object({
    hotel_code: text(10, 3)
      .regex(/^[A-Za-z0-9]+$/, { error: 'must be 3 to 10 letters or digits' })
      .transform((c) => c.toUpperCase()),
    ...StayDates,
    adults: intParam(1, 8, 2),
    children: intParam(0, 6, 0),
    rooms: intParam(1, 9, 1),
  }),
);

export const handler = endpoint({
  route: routes.chainARooms,
  query: RoomsQuery,
  run: async ({ query }, ctx) => {
    const result = await roomsFor(ctx, {
      hotelCode: query.hotel_code,
      checkIn: query.check_in,
      checkOut: query.check_out,
      nights: nights(query.check_in, query.check_out),
      adults: query.adults,
      children: query.children,
      rooms: query.rooms,
    });
    if (!result)
      throw new ProblemError(404, 'HOTEL_NOT_FOUND', `chain_a has no hotel with code ${query.hotel_code}.`);
    return {
      success: true,
      hotel_code: query.hotel_code,
      currency: result.currency,
      brand_code: result.brand_code,
      country_code: result.country_code,
      total: result.room_types.length,
      room_types: result.room_types,
    };
  },
});
