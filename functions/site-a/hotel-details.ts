// GET /v1/site_a/hotel/details: a site_a hotel's static facts, by its numeric id or its page URL.
import { coded } from '../../shared/schemas/params.ts';
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { parseHotelRef } from '../../shared/providers/site-a/urls.ts';
import { routes } from '../../shared/routes/index.ts';
import { SiteALanguage } from '../../shared/schemas/site-a-query.ts';
import { SiteAHotelDetails } from '../../shared/schemas/site-a-hotel.ts';

export const HotelDetailsQuery = z
  .object({
    hotel_id: z.string().optional().meta({
      description: 'Numeric site_a hotel id (from search or url-to-id); give it or url, not both',
      pattern: '^\\s*\\d{1,12}\\s*$',
      example: '1007790',
    }),
    url: z.string().max(2_000).optional().meta({
      description: 'A hotel page URL in any form url-to-id accepts; give it or hotel_id, not both',
      example: 'https://www.site-a.test/hotel/fr/aurelia-suites-paris.html',
    }),
    language: SiteALanguage.meta({ description: 'Language of the texts, e.g. en-us or fr. Default en-us' }),
  })
  .check(
    coded(['MISSING_HOTEL', 'INVALID_HOTEL_ID'], (q, ctx) => {
      const id = q.hotel_id?.trim();
      const url = q.url?.trim();
      if (!id === !url)
        ctx.claim('MISSING_HOTEL', 'give exactly one of hotel_id and url', [id ? 'url' : 'hotel_id']);
      else if (id && !/^\d{1,12}$/.test(id))
        ctx.claim('INVALID_HOTEL_ID', 'must be a numeric site_a hotel id', ['hotel_id']);
    }),
  )
  .transform((q) => ({
    hotel_id: q.hotel_id?.trim() || undefined,
    url: q.url?.trim() || undefined,
    language: q.language,
  }));

export const HotelDetailsResponse = SiteAHotelDetails.extend({ success: z.literal(true) });

export const handler = endpoint({
  route: routes.siteAHotelDetails,
  query: HotelDetailsQuery,
  response: HotelDetailsResponse,
  run: async ({ query }, ctx) => {
    // A URL that is not a hotel page's is 400 INVALID_URL, raised by parseHotelRef.
    const target = query.hotel_id ? { hotelId: query.hotel_id } : { ref: parseHotelRef(query.url!) };
    const details = await siteA.hotelDetails(ctx, target, query.language);
    if (!details)
      throw ctx.error(
        'HOTEL_NOT_FOUND',
        query.hotel_id
          ? `site_a has no hotel ${query.hotel_id}.`
          : `site_a has no hotel page at ${query.url}.`,
      );
    return { success: true as const, ...details };
  },
});
