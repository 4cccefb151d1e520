// GET /v1/dining/restaurants/{restaurant_id}/availability: whether one exact time can be booked, and the
// nearest bookable times when it cannot.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { dining } from '../../shared/providers/dining/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { AvailabilityQuery, BookableTimes, HHMM, RestaurantPath } from '../../shared/schemas/dining.ts';

export const DiningAvailabilityResponse = z.object({
  success: z.literal(true),
  restaurant_id: z.number().int().positive(),
  date: z.iso.date(),
  time: z.string().regex(HHMM),
  party_size: z.number().int().min(1).max(30),
  available: z.boolean().meta({ description: 'Whether a table can be booked at exactly this time' }),
  nearest_slots: BookableTimes.max(4).meta({
    description:
      'Up to 4 bookable HH:MM times nearest to time, in order, when it is not available; empty when it is',
  }),
});

export const handler = endpoint({
  route: routes.diningAvailability,
  path: RestaurantPath,
  query: AvailabilityQuery,
  response: DiningAvailabilityResponse,
  run: async ({ path, query }, ctx) => {
    const answer = await dining.availability(ctx, {
      restaurantId: path.restaurant_id,
      date: query.date,
      preferredTime: query.time,
      partySize: query.party_size,
    });
    if (!answer) throw ctx.error('RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    return {
      success: true as const,
      restaurant_id: path.restaurant_id,
      date: query.date,
      time: query.time,
      party_size: query.party_size,
      available: answer.available,
      nearest_slots: answer.nearest,
    };
  },
});
