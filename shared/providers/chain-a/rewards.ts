/**
 * Reward options of chain_a's reward-night offers (`rewardNights`), in the rooms rule: per night of one
 * room derived from the stay totals given. Contract amendment 3: a points-only option has no cash.
 */
import type { RewardOption } from '../../schemas/chain-a.ts';
import { cents } from '../../extraction/values.ts';
import { perRoomNight, pointsPerRoomNight } from '../rooms-rule.ts';
import type { RewardOffer } from './offers-answer.ts';
import type { Stay } from './requests.ts';

const round = cents;

/** A reward option and whether it is the points-only one. */
export interface Reward {
  pointsOnly: boolean;
  option: RewardOption;
}

/**
 * Reward options from an offer's `rewardNights`: stay totals as given, per night of one room derived.
 * A points-only option has no cash (contract amendment 3): a `totalRate` beside `pointsOnly` has no meaning
 * on record (a real one was a whole stay's cash price with taxes), so it is never read as the member's price.
 * Only points plus cash options carry cash, the amount they name, in their own currency.
 * @example rewardOptions(offer, { ...stay, nights: 2, rooms: 1 })[0].option // { points: 38000, cash: null, cash_currency: null, points_total: 76000, cash_total: null }
 */
export function rewardOptions(offer: RewardOffer, stay: Stay): Reward[] {
  const reward = offer.rewardNights;
  const out: Reward[] = [];
  // An option without its totals is none (counted missing by the read).
  const total = reward.pointsOnly?.totalPoints;
  if (total !== undefined) {
    out.push({
      pointsOnly: true,
      option: {
        points: pointsPerRoomNight(total, stay),
        cash: null,
        cash_currency: null,
        points_total: total,
        cash_total: null,
      },
    });
  }
  for (const o of reward.pointsCash?.options ?? []) {
    out.push({
      pointsOnly: false,
      option: {
        points: pointsPerRoomNight(o.totalPoints, stay),
        cash: perRoomNight(o.totalCash, stay),
        cash_currency: o.currency?.toUpperCase() ?? null,
        points_total: o.totalPoints,
        cash_total: round(o.totalCash),
      },
    });
  }
  return out;
}

/**
 * At most one points-only option (the fewest points), then each distinct points-plus-cash option.
 * @example distinctRewards([...rewardOptions(a, stay), ...rewardOptions(b, stay)]) // [pointsOnly, ...withCash]
 */
export function distinctRewards(rewards: Reward[]): RewardOption[] {
  const pointsOnly = rewards
    .filter((r) => r.pointsOnly)
    .map((r) => r.option)
    .sort((a, b) => a.points - b.points)
    .slice(0, 1);
  const seen = new Set<string>();
  const withCash = rewards
    .filter((r) => !r.pointsOnly)
    .map((r) => r.option)
    .filter((o) => {
      const key = `${o.points} ${o.cash} ${o.cash_currency}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return [...pointsOnly, ...withCash];
}
