// GET /v1/chain_b/hotel/price-calendar: a chain_b hotel's best price per check-in date, up to 60 days.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainBBrand, ChainBCalendarDay, ChainBHotelId } from '../../shared/schemas/chain-b.ts';
import { PriceCalendarQuery } from '../../shared/schemas/chain-b-query.ts';

export const PriceCalendarResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  name: z.string().min(1),
  brand: ChainBBrand,
  currency: z.string().regex(/^[A-Z]{3}$/),
  calendar: z.array(ChainBCalendarDay).meta({
    description: 'One entry per check-in date priced, in date order; dates not priced in time are absent',
  }),
  total: z.number().int().min(0).meta({ description: 'Entries in calendar' }),
  complete: z
    .boolean()
    .meta({ description: 'false when some dates could not be priced before the deadline (they are absent)' }),
});

export const handler = endpoint({
  route: routes.chainBHotelPriceCalendar,
  query: PriceCalendarQuery,
  response: PriceCalendarResponse,
  run: async ({ query }, ctx) => {
    const found = await chainB.priceCalendar(ctx, query.hotel_id, camelKeys(query));
    if (!found) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    const other = found.calendar.find((d) => d.currency !== null && d.currency !== query.currency);
    if (other)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_b does not price in ${query.currency} (it answered in ${other.currency}).`,
      );
    return {
      success: true as const,
      hotel_id: query.hotel_id,
      name: found.name,
      brand: found.brand,
      currency: query.currency,
      calendar: found.calendar.map(({ currency: _currency, ...day }) => day),
      total: found.calendar.length,
      complete: found.complete,
    };
  },
});
