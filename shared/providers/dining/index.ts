/**
 * dining: reservation times near a preferred time, from the real availability query. One checked fetch
 * with the provider's session (its CSRF token); refusals and GraphQL errors become upstream failures
 * naming what to update.
 */
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { answerFailure, AvailabilityAnswer, extractSlots } from './extract.ts';
import { availabilityHash, availabilityRequest, type SlotQuery } from './requests.ts';

export type { SlotQuery } from './requests.ts';

/**
 * Distinct times near the preferred one, in order (empty when none is free), or undefined when the
 * source has no such restaurant.
 * @example await dining.slots(ctx, { restaurantId: 10001, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // ['18:00', '18:15', …, '21:30']
 */
async function slots(ctx: UpstreamContext, q: SlotQuery): Promise<string[] | undefined> {
  const res = await fetchUpstream(availabilityRequest(q), ctx);
  const failure = answerFailure(res.status, res.body, availabilityHash());
  if (failure) throw failure;
  return extractSlots(
    conform('dining', AvailabilityAnswer, res.body, 'the availability answer', res.status),
    q,
  );
}

/** dining, as the handler uses it. */
export const dining = { slots };
