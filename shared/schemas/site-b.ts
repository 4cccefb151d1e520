import * as z from 'zod';

/** Review, site_b (spec table). */
export const SiteBReview = z.object({
  review_id: z.string(),
  rating: z
    .number()
    .nullable()
    .meta({ description: "The guest's score, on site_b's scale of 1 to 10; null when not shown" }),
  title: z.string().nullable().meta({ description: 'null when not shown' }),
  comment: z.string().nullable().meta({ description: 'The review text; null when not shown' }),
  pros: z.string().nullable().meta({ description: 'null when not shown' }),
  cons: z.string().nullable().meta({ description: 'null when not shown' }),
  reviewer: z
    .object({
      name: z.string().nullable(),
      country: z.string().nullable(),
      level: z.string().nullable(),
      group_type: z.string().nullable(),
    })
    .meta({
      description:
        'Each field null when not shown (level is empty for a reviewer the source says is no expert)',
    }),
  date: z
    .string()
    .nullable()
    .meta({ description: 'Human-readable date of the review, e.g. "3 October 2026"' }),
  stay_date: z.string().nullable().meta({ description: 'Month and year of the stay, e.g. "September 2026"' }),
  room_type: z.string().nullable(),
  helpful_count: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'null when the source shows no count' }),
  language: z.string().nullable().meta({ description: 'Language code of the review' }),
  photos: z.array(z.string()).meta({ description: 'URLs of photos the guest attached' }),
  sub_ratings: z
    .record(z.string(), z.number())
    .meta({ description: 'Score by aspect; keys seen: cleanliness, location, service' }),
  owner_response: z
    .object({
      text: z.string(),
      published_date: z.iso
        .datetime({ offset: true })
        .nullable()
        .meta({ description: 'ISO 8601 with offset; null when the reply shows no date that names a day' }),
      author: z.string().nullable(),
    })
    .nullable()
    .meta({ description: "The property's reply; null when it did not reply" }),
});
export type SiteBReview = z.infer<typeof SiteBReview>;

/** Pagination of site_b reviews (spec: pagination objects). */
export const SiteBPagination = z.object({
  current_page: z.number().int().min(1),
  page_size: z.literal(20).meta({ description: 'Reviews per page: always 20' }),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});

/** The hotel's overall score on site_b; each part null when the source does not show it. */
export const SiteBReviewScore = z.object({
  overall: z.number().nullable().meta({ description: 'Average score, 1 to 10; null when not shown' }),
  score_text: z
    .string()
    .nullable()
    .meta({ description: 'Wording of the score, e.g. "Very good"; null when not shown' }),
  review_count: z.number().int().min(0).nullable().meta({ description: 'null when not shown' }),
});

/** The review order both site_b review routes take: 7 most recent (default), 6 highest, 5 lowest rating first. */
export const SiteBSorting = z
  .enum(['5', '6', '7'], { error: 'must be 7 (most recent), 6 (highest rating) or 5 (lowest rating)' })
  .transform((s) => Number(s) as 5 | 6 | 7)
  .default(7)
  .meta({
    description: '7 most recent, 6 highest rating, 5 lowest rating first. Default 7',
    type: 'integer',
    enum: [7, 6, 5],
  });
