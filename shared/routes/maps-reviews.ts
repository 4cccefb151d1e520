/** The maps_reviews routes. */
import { STATUS } from '../errors.ts';
import { type Route, idErrors } from './types.ts';
import { area } from './area.ts';

/** What both reviews routes answer besides their own validation (the paginated one's errors are "as reviews"). */
const REVIEWS_ERRORS = {
  NO_RESULTS: { status: 404, when: 'no reviews for the data_id' },
  RATE_LIMITED: {
    status: STATUS.tooManyRequests,
    when: 'the source limits requests; Retry-After says when to retry',
  },
  INTERNAL_ERROR: { status: 500, when: 'server error' },
} as const;

export const mapsReviewsRoutes = area(
  { provider: 'maps_reviews', upstream: ['maps_reviews'], idPrefix: 'maps' },
  {
    mapsReviews: {
      path: '/v1/maps_reviews/reviews',
      product: 'reviews',
      errors: {
        INVALID_PARAMETERS: {
          status: 400,
          when: 'data_id missing or invalid, or next_page_token invalid or expired',
        },
        ...REVIEWS_ERRORS,
      },
      rateLimited: 'RATE_LIMITED',
      summary: "A page of a place's reviews by data_id; continue with next_page_token",
      example: '/v1/maps_reviews/reviews?data_id=0x47e67d23e9013691:0x8a0000000865e28&sort_by=newest',
    },
    mapsReviewsPaginated: {
      path: '/v1/maps_reviews/reviews-paginated',
      product: 'reviews',
      errors: {
        INVALID_PARAMETERS: { status: 400, when: 'data_id missing or invalid, or pages not 1 to 10' },
        ...REVIEWS_ERRORS,
      },
      rateLimited: 'RATE_LIMITED',
      summary: "Up to ten pages of a place's reviews in one call, walked on the source's page token",
      example:
        '/v1/maps_reviews/reviews-paginated?data_id=0x47e67d23e9013691:0x8a0000000865e28&pages=3&sort_by=newest',
    },
    mapsSearchAndReview: {
      path: '/v1/maps_reviews/search-and-review',
      product: 'search-and-review',
      validation: { kind: 'problem', status: 422, code: 'VALIDATION_ERROR' },
      errors: {
        NO_RESULTS: { status: 404, when: 'no place matched' },
        NO_REVIEWS: { status: 404, when: 'place found, no reviews' },
        EXTRACTION_FAILED: { status: STATUS.badGateway, when: 'no usable data_id could be read' },
      },
      extraction: 'EXTRACTION_FAILED',
      summary: 'Place name to the place and the first page of its reviews',
      example: '/v1/maps_reviews/search-and-review?query=Aurelia%20Suites%20Paris',
    },
    mapsPlace: {
      path: '/v1/maps_reviews/place',
      product: 'place',
      errors: {
        MISSING_PLACE: { status: 400, when: 'neither or both of place_id and data_id' },
        ...idErrors('PLACE', {
          invalid: "a place_id or data_id not in the source's form",
          unknown: 'the maps service knows no such place',
        }),
      },
      summary:
        'One place in full by place_id or data_id: address, phone, website, coordinates, rating and its distribution, price level, categories, weekly hours, open state, description, attributes',
      example: '/v1/maps_reviews/place?data_id=0x47e67d23e9013691:0x8a0000000865e28',
    },
  },
) satisfies Record<string, Route>;
