/**
 * The contract's site_a hotel resources of wave 3 (`wave3-endpoints.md`, site_a): a hotel's static facts,
 * its review scores, and its rooms and bookable blocks for a stay. Every field but what identifies a record
 * and what the service computes itself is nullable: null is "the source does not show it".
 */
import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { CountryCode } from './location.ts';

const nullableText = z.string().nullable();
const time = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .nullable();

/** A score out of 10, to one decimal. */
const score10 = z.number().min(0).max(10);

export const SiteAFacility = z.object({
  id: z.number().int().meta({ description: "The source's facility id" }),
  name: nullableText,
  group_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The source's facility group id (groups are named by id only)" }),
});

export const SiteAMeal = z.object({
  type: z.enum(['breakfast', 'lunch', 'dinner', 'brunch', 'high_tea', 'cocktail_hour']),
  price_text: nullableText.meta({ description: 'As the source formats it' }),
  styles: z.array(z.string()),
  cuisines: z.array(z.string()),
  score: z.object({ score: score10, count: z.number().int().min(0).nullable() }).nullable(),
});

/** GET /v1/site_a/hotel/details: a hotel page's static facts. */
export const SiteAHotelDetails = z.object({
  hotel_id: z.string().regex(/^\d+$/),
  name: z.string().min(1),
  page_name: nullableText,
  url: z.url().meta({ description: 'The canonical hotel page URL' }),
  address: z.object({
    line: nullableText.meta({ description: 'The whole address' }),
    city: nullableText,
    postal_code: nullableText,
    country_code: CountryCode,
  }),
  location: z.object({
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  }),
  stars: z
    .object({ value: z.number().min(1).max(5), kind: z.enum(['stars', 'tiles']) })
    .nullable()
    .meta({ description: 'null: the page shows no rating (not "unrated")' }),
  accommodation_type: nullableText.meta({ description: "The source's code, e.g. HOTEL, GUEST_HOUSE" }),
  description: nullableText.meta({ description: 'Plain text' }),
  check_in: z.object({ from: time, until: time }).nullable(),
  check_out: z.object({ from: time, until: time }).nullable(),
  policies: z.object({
    pets: z.enum(['allowed', 'not_allowed', 'on_request']).nullable(),
    children: z
      .object({
        allowed: z.boolean().nullable(),
        min_age: z.number().int().min(0).nullable(),
        cribs: z.boolean().nullable(),
        extra_beds: z.boolean().nullable(),
      })
      .nullable(),
    accepted_cards: z.array(z.string()).nullable(),
    cash: z.boolean().nullable().meta({ description: 'Cash accepted' }),
  }),
  facilities: z.array(SiteAFacility).meta({
    description:
      'The facilities the page carries (highlighted and room facilities), not a guaranteed full list',
  }),
  highlights: z.array(z.string()),
  meals: z.array(SiteAMeal),
  languages_spoken: z.array(z.string()),
  currency: CurrencyCode.nullable().meta({ description: "The hotel's own currency" }),
  review_score: z.object({ score: score10, count: z.number().int().min(0).nullable() }).nullable(),
  main_photo_url: z.url().nullable().meta({ description: 'Signed, as photos gives it' }),
});
export type SiteAHotelDetails = z.infer<typeof SiteAHotelDetails>;

const CATEGORY_KEYS = [
  'staff',
  'facilities',
  'cleanliness',
  'comfort',
  'value_for_money',
  'location',
  'wifi',
] as const;
export const SiteACategories = z.object(
  Object.fromEntries(CATEGORY_KEYS.map((k) => [k, score10.nullable()])) as Record<
    (typeof CATEGORY_KEYS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);
export type SiteACategories = z.infer<typeof SiteACategories>;

const TravelerScores = z
  .object({
    count: z.number().int().min(0).nullable(),
    overall: score10.nullable(),
    categories: SiteACategories,
  })
  .nullable();
const Mentioned = z.array(
  z.object({ text: z.string().min(1), mentions: z.number().int().min(0).nullable() }),
);

/** GET /v1/site_a/hotel/scores: review scores and summary, without the reviews. */
export const SiteAHotelScores = z.object({
  hotel_id: z.string().regex(/^\d+$/),
  overall: score10
    .nullable()
    .meta({ description: 'The overall score, 0 to 10; null when the page shows other scores but not it' }),
  review_count: z.number().int().min(0).nullable(),
  categories: SiteACategories,
  by_traveler_type: z.object({
    all: TravelerScores,
    couple: TravelerScores,
    solo: TravelerScores,
    group: TravelerScores,
  }),
  distribution: z
    .array(z.object({ label: z.string().min(1), count: z.number().int().min(0) }))
    .nullable()
    .meta({ description: "null unless the review list's facets were read" }),
  languages: z
    .array(z.object({ language: z.string().min(1), count: z.number().int().min(0) }))
    .nullable()
    .meta({ description: "null unless the review list's facets were read" }),
  pros: Mentioned.nullable().meta({ description: 'null when the page carries no summary' }),
  cons: Mentioned.nullable().meta({ description: 'null when the page carries no summary' }),
});
export type SiteAHotelScores = z.infer<typeof SiteAHotelScores>;

const money = z.number().min(0);

export const SiteABlock = z.object({
  block_id: z.string().min(1),
  max_persons: z.number().int().min(1).nullable(),
  total: money.nullable().meta({ description: 'The whole stay for every room asked' }),
  per_night: money.nullable().meta({ description: 'One room for one night (the average)' }),
  currency: CurrencyCode.nullable(),
  taxes_included: z.boolean().nullable(),
  excluded_charges: money.nullable().meta({ description: 'Taxes and charges not in total, for the stay' }),
  strikethrough_total: money.nullable().meta({ description: 'The struck-through stay price' }),
  meal_plan: z.enum(['room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive']).nullable(),
  refundable: z.boolean().nullable(),
  free_cancellation_until: z.iso.date().nullable(),
  pay_later: z.boolean().nullable(),
  member_rate: z.boolean().nullable().meta({ description: 'A loyalty-member rate' }),
  rooms_left: z.number().int().min(0).nullable(),
});
export type SiteABlock = z.infer<typeof SiteABlock>;

export const SiteARoom = z.object({
  room_id: z.string().min(1),
  name: nullableText,
  description: nullableText,
  size_sqm: z.number().min(0).nullable(),
  max_persons: z.number().int().min(1).nullable(),
  beds: nullableText.meta({ description: 'e.g. "1 large double bed"' }),
  facilities: z.array(z.string()),
  photos: z.array(z.url({ protocol: /^https?$/ })).meta({ description: 'Absolute photo URLs' }),
  blocks: z.array(SiteABlock),
});
export type SiteARoom = z.infer<typeof SiteARoom>;
