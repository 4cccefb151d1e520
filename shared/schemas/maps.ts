import * as z from 'zod';
import { languageParam } from './params.ts';

/** Review (maps_reviews), per the contract's table. */
export const MapsReview = z.object({
  review_id: z.string(),
  rating: z.number(),
  text: z.string().nullable(),
  date: z.string(),
  iso_date: z.string(),
  photos: z.array(z.string()),
  reviewer: z.object({
    name: z.string(),
    profile_picture: z.string(),
    reviews_count: z.number().int(),
    local_guide: z.boolean(),
  }),
  likes: z.number().int(),
  owner_response: z.string().nullable(),
  owner_response_date: z.string().nullable(),
});
export type MapsReview = z.infer<typeof MapsReview>;

export const MapsSort = z.enum(['most_relevant', 'newest', 'highest_rating', 'lowest_rating']);
export type MapsSort = z.infer<typeof MapsSort>;

/** Order and language of a reviews page, shared by both maps_reviews endpoints. */
export const ReviewPageParams = { sort_by: MapsSort.default('most_relevant'), hl: languageParam('en') };
