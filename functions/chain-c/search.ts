// GET /v1/chain_c/loyalty/search: chain_c hotels near coordinates, with cash and points prices, paged.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { searchChainC } from '../../shared/providers/chain-c/search.ts';
import { routes } from '../../shared/routes.ts';
import { coordinateParam, currencyParam, intParam } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const ChainCQuery = withStayOrder(
  z.object({
    latitude: coordinateParam(90),
    longitude: coordinateParam(180),
    ...StayDates,
    adults: intParam(1, 10, 2),
    rooms: intParam(1, 8, 1),
    currency: currencyParam(),
    offset: intParam(0, 100_000, 0),
    limit: intParam(1, 20, 20),
    sort_by: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(['DISTANCE', 'PRICE']))
      .default('DISTANCE'),
  }),
);

export const handler = endpoint({
  route: routes.chainCSearch,
  query: ChainCQuery,
  run: async ({ query }, ctx) => {
    const { total, hotels } = await searchChainC(ctx, {
      latitude: query.latitude,
      longitude: query.longitude,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      rooms: query.rooms,
      currency: query.currency,
      offset: query.offset,
      limit: query.limit,
      sortBy: query.sort_by,
    });
    return {
      success: true,
      hotels,
      total,
      page_info: { offset: query.offset, limit: query.limit, has_more: query.offset + hotels.length < total },
    };
  },
});
