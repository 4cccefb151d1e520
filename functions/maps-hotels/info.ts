// GET /v1/maps_hotels/info: one hotel in full for a stay, by hotel_id (from search) or by name.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { MapsHotelInfo } from '../../shared/schemas/maps-hotels.ts';
import { MapsHotelInfoQuery } from '../../shared/schemas/maps-hotels-query.ts';

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
    const found = await mapsHotels.info(ctx, camelKeys(query));
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
