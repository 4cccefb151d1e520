// GET /v1/chain_b/hotel/reviews: a chain_b hotel's guest reviews, at most 20 (the source's own cap).
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBHotelId, ChainBRating, ChainBReview } from '../../shared/schemas/chain-b.ts';
import { hotelIdParam } from '../../shared/schemas/chain-b-query.ts';
import { intParam } from '../../shared/schemas/params.ts';

export const HotelReviewsQuery = z.object({
  hotel_id: hotelIdParam(),
  limit: intParam(1, 20, 20).meta({ description: 'Reviews, 1 to 20 (chain_b gives at most 20). Default 20' }),
});

export const HotelReviewsResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  rating: ChainBRating,
  reviews: z.array(ChainBReview).min(1),
  total: z.number().int().min(1).meta({ description: 'Reviews returned' }),
});

export const handler = endpoint({
  route: routes.chainBHotelReviews,
  query: HotelReviewsQuery,
  response: HotelReviewsResponse,
  run: async ({ query }, ctx) => {
    const found = await chainB.reviews(ctx, query.hotel_id, query.limit);
    if (!found) throw ctx.error('HOTEL_NOT_FOUND', `chain_b has no hotel ${query.hotel_id}.`);
    if (found.reviews.length === 0)
      throw ctx.error('NO_RESULTS', `chain_b has no reviews of hotel ${query.hotel_id}.`);
    return {
      success: true as const,
      hotel_id: query.hotel_id,
      rating: found.rating,
      reviews: found.reviews,
      total: found.reviews.length,
    };
  },
});
