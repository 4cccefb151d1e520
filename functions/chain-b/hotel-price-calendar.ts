// GET /v1/chain_b/hotel/price-calendar: a chain_b hotel's best price per check-in date, up to 60 days.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBCalendarDay, ChainBHotelId } from '../../shared/schemas/chain-b.ts';
import { addDays } from '../../shared/dates.ts';
import { hotelIdParam, isDay, marketParam, MAX_NIGHTS } from '../../shared/schemas/chain-b-query.ts';
import { currencyParam, dateParam, intParam } from '../../shared/schemas/params.ts';
import { beyondHorizon } from '../../shared/schemas/stay.ts';

/** The widest calendar: date_to at most this many days after date_from. */
export const MAX_CALENDAR_DAYS = 60;
const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

export const PriceCalendarQuery = z
  .object({
    hotel_id: hotelIdParam(),
    date_from: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } }).meta({
      description: 'First check-in date, YYYY-MM-DD, not before today (UTC)',
    }),
    date_to: dateParam({ format: FORMAT }).meta({
      description: `Last check-in date, YYYY-MM-DD, from date_from to ${MAX_CALENDAR_DAYS} days after it`,
    }),
    nights: intParam(1, MAX_NIGHTS, 1).meta({ description: 'Nights of each stay, 1 to 30. Default 1' }),
    adults: intParam(1, 8, 1).meta({ description: 'Adults, 1 to 8. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every amount. Default USD',
    }),
    country_market: marketParam(),
  })
  .superRefine((q, ctx) => {
    // A date in the wrong format is refused as such; the range is checked between dates only.
    if (!isDay(q.date_from) || !isDay(q.date_to)) return;
    if (q.date_to < q.date_from)
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: 'must not be before date_from',
        params: { error_code: 'INVALID_DATES' },
      });
    else if (q.date_to > addDays(q.date_from, MAX_CALENDAR_DAYS))
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: `must be at most ${MAX_CALENDAR_DAYS} days after date_from`,
        params: { error_code: 'RANGE_TOO_LARGE' },
      });
    else {
      // The last stay of the range ends within the horizon, as every stay does.
      const beyond = beyondHorizon(addDays(q.date_to, q.nights));
      if (beyond)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: beyond,
          params: { error_code: 'INVALID_DATES' },
        });
    }
  });

export const PriceCalendarResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  name: z.string().min(1),
  brand: z.object({ code: z.string().min(1), name: z.string().min(1) }),
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
    const found = await chainB.priceCalendar(ctx, query.hotel_id, {
      dateFrom: query.date_from,
      dateTo: query.date_to,
      nights: query.nights,
      adults: query.adults,
      currency: query.currency,
      countryMarket: query.country_market,
    });
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
