// GET /v1/rental/listing/{listing_id}/calendar: a listing's availability, day by day, up to 12 months.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam, todayUtc, coded } from '../../shared/schemas/params.ts';
import { ListingIdJson, ListingPath } from '../../shared/schemas/rental.ts';
import { CalendarMonth, CalendarSummary } from '../../shared/schemas/rental-calendar.ts';

/** The current month, YYYY-MM in UTC. */
const thisMonth = () => todayUtc().slice(0, 7);
/** Months from `from` to `to` (YYYY-MM). @example monthsBetween('2030-11', '2031-02') // 3 */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));
/** How far ahead a calendar may start. */
const MAX_MONTHS_AHEAD = 12;

export const CalendarQuery = z.object({
  months: intParam(1, 12, 12).meta({ description: 'Months to answer, 1 to 12. Default 12' }),
  start_month: z
    .string()
    .trim()
    .check(
      coded(['INVALID_DATE_FORMAT', 'PAST_DATES'], (value, ctx) => {
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value))
          ctx.claim('INVALID_DATE_FORMAT', 'must be a month in the form YYYY-MM');
        else if (value < thisMonth()) ctx.claim('PAST_DATES', 'must not be before the current month (UTC)');
        else if (monthsBetween(thisMonth(), value) > MAX_MONTHS_AHEAD)
          ctx.addIssue({ code: 'custom', message: 'must be at most 12 months after the current month' });
      }),
    )
    .optional()
    .meta({
      type: 'string',
      pattern: '^\\d{4}-\\d{2}$',
      description: 'First month, YYYY-MM: from the current month (UTC, the default) to 12 months after it',
      // The month the document is built in: a fixed month would fall out of the 12-month window.
      example: thisMonth(),
    }),
});

export const RentalCalendarResponse = z.object({
  success: z.literal(true),
  listing_id: ListingIdJson,
  start_month: z.string().regex(/^\d{4}-\d{2}$/),
  months: z.array(CalendarMonth),
  summary: CalendarSummary,
});

export const handler = endpoint({
  route: routes.rentalCalendar,
  path: ListingPath,
  query: CalendarQuery,
  response: RentalCalendarResponse,
  run: async ({ path, query }, ctx) => {
    const start = query.start_month ?? thisMonth();
    const months = await rental.calendar(ctx, {
      listingId: path.listing_id,
      year: Number(start.slice(0, 4)),
      month: Number(start.slice(5)),
      months: query.months,
    });
    if (!months) throw ctx.error('LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    const days = months.flatMap((m) => m.days);
    const free = days.filter((d) => d.available === true);
    return {
      success: true as const,
      listing_id: path.listing_id,
      start_month: start,
      months,
      summary: {
        available_days: free.length,
        first_available_date: free.map((d) => d.date).sort()[0] ?? null,
      },
    };
  },
});
