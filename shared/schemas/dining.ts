/**
 * Parameters the dining endpoints share: the reservation date and a 24-hour time, with their codes; and the
 * queries of the availability routes, which a watch's creation checks its parameters with too.
 */
import * as z from 'zod';
import { dateParam, intParam, repeatable, coded } from './params.ts';

/** A 24-hour time of day, HH:MM. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

// The codes a failed rule claims; the routes declare them, with their status.
const DATE_FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;
const PAST_DATE = { error_code: 'PAST_DATE' } as const;

/** The reservation date: YYYY-MM-DD (INVALID_DATE_FORMAT), not before today (PAST_DATE). */
export function reservationDate() {
  return dateParam({ format: DATE_FORMAT, past: PAST_DATE });
}

/**
 * A required 24-hour time HH:MM; anything else is INVALID_TIME_FORMAT.
 * @example timeParam('Preferred time').parse('19:30') // '19:30'
 */
export function timeParam(description: string) {
  return (
    z
      .string({ error: 'is required' })
      .trim()
      .check(
        coded(['INVALID_TIME_FORMAT'], (t, ctx) => {
          if (!HHMM.test(t)) {
            ctx.claim('INVALID_TIME_FORMAT', 'must be a 24-hour time HH:MM');
          }
        }),
      )
      // The refinement carries its own code (INVALID_TIME_FORMAT), so the rule is stated for the document here.
      .meta({ pattern: HHMM.source, description })
  );
}

/** The restaurant id in the path: a positive integer, as search returns it. */
export const RestaurantPath = z.object({
  restaurant_id: intParam(1, Number.MAX_SAFE_INTEGER).meta({
    description: 'The dining restaurant id (restaurant_id from search), positive',
  }),
});

/**
 * Price bands, 1 (cheapest) to 4, any of them: repeated (`prices=1&prices=2`) or comma-separated. Absent:
 * every band. The result is distinct and in order.
 * @example pricesParam().parse(['2', '1,2']) // [1, 2]
 */
export function pricesParam() {
  const what = 'must be price bands from 1 to 4';
  return repeatable(
    z
      .union([z.string(), z.array(z.string())])
      .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))
      .pipe(z.array(z.string().regex(/^[1-4]$/, { error: what })))
      .transform((bands) => [...new Set(bands.map(Number))].sort((a, b) => a - b))
      .optional()
      .transform((bands) => bands ?? [])
      .meta({
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: 4 },
        description: 'Price bands, 1 (cheapest) to 4; repeat the parameter for several (any of them)',
        example: [2, 3],
      }),
  );
}

/** The query of a restaurant's slots near a preferred time. */
export const SlotsQuery = z.object({
  date: reservationDate().meta({
    description: 'Date of the reservation, YYYY-MM-DD, not before today (UTC)',
  }),
  preferred_time: timeParam('Preferred time, 24-hour HH:MM (e.g. 19:30); centers the window of slots'),
  party_size: intParam(1, 30).meta({ description: 'Guests, 1 to 30' }),
});

/** The query of whether one exact time can be booked. */
export const AvailabilityQuery = z.object({
  date: reservationDate().meta({
    description: 'Date of the reservation, YYYY-MM-DD, not before today (UTC)',
  }),
  time: timeParam('The exact time asked for, 24-hour HH:MM (e.g. 19:30), the restaurant local time'),
  party_size: intParam(1, 30).meta({ description: 'Guests, 1 to 30' }),
});

/** HH:MM times a table can be booked at, each once and in order: what slots and availability answer. */
export const BookableTimes = z
  .array(z.string().regex(HHMM))
  .refine((s) => s.every((t, i) => i === 0 || s[i - 1]! < t), { error: 'must be distinct and in order' });
