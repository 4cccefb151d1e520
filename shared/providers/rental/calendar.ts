/**
 * rental's availability calendar (real-sources §16 rental, Calendar): the persisted query
 * `PdpAvailabilityCalendar` by GET, variables `{request: {count, listingId (the decimal string), month,
 * year, returnPropertyLevelCalendarIfApplicable: false}}`, answering
 * `data.merlin.pdpAvailabilityCalendar.calendarMonths[]{month, year, days[], conditionRanges[]}`. The
 * source's nightly price (`price.localPriceFormatted`) is null for the anonymous key and is not read: a
 * stay's price is the pricing route's. Days are identified by `calendarDate`; every other field may be
 * absent (null, counted as drift).
 */
import * as z from 'zod';
import { CalendarCondition, CalendarMonth, type CalendarDay } from '../../schemas/rental-calendar.ts';
import { fetchExtracted } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { graphqlAnswer, graphqlGet } from './graphql.ts';

const Nights = z.number().int().min(0).nullish();

const RawDay = z.looseObject({
  calendarDate: z.iso.date(),
  available: z.boolean().nullish(),
  availableForCheckin: z.boolean().nullish(),
  availableForCheckout: z.boolean().nullish(),
  // Null for past days, as the source gives them.
  bookable: z.boolean().nullable().optional(),
  minNights: Nights,
  maxNights: Nights,
});

const RawCondition = z.looseObject({
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  conditions: z
    .looseObject({
      closedToArrival: z.boolean().nullish(),
      closedToDeparture: z.boolean().nullish(),
      minNights: Nights,
      maxNights: Nights,
    })
    .nullish(),
});

/** The calendar answer; a null calendar is a listing the source does not have. */
export const CalendarAnswer = tolerant(
  'rental',
  z.looseObject({
    data: z.looseObject({
      merlin: z.looseObject({
        pdpAvailabilityCalendar: z
          .looseObject({
            calendarMonths: z.array(
              z.looseObject({
                month: z.number().int().min(1).max(12),
                year: z.number().int().min(1970).max(9999),
                days: z.array(RawDay),
                conditionRanges: z.array(RawCondition).nullish(),
              }),
            ),
          })
          .nullable(),
      }),
    }),
  }),
  'the calendar answer',
);
export type CalendarAnswer = z.output<typeof CalendarAnswer>;

/** The months of a calendar answer, or undefined for a listing the source does not have. */
export type Calendar = CalendarMonth[] | undefined;

const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

/**
 * The contract's months from a calendar answer as read: each day as the source gives it (past days
 * unavailable, `bookable` null), the month's condition ranges; undefined when the calendar is null (no such
 * listing). An answer without a month is not a calendar.
 * @example extractCalendar(answer)?.[0]?.days[0] // { date: '2030-06-01', available: true, available_for_checkin: true, … }
 */
export function extractCalendar(answer: CalendarAnswer): Calendar {
  const calendar = answer.data.merlin.pdpAvailabilityCalendar;
  if (!calendar) return undefined;
  if (calendar.calendarMonths.length === 0)
    throw new ExtractionError('rental', 'the calendar answer has no month');
  return calendar.calendarMonths.map((m) =>
    conform(
      'rental',
      CalendarMonth,
      {
        month: `${m.year}-${String(m.month).padStart(2, '0')}`,
        days: m.days.map((d): CalendarDay => ({
          date: d.calendarDate,
          available: orNull(d.available),
          available_for_checkin: orNull(d.availableForCheckin),
          available_for_checkout: orNull(d.availableForCheckout),
          bookable: orNull(d.bookable),
          min_nights: orNull(d.minNights),
          max_nights: orNull(d.maxNights),
        })),
        conditions: (m.conditionRanges ?? []).map((c): z.infer<typeof CalendarCondition> => ({
          start_date: c.startDate,
          end_date: c.endDate,
          closed_to_arrival: orNull(c.conditions?.closedToArrival),
          closed_to_departure: orNull(c.conditions?.closedToDeparture),
          min_nights: orNull(c.conditions?.minNights),
          max_nights: orNull(c.conditions?.maxNights),
        })),
      },
      'a calendar month',
    ),
  );
}

/**
 * `months` whole months of a listing's calendar from `year`-`month`, or undefined when the source has no
 * such listing.
 * @example await listingCalendar(ctx, { listingId: '40000001', year: 2030, month: 6, months: 3 }) // [{ month: '2030-06', days: [...], conditions: [...] }, …]
 */
export async function listingCalendar(
  ctx: UpstreamContext,
  q: { listingId: string; year: number; month: number; months: number },
): Promise<Calendar> {
  const req = graphqlGet(
    'PdpAvailabilityCalendar',
    {
      request: {
        count: q.months,
        listingId: q.listingId,
        month: q.month,
        year: q.year,
        returnPropertyLevelCalendarIfApplicable: false,
      },
    },
    'USD',
    'prices',
  );
  const res = await fetchExtracted(req, ctx, 'calendar', ({ status, body }) =>
    extractCalendar(
      graphqlAnswer('PdpAvailabilityCalendar', CalendarAnswer, 'the calendar answer', status, body),
    ),
  );
  return res.body;
}
