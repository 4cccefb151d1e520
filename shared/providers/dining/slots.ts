/**
 * dining availability: the seating times near a preferred time, distinct and in order. The source
 * lists a time once per seating area and over a wider window; we keep the window the contract means.
 */
import * as z from 'zod';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

/** Minutes either side of the preferred time that count as "near". */
export const WINDOW_MINUTES = 120;

const Availability = z.object({
  restaurant_id: z.number().int(),
  availability: z.array(z.object({ time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) })),
});

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface SlotQuery {
  restaurantId: number;
  date: string;
  preferredTime: string;
  partySize: number;
}

/**
 * Distinct times within WINDOW_MINUTES of the preferred one, in order (empty when none is free), or
 * undefined when the service has no such restaurant.
 * @example await slotsFor(ctx, { restaurantId: 10001, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // ['18:00', '18:15', …, '21:30']
 */
export async function slotsFor(ctx: UpstreamContext, q: SlotQuery): Promise<string[] | undefined> {
  const res = await fetchUpstream(
    {
      provider: 'dining',
      path: `/api/restaurants/${q.restaurantId}/availability`,
      expect: 'json',
      cache: 'prices',
      notFoundOk: true,
      query: { date: q.date, time: q.preferredTime, covers: q.partySize },
    },
    ctx,
  );
  if (res.status === 404) return undefined;
  const parsed = Availability.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'dining',
      'availability does not have the expected fields',
      parsed.error,
      res.status,
    );
  const center = minutes(q.preferredTime);
  const near = parsed.data.availability
    .map((s) => s.time)
    .filter((t) => Math.abs(minutes(t) - center) <= WINDOW_MINUTES);
  return [...new Set(near)].sort();
}
