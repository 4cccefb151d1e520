import * as z from 'zod';
import { intParam } from './params.ts';

/** The listing id in the path: the number after `rooms/` in a listing URL. */
export const ListingPath = z.object({
  listing_id: intParam(1, Number.MAX_SAFE_INTEGER).meta({
    description: 'The rental listing id: the number after rooms/ in a listing URL',
  }),
});

/** Rental listing details (spec table); the description is not part of it. */
export const RentalDetails = z.object({
  title: z.string().min(1),
  image_url: z.url({ protocol: /^https?$/ }).meta({ description: "URL of the listing's main picture" }),
  rating: z
    .string()
    .regex(/^\d+(\.\d+)? \(\d+\)$/)
    .meta({ description: 'Average followed by the count in parentheses, e.g. "4.85 (123)"' }),
  rating_count: z.number().int().min(0),
  badge: z.string().meta({ description: 'Award badge, e.g. Superhost' }),
  host_name: z.string().min(1),
  max_guests: z.number().int().min(1),
  children_allowed: z.boolean(),
  infants_allowed: z.boolean(),
  pets_allowed: z.boolean(),
});
export type RentalDetails = z.infer<typeof RentalDetails>;

/** An ISO 4217 code. */
const Currency = z.string().regex(/^[A-Z]{3}$/);
const Amount = z.number().min(0);

/** Rental pricing (spec table); every amount in `currency`, the one asked for. */
export const RentalPricing = z.object({
  nights: z.number().int().min(1),
  currency: Currency.meta({ description: 'ISO 4217 code of every amount: the requested currency' }),
  nightly_rate: Amount.meta({ description: 'Average accommodation price per night' }),
  accommodation_total: Amount.meta({ description: 'Accommodation for the whole stay' }),
  service_fee: Amount,
  total: Amount.meta({ description: 'Amount to pay: the sum of the breakdown' }),
  total_formatted: z
    .string()
    .regex(/^[A-Z]{3}\d+(\.\d+)?$/)
    .meta({ description: 'Currency code followed by the total, no space, e.g. "EUR412.80"' }),
  breakdown: z
    .array(
      z.object({
        type: z.string().min(1).meta({ description: 'e.g. ACCOMMODATION, CLEANING_FEE, SERVICE_FEE' }),
        description: z.string(),
        amount: z.number().meta({ description: 'Negative for a discount' }),
      }),
    )
    .min(1),
});
export type RentalPricing = z.infer<typeof RentalPricing>;
