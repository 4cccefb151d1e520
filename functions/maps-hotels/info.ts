// GET /v1/maps_hotels/info: one hotel in full for a stay, by hotel_id (from search) or by name.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsHotelInfo } from '../../shared/schemas/maps-hotels.ts';
import { currencyParam, intParam, text } from '../../shared/schemas/params.ts';
import { MAX_NIGHTS, StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

/**
 * A maps_hotels hotel_id: the service's property token as search returned it, URL-safe base64 (letters,
 * digits, `-`, `_`, padding `=`). Anything else is the addendum's malformed id, 400 INVALID_HOTEL_ID,
 * refused before any call to the source.
 */
export const MapsHotelId = text(500)
  .refine((id) => /^[A-Za-z0-9_-]+={0,2}$/.test(id), {
    error: 'must be a hotel_id as /v1/maps_hotels/search returned it (letters, digits, - and _)',
    params: { error_code: 'INVALID_HOTEL_ID' },
  })
  .meta({ description: 'hotel_id from /v1/maps_hotels/search', example: 'ChkIaDExMTI1007790' });

export const MapsHotelInfoQuery = withStayOrder(
  z.object({
    hotel_id: MapsHotelId.optional(),
    query: text(200).optional().meta({ description: 'A hotel name, ideally with its city' }),
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({
      description: `Departure date, YYYY-MM-DD, after check_in, at most ${MAX_NIGHTS} nights later`,
    }),
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of the prices. Default USD',
    }),
  }),
).refine((q) => (q.hotel_id === undefined) !== (q.query === undefined), {
  path: ['hotel_id'],
  error: 'give exactly one of hotel_id or query',
  params: { error_code: 'MISSING_HOTEL' },
});

export const MapsHotelInfoResponse = z.object({
  success: z.literal(true),
  query: z.string().nullable().meta({ description: 'The name asked for; null when asked by hotel_id' }),
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  hotel: MapsHotelInfo,
});

export const handler = endpoint({
  route: routes.mapsHotelsInfo,
  query: MapsHotelInfoQuery,
  response: MapsHotelInfoResponse,
  run: async ({ query }, ctx) => {
    const found = await mapsHotels.info(ctx, {
      hotelId: query.hotel_id,
      query: query.query,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      currency: query.currency,
    });
    if (!found)
      throw ctx.error(
        'HOTEL_NOT_FOUND',
        query.hotel_id ? `No hotel with hotel_id ${query.hotel_id}.` : `No hotel found for "${query.query}".`,
      );
    // The body names no currency: amounts in another one than asked would be mislabelled.
    if (found.currency !== query.currency)
      throw ctx.error(
        'INVALID_CURRENCY',
        `The maps service does not price in ${query.currency} (it answered in ${found.currency}).`,
      );
    return {
      success: true as const,
      query: query.query ?? null,
      check_in: query.check_in,
      check_out: query.check_out,
      hotel: found.hotel,
    };
  },
});
