import * as z from 'zod';
import { languageParam } from './params.ts';

/** Review (maps_reviews), per the contract's table. */
export const MapsReview = z.object({
  review_id: z.string(),
  rating: z.number().min(1).max(5).nullable().meta({ description: 'Stars, 1 to 5; null when not shown' }),
  text: z.string().nullable().meta({ description: 'null for star-only reviews' }),
  date: z.string().nullable().meta({
    description: 'When, relative to the time of the request ("3 weeks ago"), localised by hl',
  }),
  iso_date: z.iso.datetime().nullable().meta({ description: 'When, as an ISO 8601 UTC timestamp' }),
  photos: z.array(z.string()).meta({ description: 'URLs of pictures the reviewer attached (only those)' }),
  reviewer: z
    .object({
      name: z.string().nullable(),
      profile_picture: z.string().nullable().meta({ description: "URL of the reviewer's picture" }),
      reviews_count: z.number().int().min(0).nullable(),
      local_guide: z.boolean().nullable(),
    })
    .nullable()
    .meta({ description: 'null when the review names no reviewer; each field null when not shown' }),
  likes: z.number().int().min(0).nullable().meta({ description: 'null when the source shows no count' }),
  owner_response: z.string().nullable().meta({ description: "The owner's reply; null when none" }),
  owner_response_date: z
    .string()
    .nullable()
    .meta({ description: 'When the owner replied, relative text like date; null when no reply' }),
});
export type MapsReview = z.infer<typeof MapsReview>;

export const MapsSort = z.enum(['most_relevant', 'newest', 'highest_rating', 'lowest_rating']);
export type MapsSort = z.infer<typeof MapsSort>;

/** A page of a place's reviews, as both maps_reviews endpoints return it. */
export const MapsReviewsPage = z.object({
  place_name: z.string(),
  place_address: z.string().nullable().meta({ description: 'null when the source shows no address' }),
  total_reviews: z.number().int().min(0).nullable().meta({ description: 'Reviews of the whole place' }),
  average_rating: z.number().min(1).max(5).nullable(),
  reviews: z.array(MapsReview).meta({ description: 'About 8 to 10 a page' }),
  next_page_token: z
    .string()
    .nullable()
    .meta({ description: 'Continues with /v1/maps_reviews/reviews; short-lived; null on the last page' }),
  has_more: z.boolean().meta({ description: 'true while a further page exists' }),
});
export type MapsReviewsPage = z.infer<typeof MapsReviewsPage>;

/** Order and language of a reviews page, shared by both maps_reviews endpoints. */
export const ReviewPageParams = {
  sort_by: MapsSort.default('most_relevant').meta({
    description: 'Order of the reviews, fixed by the first page (later pages keep it)',
  }),
  hl: languageParam('en').meta({ description: 'Language code of the relative dates and texts' }),
};

/** The query of maps_reviews reviews, which reviews-paginated takes too (less the page token). */
export const ReviewsQuery = z.object({
  data_id: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^0x[0-9a-f]+:0x[0-9a-f]+$/i, { error: 'must look like 0x<hex>:0x<hex>' })
    .meta({ description: 'Place identifier of the form 0x<hex>:0x<hex>' }),
  next_page_token: z.string().trim().min(1).max(2_000).optional().meta({
    description: 'From the previous page; tokens expire after a limited time',
    example: 'CAESBkVnSUlDZw',
  }),
  ...ReviewPageParams,
});

/** A page of a place's reviews as maps_reviews reviews answers it; reviews-paginated adds its page count. */
export const MapsReviewsResponse = MapsReviewsPage.extend({
  success: z.literal(true),
  data_id: z.string(),
  search_metadata: z.object({ datetime: z.iso.datetime().meta({ description: 'When the page was read' }) }),
});
