/**
 * chain_a: room types, cash rates and reward nights of one property for a stay, from the real offers
 * API. Two checked fetches run together, cash offers and reward-nights offers. chain_a answers an unknown
 * hotel and a stay without rooms with non-2xx error codes (or, in older answers, with no property and a
 * closed property): they become "no such hotel" and the empty stay, never a failure.
 */
import type { ChainAStay } from '../../schemas/chain-a.ts';
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { OffersCallAnswer, offersOutcome, stayFrom } from './extract.ts';
import { offersRequest, type Stay } from './requests.ts';

export type { Stay } from './requests.ts';

/**
 * The property's rooms for the stay, or undefined when chain_a does not know the code.
 * @example await chainA.rooms(ctx, { hotelCode: 'ASPAR0', checkIn: '2030-06-01', checkOut: '2030-06-03', nights: 2, adults: 2, children: 0, rooms: 1 }) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
async function rooms(ctx: UpstreamContext, stay: Stay): Promise<ChainAStay | undefined> {
  const [cash, reward] = await Promise.all(
    (['cash', 'reward'] as const).map(async (kind) => {
      // The body is read by status: offers for a 2xx, error codes otherwise (extract.ts).
      // Checked as it loads: a drifted body is never kept (a non-2xx body that is neither fails too).
      const res = await fetchParsed(offersRequest(stay, kind), OffersCallAnswer, ctx, `the ${kind} offers`);
      return offersOutcome(res.status, res.body);
    }),
  );
  return stayFrom(cash!, reward!, stay);
}

/** chain_a, as the handler uses it. */
export const chainA = { rooms };
