// GET /v1/maps_reviews/search-and-review: a place name to the place and the first page of its reviews.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsReviews } from '../../shared/providers/maps-reviews/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsReviewsPage, ReviewPageParams } from '../../shared/schemas/maps.ts';
import { text } from '../../shared/schemas/params.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';

const DATA_ID = /^0x[0-9a-f]+:0x[0-9a-f]+$/i;

export const SearchAndReviewQuery = z.object({
  query: text(300).meta({ description: 'Place name, ideally with the city' }),
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
    .optional()
    .meta({
      description: 'latitude,longitude to bias an ambiguous name, e.g. 48.8566,2.3522',
      example: '48.8566,2.3522',
    }),
  ...ReviewPageParams,
});

export const SearchAndReviewResponse = MapsReviewsPage.extend({
  success: z.literal(true),
  search_query: z.string(),
  search_location: z.string().nullable().meta({ description: 'The location bias given; null when none' }),
  data_id: z.string().meta({ description: 'For /v1/maps_reviews/reviews' }),
  place_id: z.string().min(1).meta({ description: 'Unique per place; not accepted as input anywhere here' }),
  search_metadata: z.object({
    search_url: z.string().nullable().meta({ description: 'null (as observed)' }),
    datetime: z.iso.datetime(),
    total_time_taken: z.number().nullable().meta({ description: 'null (as observed)' }),
    provider: z.string().nullable().meta({ description: 'null (as observed)' }),
  }),
});

export const handler = endpoint({
  route: routes.mapsSearchAndReview,
  query: SearchAndReviewQuery,
  response: SearchAndReviewResponse,
  run: async ({ query }, ctx) => {
    const place = await mapsReviews.placeSearch(ctx, query);
    if (!place) throw ctx.error('NO_RESULTS', `No place matches "${query.query}".`);
    // Both raise the route's extraction code (EXTRACTION_FAILED).
    if (!place.data_id || !DATA_ID.test(place.data_id))
      throw new ExtractionError('maps_reviews', 'the place has no usable data_id');
    if (!place.place_id) throw new ExtractionError('maps_reviews', 'the place has no place_id');
    const answer = await mapsReviews.reviews(ctx, {
      dataId: place.data_id,
      sort: query.sort_by,
      hl: query.hl,
    });
    if (answer.kind === 'unknown place')
      throw new ExtractionError('maps_reviews', `the reviews engine does not know data_id ${place.data_id}`);
    if (answer.kind === 'no reviews') throw ctx.error('NO_REVIEWS', `${place.title} has no reviews.`);
    const { page } = answer;
    return {
      success: true as const,
      search_query: query.query,
      search_location: query.location ?? null,
      data_id: place.data_id,
      place_id: place.place_id,
      ...page,
      place_address: page.place_address ?? (place.address || null),
      search_metadata: {
        search_url: null,
        datetime: new Date().toISOString(),
        total_time_taken: null,
        provider: null,
      },
    };
  },
});
