/**
 * chain_a's hotel resources beyond rooms: the hotel profile (details) and a hotel of a search near a
 * point. Identity is required (the hotel code, and the name of a profile); every other field is null when
 * the source does not show it (wave3-endpoints.md, "Identity is required").
 */
import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { LatLng, PostalAddress } from './location.ts';

/** A hotel code as rooms takes it: 3 to 10 letters or digits, upper-cased. */
export const ChainAHotelCode = z
  .string()
  .regex(/^[A-Z0-9]{3,10}$/)
  .meta({ description: 'chain_a hotel code, upper-cased: usable with rooms and details' });

const Time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .nullable();
const Text = z.string().min(1).nullable();

/** A brand: its code and name, each null when the source leaves it out. */
export const ChainABrand = z.object({
  code: Text.meta({ description: "chain_a's brand code" }),
  name: Text.meta({ description: 'The brand name' }),
});

/** The hotel profile (wave3-endpoints.md, chain_a hotel/details), without the echo. */
export const ChainAHotelDetails = z.object({
  name: z.string().min(1),
  brand: ChainABrand,
  short_description: Text,
  description: Text.meta({ description: 'The long description, plain text' }),
  address: PostalAddress,
  location: LatLng.nullable().meta({ description: 'null when the profile gives no coordinates' }),
  phone: Text.meta({
    description: 'Low confidence: the source block it comes from is not on record; often null',
  }),
  room_count: z.number().int().min(0).nullable().meta({ description: 'Rooms, suites included' }),
  check_in_time: Time.meta({ description: 'HH:MM, local time; low confidence, often null' }),
  check_out_time: Time.meta({ description: 'HH:MM, local time; low confidence, often null' }),
  url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .meta({ description: "The hotel's page on the chain's site" }),
});
export type ChainAHotelDetails = z.infer<typeof ChainAHotelDetails>;

const PerNight = z.number().min(0).nullable();

/** A hotel of a search near a point, with the source's nightly summary prices (never stay totals). */
export const ChainASearchHotel = z.object({
  hotel_code: ChainAHotelCode,
  name: Text.meta({
    description: 'From the profile batch; null when it does not name the hotel or could not be read',
  }),
  brand: ChainABrand,
  distance_km: z.number().min(0).nullable().meta({ description: 'From the point searched, straight line' }),
  availability: z.enum(['AVAILABLE', 'UNAVAILABLE']).nullable().meta({
    description: 'UNAVAILABLE only where the source says so for the hotel; null where it says nothing',
  }),
  currency: CurrencyCode.nullable().meta({
    description: "The hotel's own currency, that of lowest_per_night",
  }),
  lowest_per_night: PerNight.meta({
    description: 'Lowest cash price of one room for one night, before taxes and fees',
  }),
  lowest_points_per_night: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Fewest points for one night' }),
  points_and_cash_per_night: z
    .object({
      points: z.number().int().min(0),
      cash: z.number().min(0).nullable().meta({
        description:
          "In the hotel's currency (`currency`); null when the source does not say the cash is in that currency",
      }),
    })
    .nullable()
    .meta({ description: 'The lowest points plus cash option for one night; null when none is shown' }),
  reward_night_available: z.boolean().nullable().meta({ description: 'null when the source does not say' }),
});
export type ChainASearchHotel = z.infer<typeof ChainASearchHotel>;
