// GET /v1/chain_b/search: chain_b hotels near coordinates or a destination slug, nearest first.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ChainBHotel, ChainBPlace } from '../../shared/schemas/chain-b.ts';
import { ChainBSearchQuery } from '../../shared/schemas/chain-b-query.ts';

export const ChainBSearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainBHotel).min(1).meta({ description: 'Nearest first' }),
  total: z.number().int().min(1).meta({ description: 'Hotels in this answer' }),
  place: ChainBPlace,
  price_range: z.object({ min: z.number().min(0).nullable(), max: z.number().min(0).nullable() }).meta({
    description:
      'Lowest and highest nightly price (best_offer.per_night) across the hotels of this answer, in the ' +
      'requested currency; both null when no best offer gives its nightly price',
  }),
});

export const handler = endpoint({
  route: routes.chainBSearch,
  query: ChainBSearchQuery,
  response: ChainBSearchResponse,
  run: async ({ query }, ctx) => {
    const result = await chainB.search(ctx, camelKeys(query));
    if (!result)
      throw ctx.error('DESTINATION_NOT_FOUND', `No destination is known as ${query.destination_slug}.`);
    if (result.hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        query.offset > 0
          ? `chain_b has no hotel past offset ${query.offset} for this search.`
          : 'chain_b has no hotel within the search area.',
      );
    const offers = result.hotels.flatMap((h) => (h.best_offer ? [h.best_offer] : []));
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    const other = offers.find((o) => o.currency !== query.currency);
    if (other)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_b does not price in ${query.currency} (it answered in ${other.currency}).`,
      );
    const nightly = offers.flatMap((o) => (o.per_night === null ? [] : [o.per_night]));
    return {
      success: true as const,
      hotels: result.hotels,
      total: result.hotels.length,
      place: result.place,
      price_range: {
        min: nightly.length ? Math.min(...nightly) : null,
        max: nightly.length ? Math.max(...nightly) : null,
      },
    };
  },
});
