import * as z from 'zod';

/** Review, site_b (spec table). */
export const SiteBReview = z.object({
  review_id: z.string(),
  rating: z.number(),
  title: z.string(),
  comment: z.string(),
  pros: z.string(),
  cons: z.string(),
  reviewer: z.object({ name: z.string(), country: z.string(), level: z.string(), group_type: z.string() }),
  date: z.string(),
  stay_date: z.string(),
  room_type: z.string(),
  helpful_count: z.number().int(),
  language: z.string(),
  photos: z.array(z.string()),
  sub_ratings: z.record(z.string(), z.number()),
  owner_response: z.object({ text: z.string(), published_date: z.string(), author: z.string() }).nullable(),
});
export type SiteBReview = z.infer<typeof SiteBReview>;
