// GET /v1/maps_reviews/search-and-review: a place name to the place and the first page of its reviews.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { findPlace, reviewsPage } from '../../shared/providers/maps/reviews.ts';
import { routes } from '../../shared/routes.ts';
import { ReviewPageParams } from '../../shared/schemas/maps.ts';
import { text } from '../../shared/schemas/params.ts';
import { ExtractionError } from '../../shared/upstream/errors.ts';

export const SearchAndReviewQuery = z.object({
  query: text(300),
  location: z
    .string()
    .trim()
    .regex(/^-?\d{1,2}(?:\.\d+)?,\s*-?\d{1,3}(?:\.\d+)?$/, { error: 'must be latitude,longitude' })
    .refine(
      (l) => {
        const [lat, lng] = l.split(',').map(Number);
        return Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180;
      },
      { error: 'is out of range' },
    )
    .transform((l) => l.replace(/\s+/g, ''))
    .optional(),
  ...ReviewPageParams,
});

export const handler = endpoint({
  route: routes.mapsSearchAndReview,
  query: SearchAndReviewQuery,
  run: async ({ query }, ctx) => {
    const place = await findPlace(ctx, query.query, query.hl, query.location);
    if (!place) throw new ProblemError(404, 'NO_RESULTS', `No place matches "${query.query}".`);
    if (!place.data_id || !/^0x[0-9a-f]+:0x[0-9a-f]+$/i.test(place.data_id))
      throw new ExtractionError('maps_reviews', 'the place has no usable data_id');
    const page = await reviewsPage(ctx, { dataId: place.data_id, sort: query.sort_by, hl: query.hl });
    if (!page || page.total_reviews === 0 || page.reviews.length === 0)
      throw new ProblemError(404, 'NO_REVIEWS', `${place.title} has no reviews.`);
    return {
      success: true,
      search_query: query.query,
      search_location: query.location ?? null,
      data_id: place.data_id,
      place_id: place.place_id ?? '',
      place_name: page.place_name,
      place_address: page.place_address || place.address,
      total_reviews: page.total_reviews,
      average_rating: page.average_rating,
      reviews: page.reviews,
      next_page_token: page.next_page_token,
      has_more: page.has_more,
      search_metadata: {
        search_url: null,
        datetime: new Date().toISOString(),
        total_time_taken: null,
        provider: null,
      },
    };
  },
});
