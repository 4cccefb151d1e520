// GET /v1/chain_b/hotel/url-to-id: a chain_b hotel page URL, in any of the site's forms, to its hotel id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { hotelRefOf } from '../../shared/providers/chain-b/urls.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBHotelId } from '../../shared/schemas/chain-b.ts';
import { text } from '../../shared/schemas/params.ts';

export const HotelUrlToIdQuery = z.object({
  url: text(2_000).meta({
    description:
      'A chain_b hotel page URL: /hotel/{id}/index.{lang}.shtml, /{lang}/hotel/{id}/…, /booking/{lang}/…/hotel/{id} or any page with ?hotelCode={id}',
  }),
});

export const HotelUrlToIdResponse = z.object({
  success: z.literal(true),
  hotel_id: ChainBHotelId,
  url: z.url().meta({ description: 'The URL normalised: lower-case host, no query or fragment' }),
});

export const handler = endpoint({
  route: routes.chainBHotelUrlToId,
  query: HotelUrlToIdQuery,
  response: HotelUrlToIdResponse,
  // The id is in the URL in every form the site uses: nothing to ask upstream.
  run: async ({ query }, ctx) => {
    const ref = hotelRefOf(query.url);
    if (ref.kind === 'foreign')
      throw ctx.error('INVALID_URL', `Not a chain_b URL: ${ref.why}.`, { extras: { provided: query.url } });
    if (ref.kind === 'no-id')
      throw ctx.error('HOTEL_ID_NOT_FOUND', `This chain_b URL names no hotel: ${ref.url}.`, {
        extras: { provided: query.url },
      });
    return { success: true as const, hotel_id: ref.hotelId, url: ref.url };
  },
});
