// GET /v1/site_c/locations/search: site_c's location typeahead, typed by kind.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteC } from '../../shared/providers/site-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { intParam, text } from '../../shared/schemas/params.ts';

export const LocationsQuery = z.object({
  query: text(100).meta({ description: 'What to look for: a place, hotel, restaurant or attraction name' }),
  limit: intParam(1, 10, 10).meta({ description: 'Locations at most, 1 to 10. Default 10' }),
});

const Url = z.url({ protocol: /^https?$/ });

export const SiteCLocation = z.object({
  location_id: z.number().int().positive().meta({
    description: "For a hotel: usable with /v1/site_c/hotel/prices, details, and its page's reviews",
  }),
  name: z.string().nullable(),
  type: z
    .enum(['city', 'region', 'country', 'hotel', 'restaurant', 'attraction', 'airport', 'other'])
    .nullable()
    .meta({ description: 'The kind of location; null when the source does not say' }),
  parent: z.string().nullable().meta({ description: 'The place it lies in, as the source names it' }),
  address: z.string().nullable().meta({ description: 'Street, for businesses' }),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  url: Url.nullable().meta({ description: 'Its site_c page' }),
  hotels_url: Url.nullable().meta({ description: 'The site_c hotel list for it' }),
});

export const SiteCLocationsResponse = z.object({
  success: z.literal(true),
  query: z.string(),
  locations: z.array(SiteCLocation).min(1).meta({ description: "In the source's order" }),
});

export const handler = endpoint({
  route: routes.siteCLocations,
  query: LocationsQuery,
  response: SiteCLocationsResponse,
  run: async ({ query }, ctx) => {
    const locations = await siteC.locations(ctx, { query: query.query, limit: query.limit });
    // Suggestions and the rescue item are no locations: a list of only those is nothing found.
    if (locations.length === 0)
      throw ctx.error('NO_RESULTS', `site_c has no location matching "${query.query}".`);
    return { success: true as const, query: query.query, locations };
  },
});
