// GET /v1/site_a/hotel/scores: a site_a hotel's review scores and summary, without the reviews.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { SiteAHotelScores } from '../../shared/schemas/site-a-hotel.ts';
import { SiteAHotelId } from '../../shared/schemas/site-a-query.ts';

export const HotelScoresQuery = z.object({ hotel_id: SiteAHotelId });

export const HotelScoresResponse = SiteAHotelScores.extend({ success: z.literal(true) });

export const handler = endpoint({
  route: routes.siteAHotelScores,
  query: HotelScoresQuery,
  response: HotelScoresResponse,
  run: async ({ query }, ctx) => {
    const scores = await siteA.hotelScores(ctx, query.hotel_id);
    if (scores === 'unknown') throw ctx.error('HOTEL_NOT_FOUND', `site_a has no hotel ${query.hotel_id}.`);
    if (!scores) throw ctx.error('NO_RESULTS', `site_a hotel ${query.hotel_id} has no review scores.`);
    return { success: true as const, ...scores };
  },
});
