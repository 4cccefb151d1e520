/** Query parameters the chain_b endpoints share: the hotel id, the market, and a stay with its defaults. */
import * as z from 'zod';
import { addDays, todayUtc } from '../dates.ts';
import {
  coordinateParam,
  currencyParam,
  dateParam,
  idParam,
  intParam,
  isDay,
  coded,
  type CodedCtx,
} from './params.ts';
import { isCountryCode } from './country.ts';
import { beyondHorizon, checkStayDates, MAX_NIGHTS } from './stay.ts';

export { isDay, MAX_NIGHTS };

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;
const PAST = { error_code: 'PAST_DATES' } as const;

/**
 * A chain_b hotel id as search returned it: 4 to 8 letters or digits, upper-cased; anything else is
 * 400 INVALID_HOTEL_ID.
 * @example hotelIdParam().parse('b7k2') // 'B7K2'
 */
export function hotelIdParam() {
  return idParam(
    /^[A-Z0-9]{4,8}$/,
    'INVALID_HOTEL_ID',
    'must be a chain_b hotel id: 4 to 8 letters or digits, as search returned it',
    { upper: true },
  ).meta({ description: 'chain_b hotel id, as search returned it (case-insensitive)', example: '9WT3' });
}

/**
 * An ISO 3166-1 alpha-2 market (case-insensitive), upper-cased; default US. Two letters no country has
 * (ZZ, QQ) are the route's validation error, never a market sent to chain_b.
 * @example marketParam().parse('fr') // 'FR'
 */
export function marketParam() {
  return z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'must be a country code (ISO 3166-1, two letters) such as US or FR' })
    .default('US')
    .meta({
      type: 'string',
      pattern: '^[A-Za-z]{2}$',
      description:
        'ISO 3166-1 alpha-2 country code of the market (case-insensitive); affects price and availability. Default US',
    });
}

/** A chain_b stay's parameters: check_in default today, check_out default the next day, adults, currency, market. */
export const stayShape = {
  check_in: dateParam({ format: FORMAT, past: PAST })
    .optional()
    .meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC). Default today' }),
  check_out: dateParam({ format: FORMAT }).optional().meta({
    description: 'Departure date, YYYY-MM-DD, after check_in, at most 30 nights later. Default check_in + 1',
  }),
  adults: intParam(1, 8, 2).meta({ description: 'Adults, 1 to 8. Default 2' }),
  currency: currencyParam().meta({
    description: 'ISO 4217 code (case-insensitive) of every amount. Default USD',
  }),
  country_market: marketParam(),
};

interface StayInput {
  check_in?: string | undefined;
  check_out?: string | undefined;
}

/**
 * The shared stay rule (400 INVALID_DATES: order, 30 nights, horizon), check_in defaulting to today.
 * @example z.object(stayShape).check(coded(['INVALID_DATES'], stayOrder))
 */
export function stayOrder(q: StayInput, ctx: CodedCtx<'INVALID_DATES'>): void {
  checkStayDates(q.check_in ?? todayUtc(), q.check_out, ctx);
}

/** The stay with its defaults filled in. @example withStayDefaults({ check_in: '2030-06-10' }).check_out // '2030-06-11' */
export function withStayDefaults<T extends StayInput>(q: T): T & { check_in: string; check_out: string } {
  const checkIn = q.check_in ?? todayUtc();
  return { ...q, check_in: checkIn, check_out: q.check_out ?? addDays(checkIn, 1) };
}

/**
 * The query of chain_b rooms: the hotel and a stay. Here rather than beside its handler, so that a watch's
 * creation checks a watch's parameters with it without bundling the connector (shared/watches/queries.ts).
 * @example HotelRoomsQuery.parse({ hotel_id: '9wt3', check_in: '2030-06-10' }).check_out // '2030-06-11'
 */
export const HotelRoomsQuery = z
  .object({ hotel_id: hotelIdParam(), ...stayShape })
  .check(coded(['INVALID_DATES'], stayOrder))
  .transform(withStayDefaults);

