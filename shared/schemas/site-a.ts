import * as z from 'zod';
import { CurrencyCode } from './currency.ts';
import { CountryCode } from './location.ts';
import { HelpfulVotes } from './review.ts';

/** Photo (site_a): signed URLs in three sizes; the token does not depend on the size segment. */
export const Photo = z.object({
  photo_id: z.string().regex(/^\d+$/),
  thumbnail_url: z.url().regex(/\/square200\//),
  medium_url: z.url().regex(/\/square600\//),
  large_url: z.url().regex(/\/max1024x768\//),
});
export type Photo = z.infer<typeof Photo>;

export const DestType = z.enum(['CITY', 'REGION', 'DISTRICT', 'AIRPORT', 'LANDMARK']);

/** One destination suggestion of the site_a lookup (its fields are ours: the contract does not show them). */
export const DestinationSuggestion = z.object({
  dest_id: z.number().int(),
  dest_type: DestType,
  name: z.string().min(1).nullable().meta({ description: 'null when site_a names it in no field' }),
  label: z
    .string()
    .min(1)
    .nullable()
    .meta({ description: 'Full label: city, region, country; null when site_a gives none' }),
  country_code: z
    .string()
    .length(2)
    .nullable()
    .meta({ description: 'ISO 3166-1 alpha-2, upper case; null when site_a gives none' }),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullable()
    .meta({ description: 'null when site_a gives no position for the suggestion' }),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type DestinationSuggestion = z.infer<typeof DestinationSuggestion>;

/** The price of a stay in a site_a search result: for the whole stay and every room, as the source shows it. */
export const SiteAPrice = z.object({
  amount: z.number().min(0).meta({ description: 'The whole stay for all rooms' }),
  per_night: z
    .number()
    .min(0)
    .meta({ description: 'One room for one night: amount divided by the nights and by the rooms asked' }),
  currency: CurrencyCode,
  display: z.string().min(1).meta({ description: 'The amount as the source formats it' }),
  taxes_included: z
    .boolean()
    .nullable()
    .meta({ description: 'Whether taxes and charges are in amount; null when the source does not say' }),
});

/** A hotel of a site_a search. */
export const SiteAHotel = z.object({
  hotel_id: z
    .string()
    .regex(/^\d+$/)
    .meta({ description: 'Numeric site_a id: the input of photos and reviews' }),
  name: z.string().min(1).nullable().meta({ description: 'null when the source does not show it' }),
  url: z.url().nullable().meta({
    description: 'Canonical hotel page URL, the form url-to-id accepts; null when the source names no page',
  }),
  image_url: z.url().nullable(),
  star_rating: z.number().int().min(1).max(5).nullable(),
  review_score: z.number().min(0).max(10).nullable(),
  review_score_word: z.string().nullable(),
  review_count: z.number().int().min(0).nullable(),
  address: z.string().nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  distance: z.string().nullable().meta({ description: 'As the source shows it, e.g. "1.2 km from centre"' }),
  price: SiteAPrice.nullable().meta({ description: 'null without dates, or when the source shows no price' }),
  free_cancellation: z.boolean().nullable().meta({ description: 'null when the result does not say' }),
  is_sold_out: z.boolean().nullable().meta({ description: 'null when the result does not say' }),
});
export type SiteAHotel = z.infer<typeof SiteAHotel>;

/** One guest review of a site_a hotel: liked and disliked texts as the source separates them. */
export const SiteAReview = z.object({
  review_id: z.string().min(1),
  score: z
    .number()
    .min(1)
    .max(10)
    .nullable()
    .meta({ description: "The guest's score, 1 to 10; null when the source does not show it" }),
  title: z.string().nullable(),
  positive: z.string().nullable(),
  negative: z.string().nullable(),
  language: z.string().nullable(),
  date: z.iso
    .date()
    .nullable()
    .meta({ description: 'When the review was written, YYYY-MM-DD; null when the source does not show it' }),
  stay_date: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable()
    .meta({ description: 'Month of the stay, YYYY-MM' }),
  nights: z.number().int().min(1).nullable(),
  room_type: z.string().nullable(),
  traveler_type: z.string().nullable(),
  reviewer: z.object({
    name: z.string().nullable(),
    country: CountryCode,
    avatar_url: z.string().nullable(),
  }),
  helpful_votes: HelpfulVotes,
  photos: z.array(z.string()),
  owner_response: z
    .object({
      text: z.string().min(1),
      published_date: z.iso.date().nullable().meta({ description: 'null: the source gives no date' }),
    })
    .nullable(),
});
export type SiteAReview = z.infer<typeof SiteAReview>;

/** One page of a site_a hotel's reviews. */
export const SiteAReviewsPage = z.object({
  hotel_id: z.string().regex(/^\d+$/),
  review_score: z.object({
    overall: z
      .number()
      .min(0)
      .max(10)
      .nullable()
      .meta({ description: 'null when the listing shows no score' }),
    score_text: z.string().nullable(),
    review_count: z.number().int().min(0).meta({ description: 'Reviews in every language' }),
  }),
  reviews: z.array(SiteAReview),
  pagination: z.object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(25),
    total_count: z.number().int().min(0).meta({ description: 'Reviews in the language asked' }),
    total_pages: z.number().int().min(0),
    has_next: z.boolean(),
  }),
});
export type SiteAReviewsPage = z.infer<typeof SiteAReviewsPage>;
