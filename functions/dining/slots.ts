// GET /v1/dining/restaurants/{restaurant_id}/availability/slots: reservation times near a preferred time.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { slotsFor } from '../../shared/providers/dining/slots.ts';
import { routes } from '../../shared/routes.ts';
import { dateParam, intParam } from '../../shared/schemas/params.ts';

export const SlotsPath = z.object({ restaurant_id: intParam(1, Number.MAX_SAFE_INTEGER) });

export const SlotsQuery = z.object({
  date: dateParam({
    format: { status: 400, error_code: 'INVALID_DATE_FORMAT' },
    past: { status: 400, error_code: 'PAST_DATE' },
  }),
  preferred_time: z
    .string({ error: 'is required' })
    .trim()
    .superRefine((t, ctx) => {
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(t)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a 24-hour time HH:MM',
          params: { status: 400, error_code: 'INVALID_TIME_FORMAT' },
        });
      }
    }),
  party_size: intParam(1, 30),
});

export const handler = endpoint({
  route: routes.diningSlots,
  path: SlotsPath,
  query: SlotsQuery,
  run: async ({ path, query }, ctx) => {
    const slots = await slotsFor(ctx, {
      restaurantId: path.restaurant_id,
      date: query.date,
      preferredTime: query.preferred_time,
      partySize: query.party_size,
    });
    if (!slots)
      throw new ProblemError(404, 'RESTAURANT_NOT_FOUND', `dining has no restaurant ${path.restaurant_id}.`);
    return { success: true, slots };
  },
});
