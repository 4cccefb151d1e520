/**
 * Pure readers of chain_a's real offers answer: `hotels[0]` with the property's currency, brand and
 * country, its room definitions (`productDefinitions`), rate plan definitions, and `rateDetails.offers[]`,
 * one per rate plan and room, joined to the room on `productUses[].inventoryTypeCode`. Amounts are
 * decimal strings. Offers of the reward plan carry `rewardNights` (points only, points plus cash) instead
 * of a cash price. A sold-out stay is `availabilityStatus: "CLOSED"`.
 */
import * as z from 'zod';
import { ChainAStay, type CashRate, type RewardOption, type RoomType } from '../../schemas/chain-a.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import type { Stay } from './requests.ts';

/** An amount as the source writes it: a decimal string such as "112.52". */
const Decimal = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { error: 'must be a decimal string' })
  .transform(Number);

const TotalRate = z.looseObject({
  amountBeforeTax: Decimal.optional(),
  amountAfterTax: Decimal.optional(),
  feeTaxTotal: Decimal.optional(),
});

const ProductUse = z.looseObject({
  inventoryTypeCode: z.string().min(1),
  isMainProduct: z.boolean().optional(),
  numberOfAvailableProducts: z.number().int().min(0).optional(),
  rates: z.looseObject({ totalRate: TotalRate.optional() }).optional(),
});

const RewardNights = z.looseObject({
  pointsOnly: z.looseObject({ totalPoints: z.number().int().min(0) }).optional(),
  pointsCash: z
    .looseObject({
      options: z.array(
        z.looseObject({
          totalPoints: z.number().int().min(0),
          // Seen as a number in clients; read a decimal string the same way.
          totalCash: z.union([z.number().min(0), Decimal]),
          currency: z.string(),
        }),
      ),
    })
    .optional(),
});

const Offer = z.looseObject({
  ratePlanCode: z.string().min(1),
  productUses: z.array(ProductUse).min(1),
  availableStatus: z.string().optional(),
  totalRate: TotalRate.optional(),
  policies: z
    .looseObject({ cancellationNoShow: z.looseObject({ description: z.string().optional() }).optional() })
    .optional(),
  rewardNights: RewardNights.optional(),
});

const ProductDefinition = z.looseObject({
  productCode: z.string().optional(),
  inventoryTypeCode: z.string().min(1),
  inventoryTypeName: z.string().optional(),
  synthInventoryTypeName: z.string().optional(),
  description: z.string().optional(),
  maxAdultOcc: z.number().int().min(0).optional(),
  maxChildOcc: z.number().int().min(0).optional(),
});

const RatePlanDefinition = z.looseObject({
  code: z.string().min(1),
  name: z.string().optional(),
  additionalDescriptions: z
    .looseObject({ longRateName: z.string().optional(), longRateDesc: z.string().optional() })
    .optional(),
  advanceBooking: z.looseObject({ isAdvancePurchase: z.boolean().optional() }).optional(),
  isLoyaltyIdRequired: z.boolean().optional(),
});

const Hotel = z.looseObject({
  hotelMnemonic: z.string(),
  brandCode: z.string().optional(),
  isoCountryCode: z.string().optional(),
  propertyCurrency: z.string().optional(),
  availabilityStatus: z.string().optional(),
  productDefinitions: z.array(ProductDefinition).default([]),
  ratePlanDefinitions: z.array(RatePlanDefinition).default([]),
  rateDetails: z.looseObject({ offers: z.array(Offer).default([]) }).optional(),
});

export const OffersAnswer = z.looseObject({
  hotels: z.array(Hotel),
  warnings: z
    .array(z.looseObject({ code: z.string().optional(), message: z.string().optional() }))
    .optional(),
});
export type OffersAnswer = z.infer<typeof OffersAnswer>;
type Offer = z.infer<typeof Offer>;
type HotelAnswer = z.infer<typeof Hotel>;

const round = (n: number) => Math.round(n * 100) / 100;
/** The source ends some texts with CRLF or a tab. */
const text = (s: string | undefined) => (s?.trim() ? s.trim() : null);

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

/** The room an offer sells: its main product use (other uses are extras such as breakfast). */
function mainUse(offer: Offer) {
  const use = offer.productUses.find((u) => u.isMainProduct ?? true);
  if (!use) throw new ExtractionError('chain_a', `offer ${offer.ratePlanCode} sells no room`, undefined, 200);
  return use;
}

/**
 * A cash rate from an offer. Totals are the product use's, which covers every room over every night;
 * `fees_taxes` is what the stay adds to the base (amountAfterTax − amountBeforeTax), so that the
 * contract's total = base_total + fees_taxes holds whichever taxes the property includes in its rates.
 */
function cashRate(
  offer: Offer,
  plan: z.infer<typeof RatePlanDefinition>,
  currency: string,
  stay: Stay,
): CashRate {
  const totals = mainUse(offer).rates?.totalRate ?? offer.totalRate;
  const base = totals?.amountBeforeTax ?? null;
  const after =
    totals?.amountAfterTax ??
    (base !== null && totals?.feeTaxTotal !== undefined ? round(base + totals.feeTaxTotal) : null);
  const perRoomNight = (n: number | null) => (n === null ? null : round(n / stay.nights / stay.rooms));
  return {
    name: text(plan.additionalDescriptions?.longRateName) ?? text(plan.name) ?? plan.code,
    rate_plan_code: offer.ratePlanCode,
    per_night: perRoomNight(base),
    per_night_after_tax: perRoomNight(after),
    base_total: base,
    fees_taxes: base !== null && after !== null ? round(after - base) : null,
    total: after,
    currency,
    is_member_rate: plan.isLoyaltyIdRequired ?? false,
    is_advance_purchase: plan.advanceBooking?.isAdvancePurchase ?? false,
    long_description: text(plan.additionalDescriptions?.longRateDesc),
    policy_description: text(offer.policies?.cancellationNoShow?.description),
  };
}

