// GET /v1/maps_hotels/photos: a hotel's photos from its property details (the source needs a stay).
import { coded } from '../../shared/schemas/params.ts';
import * as z from 'zod';
import { addDays, todayUtc } from '../../shared/dates.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsHotelPhoto } from '../../shared/schemas/maps-hotels.ts';
import { checkStayDates, MAX_NIGHTS, StayDates } from '../../shared/schemas/stay.ts';
import { MapsHotelId } from '../../shared/schemas/maps-hotels-query.ts';

export const MapsHotelPhotosQuery = z
  .object({
    hotel_id: MapsHotelId,
    check_in: StayDates.check_in.optional().meta({
      description:
        'Arrival date, YYYY-MM-DD, not before today (UTC), with check_out. Without both: tonight is tomorrow (UTC)',
      example: '2030-06-10',
    }),
    check_out: StayDates.check_out.optional().meta({
      description: `Departure date, YYYY-MM-DD, after check_in, at most ${MAX_NIGHTS} nights later, with check_in`,
      example: '2030-06-12',
    }),
  })
  // The stay is both dates or neither (the next night is used): one alone is the validation error (wave 3).
  .superRefine((q, ctx) => {
    if ((q.check_in === undefined) === (q.check_out === undefined)) return;
    const missing = q.check_in === undefined ? 'check_in' : 'check_out';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `is required with ${missing === 'check_in' ? 'check_out' : 'check_in'}`,
    });
  })
  // The shared stay rule holds here too, though the stay only serves to ask for the photos.
  .check(coded(['INVALID_DATES'], (q, ctx) => checkStayDates(q.check_in, q.check_out, ctx)));

export const MapsHotelPhotosResponse = z.object({
  success: z.literal(true),
  hotel_id: z.string(),
  photos: z.array(MapsHotelPhoto),
  total: z.number().int().min(0).meta({ description: 'Photos in this answer' }),
});

export const handler = endpoint({
  route: routes.mapsHotelsPhotos,
  query: MapsHotelPhotosQuery,
  response: MapsHotelPhotosResponse,
  run: async ({ query }, ctx) => {
    const checkIn = query.check_in ?? addDays(todayUtc(), 1);
    const photos = await mapsHotels.photos(ctx, {
      hotelId: query.hotel_id,
      checkIn,
      checkOut: query.check_out ?? addDays(checkIn, 1),
      adults: 2,
      currency: 'USD',
    });
    if (!photos) throw ctx.error('HOTEL_NOT_FOUND', `No hotel with hotel_id ${query.hotel_id}.`);
    return { success: true as const, hotel_id: query.hotel_id, photos, total: photos.length };
  },
});
