// GET /v1/dining/restaurants/{restaurant_id}/availability/slots: reservation times near a preferred time.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { BookableTimes, RestaurantPath, SlotsQuery } from '../../shared/schemas/dining.ts';

export const SlotsPath = RestaurantPath;
export { SlotsQuery };

export const DiningSlotsResponse = z.object({
  success: z.literal(true),
  slots: BookableTimes.meta({
    description:
      'Distinct HH:MM times, in order, near preferred_time (not the whole day); empty when nothing nearby is free',
  }),
});

export const handler = endpoint({
  route: routes.diningSlots,
  path: SlotsPath,
  query: SlotsQuery,
  response: DiningSlotsResponse,
  run: async ({ path, query }, ctx) => {
    const slots = await dining.slots(ctx, camelKeys({ ...path, ...query }));
    if (!slots) throw ctx.error('RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    // No nearby slot is the contract's 200 with an empty list, not NO_RESULTS.
    return { success: true as const, slots };
  },
});
