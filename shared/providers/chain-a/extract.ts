/**
 * Pure readers of chain_a's real offers answer: `hotels[0]` with the property's currency, brand and
 * country, its room definitions (`productDefinitions`), rate plan definitions, and `rateDetails.offers[]`,
 * one per rate plan and room, joined to the room on `productUses[].inventoryTypeCode`. Amounts are
 * decimal strings. Offers of the reward plan carry `rewardNights` (points only, points plus cash) instead
 * of a cash price; a `totalRate` beside them has no meaning on record and is never read as a price
 * (contract amendment 3: a points-only option has no cash). A sold-out stay is `availabilityStatus:
 * "CLOSED"`, or a non-2xx answer with the error code `CRS_50025`; an unknown hotel is a non-2xx answer
 * with `INVALID_HOTEL_MNEMONICS` or `CRS_50010` (real-sources §15).
 *
 * Read by the tolerant rule (docs/connector-guide.md): required are the hotel's code, an
 * open property's rate details, room and rate plan definitions, what identifies a room, an offer and a
 * plan, and the flags a rate cannot be described without; the rest may be absent. Package plans
 * (`isPackage`) are left out: their price buys more than the room, and the contract's rate has no place
 * to say so.
 */
import { ChainAStay, type RoomType } from '../../schemas/chain-a.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, recordSkipped } from '../../extraction/tolerant.ts';
import type { Stay } from './requests.ts';
import { cashRate, mainUse } from './cash-rates.ts';
import { distinctRewards, type Reward, rewardOptions } from './rewards.ts';
import {
  type ErrorAnswer,
  type HotelAnswer,
  isClosed,
  isRewardOffer,
  NO_AVAILABILITY_CODES,
  type OffersAnswer,
  REWARD_RATE_PLAN,
  type RoomDefinition,
  UNKNOWN_HOTEL_CODES,
} from './offers-answer.ts';
import { text } from '../../extraction/values.ts';

export { stayTotals } from './cash-rates.ts';
export { OffersAnswer, OffersCallAnswer } from './offers-answer.ts';

/** What one offers call said: offers to read, no such hotel, or no room for the stay. */
export type OffersOutcome =
  { kind: 'offers'; answer: OffersAnswer } | { kind: 'unknown hotel' } | { kind: 'no availability' };

/**
 * The outcome of an offers call from its HTTP status and body (read by `OffersAnswer` for a 2xx, by
 * `ErrorAnswer` otherwise). An error code other than the two known ones is the source's failure.
 * @example offersOutcome(400, { errors: [{ code: 'CRS_50025' }] }) // { kind: 'no availability' }
 */
export function offersOutcome(status: number, body: OffersAnswer | ErrorAnswer): OffersOutcome {
  if ('hotels' in body) return { kind: 'offers', answer: body as OffersAnswer };
  if (status >= 200 && status < 300)
    throw new ExtractionError('chain_a', 'the offers answer lists no hotels', undefined, status);
  const codes = 'errors' in body ? (body as ErrorAnswer).errors.map((e) => e.code) : [];
  if (codes.some((c) => UNKNOWN_HOTEL_CODES.includes(c))) return { kind: 'unknown hotel' };
  if (codes.some((c) => NO_AVAILABILITY_CODES.includes(c))) return { kind: 'no availability' };
  throw new UpstreamError(
    'chain_a',
    codes.length ? `the offers API answered ${codes.join(', ')}` : `HTTP ${status}`,
    status,
  );
}

/** Where an answer lists its offers, as drift names the path. */
const OFFERS = 'hotels[].rateDetails.offers[]';

/**
 * The property of an answer, checked to be the one asked for; undefined when the answer lists none.
 * @example answerHotel({ hotels: [] }, 'ASPAR0') // undefined
 */
function answerHotel(answer: OffersAnswer, hotelCode: string): HotelAnswer | undefined {
  const hotel = answer.hotels[0];
  if (!hotel) return undefined;
  if (hotel.hotelMnemonic.toUpperCase() !== hotelCode)
    throw new ExtractionError('chain_a', `the answer is for hotel "${hotel.hotelMnemonic}"`, undefined, 200);
  return hotel;
}

/** The contract's property fields; each null when the answer leaves it out, never an empty text. */
function propertyOf(hotel: HotelAnswer | undefined) {
  return {
    currency: hotel?.propertyCurrency?.toUpperCase() ?? null,
    brand_code: hotel?.brandCode || null,
    country_code: hotel?.isoCountryCode?.toUpperCase() || null,
  };
}

