// GET /v1/maps_hotels/search: hotels for a place and stay from the maps service's hotel search.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { CHILD_AGE, mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsHotel } from '../../shared/schemas/maps-hotels.ts';
import { currencyParam, intParam, text } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

const RATING = 'must be a number from 1.0 to 5.0';

export const MapsHotelsQuery = withStayOrder(
  z.object({
    location: text(200).meta({ description: 'Place name, e.g. a city' }),
    check_in: StayDates.check_in.meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({ description: 'Departure date, YYYY-MM-DD, after check_in' }),
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    children: intParam(0, 10, 0).meta({
      description: `Children, 0 to 10; only partly supported by the source, which prices each child as ${CHILD_AGE} years old. Default 0`,
    }),
    currency: currencyParam().meta({
      description:
        'ISO 4217 code (case-insensitive) of the prices; asked of the maps service, which prices in it',
    }),
    min_rating: z
      .string()
      .trim()
      .regex(/^\d(\.\d+)?$/, { error: RATING })
      .transform(Number)
      .pipe(z.number().min(1, { error: RATING }).max(5, { error: RATING }))
      .optional()
      .meta({
        description: 'Only hotels rated at least this, 1.0 to 5.0',
        example: 4,
        type: 'number',
        minimum: 1,
        maximum: 5,
        pattern: undefined,
      }),
  }),
);

export const MapsHotelsResponse = z.object({
  location: z.string().meta({ description: 'The place searched, as given' }),
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  hotels: z.array(MapsHotel).min(1),
  total_count: z.number().int().min(1).meta({ description: 'Hotels in this answer' }),
  search_metadata: z.object({
    search_url: z.string().meta({ description: "The same search on the maps service's own site" }),
    datetime: z.iso.datetime(),
  }),
});

export const handler = endpoint({
  route: routes.mapsHotelsSearch,
  query: MapsHotelsQuery,
  response: MapsHotelsResponse,
  run: async ({ query }, ctx) => {
    const found = await mapsHotels.search(ctx, {
      location: query.location,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      children: query.children,
      currency: query.currency,
      minRating: query.min_rating,
    });
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    if (found.currency !== query.currency)
      throw ctx.error(
        'INVALID_CURRENCY',
        `The maps service does not price in ${query.currency} (it answered in ${found.currency}).`,
      );
    if (found.hotels.length === 0) {
      const rated = query.min_rating ? ` rated ${query.min_rating} or more` : '';
      throw ctx.error('NO_RESULTS', `No hotels found for "${query.location}" on those dates${rated}.`);
    }
    return {
      location: query.location,
      check_in: query.check_in,
      check_out: query.check_out,
      hotels: found.hotels,
      total_count: found.hotels.length,
      search_metadata: { search_url: found.searchUrl, datetime: new Date().toISOString() },
    };
  },
});
