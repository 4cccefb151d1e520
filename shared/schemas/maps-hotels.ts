import * as z from 'zod';

/** Maps hotel (search result), per the contract's table. */
export const MapsHotel = z.object({
  hotel_id: z.string().meta({ description: "The maps service's property token" }),
  name: z.string(),
  location: z.object({
    address: z.string().nullable().meta({ description: 'null when the service gives none' }),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  price: z.object({
    current: z.number().min(0).meta({ description: 'Lowest total for the stay, taxes included' }),
    regular: z.number().nullable().meta({ description: 'Price before a discount; null when none is shown' }),
    max_price: z.number().min(0).meta({ description: "Highest seller's total for the stay" }),
    currency: z.string().nullable().meta({ description: 'ISO 4217 code of every amount' }),
    price_per_night: z.number().min(0).meta({ description: 'current divided by the nights of the stay' }),
  }),
  rating: z.object({
    value: z.number().min(0).max(5).meta({ description: 'Average rating; 0 when the hotel has none yet' }),
    votes: z.number().int().min(0),
    rating_max: z.number(),
  }),
  stars: z.number().int().min(1).max(5).nullable().meta({ description: 'Hotel class; null when unclassed' }),
  check_in_time: z.string().meta({ description: 'Local time text, e.g. "3:00 PM"; may be empty' }),
  check_out_time: z.string().meta({ description: 'Local time text, e.g. "11:00 AM"; may be empty' }),
  amenities: z.array(z.string()),
  images: z.array(z.string()).max(10).meta({ description: 'Image URLs, up to 10' }),
  description: z.string(),
  is_paid: z.boolean().meta({ description: 'true for a sponsored listing' }),
});
export type MapsHotel = z.infer<typeof MapsHotel>;
