import * as z from 'zod';
import { RequestedCurrency } from './currency.ts';
import { LatLng } from './location.ts';

const Lodging = z.object({
  code: z.string().min(1),
  name: z.string().min(1).nullable().meta({ description: 'null when chain_b shows only the code' }),
});
const CodeLabel = z.object({ code: z.string().min(1), label: z.string().min(1) });

/** A hotel's address; each part null when chain_b does not show it. */
const Address = z
  .object({
    street: z.string().min(1).nullable(),
    city: z.string().min(1).nullable(),
    postal_code: z.string().min(1).nullable(),
    country: z.string().min(1).nullable(),
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .meta({ description: 'ISO 3166-1 alpha-2' }),
  })
  .meta({ description: 'Each part null when chain_b does not show it' });

/** An offer's nightly and stay prices, as chain_b's aggregation says; both null where it does not say. */
const StayPrices = {
  per_night: z
    .number()
    .min(0)
    .nullable()
    .meta({ description: 'Average nightly price; null when chain_b does not say what its amount covers' }),
  total: z.number().min(0).nullable().meta({
    description:
      'Price of the whole stay for these guests; null when chain_b does not say what its amount covers',
  }),
};

/**
 * The best offer of a chain_b hotel for the stay, in the requested currency: its cheapest public price (a
 * member rate by its public price); a package's or a members-only amount only when no public price is
 * shown, since the contract's null means no priced offer at all.
 */
export const BestOffer = z.object({
  currency: RequestedCurrency,
  amount: z.number().min(0).meta({
    description:
      'The price as chain_b aggregates it (see aggregation_type): the cheapest public one (a room offer open to anyone, or a member rate at its public, non-member price); only when the hotel shows no public price, its cheapest package or members-only amount',
  }),
  ...StayPrices,
  aggregation_type: z.string().min(1).nullable().meta({
    description:
      'What amount covers, e.g. TOTAL_STAY; null when chain_b does not say (per_night and total are then null)',
  }),
  formatted: z.string().min(1).nullable().meta({
    description: 'amount formatted with its currency, e.g. "EUR 412.80"; null when chain_b does not show it',
  }),
  tax_summary: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'What amount includes, e.g. "Taxes and fees included"; null when not shown' }),
  meal_plan: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'e.g. ROOM_ONLY, BREAKFAST; null when chain_b does not show it' }),
  nights: z.number().int().min(1),
});
export type BestOffer = z.infer<typeof BestOffer>;

/** A hotel's brand: its code, and its name where chain_b shows one; null when it shows no brand. */
export const ChainBBrand = z
  .object({
    code: z.string().min(1),
    name: z.string().min(1).nullable().meta({ description: 'null when chain_b shows only the code' }),
  })
  .nullable()
  .meta({ description: 'null when chain_b shows no brand' });
export type ChainBBrand = z.infer<typeof ChainBBrand>;

/** Chain B hotel (search result), per the contract's table. */
export const ChainBHotel = z.object({
  id: z.string().min(1).meta({ description: 'Hotel id, usable with every chain_b hotel endpoint' }),
  name: z.string().min(1),
  brand: ChainBBrand,
  lodging: Lodging.nullable().meta({ description: 'Lodging type; null when chain_b does not give one' }),
  stars: z
    .number()
    .min(0)
    .max(5)
    .nullable()
    .meta({ description: 'Official classification; null when not shown' }),
  rating: z
    .number()
    .min(0)
    .max(5)
    .nullable()
    .meta({ description: 'Guest score 0 to 5; null for some partner properties' }),
  review_count: z.number().int().min(0).nullable(),
  amenities: z.array(z.string().min(1)).meta({ description: 'Top amenity codes' }),
  address: Address,
  distance_meters: z.number().int().min(0).meta({ description: 'From the search center' }),
  distance_feet: z.number().int().min(0),
  availability_status: z.enum(['AVAILABLE', 'UNAVAILABLE']).nullable().meta({
    description:
      "For the requested dates, as chain_b says; an AVAILABLE hotel has no best_offer only when none of its offers is priced; null when the hotel's offers could not be read (best_offer is then null too)",
  }),
  best_offer: BestOffer.nullable().meta({
    description:
      'null when the property has no priced offer for those dates, or when its offers could not be read (availability_status null)',
  }),
});
export type ChainBHotel = z.infer<typeof ChainBHotel>;

/** The place a chain_b search is centred on. */
export const ChainBPlace = z.object({
  slug: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'The destination_slug searched; null in coordinates mode' }),
  location: LatLng.meta({ description: "The search center: the destination's coordinates, or those given" }),
});
export type ChainBPlace = z.infer<typeof ChainBPlace>;

/** A chain_b hotel id: letters and digits, as search returned it (upper-cased). */
export const ChainBHotelId = z.string().regex(/^[A-Z0-9]{4,8}$/);

/** A guest score with its review count; either may be null when chain_b shows only the other. */
const GuestRating = z.object({
  score: z.number().min(0).max(5).nullable().meta({ description: 'Guest score 0 to 5; null when not shown' }),
  review_count: z.number().int().min(0).nullable().meta({ description: 'null when not shown' }),
});

