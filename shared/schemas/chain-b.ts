import * as z from 'zod';

export const BestOffer = z.object({
  currency: z.string(),
  amount: z.number(),
  per_night: z.number(),
  total: z.number(),
  aggregation_type: z.string(),
  formatted: z.string(),
  tax_summary: z.string(),
  meal_plan: z.string(),
  nights: z.number().int(),
});

/** Chain B hotel (search result), per the contract's table. */
export const ChainBHotel = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.object({ code: z.string(), name: z.string() }),
  lodging: z.object({ code: z.string(), name: z.string() }),
  stars: z.number(),
  rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().nullable(),
  amenities: z.array(z.string()),
  address: z.object({
    street: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    country_code: z.string(),
  }),
  distance_meters: z.number().int(),
  distance_feet: z.number().int(),
  availability_status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  best_offer: BestOffer.nullable(),
});
export type ChainBHotel = z.infer<typeof ChainBHotel>;
