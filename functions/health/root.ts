// GET /: basic API information and every available endpoint, each with a working example request.
import { healthBody } from '../../shared/health.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { baseUrl } from '../../shared/problem.ts';
import * as z from 'zod';
import { routeList, routes } from '../../shared/routes/index.ts';
import { Health } from '../../shared/schemas/health.ts';

export const RootResponse = Health.extend({
  documentation: z.string(),
  endpoints: z.array(
    z.object({
      method: z.enum(['GET', 'POST']),
      path: z.string(),
      summary: z.string(),
      requires_api_key: z.boolean(),
      example: z.string().meta({ description: 'A working example request, with the base URL' }),
    }),
  ),
});

export const handler = endpoint({
  route: routes.root,
  response: RootResponse,
  run: (_input, { event }) => {
    const base = baseUrl(event);
    return {
      ...healthBody('Lodging, rental, dining and place lookup API. Send your key in the x-api-key header.'),
      documentation: 'Every endpoint is a GET returning JSON; errors are application/problem+json.',
      endpoints: routeList.map((r) => ({
        method: r.method,
        path: r.path,
        summary: r.summary,
        requires_api_key: r.auth,
        example: `${base}${r.example}`,
      })),
    };
  },
});
