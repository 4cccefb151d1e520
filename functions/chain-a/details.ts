// GET /v1/chain_a/hotel/details: a chain_a hotel's profile, from its hotel code.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainAHotelCode, ChainAHotelDetails } from '../../shared/schemas/chain-a-hotels.ts';
import { text } from '../../shared/schemas/params.ts';

export const DetailsQuery = z.object({
  hotel_code: text(10, 3)
    .regex(/^[A-Za-z0-9]+$/, { error: 'must be 3 to 10 letters or digits' })
    .transform((c) => c.toUpperCase())
    .meta({
      description:
        'chain_a hotel code as rooms and search take it, 3 to 10 letters or digits; case-insensitive',
    }),
});

export const ChainADetailsResponse = z.object({
  success: z.literal(true),
  hotel_code: ChainAHotelCode,
  ...ChainAHotelDetails.shape,
});

export const handler = endpoint({
  route: routes.chainAHotelDetails,
  query: DetailsQuery,
  response: ChainADetailsResponse,
  run: async ({ query }, ctx) => {
    const details = await chainA.details(ctx, query.hotel_code);
    if (!details) throw ctx.error('HOTEL_NOT_FOUND', `chain_a has no hotel with code ${query.hotel_code}.`);
    return { success: true as const, hotel_code: query.hotel_code, ...details };
  },
});
