// GET /v1/site_a/hotel/url-to-id: a site_a hotel URL, {cc}/{slug} or {slug} to its numeric hotel id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { hotelUrl, parseHotelRef } from '../../shared/providers/site-a/urls.ts';
import { routes } from '../../shared/routes/index.ts';
import { text } from '../../shared/schemas/params.ts';

export const UrlToIdQuery = z.object({
  url: text(2_000).meta({
    description:
      'A full hotel URL (https://<host>/hotel/{cc}/{slug}.html), {cc}/{slug}, or {slug} alone (country th)',
  }),
});

export const UrlToIdResponse = z.object({
  success: z.literal(true),
  hotel_id: z.string().regex(/^\d+$/).meta({ description: 'Numeric site_a hotel id' }),
  url: z.url().meta({ description: 'The normalized full hotel URL' }),
});

export const handler = endpoint({
  route: routes.siteAUrlToId,
  query: UrlToIdQuery,
  response: UrlToIdResponse,
  run: async ({ query }, ctx) => {
    const ref = parseHotelRef(query.url);
    const url = hotelUrl(ref);
    const hotelId = await siteA.urlToId(ctx, ref);
    if (!hotelId)
      throw ctx.error('HOTEL_NOT_FOUND', `site_a has no hotel page at ${url}.`, {
        extras: { provided: query.url },
      });
    return { success: true as const, hotel_id: hotelId, url };
  },
});