/** Reward options from an offer's `rewardNights`: stay totals as given, per night of one room derived. */
function rewardOptions(reward: NonNullable<Offer['rewardNights']>, stay: Stay): RewardOption[] {
  const share = stay.nights * stay.rooms;
  const out: RewardOption[] = [];
  if (reward.pointsOnly) {
    const total = reward.pointsOnly.totalPoints;
    out.push({
      points: Math.round(total / share),
      cash: null,
      cash_currency: null,
      points_total: total,
      cash_total: null,
    });
  }
  for (const o of reward.pointsCash?.options ?? []) {
    out.push({
      points: Math.round(o.totalPoints / share),
      cash: round(o.totalCash / share),
      cash_currency: o.currency.toUpperCase(),
      points_total: o.totalPoints,
      cash_total: round(o.totalCash),
    });
  }
  return out;
}

/** At most one points-only option (the fewest points), then each distinct points-plus-cash option. */
function distinctRewards(options: RewardOption[]): RewardOption[] {
  const pointsOnly = options
    .filter((o) => o.cash === null)
    .sort((a, b) => a.points - b.points)
    .slice(0, 1);
  const seen = new Set<string>();
  const withCash = options.filter((o) => {
    const key = `${o.points} ${o.cash} ${o.cash_currency}`;
    if (o.cash === null || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...pointsOnly, ...withCash];
}

/**
 * The stay in the contract's terms from the cash answer and the reward-nights answer (when asked), or
 * undefined when chain_a lists no such property. Per-night figures are for one room, stay totals for
 * every room over every night (the rooms rule in shared/schemas/chain-a.ts). Every cash rate is in the
 * property's currency; reward cash keeps its own. A closed property is the contract's empty stay.
 * @example extractStay(cashAnswer, rewardAnswer, stay) // { currency: 'EUR', brand_code: 'AS', country_code: 'FR', room_types: [...] }
 */
export function extractStay(
  cash: OffersAnswer,
  reward: OffersAnswer | undefined,
  stay: Stay,
): ChainAStay | undefined {
  const hotel = answerHotel(cash, stay.hotelCode);
  if (!hotel) return undefined;
  const rewardHotel = reward ? answerHotel(reward, stay.hotelCode) : undefined;
  const currency = hotel.propertyCurrency?.toUpperCase() ?? '';
  const property = {
    currency,
    brand_code: hotel.brandCode ?? '',
    country_code: hotel.isoCountryCode?.toUpperCase() ?? '',
  };
  if (hotel.availabilityStatus === 'CLOSED')
    return conform('chain_a', ChainAStay, { ...property, room_types: [] }, 'the offers', 200);

  const sources = [
    hotel,
    ...(rewardHotel && rewardHotel.availabilityStatus !== 'CLOSED' ? [rewardHotel] : []),
  ];
  const definitions = new Map(
    sources.flatMap((h) =>
      h.productDefinitions
        .filter((d) => (d.productCode ?? 'SR') === 'SR')
        .map((d) => [d.inventoryTypeCode, d]),
    ),
  );
  const plans = new Map(sources.flatMap((h) => h.ratePlanDefinitions.map((p) => [p.code, p])));
  const rooms = new Map<string, RoomType>();
  for (const source of sources) {
    for (const offer of source.rateDetails?.offers ?? []) {
      if (offer.availableStatus !== undefined && offer.availableStatus !== 'AVAILABLE') continue;
      const use = mainUse(offer);
      const definition = definitions.get(use.inventoryTypeCode);
      if (!definition)
        throw new ExtractionError(
          'chain_a',
          `offer for undefined room ${use.inventoryTypeCode}`,
          undefined,
          200,
        );
      let room = rooms.get(use.inventoryTypeCode);
      if (!room) {
        room = {
          code: definition.inventoryTypeCode,
          // A room without a name fails the contract check below, rather than getting one made up.
          name: text(definition.inventoryTypeName) ?? text(definition.synthInventoryTypeName) ?? '',
          description: text(definition.description),
          max_adults: definition.maxAdultOcc ?? null,
          max_children: definition.maxChildOcc ?? null,
          available_rooms: null,
          rates: [],
          reward_options: [],
        };
        rooms.set(use.inventoryTypeCode, room);
      }
      if (use.numberOfAvailableProducts !== undefined)
        room.available_rooms = Math.max(room.available_rooms ?? 0, use.numberOfAvailableProducts);
      if (offer.rewardNights) {
        room.reward_options.push(...rewardOptions(offer.rewardNights, stay));
        continue;
      }
      const plan = plans.get(offer.ratePlanCode);
      if (!plan)
        throw new ExtractionError(
          'chain_a',
          `offer for undefined rate plan ${offer.ratePlanCode}`,
          undefined,
          200,
        );
      room.rates.push(cashRate(offer, plan, currency, stay));
    }
  }
  // Rooms in the property's own order.
  const order = [...definitions.keys()];
  const roomTypes = [...rooms.values()]
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
    .map((r) => ({ ...r, reward_options: distinctRewards(r.reward_options) }));
  return conform('chain_a', ChainAStay, { ...property, room_types: roomTypes }, 'the offers', 200);
}