/**
 * The stay in the contract's terms from the cash answer and the reward-nights answer (when asked), or
 * undefined when chain_a lists no such property. Per-night figures are for one room, stay totals for
 * every room over every night (the rooms rule, shared/providers/rooms-rule.ts). Every cash rate is in the
 * property's currency; reward cash keeps its own. A closed property is the contract's empty stay.
 * Offers that cannot be read as the contract needs (an undefined room or plan, no main product, no
 * refundability) are left out and counted; package plans are left out.
 * `rewardPlan` is the plan the reward call asks for (configured): its offers in the cash answer are never
 * cash rates.
 * @example extractStay(cashAnswer, rewardAnswer, stay) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
export function extractStay(
  cash: OffersAnswer,
  reward: OffersAnswer | undefined,
  stay: Stay,
  rewardPlan = REWARD_RATE_PLAN,
): ChainAStay | undefined {
  const hotel = answerHotel(cash, stay.hotelCode);
  if (!hotel) return undefined;
  const rewardHotel = reward ? answerHotel(reward, stay.hotelCode) : undefined;
  const property = propertyOf(hotel);
  if (isClosed(hotel))
    return conform('chain_a', ChainAStay, { ...property, room_types: [] }, 'the offers', 200);

  const sources = [hotel, ...(rewardHotel && !isClosed(rewardHotel) ? [rewardHotel] : [])];
  const definitions = new Map(
    sources.flatMap((h) =>
      h.productDefinitions
        .filter((d) => (d.productCode ?? 'SR') === 'SR')
        .map((d) => [d.inventoryTypeCode, d as RoomDefinition]),
    ),
  );
  const plans = new Map(sources.flatMap((h) => h.ratePlanDefinitions.map((p) => [p.code, p])));
  const rooms = new Map<string, RoomType & { rewards: Reward[] }>();
  let unreadable = 0;
  // Reward offers that came without their reward nights (read as cash): left out, and the field counted.
  let withoutRewards = 0;
  for (const source of sources) {
    for (const offer of source.rateDetails?.offers ?? []) {
      if (offer.availableStatus !== undefined && offer.availableStatus !== 'AVAILABLE') continue;
      const plan = plans.get(offer.ratePlanCode);
      if (plan?.isPackage) continue;
      const use = mainUse(offer);
      const definition = use && definitions.get(use.inventoryTypeCode);
      // A room without a name is not one the contract can list.
      const name = text(definition?.inventoryTypeName) ?? text(definition?.synthInventoryTypeName);
      if (!use || !definition || !name) {
        unreadable += 1;
        continue;
      }
      let room = rooms.get(use.inventoryTypeCode);
      if (!room) {
        room = {
          code: definition.inventoryTypeCode,
          name,
          description: text(definition.description),
          max_adults: definition.maxAdultOcc ?? null,
          max_children: definition.maxChildOcc ?? null,
          available_rooms: null,
          rates: [],
          reward_options: [],
          rewards: [],
        };
        rooms.set(use.inventoryTypeCode, room);
      }
      if (use.numberOfAvailableProducts !== undefined)
        room.available_rooms = Math.max(room.available_rooms ?? 0, use.numberOfAvailableProducts);
      if (isRewardOffer(offer)) room.rewards.push(...rewardOptions(offer, stay));
      // An offer of the reward plan, or of the reward answer, sells nights for points: its cash amount is
      // not a rate anyone can book (amendment 3), so it never becomes one.
      else if (source !== hotel || offer.ratePlanCode === rewardPlan) {
        unreadable += 1;
        withoutRewards += 1;
      }
      // A cash offer is in its hotel's currency (null when the answer does not show it). Without its
      // plan, the room is offered but this rate cannot be told from a package: left out.
      else if (plan) room.rates.push(cashRate(offer, plan, property.currency, stay));
      else unreadable += 1;
    }
  }
  if (unreadable) recordSkipped('chain_a', OFFERS, 'the offers', unreadable);
  if (withoutRewards) recordMissing('chain_a', `${OFFERS}.rewardNights`, 'the offers', withoutRewards);
  // Rooms in the property's own order.
  const order = [...definitions.keys()];
  const roomTypes = [...rooms.values()]
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
    .map(({ rewards, ...r }) => ({ ...r, reward_options: distinctRewards(rewards) }));
  return conform('chain_a', ChainAStay, { ...property, room_types: roomTypes }, 'the offers', 200);
}

/**
 * The stay from the outcomes of the cash and reward calls, or undefined when chain_a does not know the
 * hotel. No availability is the contract's empty stay, with what the other answer says of the property.
 * @example stayFrom({ kind: 'no availability' }, { kind: 'no availability' }, stay) // { currency: null, brand_code: null, country_code: null, room_types: [] }
 */
export function stayFrom(
  cash: OffersOutcome,
  reward: OffersOutcome,
  stay: Stay,
  rewardPlan = REWARD_RATE_PLAN,
): ChainAStay | undefined {
  if (cash.kind === 'unknown hotel') return undefined;
  const rewardAnswer = reward.kind === 'offers' ? reward.answer : undefined;
  if (cash.kind === 'no availability')
    return conform(
      'chain_a',
      ChainAStay,
      { ...propertyOf(rewardAnswer && answerHotel(rewardAnswer, stay.hotelCode)), room_types: [] },
      'the offers',
    );
  return extractStay(cash.answer, rewardAnswer, stay, rewardPlan);
}
