// GET /v1/maps_hotels/search: hotels for a place and stay from the maps service's hotel search.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { mapsHotels } from '../../shared/providers/maps-hotels/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { MapsHotel } from '../../shared/schemas/maps-hotels.ts';
import { MapsHotelsQuery } from '../../shared/schemas/maps-hotels-query.ts';

export const MapsHotelsResponse = z.object({
  location: z.string().meta({ description: 'The place searched, as given' }),
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  hotels: z.array(MapsHotel).min(1).meta({
    description:
      "The source's ranked hotels in its order (is_paid false), then its sponsored listings near them (is_paid true; one may repeat a ranked hotel under its own hotel_id)",
  }),
  total_count: z.number().int().min(0).nullable().meta({
    description:
      "Hotels the whole search found: the source's count of its ranked hotels, plus the sponsored listings this answer lists; null when the source gives no count (or none for an exact min_rating)",
  }),
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
    const found = await mapsHotels.search(ctx, camelKeys(query));
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
      total_count: found.totalCount,
      search_metadata: { search_url: found.searchUrl, datetime: new Date().toISOString() },
    };
  },
});
