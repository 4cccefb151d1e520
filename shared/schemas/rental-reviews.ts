/** A page of a rental listing's reviews (wave 3: GET /v1/rental/listing/{listing_id}/reviews). */
import * as z from 'zod';

export const RentalReview = z.object({
  review_id: z.string().min(1),
  rating: z.number().int().min(1).max(5).nullable(),
  text: z
    .string()
    .nullable()
    .meta({ description: 'The review as written, plain text: HTML removed, line breaks kept' }),
  language: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }).nullable(),
  reviewer: z.object({
    first_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    location: z.string().nullable(),
  }),
  host_response: z
    .object({
      text: z.string(),
      date: z.string().nullable().meta({ description: 'As the source words it, e.g. "October 2026"' }),
    })
    .nullable(),
  stay_highlight: z.string().nullable().meta({ description: 'e.g. "Stayed a few nights"' }),
  photos: z.array(z.string()),
});
export type RentalReview = z.infer<typeof RentalReview>;

export const ReviewTag = z.object({
  name: z.string().min(1).meta({ description: "The source's code, e.g. CLEANLINESS" }),
  label: z.string().nullable(),
  count: z.number().int().min(0).nullable(),
});

/** What one page of the source gives: the reviews, the listing's total and its tags. */
export const RentalReviewsPage = z.object({
  total_count: z.number().int().min(0).nullable(),
  reviews: z.array(RentalReview),
  tags: z.array(ReviewTag),
});
export type RentalReviewsPage = z.infer<typeof RentalReviewsPage>;
