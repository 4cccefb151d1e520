import * as z from 'zod';
import { LatLng } from './location.ts';

/**
 * A property's rating as the source shows it (the contract's amendment 1): null when the source shows
 * neither score nor review count (a vacation rental often has none); either one alone keeps the other null.
 */
const MapsHotelRating = z
  .object({
    value: z.number().min(0).max(5).nullable().meta({ description: 'Average rating; null when not shown' }),
    votes: z.number().int().min(0).nullable().meta({ description: 'Review count; null when not shown' }),
    rating_max: z.number(),
  })
  .nullable()
  .meta({ description: 'null when the source shows no rating at all (never 0 votes or a 0 value)' });

const NOT_SHOWN = 'null when the source does not show it';

/**
 * Maps hotel (search result), per the contract's table under the identity rule: hotel_id and name
 * identify it; coordinates and price amounts are null when the source does not show them.
 */
export const MapsHotel = z.object({
  hotel_id: z.string().meta({ description: "The maps service's property token" }),
  name: z.string(),
  location: z.object({
    address: z.string().nullable().meta({ description: 'null when the service gives none' }),
    latitude: LatLng.shape.latitude.nullable().meta({ description: NOT_SHOWN }),
    longitude: LatLng.shape.longitude.nullable().meta({ description: NOT_SHOWN }),
  }),
  price: z.object({
    current: z.number().min(0).nullable().meta({
      description:
        'Lowest total for the stay, taxes included; null when the source lists the hotel unpriced, and for a sponsored listing (its one price is per night, taxes in or not unsaid)',
    }),
    regular: z.number().nullable().meta({ description: 'Price before a discount; null when none is shown' }),
    max_price: z.number().min(0).nullable().meta({
      description:
        "Highest seller's total for the stay; null when the source shows no price, and for a sponsored listing",
    }),
    currency: z.string().nullable().meta({ description: 'ISO 4217 code of every amount' }),
    price_per_night: z
      .number()
      .min(0)
      .nullable()
      .meta({ description: 'current divided by the nights of the stay; null when current is' }),
  }),
  rating: MapsHotelRating,
  stars: z.number().int().min(1).max(5).nullable().meta({ description: 'Hotel class; null when unclassed' }),
  check_in_time: z
    .string()
    .nullable()
    .meta({ description: 'Local time text, e.g. "3:00 PM"; null when not shown' }),
  check_out_time: z
    .string()
    .nullable()
    .meta({ description: 'Local time text, e.g. "11:00 AM"; null when not shown' }),
  amenities: z.array(z.string()),
  images: z.array(z.string()).max(10).meta({ description: 'Image URLs, up to 10' }),
  description: z.string().nullable().meta({ description: 'null when the service gives none' }),
  is_paid: z.boolean().meta({ description: 'true for a sponsored listing' }),
});
export type MapsHotel = z.infer<typeof MapsHotel>;

/** A price as the source writes it and as a number (maps_hotels info). */
const InfoRate = z
  .object({
    lowest: z.string().meta({ description: 'As the service writes it, e.g. "€212"' }),
    lowest_value: z.number().min(0),
    before_taxes_fees: z.string().nullable(),
    before_taxes_fees_value: z.number().min(0).nullable(),
  })
  .nullable();

/** One hotel in full (maps_hotels info), per the contract addendum. */
export const MapsHotelInfo = z.object({
  hotel_id: z.string().meta({ description: "The maps service's property token, as search returns it" }),
  name: z.string(),
  type: z.string().nullable().meta({ description: 'e.g. "hotel" or "vacation rental"; null when not shown' }),
  description: z.string().nullable(),
  link: z.string().nullable().meta({ description: "The hotel's own site; null when none" }),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  location: LatLng.nullable().meta({ description: 'null when the source does not show where it is' }),
  check_in_time: z.string().nullable().meta({ description: 'Local time text, e.g. "3:00 PM"' }),
  check_out_time: z.string().nullable(),
  stars: z.number().int().min(1).max(5).nullable(),
  rating: MapsHotelRating,
  rate_per_night: InfoRate.meta({ description: 'Lowest nightly rate; null when the stay has no price' }),
  total_rate: InfoRate.meta({
    description: 'Lowest total for the stay (as search price.current); null when none',
  }),
  prices: z.array(
    z.object({
      source: z.string(),
      rate_per_night_value: z.number().min(0).nullable(),
      total_rate_value: z.number().min(0).nullable(),
      link: z.string().nullable(),
      is_official: z.boolean(),
    }),
  ),
  amenities: z.array(z.string()),
  images: z.array(z.string()).max(20).meta({ description: 'Image URLs, up to 20' }),
  nearby_places: z.array(
    z.object({ name: z.string(), category: z.string().nullable(), transport_time: z.string().nullable() }),
  ),
});
export type MapsHotelInfo = z.infer<typeof MapsHotelInfo>;

/** A hotel photo (maps_hotels photos). */
export const MapsHotelPhoto = z.object({
  thumbnail_url: z.string().nullable(),
  url: z.string().meta({ description: 'Original size' }),
});
export type MapsHotelPhoto = z.infer<typeof MapsHotelPhoto>;
