// GET /v1/site_b/hotel/url-to-id: a site_b hotel URL to its integer hotel id.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteBHotelId } from '../../shared/providers/site-b/hotel.ts';
import { parseSiteBUrl } from '../../shared/providers/site-b/urls.ts';
import { routes } from '../../shared/routes.ts';
import { text } from '../../shared/schemas/params.ts';

export const SiteBUrlQuery = z.object({ url: text(2_000) });

export const handler = endpoint({
  route: routes.siteBUrlToId,
  query: SiteBUrlQuery,
  run: async ({ query }, ctx) => {
    const { url, idInUrl } = parseSiteBUrl(query.url);
    // The short form carries the id: no round trip needed.
    const hotelId = idInUrl ?? (await siteBHotelId(ctx, url.pathname));
    if (hotelId === undefined)
      throw new ProblemError(404, 'HOTEL_NOT_FOUND', `site_b has no hotel page at ${url.href}.`, {
        extras: { provided: query.url },
      });
    return { success: true, hotel_id: hotelId, url: url.href };
  },
});
