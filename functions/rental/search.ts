// GET /v1/rental/search: listings in a place or a map box, paged by an opaque cursor, no listing twice.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { nights } from '../../shared/schemas/params.ts';
import { decodeCursor } from '../../shared/schemas/rental-cursor.ts';
import { SearchListingJson } from '../../shared/schemas/rental-search.ts';
import { fingerprintOf, RentalSearchQuery } from '../../shared/schemas/rental-search-query.ts';

const Bounds = z.object({ ne_lat: z.number(), ne_lng: z.number(), sw_lat: z.number(), sw_lng: z.number() });

export const RentalSearchResponse = z.object({
  success: z.literal(true),
  search_params: z.object({
    location: z.string().nullable(),
    bounds: Bounds.nullable(),
    check_in: z.iso.date().nullable(),
    check_out: z.iso.date().nullable(),
    adults: z.number().int(),
    children: z.number().int(),
    infants: z.number().int(),
    pets: z.number().int(),
    currency: z.string(),
  }),
  listings: z.array(SearchListingJson),
  next_cursor: z.string().nullable().meta({ description: 'The next page, with the same other parameters' }),
  has_more: z.boolean(),
  total_count: z.null().meta({ description: 'Always null: the source gives no count' }),
});

export const handler = endpoint({
  route: routes.rentalSearch,
  query: RentalSearchQuery,
  response: RentalSearchResponse,
  run: async ({ query }, ctx) => {
    const bounds =
      query.ne_lat === undefined
        ? null
        : { ne_lat: query.ne_lat, ne_lng: query.ne_lng!, sw_lat: query.sw_lat!, sw_lng: query.sw_lng! };
    const stay =
      query.check_in && query.check_out ? { checkIn: query.check_in, checkOut: query.check_out } : {};
    const page = await rental.search(
      ctx,
      {
        ...(query.location ? { location: query.location } : {}),
        ...(bounds ? { bounds } : {}),
        ...stay,
        ...(query.check_in && query.check_out ? { nights: nights(query.check_in, query.check_out) } : {}),
        adults: query.adults,
        children: query.children,
        infants: query.infants,
        pets: query.pets,
        priceMin: query.price_min,
        priceMax: query.price_max,
        minBedrooms: query.min_bedrooms,
        currency: query.currency,
      },
      fingerprintOf(query),
      query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    );
    if (page.listings.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        query.cursor ? 'The search has no further listings.' : 'rental found no listing for this search.',
      );
    return {
      success: true as const,
      search_params: {
        location: query.location ?? null,
        bounds,
        check_in: query.check_in ?? null,
        check_out: query.check_out ?? null,
        adults: query.adults,
        children: query.children,
        infants: query.infants,
        pets: query.pets,
        currency: query.currency,
      },
      listings: page.listings,
      next_cursor: page.next,
      has_more: page.next !== null,
      total_count: null,
    };
  },
});
