// GET /v1/rental/listing/{listing_id}/overview: a rental listing's overview, no dates needed.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ListingIdJson, ListingPath, RentalOverview } from '../../shared/schemas/rental.ts';

export const RentalOverviewResponse = z.object({
  success: z.literal(true),
  listing_id: ListingIdJson,
  overview: RentalOverview,
});

export const handler = endpoint({
  route: routes.rentalOverview,
  path: ListingPath,
  response: RentalOverviewResponse,
  run: async ({ path }, ctx) => {
    const overview = await rental.overview(ctx, path.listing_id);
    if (!overview) throw ctx.error('LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    return { success: true as const, listing_id: path.listing_id, overview };
  },
});
