/** Query parameters the chain_b endpoints share: the hotel id, the market, and a stay with its defaults. */
import * as z from 'zod';
import { addDays, todayUtc } from '../dates.ts';
import { currencyParam, dateParam, idParam, intParam, isDay } from './params.ts';
import { checkStayDates, MAX_NIGHTS } from './stay.ts';

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

/** An ISO 3166 alpha-2 market, upper-cased; default US. */
export function marketParam() {
  return z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166 alpha-2 code' })
    .transform((c) => c.toUpperCase())
    .default('US')
    .meta({ description: 'ISO 3166 alpha-2 market; affects price and availability. Default US' });
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
 * @example z.object(stayShape).superRefine(stayOrder)
 */
export function stayOrder(q: StayInput, ctx: z.RefinementCtx): void {
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
  .superRefine(stayOrder)
  .transform(withStayDefaults);
