// GET /v1/chain_c/property/details: a chain_c property's header and room catalogue, from its property_id.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainC } from '../../shared/providers/chain-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainCPropertyDetails } from '../../shared/schemas/chain-c-property.ts';
import { PropertyIdParam } from '../../shared/schemas/chain-c.ts';

export const DetailsQuery = z.object({ property_id: PropertyIdParam });

export const ChainCDetailsResponse = z.object({
  success: z.literal(true),
  property_id: z
    .string()
    .regex(/^[A-Z0-9]+$/)
    .meta({ description: 'The property_id asked for, upper-cased' }),
  ...ChainCPropertyDetails.shape,
});

export const handler = endpoint({
  route: routes.chainCPropertyDetails,
  query: DetailsQuery,
  response: ChainCDetailsResponse,
  // The header and the room catalogue are asked at once: both slots go with the lease.
  slotsAhead: { chain_c: 2 },
  run: async ({ query }, ctx) => {
    const details = await chainC.details(ctx, query.property_id);
    if (!details) throw ctx.error('PROPERTY_NOT_FOUND', `chain_c has no property ${query.property_id}.`);
    return { success: true as const, property_id: query.property_id, ...details };
  },
});
