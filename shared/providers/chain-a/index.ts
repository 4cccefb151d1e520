/**
 * chain_a: room types, cash rates and reward nights of one property for a stay, from the real offers
 * API. Two checked fetches run together, cash offers and reward-nights offers; an answer that lists no
 * property means chain_a does not know the code.
 */
import type { ChainAStay } from '../../schemas/chain-a.ts';
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { extractStay, OffersAnswer } from './extract.ts';
import { offersRequest, type Stay } from './requests.ts';

export type { Stay } from './requests.ts';

/**
 * The property's rooms for the stay, or undefined when chain_a does not know the code.
 * @example await chainA.rooms(ctx, { hotelCode: 'ASPAR0', checkIn: '2030-06-01', checkOut: '2030-06-03', nights: 2, adults: 2, children: 0, rooms: 1 }) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
async function rooms(ctx: UpstreamContext, stay: Stay): Promise<ChainAStay | undefined> {
  const [cash, reward] = await Promise.all(
    (['cash', 'reward'] as const).map((kind) =>
      fetchParsed(offersRequest(stay, kind), OffersAnswer, ctx, `the ${kind} offers`),
    ),
  );
  return extractStay(cash!.body, reward!.body, stay);
}

/** chain_a, as the handler uses it. */
export const chainA = { rooms };
