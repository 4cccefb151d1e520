// GET /v1/site_a/hotel/rooms: a site_a hotel's room catalogue and its bookable blocks for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { hotelRooms } from '../../shared/providers/site-a/stay-rooms.ts';
import { routes } from '../../shared/routes/index.ts';
import { nights } from '../../shared/schemas/params.ts';
import { SiteARoom } from '../../shared/schemas/site-a-hotel.ts';
import { SiteAHotelRoomsQuery } from '../../shared/schemas/site-a-query.ts';

const money = z.number().min(0);

export const HotelRoomsResponse = z.object({
  success: z.literal(true),
  hotel_id: z.string().regex(/^\d+$/),
  search_params: z.object({
    check_in: z.iso.date(),
    check_out: z.iso.date(),
    nights: z.number().int().min(1),
    adults: z.number().int(),
    rooms: z.number().int(),
    children: z.number().int(),
    currency: z.string(),
  }),
  rooms: z.array(SiteARoom),
  cheapest: z
    .object({ room_id: z.string(), block_id: z.string(), total: money, per_night: money.nullable() })
    .nullable()
    .meta({ description: 'The block with the lowest total; null when sold out or no block is priced' }),
  sold_out: z.boolean(),
});

export const handler = endpoint({
  route: routes.siteAHotelRooms,
  query: SiteAHotelRoomsQuery,
  response: HotelRoomsResponse,
  run: async ({ query }, ctx) => {
    const stayNights = nights(query.check_in, query.check_out);
    const read = await hotelRooms(
      ctx,
      query.hotel_id,
      {
        checkIn: query.check_in,
        checkOut: query.check_out,
        adults: query.adults,
        rooms: query.rooms,
        childrenAges: query.children_ages ?? [],
        currency: query.currency,
      },
      query.language,
      stayNights,
    );
    if (!read) throw ctx.error('HOTEL_NOT_FOUND', `site_a has no hotel ${query.hotel_id}.`);
    let cheapest: z.input<typeof HotelRoomsResponse>['cheapest'] = null;
    for (const room of read.rooms)
      for (const b of room.blocks)
        if (b.total !== null && (cheapest === null || b.total < cheapest.total))
          cheapest = { room_id: room.room_id, block_id: b.block_id, total: b.total, per_night: b.per_night };
    const soldOut = read.rooms.every((r) => r.blocks.length === 0);
    return {
      success: true as const,
      hotel_id: query.hotel_id,
      search_params: {
        check_in: query.check_in,
        check_out: query.check_out,
        nights: stayNights,
        adults: query.adults,
        rooms: query.rooms,
        children: query.children,
        currency: query.currency,
      },
      rooms: read.rooms,
      cheapest: soldOut ? null : cheapest,
      sold_out: soldOut,
    };
  },
});
