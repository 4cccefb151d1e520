// GET /v1/chain_a/search: chain_a hotels around a point for a stay, nearest first, with nightly prices.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainASearchHotel } from '../../shared/schemas/chain-a-hotels.ts';
import { coordinateParam, intParam } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const SearchQuery = withStayOrder(
  z.object({
    latitude: coordinateParam(90).meta({ description: 'Latitude of the point, -90 to 90' }),
    longitude: coordinateParam(180).meta({ description: 'Longitude of the point, -180 to 180' }),
    radius_km: intParam(1, 100, 25).meta({
      description: 'Search radius in kilometres, 1 to 100. Default 25',
    }),
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({
      description: 'Departure date, YYYY-MM-DD, after check_in and at most 30 nights later',
    }),
    adults: intParam(1, 8, 1).meta({ description: 'Adults per room, 1 to 8. Default 1' }),
    rooms: intParam(1, 9, 1).meta({ description: 'Rooms, 1 to 9. Default 1' }),
  }),
);

export const ChainASearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainASearchHotel).min(1).meta({ description: 'Nearest first' }),
  total: z.number().int().min(1).meta({ description: 'Hotels returned' }),
});

export const handler = endpoint({
  route: routes.chainASearch,
  query: SearchQuery,
  response: ChainASearchResponse,
  run: async ({ query }, ctx) => {
    const hotels = await chainA.search(ctx, {
      latitude: query.latitude,
      longitude: query.longitude,
      radiusKm: query.radius_km,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      rooms: query.rooms,
    });
    if (hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        `chain_a has no hotel within ${query.radius_km} km of this point for the stay.`,
      );
    return { success: true as const, hotels, total: hotels.length };
  },
});
