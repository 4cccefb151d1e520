import * as z from 'zod';

/** Chain C hotel (search result), per the contract's table. */
export const ChainCHotel = z.object({
  property_id: z.string(),
  name: z.string(),
  brand: z.object({ id: z.string(), name: z.string() }),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  description: z.string(),
  rating: z.number(),
  review_count: z.number().int(),
  image: z.string(),
  url: z.string(),
  bookable: z.boolean(),
  price: z.object({
    per_night: z.number(),
    total: z.number(),
    taxes: z.number(),
    fees: z.number(),
    currency: z.string(),
    points_per_night: z.number().int(),
  }),
  distance_meters: z.number(),
});
export type ChainCHotel = z.infer<typeof ChainCHotel>;
