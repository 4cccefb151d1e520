// GET /v1/chain_a/search: chain_a hotels around a point for a stay, nearest first, with nightly prices.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainASearchQuery } from '../../shared/schemas/chain-a.ts';
import { ChainASearchHotel } from '../../shared/schemas/chain-a-hotels.ts';

export const ChainASearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainASearchHotel).min(1).meta({ description: 'Nearest first' }),
  total: z.number().int().min(1).meta({ description: 'Hotels returned' }),
});

export const handler = endpoint({
  route: routes.chainASearch,
  query: ChainASearchQuery,
  response: ChainASearchResponse,
  run: async ({ query }, ctx) => {
    const hotels = await chainA.search(ctx, camelKeys(query));
    if (hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        `chain_a has no hotel within ${query.radius_km} km of this point for the stay.`,
      );
    return { success: true as const, hotels, total: hotels.length };
  },
});
