// GET /v1/maps_hotels/search: hotels for a place and stay from the maps service's hotel search.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { searchHotels } from '../../shared/providers/maps/hotels.ts';
import { routes } from '../../shared/routes.ts';
import { currencyParam, intParam, text } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const MapsHotelsQuery = withStayOrder(
  z.object({
    location: text(200),
    ...StayDates,
    adults: intParam(1, 10, 2),
    children: intParam(0, 10, 0),
    currency: currencyParam(),
    min_rating: z
      .string()
      .trim()
      .regex(/^\d(\.\d+)?$/, { error: 'must be a number from 1.0 to 5.0' })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: 'must be a number from 1.0 to 5.0' })
          .max(5, { error: 'must be a number from 1.0 to 5.0' }),
      )
      .optional(),
  }),
);

export const handler = endpoint({
  route: routes.mapsHotelsSearch,
  query: MapsHotelsQuery,
  run: async ({ query }, ctx) => {
    const hotels = await searchHotels(ctx, {
      location: query.location,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      children: query.children,
      currency: query.currency,
      minRating: query.min_rating,
    });
    if (!hotels || hotels.length === 0) {
      throw new ProblemError(
        404,
        'NO_RESULTS',
        `No hotels found for "${query.location}" on those dates${query.min_rating ? ` rated ${query.min_rating} or more` : ''}.`,
      );
    }
    return {
      location: query.location,
      check_in: query.check_in,
      check_out: query.check_out,
      hotels,
      total_count: hotels.length,
      search_metadata: {
        search_url: `https://maps.test/travel/hotels?q=${encodeURIComponent(query.location)}`,
        datetime: new Date().toISOString(),
      },
    };
  },
});
