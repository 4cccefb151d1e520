import * as z from 'zod';
import { idParam } from './params.ts';
import { HelpfulVotes } from './review.ts';

/**
 * A site_c hotel id in the path, as reviews-from-url and locations search return it: a positive integer,
 * 400 `INVALID_LOCATION_ID` otherwise on every route that takes one (details, prices).
 * @example LocationPath.parse({ location_id: '314467' }).location_id // 314467
 */
export const LocationPath = z.object({
  location_id: idParam(
    /^[1-9]\d{0,11}$/,
    'INVALID_LOCATION_ID',
    'must be a positive integer site_c location id',
  )
    .transform(Number)
    .meta({ description: 'The site_c hotel id (location_id of reviews-from-url or locations search)' }),
});

const Day = z.iso.date();

/** Review, site_c (spec table). */
export const SiteCReview = z.object({
  id: z.number().int(),
  rating: z
    .number()
    .int()
    .min(1)
    .max(5)
    .nullable()
    .meta({ description: 'Bubbles, 1 to 5; null when the source does not show it' }),
  title: z.string().nullable(),
  text: z.string().nullable().meta({
    description:
      'With language=all, machine-translated to English; else the original text. null when not shown',
  }),
  language: z.string().nullable().meta({ description: 'Original language code of the review' }),
  created_date: Day.nullable().meta({ description: 'When written; null when the source does not show it' }),
  published_date: Day.nullable().meta({
    description: 'When published; null when the source does not show it',
  }),
  helpful_votes: HelpfulVotes,
  user: z
    .object({
      id: z.string().nullable(),
      display_name: z.string().nullable(),
      username: z.string().nullable(),
      is_verified: z.boolean().nullable(),
      contribution_count: z.number().int().min(0).nullable(),
      hometown: z.string().nullable(),
      avatar_url: z.string().nullable(),
    })
    .nullable()
    .meta({
      description:
        "The reviewer's profile; null when the review carries none. Each field null when not shown",
    }),
  trip_info: z
    .object({
      stay_date: Day.nullable(),
      trip_type: z.string().nullable().meta({ description: 'e.g. COUPLES, FAMILY, SOLO, BUSINESS, FRIENDS' }),
    })
    .nullable()
    .meta({ description: 'null when the review carries no trip information; each part null when not shown' }),
  additional_ratings: z
    .record(z.string(), z.number().int())
    .meta({ description: 'Rating by aspect, 1 to 5; keys seen: value, service, cleanliness' }),
  photos: z.array(z.string()).meta({ description: 'URLs of photos the reviewer attached' }),
  review_url: z.string().nullable(),
  owner_response: z
    .object({
      text: z.string().nullable().meta({ description: 'null when the source does not show it' }),
      published_date: Day.nullable().meta({ description: 'null when the source does not show it' }),
      author: z.string().nullable(),
      connection_to_subject: z.string().nullable(),
    })
    .nullable()
    .meta({ description: "The property's reply; null when it did not reply" }),
});
export type SiteCReview = z.infer<typeof SiteCReview>;

/** Pagination of site_c reviews (spec: pagination objects). */
export const SiteCPagination = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(50),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  has_next: z.boolean(),
  has_previous: z.boolean(),
});

/** Price offer (site_c prices). */
export const PriceOffer = z.object({
  provider: z.string().meta({ description: 'Seller name' }),
  price_per_night: z.string().nullable().meta({
    description:
      'One room for one night, formatted in the requested currency, e.g. "€212.40"; null when the seller does not show it, or for more than one room (nothing says whether a seller\'s night is one room\'s)',
  }),
  total_stay_price: z.string().nullable().meta({
    description: 'Formatted in the requested currency, taxes included; null when the seller does not show it',
  }),
  taxes_value: z.number().min(0).nullable().meta({
    description:
      'Taxes and fees of the stay, in the requested currency; null when the seller does not show them',
  }),
  is_lowest_price: z.boolean().meta({
    description: 'Whether its total is the lowest; never for a seller without a total',
  }),
  rooms_remaining: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Rooms left at this price; null when the seller does not say' }),
});
export type PriceOffer = z.infer<typeof PriceOffer>;
