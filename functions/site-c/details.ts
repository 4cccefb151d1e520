// GET /v1/site_c/hotel/details/{location_id}: a site_c hotel's page data.
import * as z from 'zod';
import { LatLng } from '../../shared/schemas/location.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteC } from '../../shared/providers/site-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { LocationPath } from '../../shared/schemas/site-c.ts';

const Url = z.url({ protocol: /^https?$/ });

export const SiteCDetailsResponse = z.object({
  success: z.literal(true),
  location_id: z.number().int().positive(),
  name: z.string().min(1),
  url: Url.meta({ description: "The hotel's site_c page" }),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  location: LatLng.nullable(),
  rating: z
    .object({
      value: z.number().min(1).max(5).nullable().meta({ description: 'Bubbles, 1 to 5' }),
      review_count: z.number().int().min(0).nullable(),
    })
    .nullable()
    .meta({ description: 'null when the page shows no rating' }),
  price_range: z
    .string()
    .nullable()
    .meta({ description: 'The source\'s band, e.g. "$$ - $$$", without its explanatory sentence' }),
  description: z
    .string()
    .nullable()
    .meta({ description: 'Low confidence (read from the rendered page): null says nothing about the hotel' }),
  amenities: z
    .array(z.string())
    .meta({ description: 'Low confidence (read from the rendered page): [] says nothing about the hotel' }),
  photo_url: Url.nullable(),
});

export const handler = endpoint({
  route: routes.siteCDetails,
  path: LocationPath,
  response: SiteCDetailsResponse,
  run: async ({ path }, ctx) => {
    const found = await siteC.details(ctx, path.location_id);
    if (!found) throw ctx.error('LOCATION_NOT_FOUND', `site_c has no hotel ${path.location_id}.`);
    return { success: true as const, ...found };
  },
});
