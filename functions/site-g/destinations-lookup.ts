// GET /v1/site_g/destinations/lookup: a city name (English or Chinese) to a site_g city id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { describeCandidates, siteG, toSuggestion } from '../../shared/providers/site-g/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam, text } from '../../shared/schemas/params.ts';
import { SiteGSuggestion } from '../../shared/schemas/site-g.ts';

export const SiteGQuery = z.object({
  query: text(100, 2).meta({ description: 'City name in English or Chinese, 2 to 100 characters' }),
  country: text(100, 2)
    .refine((c) => !/^[A-Za-z]{2,3}$/.test(c), {
      error: 'must be a country name; ISO codes and aliases are not supported',
    })
    .optional()
    .meta({
      description:
        'Exact English or site_g-localized country name, case-insensitive; ISO codes and aliases are refused',
    }),
  limit: intParam(1, 15, 10).meta({
    description: 'Suggestions, 1 to 15 (default 10); does not suppress ambiguity checks',
  }),
});

export const SiteGResponse = z.object({
  success: z.literal(true),
  query: z.string(),
  city_id: z
    .number()
    .int()
    .positive()
    .meta({ description: 'A city identifier only, never a region or hotel' }),
  name: z.string().nullable(),
  name_en: z.string().nullable(),
  country: z.string().nullable(),
  suggestions: z.array(SiteGSuggestion).min(1),
  returned: z.number().int().min(1).meta({ description: 'Count of suggestions' }),
});

export const handler = endpoint({
  route: routes.siteGDestinations,
  query: SiteGQuery,
  response: SiteGResponse,
  run: async ({ query }, ctx) => {
    const found = await siteG.lookup(ctx, query.query, query.country);
    switch (found.kind) {
      case 'none':
        throw ctx.error(
          'DESTINATION_NOT_FOUND',
          `No city matches "${query.query}"${query.country ? ` in ${query.country}` : ''}.`,
        );
      case 'ambiguous': {
        const suggestions = found.cities.slice(0, query.limit).map(toSuggestion);
        // Same-named cities usually share a country (two Suzhous in China), so only a city_id settles it.
        throw ctx.error(
          'DESTINATION_AMBIGUOUS',
          `${found.cities.length} cities match "${query.query}" (${describeCandidates(found.cities)}); use the city_id of the one you mean from suggestions.`,
          {
            extras: { suggestions, candidate_count: found.cities.length },
          },
        );
      }
      case 'region': {
        const cities = found.cities.slice(0, query.limit).map(toSuggestion);
        throw ctx.error(
          'DESTINATION_NOT_CITY',
          `"${query.query}" is a ${found.type}, not a city; choose one of its cities.`,
          {
            extras: {
              destination: {
                id: found.region.id,
                type: found.type,
                name: found.region.name,
                name_en: found.region.name_en,
                country: found.region.country,
                country_en: found.region.country_en,
                city_suggestions: cities,
              },
              suggestions: cities,
            },
          },
        );
      }
      case 'city': {
        const { city } = found;
        const suggestions = [city, ...found.cities.filter((c) => c.id !== city.id)]
          .slice(0, query.limit)
          .map(toSuggestion);
        return {
          success: true as const,
          query: query.query,
          city_id: city.id,
          name: city.name,
          name_en: city.name_en,
          country: city.country,
          suggestions,
          returned: suggestions.length,
        };
      }
    }
  },
});
