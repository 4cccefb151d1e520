// GET /v1/site_a/hotel/url-to-id: a site_a hotel URL, {cc}/{slug} or {slug} to its numeric hotel id.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { hotelIdOf } from '../../shared/providers/site-a/hotel.ts';
import { hotelUrl, parseHotelRef } from '../../shared/providers/site-a/urls.ts';
import { routes } from '../../shared/routes.ts';
import { text } from '../../shared/schemas/params.ts';

export const UrlToIdQuery = z.object({ url: text(2_000) });

export const handler = endpoint({
  route: routes.siteAUrlToId,
  query: UrlToIdQuery,
  run: async ({ query }, ctx) => {
    const ref = parseHotelRef(query.url);
    const url = hotelUrl(ref);
    const hotelId = await hotelIdOf(ctx, ref);
    if (!hotelId)
      throw new ProblemError(404, 'HOTEL_NOT_FOUND', `site_a has no hotel page at ${url}.`, {
        extras: { provided: query.url },
      });
    return { success: true, hotel_id: hotelId, url };
  },
});
