/** One maps place in full (wave 3: GET /v1/maps_reviews/place). */
import * as z from 'zod';
import { LatLng } from './location.ts';
import { RatingDistribution } from './review.ts';

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export const MapsPlace = z.object({
  place_id: z.string().nullable(),
  data_id: z.string().nullable().meta({ description: 'For /v1/maps_reviews/reviews' }),
  name: z.string().min(1),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  location: LatLng.nullable(),
  rating: z.number().min(1).max(5).nullable(),
  review_count: z.number().int().min(0).nullable(),
  rating_distribution: RatingDistribution,
  price_level: z.string().nullable().meta({ description: 'As the source shows it, e.g. "$$"' }),
  categories: z.array(z.string()),
  hours: z
    .array(
      z.object({ day: z.enum(WEEK_DAYS), text: z.string().meta({ description: 'e.g. "8 AM–5:30 PM"' }) }),
    )
    .meta({ description: 'Opening hours by day, Monday first, plain spaces' }),
  open_state: z.string().nullable().meta({ description: 'e.g. "Open · Closes 6 PM"' }),
  description: z.string().nullable(),
  attributes: z
    .record(z.string(), z.array(z.string()))
    .meta({ description: 'Group name (e.g. accessibility) → what the place offers' }),
});
export type MapsPlace = z.infer<typeof MapsPlace>;
