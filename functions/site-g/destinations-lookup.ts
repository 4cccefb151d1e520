// GET /v1/site_g/destinations/lookup: a city name (English or Chinese) to a site_g city id.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { lookupDestination, toSuggestion } from '../../shared/providers/site-g/destinations.ts';
import { routes } from '../../shared/routes.ts';
import { intParam, text } from '../../shared/schemas/params.ts';

export const SiteGQuery = z.object({
  query: text(100, 2),
  country: text(100, 2)
    .refine((c) => !/^[A-Za-z]{2,3}$/.test(c), {
      error: 'must be a country name; ISO codes and aliases are not supported',
    })
    .optional(),
  limit: intParam(1, 15, 10),
});

export const handler = endpoint({
  route: routes.siteGDestinations,
  query: SiteGQuery,
  run: async ({ query }, ctx) => {
    const found = await lookupDestination(ctx, query.query, query.country);
    switch (found.kind) {
      case 'none':
        throw new ProblemError(
          404,
          'DESTINATION_NOT_FOUND',
          `No city matches "${query.query}"${query.country ? ` in ${query.country}` : ''}.`,
        );
      case 'ambiguous': {
        const suggestions = found.cities.slice(0, query.limit).map(toSuggestion);
        throw new ProblemError(
          409,
          'DESTINATION_AMBIGUOUS',
          `${found.cities.length} cities match "${query.query}"; pass country or use a suggestion's city_id.`,
          {
            extras: { suggestions, candidate_count: found.cities.length },
          },
        );
      }
      case 'region': {
        const cities = (found.region.children ?? []).slice(0, query.limit).map(toSuggestion);
        throw new ProblemError(
          422,
          'DESTINATION_NOT_CITY',
          `"${query.query}" is a ${found.region.type === 'ISLAND' ? 'region or island' : 'province'}, not a city; choose one of its cities.`,
          {
            extras: {
              destination: {
                id: found.region.id,
                type: found.region.type.toLowerCase(),
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
          success: true,
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
