import * as z from 'zod';

/** Maps hotel (search result), per the contract's table. */
export const MapsHotel = z.object({
  hotel_id: z.string(),
  name: z.string(),
  location: z.object({ address: z.string().nullable(), latitude: z.number(), longitude: z.number() }),
  price: z.object({
    current: z.number(),
    regular: z.number().nullable(),
    max_price: z.number(),
    currency: z.string().nullable(),
    price_per_night: z.number(),
  }),
  rating: z.object({ value: z.number(), votes: z.number().int(), rating_max: z.number() }),
  stars: z.number().int().min(1).max(5).nullable(),
  check_in_time: z.string(),
  check_out_time: z.string(),
  amenities: z.array(z.string()),
  images: z.array(z.string()).max(10),
  description: z.string(),
  is_paid: z.boolean(),
});
export type MapsHotel = z.infer<typeof MapsHotel>;
