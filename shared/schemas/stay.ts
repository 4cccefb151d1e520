/** Stay parameters shared by the endpoints that price a stay: dates with their documented codes. */
import * as z from 'zod';
import { dateParam } from './params.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

export const StayDates = {
  check_in: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } }),
  check_out: dateParam({ format: FORMAT }),
};

/** check_out strictly after check_in, reported as INVALID_DATES. */
export function withStayOrder<
  T extends z.ZodObject<{ check_in: z.ZodType<string>; check_out: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((q) => (q as { check_out: string }).check_out > (q as { check_in: string }).check_in, {
    path: ['check_out'],
    error: 'must be after check_in',
    params: { error_code: 'INVALID_DATES' },
  });
}