/** What hotel/details answers beyond the echo (addendum). */
export const ChainBHotelDetails = z.object({
  name: z.string().min(1),
  brand: ChainBBrand,
  lodging: Lodging.nullable().meta({ description: 'Lodging type; null when chain_b does not give one' }),
  stars: z.number().min(0).max(5).nullable(),
  description: z.string().nullable(),
  address: Address,
  location: LatLng.nullable(),
  contact: z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
  }),
  check_in_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable()
    .meta({ description: 'HH:MM, local time' }),
  check_out_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable(),
  rating: GuestRating.nullable().meta({
    description:
      'Guest score 0 to 5 with its review count; null when chain_b shows neither (either one alone: the other null)',
  }),
  main_photo_url: z.url({ protocol: /^https?$/ }).nullable(),
  top_amenities: z.array(CodeLabel),
  room_type_count: z.number().int().min(0).nullable(),
});
export type ChainBHotelDetails = z.infer<typeof ChainBHotelDetails>;

/** One amenity of a category. */
export const ChainBAmenity = z.object({
  code: z.string().min(1),
  label: z.string().min(1),
  paid: z.boolean().nullable().meta({ description: 'true when charged for; null when chain_b does not say' }),
  details: z.string().nullable(),
});
export const ChainBAmenityCategory = z.object({
  code: z.string().min(1),
  label: z.string().min(1),
  amenities: z.array(ChainBAmenity),
});
export type ChainBAmenityCategory = z.infer<typeof ChainBAmenityCategory>;

export const ChainBRating = GuestRating.nullable().meta({
  description: 'Guest score with its review count; null when chain_b shows neither',
});
export type ChainBRating = z.infer<typeof ChainBRating>;

export const ChainBReview = z.object({
  author: z.string().nullable(),
  rating: z.number().min(0).nullable().meta({ description: "The guest's score; null when not shown" }),
  title: z.string().nullable(),
  text: z.string().min(1).nullable().meta({ description: 'null when chain_b shows only a score' }),
  date: z.iso.date().nullable(),
  trip_type: z.string().nullable(),
  hotel_response: z.string().nullable(),
});
export type ChainBReview = z.infer<typeof ChainBReview>;

/** A rate of a room type, for the stay and these guests (one room: chain_b books one at a time). */
export const ChainBRate = z.object({
  rate_code: z.string().min(1),
  rate_label: z.string().nullable(),
  ...StayPrices,
  aggregation_type: z.string().min(1).nullable().meta({
    description: 'What chain_b aggregates its amount over, e.g. TOTAL_STAY; null when it does not say',
  }),
  reference_formatted: z
    .string()
    .nullable()
    .meta({ description: 'The struck-through price (the public price of a member rate), or null' }),
  meal_plan: z
    .string()
    .nullable()
    .meta({ description: 'e.g. EUROPEAN_PLAN (room only), BREAKFAST; null when chain_b does not show it' }),
  cancellation_code: z.string().nullable(),
  cancellation_label: z.string().nullable(),
  guarantee_code: z.string().nullable(),
  guarantee_label: z.string().nullable(),
  is_member_rate: z.boolean().nullable().meta({
    description: 'Whether the rate is for loyalty members; null when chain_b does not say',
  }),
  is_package: z.boolean().nullable().meta({
    description: 'Whether the rate is a package (more than the room); null when chain_b does not say',
  }),
});
export type ChainBRate = z.infer<typeof ChainBRate>;

export const ChainBRoomType = z.object({
  accommodation_code: z.string().min(1),
  name: z.string().min(1),
  description: z.string().nullable(),
  max_occupancy: z.number().int().min(0).nullable(),
  bedding: z.string().nullable(),
  surface_sqm: z.number().min(0).nullable(),
  rates: z.array(ChainBRate).meta({ description: 'Cheapest first' }),
});
export type ChainBRoomType = z.infer<typeof ChainBRoomType>;

export const ChainBRooms = z.object({
  currency: RequestedCurrency,
  availability_status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  room_types: z.array(ChainBRoomType).meta({ description: 'Empty when sold out for those dates' }),
});
export type ChainBRooms = z.infer<typeof ChainBRooms>;

const FormatUrl = z.url({ protocol: /^https?$/ });
export const ChainBPhoto = z.object({
  category: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'Category code; null when chain_b files the media under none' }),
  type: z.enum(['IMAGE', 'VIDEO']),
  url: FormatUrl.meta({ description: 'The largest format' }),
  formats: z.array(
    z.object({
      url: FormatUrl,
      width: z.number().int().min(0).nullable().meta({ description: 'Pixels; null when not shown' }),
      height: z.number().int().min(0).nullable().meta({ description: 'Pixels; null when not shown' }),
    }),
  ),
  video: z
    .object({
      embedded_url: FormatUrl.nullable(),
      download_url: FormatUrl.nullable(),
      preview_url: FormatUrl.nullable(),
    })
    .nullable(),
});
export type ChainBPhoto = z.infer<typeof ChainBPhoto>;

/** One check-in date of a price calendar. */
export const ChainBCalendarDay = z.object({
  date: z.iso.date(),
  status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  amount: z
    .number()
    .min(0)
    .nullable()
    .meta({ description: 'The best offer, as chain_b aggregates it; null when unpriced' }),
  formatted: z.string().nullable(),
  aggregation_type: z.string().min(1).nullable(),
  nights: z.number().int().min(1),
});
export type ChainBCalendarDay = z.infer<typeof ChainBCalendarDay>;
