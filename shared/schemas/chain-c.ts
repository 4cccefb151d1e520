import * as z from 'zod';

/** The cash and points price of a bookable chain_c property for the stay, in the requested currency. */
export const ChainCPrice = z.object({
  per_night: z.number().min(0).meta({ description: 'Average nightly cash price, before taxes and fees' }),
  total: z.number().min(0).meta({ description: 'Cash price of the whole stay, taxes and fees included' }),
  taxes: z.number().min(0).meta({ description: 'Taxes of the stay' }),
  fees: z.number().min(0).meta({ description: 'Fees of the stay' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ description: 'ISO 4217 code of the amounts: the requested currency' }),
  points_per_night: z.number().int().min(0).meta({ description: 'Loyalty points per night' }),
});
export type ChainCPrice = z.infer<typeof ChainCPrice>;

/** Chain C hotel (search result), per the contract's table. */
export const ChainCHotel = z.object({
  property_id: z
    .string()
    .min(1)
    .meta({ description: 'Property code, usable with the chain_c rooms endpoint' }),
  name: z.string().min(1),
  brand: z.object({ id: z.string().min(1), name: z.string().min(1) }),
  location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  description: z.string(),
  rating: z.number().min(0).max(5).meta({ description: 'Guest rating, 0 to 5' }),
  review_count: z.number().int().min(0),
  image: z.url({ protocol: /^https?$/ }).meta({ description: 'URL of a picture of the property' }),
  url: z.url({ protocol: /^https?$/ }).meta({ description: 'URL of the hotel page' }),
  bookable: z.boolean().meta({ description: 'Whether the property has available rooms for the stay' }),
  price: ChainCPrice.nullable().meta({
    description:
      'null exactly when bookable is false: a property that cannot be booked for the stay has no price',
  }),
  distance_meters: z.number().min(0).meta({ description: 'From the search coordinates' }),
});
export type ChainCHotel = z.infer<typeof ChainCHotel>;
