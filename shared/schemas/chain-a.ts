import * as z from 'zod';

/** Chain A cash rate (spec table); amounts in the property's billing currency. */
export const CashRate = z.object({
  name: z.string(),
  rate_plan_code: z.string(),
  per_night: z.number().nullable(),
  per_night_after_tax: z.number().nullable(),
  base_total: z.number().nullable(),
  fees_taxes: z.number().nullable(),
  total: z.number().nullable(),
  currency: z.string(),
  is_member_rate: z.boolean(),
  is_advance_purchase: z.boolean(),
  long_description: z.string().nullable(),
  policy_description: z.string().nullable(),
});
export type CashRate = z.infer<typeof CashRate>;

/** Chain A reward option: points per night, with or without cash. */
export const RewardOption = z
  .object({
    points: z.number().int(),
    cash: z.number().nullable(),
    cash_currency: z.string().nullable(),
    points_total: z.number().int().nullable(),
    cash_total: z.number().nullable(),
  })
  .refine((o) => (o.cash === null) === (o.cash_currency === null), {
    error: 'cash_currency is null exactly when cash is',
  });
export type RewardOption = z.infer<typeof RewardOption>;

export const RoomType = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  max_adults: z.number().int().nullable(),
  max_children: z.number().int().nullable(),
  available_rooms: z.number().int().nullable(),
  rates: z.array(CashRate),
  reward_options: z.array(RewardOption),
});
export type RoomType = z.infer<typeof RoomType>;
