// GET /v1/site_a/destinations/lookup: a free-form destination name to site_a's dest_id and dest_type.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { text } from '../../shared/schemas/params.ts';
import { DestinationSuggestion, DestType } from '../../shared/schemas/site-a.ts';

export const DestinationsQuery = z.object({
  query: text(200).meta({ description: 'Location name' }),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(?:-[a-z]{2})?$/i, { error: 'must be a language code such as en-us, fr or de' })
    .transform((l) => l.toLowerCase())
    .default('en-us')
    .meta({ description: 'Language of the labels, e.g. en-us, fr, de, es. Default en-us' }),
});

const Found = z.object({
  success: z.literal(true),
  query: z.string().meta({ description: 'As sent' }),
  dest_id: z.number().int(),
  dest_type: DestType,
  normalized_query: z
    .string()
    .nullable()
    .meta({ description: 'Label of the first suggestion; null when site_a gives it none' }),
  suggestions: z.array(DestinationSuggestion).min(1).max(5),
  message: z.string(),
});
const NotFound = z.object({
  success: z.literal(false),
  query: z.string(),
  dest_id: z.null(),
  dest_type: z.null(),
  normalized_query: z.null(),
  suggestions: z.array(DestinationSuggestion).max(0),
  message: z.string(),
});

export const DestinationsResponse = z
  .discriminatedUnion('success', [Found, NotFound])
  .meta({ description: 'success is false only when nothing was found' });

export const handler = endpoint({
  route: routes.siteADestinations,
  query: DestinationsQuery,
  response: DestinationsResponse,
  run: async ({ query }, ctx) => {
    const suggestions = await siteA.destinations(ctx, query.query, query.language);
    const first = suggestions[0];
    if (!first) {
      return {
        success: false as const,
        query: query.query,
        dest_id: null,
        dest_type: null,
        normalized_query: null,
        suggestions: [],
        message: `No destination found for "${query.query}".`,
      };
    }
    return {
      success: true as const,
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
