import * as z from 'zod';

/** The best priced offer of a chain_b hotel for the stay, in the requested currency. */
export const BestOffer = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ description: 'ISO 4217 code of the amounts: the requested currency' }),
  amount: z
    .number()
    .min(0)
    .meta({ description: 'The price as chain_b aggregates it (see aggregation_type)' }),
  per_night: z.number().min(0).meta({ description: 'Average nightly price' }),
  total: z.number().min(0).meta({ description: 'Price of the whole stay' }),
  aggregation_type: z.string().min(1).meta({ description: 'What amount covers, e.g. TOTAL_STAY' }),
  formatted: z.string().min(1).meta({ description: 'amount formatted with its currency, e.g. "EUR 412.80"' }),
  tax_summary: z.string(),
  meal_plan: z.string().min(1).meta({ description: 'e.g. ROOM_ONLY, BREAKFAST' }),
  nights: z.number().int().min(1),
});
export type BestOffer = z.infer<typeof BestOffer>;

/** Chain B hotel (search result), per the contract's table. */
export const ChainBHotel = z.object({
  id: z.string().min(1).meta({ description: 'Hotel id, usable with every chain_b hotel endpoint' }),
  name: z.string().min(1),
  brand: z.object({ code: z.string().min(1), name: z.string().min(1) }),
  lodging: z
    .object({ code: z.string().min(1), name: z.string().min(1) })
    .meta({ description: 'Lodging type' }),
  stars: z.number().min(0).max(5).meta({ description: 'Official classification' }),
  rating: z
    .number()
    .min(0)
    .max(5)
    .nullable()
    .meta({ description: 'Guest score 0 to 5; null for some partner properties' }),
  review_count: z.number().int().min(0).nullable(),
  amenities: z.array(z.string().min(1)).meta({ description: 'Top amenity codes' }),
  address: z.object({
    street: z.string(),
    city: z.string().min(1),
    postal_code: z.string(),
    country: z.string().min(1),
    country_code: z.string().regex(/^[A-Z]{2}$/),
  }),
  distance_meters: z.number().int().min(0).meta({ description: 'From the search center' }),
  distance_feet: z.number().int().min(0),
  availability_status: z
    .enum(['AVAILABLE', 'UNAVAILABLE'])
    .meta({ description: 'For the requested dates: AVAILABLE exactly when best_offer is not null' }),
  best_offer: BestOffer.nullable().meta({ description: 'null when the property has no priced offer' }),
});
export type ChainBHotel = z.infer<typeof ChainBHotel>;

/** The place a chain_b search is centred on. */
export const ChainBPlace = z.object({
  slug: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'The destination_slug searched; null in coordinates mode' }),
  location: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .meta({ description: "The search center: the destination's coordinates, or those given" }),
});
export type ChainBPlace = z.infer<typeof ChainBPlace>;
