// GET /v1/meta/coordinates-lookup: place name to coordinates, from the embedded gazetteer.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { search } from '../../shared/geo/gazetteer.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { intParam, text } from '../../shared/schemas/params.ts';

export const CoordinatesQuery = z.object({
  term: text(200),
  limit: intParam(1, 25, 10),
});

export const handler = endpoint({
  route: routes.coordinatesLookup,
  query: CoordinatesQuery,
  run: ({ query }) => {
    let locations;
    try {
      locations = search(query.term, query.limit);
    } catch (cause) {
      throw new ProblemError(502, 'UPSTREAM_ERROR', 'The place index is unavailable.', { cause });
    }
    return { success: true, query: query.term.toLowerCase(), total: locations.length, locations };
  },
});
