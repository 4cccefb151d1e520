/** Stay parameters shared by the endpoints that price a stay: dates with their documented codes. */
import * as z from 'zod';
import { addDays, todayUtc } from '../dates.ts';
import { coded, dateParam, isDay, type CodedCtx } from './params.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

/** The longest stay any route prices (the contract's rule: more than 30 nights is 400 INVALID_DATES). */
export const MAX_NIGHTS = 30;

/**
 * How far ahead a check-out may lie. No source books this far out (site_a about 500 days, the chains
 * about 550), but the contract states no horizon of its own, so the service's is generous: it exists so
 * that an absurd date (a check-out in 9999) is our 400, never a request the source refuses as its 502.
 */
export const HORIZON_DAYS = 5 * 365;

export const StayDates = {
  check_in: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } }),
  check_out: dateParam({ format: FORMAT }),
};

/** The stay's dates as the routes that take both describe them (a route with its own words keeps them). */
export const StayDateParams = {
  check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
  check_out: StayDates.check_out.meta({ description: 'Departure date, YYYY-MM-DD, after check_in' }),
};

/**
 * Why a stay of two valid dates is refused (400 INVALID_DATES), or undefined when it may go upstream:
 * check-out after check-in, at most `maxNights` later, and within the horizon.
 * @example stayDatesProblem('2030-06-01', '2030-07-15') // 'must be at most 30 nights after check_in'
 */
export function stayDatesProblem(
  checkIn: string,
  checkOut: string,
  maxNights = MAX_NIGHTS,
): string | undefined {
  if (checkOut <= checkIn) return 'must be after check_in';
  if (checkOut > addDays(checkIn, maxNights)) return `must be at most ${maxNights} nights after check_in`;
  return beyondHorizon(checkOut);
}

/**
 * Why a day is refused as past the horizon (400 INVALID_DATES), or undefined.
 * @example beyondHorizon('9999-12-31') // 'must be at most 1825 days from today, …'
 */
export function beyondHorizon(day: string): string | undefined {
  if (day <= addDays(todayUtc(), HORIZON_DAYS)) return undefined;
  return `must be at most ${HORIZON_DAYS} days from today: no source books that far ahead`;
}

/**
 * Adds the INVALID_DATES issue on check_out when a stay of two valid dates is refused (see
 * `stayDatesProblem`); dates that are absent or not days are left to their own checks.
 * @example coded(['INVALID_DATES'], (q, ctx) => checkStayDates(q.check_in, q.check_out, ctx))
 */
export function checkStayDates(
  checkIn: string | undefined,
  checkOut: string | undefined,
  ctx: CodedCtx<'INVALID_DATES'>,
  maxNights = MAX_NIGHTS,
): void {
  if (!isDay(checkIn) || !isDay(checkOut)) return;
  const problem = stayDatesProblem(checkIn, checkOut, maxNights);
  if (problem) ctx.claim('INVALID_DATES', problem, ['check_out']);
}

/**
 * check_out strictly after check_in, at most 30 nights later and within the horizon, reported as
 * INVALID_DATES before any source sees the stay.
 * @example withStayOrder(z.object({ check_in: StayDates.check_in, check_out: StayDates.check_out }))
 */
export function withStayOrder<
  T extends z.ZodObject<{ check_in: z.ZodType<string>; check_out: z.ZodType<string> }>,
>(schema: T, maxNights = MAX_NIGHTS) {
  return schema.check(
    coded(['INVALID_DATES'], (q: { check_in: string; check_out: string }, ctx) =>
      checkStayDates(q.check_in, q.check_out, ctx, maxNights),
    ),
  );
}
