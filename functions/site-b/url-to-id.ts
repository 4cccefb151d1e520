// GET /v1/site_b/hotel/url-to-id: a site_b hotel URL to its integer hotel id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { parseSiteBUrl, siteB } from '../../shared/providers/site-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
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
    const { url, idInSlug, idInShortForm } = parseSiteBUrl(query.url);
    // A newer slug ends in the id site_b gave it (`-h<id>`): no fetch. The short form names an id too, but
    // only site_b knows whether that hotel exists: one fetch through its redirect to the hotel's page (two
    // round trips, the page read up to its first marker, 110–130 KB of 240), cached a day like every id.
    const hotelId =
      idInSlug ??
      (await siteB.urlToId(ctx, idInShortForm === undefined ? url.pathname : `/hotel-${idInShortForm}.html`));
    if (hotelId === undefined)
      throw ctx.error('HOTEL_NOT_FOUND', `site_b has no hotel page at ${url.href}.`, {
        extras: { provided: query.url },
      });
    return { success: true as const, hotel_id: hotelId, url: url.href };
  },
});
