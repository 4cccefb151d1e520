// GET /v1/site_a/destinations/lookup: a free-form destination name to site_a's dest_id and dest_type.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { destinationsFor } from '../../shared/providers/site-a/destinations.ts';
import { routes } from '../../shared/routes.ts';
import { text } from '../../shared/schemas/params.ts';

export const DestinationsQuery = z.object({
  query: text(200),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(?:-[a-z]{2})?$/i, { error: 'must be a language code such as en-us, fr or de' })
    .transform((l) => l.toLowerCase())
    .default('en-us'),
});

export const handler = endpoint({
  route: routes.siteADestinations,
  query: DestinationsQuery,
  run: async ({ query }, ctx) => {
    const suggestions = await destinationsFor(ctx, query.query, query.language);
    const first = suggestions[0];
    if (!first) {
      return {
        success: false,
        query: query.query,
        dest_id: null,
        dest_type: null,
        normalized_query: null,
        suggestions: [],
        message: `No destination found for "${query.query}".`,
      };
    }
    return {
      success: true,
      query: query.query,
      dest_id: first.dest_id,
      dest_type: first.dest_type,
      normalized_query: first.label,
      suggestions,
      message:
        suggestions.length > 1
          ? `${suggestions.length} destinations match; using the first.`
          : 'Destination found.',
    };
  },
});
