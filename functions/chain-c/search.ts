// GET /v1/chain_c/loyalty/search: chain_c hotels near coordinates, with cash and points prices, paged.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainC } from '../../shared/providers/chain-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainCHotel } from '../../shared/schemas/chain-c.ts';
import { coordinateParam, currencyParam, intParam } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const SORT_BY = ['DISTANCE', 'PRICE'] as const;

export const ChainCQuery = withStayOrder(
  z.object({
    latitude: coordinateParam(90).meta({ description: 'Latitude of the search center, -90 to 90' }),
    longitude: coordinateParam(180).meta({ description: 'Longitude of the search center, -180 to 180' }),
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({ description: 'Departure date, YYYY-MM-DD, after check_in' }),
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    rooms: intParam(1, 8, 1).meta({ description: 'Rooms, 1 to 8. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every price; asked of chain_c, which prices in it',
    }),
    offset: intParam(0, 100_000, 0).meta({ description: 'Hotels to skip. Default 0' }),
    limit: intParam(1, 20, 20).meta({ description: 'Hotels per page, at most 20. Default 20' }),
    sort_by: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(SORT_BY))
      .default('DISTANCE')
      // The wire value is a string the pipe upper-cases; the document names the values it accepts.
      .meta({
        type: 'string',
        enum: [...SORT_BY],
        description:
          'DISTANCE (nearest first) or PRICE (cheapest nightly price first, unpriced properties last); ' +
          'case-insensitive. Default DISTANCE',
      }),
  }),
);

export const ChainCSearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainCHotel).min(1),
  total: z.number().int().min(1).meta({ description: 'All matching hotels, across pages' }),
  page_info: z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(20),
    has_more: z.boolean().meta({ description: 'True while a further page exists' }),
  }),
});

export const handler = endpoint({
  route: routes.chainCSearch,
  query: ChainCQuery,
  response: ChainCSearchResponse,
  run: async ({ query }, ctx) => {
    const { total, hasMore, hotels } = await chainC.search(ctx, {
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
    if (hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        total > 0
          ? `chain_c has ${total} hotels for this search; offset ${query.offset} is past the last one.`
          : 'chain_c has no hotel near these coordinates.',
      );
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    const other = hotels.find((h) => h.price && h.price.currency !== query.currency)?.price;
    if (other)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_c does not price in ${query.currency} (it answered in ${other.currency}).`,
      );
    return {
      success: true as const,
      hotels,
      total,
      page_info: { offset: query.offset, limit: query.limit, has_more: hasMore },
    };
  },
});
