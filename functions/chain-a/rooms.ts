// GET /v1/chain_a/rooms: room types, cash rates and reward options of a chain_a hotel for a stay.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { roomsFor } from '../../shared/providers/chain-a/rooms.ts';
import { routes } from '../../shared/routes.ts';
import { dateParam, intParam, nights, text } from '../../shared/schemas/params.ts';

const FORMAT = { status: 400, error_code: 'INVALID_DATE_FORMAT' } as const;
const PAST = { status: 400, error_code: 'PAST_DATES' } as const;

export const RoomsQuery = z.object({
  hotel_code: text(10, 3).regex(/^[A-Za-z0-9]+$/, { error: 'must be 3 to 10 letters or digits' }).transform((c) => c.toUpperCase()),
  check_in: dateParam({ format: FORMAT, past: PAST }),
  check_out: dateParam({ format: FORMAT }),
  adults: intParam(1, 8, 2),
  children: intParam(0, 6, 0),
  rooms: intParam(1, 9, 1),
}).refine((q) => q.check_out > q.check_in, {
  path: ['check_out'], error: 'must be strictly after check_in', params: { status: 400, error_code: 'INVALID_DATES' },
});

export const handler = endpoint({
  route: routes.chainARooms,
  query: RoomsQuery,
  run: async ({ query }, ctx) => {
    const result = await roomsFor(ctx, {
      hotelCode: query.hotel_code, checkIn: query.check_in, checkOut: query.check_out, nights: nights(query.check_in, query.check_out),
      adults: query.adults, children: query.children, rooms: query.rooms,
    });
    if (!result) throw new ProblemError(404, 'HOTEL_NOT_FOUND', `chain_a has no hotel with code ${query.hotel_code}.`);
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
