import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { coordinateParam, intParam, text } from './params.ts';
import { StayDateParams, StayDates, withStayOrder } from './stay.ts';

// Rooms rule: per-night figures (per_night, per_night_after_tax, points, cash) are for one room; stay
// totals (base_total, fees_taxes, total, points_total, cash_total) are for every room over every night.

const Amount = z.number().min(0);

/** Chain A cash rate (spec table); amounts in the property's billing currency. */
export const CashRate = z.object({
  name: z.string().min(1),
  rate_plan_code: z.string().min(1),
  per_night: Amount.nullable().meta({
    description: 'Average nightly price of one room, before taxes and fees; null when the source gives none',
  }),
  per_night_after_tax: Amount.nullable().meta({
    description: 'Average nightly price of one room, taxes and fees included',
  }),
  base_total: Amount.nullable().meta({ description: 'Stay total of every room, before taxes and fees' }),
  fees_taxes: Amount.nullable().meta({ description: 'Stay total of taxes and fees, every room' }),
  total: Amount.nullable().meta({
    description: 'Stay total of every room after tax: base_total + fees_taxes',
  }),
  currency: CurrencyCode.nullable().meta({
    description: "Always the top-level currency: the property's; null when chain_a does not show it",
  }),
  is_member_rate: z.boolean().nullable().meta({
    description: 'True when the rate requires a loyalty account; null when chain_a does not say',
  }),
  is_advance_purchase: z.boolean().nullable().meta({
    description: 'True for non-refundable prepaid rates; null when chain_a says neither',
  }),
  long_description: z.string().nullable(),
  policy_description: z.string().nullable().meta({ description: 'Cancellation and prepayment text' }),
});
export type CashRate = z.infer<typeof CashRate>;

/** Chain A reward option: points per night, with or without cash. */
export const RewardOption = z
  .object({
    points: z.number().int().min(0).meta({ description: 'Points per night for one room' }),
    cash: Amount.nullable().meta({
      description: 'Cash per night for one room, on top of the points; null for a points-only option',
    }),
    cash_currency: CurrencyCode.nullable().meta({
      description:
        'Currency of cash, read per option (may differ from the rates currency); null when cash is, or when chain_a does not show it',
    }),
    points_total: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'Points for the whole stay: points × nights × rooms' }),
    cash_total: Amount.nullable().meta({
      description: 'Cash for the whole stay: cash × nights × rooms; null for a points-only option',
    }),
  })
  .refine((o) => o.cash !== null || o.cash_currency === null, {
    error: 'cash_currency is null when cash is',
  });
export type RewardOption = z.infer<typeof RewardOption>;

/** Chain A room type (spec table). */
export const RoomType = z.object({
  code: z.string().min(1).meta({ description: 'Inventory code, stable per property' }),
  name: z.string().min(1),
  description: z.string().nullable(),
  max_adults: z.number().int().min(0).nullable(),
  max_children: z.number().int().min(0).nullable(),
  available_rooms: z.number().int().min(0).nullable(),
  rates: z.array(CashRate),
  reward_options: z
    .array(RewardOption)
    .meta({ description: 'May be empty; at most one points-only option (cash null)' }),
});
export type RoomType = z.infer<typeof RoomType>;

/** What chain_a says of a property for one stay: the rooms response without its echo and count. */
export const ChainAStay = z.object({
  currency: CurrencyCode.nullable().meta({
    description:
      "The property's billing currency (ISO 4217), the currency of every cash rate; null when the answer does not show it (no room available, or an answer that leaves it out)",
  }),
  brand_code: z.string().nullable().meta({
    description:
      "chain_a's brand code; null when the source's answer leaves it out (a trimmed or sold-out answer)",
  }),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .meta({
      description:
        "ISO 3166-1 alpha-2 country of the property; null when the source's answer leaves it out (a trimmed or sold-out answer)",
    }),
  room_types: z.array(RoomType).meta({
    description: 'Empty (with total 0) when chain_a confirms no room for the exact dates and occupancy',
  }),
});
export type ChainAStay = z.infer<typeof ChainAStay>;

/** The query of chain_a rooms (a watch of the route checks its parameters with it too). */
export const ChainARoomsQuery = withStayOrder(
  z.object({
    hotel_code: text(10, 3)
      .regex(/^[A-Za-z0-9]+$/, { error: 'must be 3 to 10 letters or digits' })
      .transform((c) => c.toUpperCase())
      .meta({ description: 'chain_a property code, 3 to 10 letters or digits; case-insensitive' }),
    check_in: StayDateParams.check_in,
    check_out: StayDates.check_out.meta({
      description: 'Departure date, YYYY-MM-DD, strictly after check_in',
    }),
    adults: intParam(1, 8, 2).meta({ description: 'Adults per room, 1 to 8. Default 2' }),
    children: intParam(0, 6, 0).meta({ description: 'Children per room, 0 to 6. Default 0' }),
    rooms: intParam(1, 9, 1).meta({ description: 'Rooms, 1 to 9. Default 1' }),
  }),
);

/** The query of chain_a search (a watch of the route checks its parameters with it too). */
export const ChainASearchQuery = withStayOrder(
  z.object({
    latitude: coordinateParam(90).meta({ description: 'Latitude of the point, -90 to 90' }),
    longitude: coordinateParam(180).meta({ description: 'Longitude of the point, -180 to 180' }),
    radius_km: intParam(1, 100, 25).meta({
      description: 'Search radius in kilometres, 1 to 100. Default 25',
    }),
    check_in: StayDateParams.check_in,
    check_out: StayDates.check_out.meta({
      description: 'Departure date, YYYY-MM-DD, after check_in and at most 30 nights later',
    }),
    adults: intParam(1, 8, 1).meta({ description: 'Adults per room, 1 to 8. Default 1' }),
    rooms: intParam(1, 9, 1).meta({ description: 'Rooms, 1 to 9. Default 1' }),
  }),
);
