/** A rental listing's availability calendar (wave 3: GET /v1/rental/listing/{listing_id}/calendar). */
import * as z from 'zod';

const Nights = z.number().int().min(0).nullable();

/** One day: what the source says of it; null where it says nothing. */
export const CalendarDay = z.object({
  date: z.iso.date(),
  available: z.boolean().nullable().meta({ description: 'Free to stay the night (past days: false)' }),
  available_for_checkin: z.boolean().nullable(),
  available_for_checkout: z.boolean().nullable(),
  bookable: z
    .boolean()
    .nullable()
    .meta({ description: 'Whether the source would book it; null for past days, as the source gives it' }),
  min_nights: Nights.meta({ description: 'The fewest nights of a stay arriving that day' }),
  max_nights: Nights.meta({ description: 'The most nights of a stay arriving that day' }),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

/** A rule the source states for a range of days (its `conditionRanges`). */
export const CalendarCondition = z.object({
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  closed_to_arrival: z.boolean().nullable(),
  closed_to_departure: z.boolean().nullable(),
  min_nights: Nights,
  max_nights: Nights,
});

export const CalendarMonth = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .meta({ description: 'YYYY-MM' }),
  days: z.array(CalendarDay).meta({ description: 'Every day of the month the source gives, from day 1' }),
  conditions: z
    .array(CalendarCondition)
    .meta({ description: "The source's conditions for ranges of days (arrival, departure, stay length)" }),
});
export type CalendarMonth = z.infer<typeof CalendarMonth>;

export const CalendarSummary = z.object({
  available_days: z.number().int().min(0).meta({ description: 'Days with available true' }),
  first_available_date: z.iso.date().nullable(),
});
