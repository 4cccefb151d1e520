// GET /v1/meta/coordinates-lookup: place name to coordinates, from the embedded gazetteer.
import * as z from 'zod';
import { search } from '../../shared/geo/gazetteer.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes/index.ts';
import { Location } from '../../shared/schemas/location.ts';
import { intParam, text } from '../../shared/schemas/params.ts';

export const CoordinatesQuery = z.object({
  term: text(200).meta({ description: 'Place name: a city, an airport or a country; trimmed' }),
  limit: intParam(1, 25, 10).meta({ description: 'Most places to return, 1 to 25. Default 10' }),
});

export const CoordinatesResponse = z.object({
  success: z.literal(true),
  query: z.string().meta({ description: 'The trimmed term, lower-cased' }),
  total: z.number().int().min(0),
  locations: z.array(Location),
});

export const handler = endpoint({
  route: routes.coordinatesLookup,
  query: CoordinatesQuery,
  response: CoordinatesResponse,
  run: ({ query }, ctx) => {
    let locations;
    try {
      locations = search(query.term, query.limit);
    } catch (cause) {
      throw ctx.error('UPSTREAM_ERROR', 'The place index is unavailable.', { cause });
    }
    return { success: true as const, query: query.term.toLowerCase(), total: locations.length, locations };
  },
});
