// GET /v1/chain_c/loyalty/search: chain_c hotels near coordinates, with cash and points prices, paged.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainC } from '../../shared/providers/chain-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainCHotel, ChainCQuery } from '../../shared/schemas/chain-c.ts';

export { ChainCQuery };

export const ChainCSearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainCHotel).min(1),
  total: z.number().int().min(1).meta({ description: 'All matching hotels, across pages' }),
  page_info: z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(20),
    has_more: z.boolean().meta({ description: 'True while a further page exists' }),
  }),
});

export const handler = endpoint({
  route: routes.chainCSearch,
  query: ChainCQuery,
  response: ChainCSearchResponse,
  run: async ({ query }, ctx) => {
    const { total, hasMore, hotels } = await chainC.search(ctx, camelKeys(query));
    if (hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        total > 0
          ? `chain_c has ${total} hotels for this search; offset ${query.offset} is past the last one.`
          : 'chain_c has no hotel near these coordinates.',
      );
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    const other = hotels.find((h) => h.price && h.price.currency !== query.currency)?.price;
    if (other)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_c does not price in ${query.currency} (it answered in ${other.currency}).`,
      );
    return {
      success: true as const,
      hotels,
      total,
      page_info: { offset: query.offset, limit: query.limit, has_more: hasMore },
    };
  },
});
