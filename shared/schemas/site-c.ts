import * as z from 'zod';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Review, site_c (spec table). */
export const SiteCReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  language: z.string(),
  created_date: Day,
  published_date: Day,
  helpful_votes: z.number().int(),
  user: z.object({
    id: z.string(),
    display_name: z.string(),
    username: z.string(),
    is_verified: z.boolean(),
    contribution_count: z.number().int(),
    hometown: z.string(),
    avatar_url: z.string(),
  }),
  trip_info: z.object({ stay_date: Day, trip_type: z.string() }),
  additional_ratings: z.record(z.string(), z.number().int()),
  photos: z.array(z.string()),
  review_url: z.string(),
  owner_response: z
    .object({ text: z.string(), published_date: Day, author: z.string(), connection_to_subject: z.string() })
    .nullable(),
});
export type SiteCReview = z.infer<typeof SiteCReview>;

/** Price offer (site_c prices). */
export const PriceOffer = z.object({
  provider: z.string(),
  price_per_night: z.string(),
  total_stay_price: z.string(),
  taxes_value: z.number(),
  is_lowest_price: z.boolean(),
  rooms_remaining: z.number().int().nullable(),
});
export type PriceOffer = z.infer<typeof PriceOffer>;
