import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { currencyParam, idParam, intParam, nights } from './params.ts';
import { StayDateParams, withStayOrder } from './stay.ts';

/** A listing id as the platform writes it: a positive decimal integer of up to 20 digits (ids exceed 2^53). */
export const LISTING_ID = /^[1-9]\d{0,19}$/;

/**
 * The listing id in the path of every rental route: the number after `rooms/` in a listing URL, kept as the
 * decimal string it came as (recent ids have 18 or 19 digits, above 2^53: a JS number would round them). A
 * malformed one is 400 `INVALID_LISTING_ID` on every route (wave 3: "as on the other rental routes").
 * @example ListingPath.parse({ listing_id: '1234567890123456789' }).listing_id // '1234567890123456789'
 */
export const ListingPath = z.object({
  listing_id: idParam(
    LISTING_ID,
    'INVALID_LISTING_ID',
    'must be a positive integer of at most 20 digits',
  ).meta({
    type: 'integer',
    format: 'int64',
    minimum: 1,
    pattern: undefined,
    description: 'The rental listing id: the number after rooms/ in a listing URL (any length)',
  }),
});

const isRawJson = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (JSON as unknown as { isRawJSON(v: unknown): boolean }).isRawJSON(v);

/**
 * A listing id in a response: the contract's integer, written digit for digit. The handler gives the
 * decimal string; it leaves as raw JSON (`JSON.rawJSON`), a number on the wire that no double rounds. (A
 * client that parsed the answer back into doubles may check it too, with the ids its doubles hold.)
 */
export const ListingIdJson = z
  .preprocess(
    (v) =>
      (typeof v === 'string' && LISTING_ID.test(v)) || (Number.isSafeInteger(v) && (v as number) > 0)
        ? JSON.rawJSON(String(v))
        : v,
    z.custom<unknown>((v) => isRawJson(v) && LISTING_ID.test(String((v as { rawJSON: string }).rawJSON)), {
      error: 'must be a listing id',
    }),
  )
  .meta({ type: 'integer', format: 'int64', minimum: 1, description: 'The rental listing id' });

/** Rental listing details (spec table); the description is not part of it. */
export const RentalDetails = z.object({
  title: z.string().min(1),
  image_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .meta({ description: "URL of the listing's main picture; null when the listing shows none" }),
  rating: z
    .string()
    .regex(/^\d+(\.\d+)? \(\d+\)$/)
    .nullable()
    .meta({
      description:
        'Average followed by the count in parentheses, e.g. "4.85 (123)"; null when the listing shows no star rating (no reviews yet)',
    }),
  rating_count: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'null when the listing shows no count' }),
  badge: z
    .string()
    .nullable()
    .meta({ description: 'Award badge, e.g. Superhost; null when the listing shows none' }),
  host_name: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: "The host's name as the listing's host card shows it; null when it shows none" }),
  max_guests: z
    .number()
    .int()
    .min(1)
    .nullable()
    .meta({ description: 'Guests the listing takes; null when not shown' }),
  children_allowed: z
    .boolean()
    .nullable()
    .meta({ description: 'false when a house rule refuses children; null when no house rule was shown' }),
  infants_allowed: z
    .boolean()
    .nullable()
    .meta({ description: 'false when a house rule refuses infants; null when no house rule was shown' }),
  pets_allowed: z
    .boolean()
    .nullable()
    .meta({ description: 'As the house rules say; null when no rule speaks of pets' }),
});
export type RentalDetails = z.infer<typeof RentalDetails>;

/** A rental listing's overview (referenced endpoints: overview): no dates, no prices. */
export const RentalOverview = z.object({
  title: z.string().min(1).meta({ description: "The listing's name" }),
  description: z
    .string()
    .nullable()
    .meta({ description: 'The description as plain text; null when the listing shows none' }),
  guests: z.number().int().min(1).nullable().meta({ description: 'Guests it takes; null when not shown' }),
  bedrooms: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Bedrooms; null for a studio, or when not shown' }),
  beds: z.number().int().min(0).nullable().meta({ description: 'Beds; null when not shown' }),
  baths: z
    .number()
    .min(0)
    .nullable()
    .meta({ description: 'Bathrooms, 1.5 for one and a half; null when not shown' }),
  raw_items: z.array(z.string()).meta({ description: 'The source\'s own summary strings, e.g. "2 guests"' }),
  room_arrangements: z
    .array(z.object({ title: z.string(), subtitle: z.string().nullable() }))
    .nullable()
    .meta({ description: 'Where guests sleep, room by room; null when the listing does not say' }),
});
export type RentalOverview = z.infer<typeof RentalOverview>;

const Amount = z.number().min(0);

/** Rental pricing (spec table); every amount in `currency`, the one asked for. */
export const RentalPricing = z.object({
  nights: z.number().int().min(1),
  currency: CurrencyCode.meta({ description: 'ISO 4217 code of every amount: the requested currency' }),
  nightly_rate: Amount.meta({ description: 'Average accommodation price per night' }),
  accommodation_total: Amount.meta({ description: 'Accommodation for the whole stay' }),
  service_fee: Amount,
  total: Amount.meta({ description: 'Amount to pay: the sum of the breakdown' }),
  total_formatted: z
    .string()
    .regex(/^[A-Z]{3}\d+(\.\d+)?$/)
    .meta({ description: 'Currency code followed by the total, no space, e.g. "EUR412.80"' }),
  breakdown: z
    .array(
      z.object({
        type: z.string().min(1).meta({ description: 'e.g. ACCOMMODATION, CLEANING_FEE, SERVICE_FEE' }),
        description: z.string(),
        amount: z.number().meta({ description: 'Negative for a discount' }),
      }),
    )
    .min(1),
});
export type RentalPricing = z.infer<typeof RentalPricing>;

/** The query of a listing's pricing (a watch of the route checks its parameters with it too). */
export const RentalPricingQuery = withStayOrder(
  z.object({
    ...StayDateParams,
    adults: intParam(1, 16, 1).meta({ description: 'Adults, 1 to 16. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every amount; asked of rental, which prices in it',
    }),
  }),
);

/** The listing and the stay, as the dated listing routes (details, pricing) answer them. */
export const ListingStay = {
  listing_id: ListingIdJson,
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  nights: z.number().int().min(1),
};

/**
 * The listing and the stay as answered: the dates asked for and the nights between them.
 * @example listingStay('40000001', { check_in: '2030-06-01', check_out: '2030-06-04' }) // { listing_id: '40000001', check_in: '2030-06-01', check_out: '2030-06-04', nights: 3 }
 */
export const listingStay = (listingId: string, stay: { check_in: string; check_out: string }) => ({
  listing_id: listingId,
  check_in: stay.check_in,
  check_out: stay.check_out,
  nights: nights(stay.check_in, stay.check_out),
});
