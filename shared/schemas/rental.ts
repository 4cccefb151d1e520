import * as z from 'zod';
import { intParam } from './params.ts';

/** The listing id in the path: the number after `rooms/` in a listing URL. */
export const ListingPath = z.object({ listing_id: intParam(1, Number.MAX_SAFE_INTEGER) });

/** Rental listing details (spec table); the description is not part of it. */
export const RentalDetails = z.object({
  title: z.string(),
  image_url: z.string(),
  rating: z.string(),
  rating_count: z.number().int(),
  badge: z.string(),
  host_name: z.string(),
  max_guests: z.number().int(),
  children_allowed: z.boolean(),
  infants_allowed: z.boolean(),
  pets_allowed: z.boolean(),
});
export type RentalDetails = z.infer<typeof RentalDetails>;

/** Rental pricing (spec table). */
export const RentalPricing = z.object({
  nights: z.number().int(),
  currency: z.string(),
  nightly_rate: z.number(),
  accommodation_total: z.number(),
  service_fee: z.number(),
  total: z.number(),
  total_formatted: z.string(),
  breakdown: z.array(z.object({ type: z.string(), description: z.string(), amount: z.number() })),
});
export type RentalPricing = z.infer<typeof RentalPricing>;