/** The query of chain_b search, by coordinates or a destination slug (a watch checks with it too). */
export const ChainBSearchQuery = z
  .object({
    latitude: coordinateParam(90).optional().meta({
      description: 'Latitude of the search center, -90 to 90; with longitude, instead of destination_slug',
      example: 48.8566,
    }),
    longitude: coordinateParam(180)
      .optional()
      .meta({ description: 'Longitude of the search center, -180 to 180; with latitude', example: 2.3522 }),
    destination_slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'must be a destination slug such as paris-fr' })
      .optional()
      .meta({ description: 'chain_b destination, e.g. paris-fr; instead of coordinates' }),
    radius_km: intParam(1, 200, 50).meta({
      description: 'Search radius in km around the coordinates, 1 to 200 (coordinates mode only). Default 50',
    }),
    check_in: dateParam({ format: FORMAT, past: PAST })
      .optional()
      .meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC). Default today' }),
    check_out: dateParam({ format: FORMAT })
      .optional()
      .meta({ description: 'Departure date, YYYY-MM-DD, after check_in. Default check_in plus 1 night' }),
    adults: intParam(1, 8, 1).meta({ description: 'Adults, 1 to 8. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every amount; asked of chain_b, which prices in it',
    }),
    country_market: marketParam(),
    limit: intParam(1, 50, 20).meta({ description: 'Hotels per answer, 1 to 50. Default 20' }),
    offset: intParam(0, 100_000, 0).meta({ description: 'Hotels to skip, nearest first. Default 0' }),
  })
  .check(
    coded(['MISSING_LOCATION', 'INVALID_DATES'], (q, ctx) => {
      const geo = q.latitude !== undefined && q.longitude !== undefined;
      if (!geo && !q.destination_slug) {
        ctx.claim('MISSING_LOCATION', 'is required with longitude, unless destination_slug is given', [
          'latitude',
        ]);
      } else if (geo && q.destination_slug) {
        ctx.addIssue({
          code: 'custom',
          path: ['destination_slug'],
          // Both modes at once is an invalid combination: the route's validation error (422 INVALID_PARAMETERS).
          message: 'give coordinates or destination_slug, not both',
        });
      }
      // Dates in the wrong format are refused as such, not also as out of order (checkStayDates skips them).
      checkStayDates(q.check_in ?? todayUtc(), q.check_out, ctx);
    }),
  )
  .transform((q) => {
    const checkIn = q.check_in ?? todayUtc();
    return { ...q, check_in: checkIn, check_out: q.check_out ?? addDays(checkIn, 1) };
  });

/** The widest calendar: date_to at most this many days after date_from. */
export const MAX_CALENDAR_DAYS = 60;

export const PriceCalendarQuery = z
  .object({
    hotel_id: hotelIdParam(),
    date_from: dateParam({ format: FORMAT, past: PAST }).meta({
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
  .check(
    coded(['INVALID_DATES', 'RANGE_TOO_LARGE'], (q, ctx) => {
      // A date in the wrong format is refused as such; the range is checked between dates only.
      if (!isDay(q.date_from) || !isDay(q.date_to)) return;
      if (q.date_to < q.date_from) ctx.claim('INVALID_DATES', 'must not be before date_from', ['date_to']);
      else if (q.date_to > addDays(q.date_from, MAX_CALENDAR_DAYS))
        ctx.claim('RANGE_TOO_LARGE', `must be at most ${MAX_CALENDAR_DAYS} days after date_from`, [
          'date_to',
        ]);
      // nights that failed its own check (abc, ２, 31, 10^9) is refused as such: the horizon needs a stay's nights.
      else if (Number.isInteger(q.nights) && q.nights >= 1 && q.nights <= MAX_NIGHTS) {
        // The last stay of the range ends within the horizon, as every stay does.
        const beyond = beyondHorizon(addDays(q.date_to, q.nights));
        if (beyond) ctx.claim('INVALID_DATES', beyond, ['date_to']);
      }
    }),
  );
