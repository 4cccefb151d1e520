// GET /v1/site_b/hotel/url-to-id: a site_b hotel URL to its integer hotel id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteBHotelId } from '../../shared/providers/site-b/hotel.ts';
import { parseSiteBUrl } from '../../shared/providers/site-b/urls.ts';
import { routes } from '../../shared/routes.ts';
import { text } from '../../shared/schemas/params.ts';

export const SiteBUrlQuery = z.object({
  url: text(2_000).meta({
    description:
      'A site_b hotel URL: https://<host>/<slug>/hotel/<city>-<country>.html, the /all/ variant, or the ' +
      'short https://<host>/hotel-<id>.html; query string and fragment are stripped',
  }),
});

export const SiteBUrlToIdResponse = z.object({
  success: z.literal(true),
  hotel_id: z.number().int().positive().meta({ description: "The hotel's site_b id" }),
  url: z.string().meta({ description: 'The URL given, normalised: no query string or fragment' }),
});

export const handler = endpoint({
  route: routes.siteBUrlToId,
  query: SiteBUrlQuery,
  response: SiteBUrlToIdResponse,
  run: async ({ query }, ctx) => {
    const { url, idInUrl } = parseSiteBUrl(query.url);
    // The short form names an id, but only site_b knows whether that hotel exists. Asking costs one fetch of
    // the short URL (two round trips: site_b redirects it to the hotel page), cached for a day like every id,
    // where answering from the URL alone cost none. The page's id is the answer, as for every other form.
    const path = idInUrl === undefined ? url.pathname : `/hotel-${idInUrl}.html`;
    const hotelId = await siteBHotelId(ctx, path);
    if (hotelId === undefined)
      throw ctx.error('HOTEL_NOT_FOUND', `site_b has no hotel page at ${url.href}.`, {
        extras: { provided: query.url },
      });
    return { success: true as const, hotel_id: hotelId, url: url.href };
  },
});
