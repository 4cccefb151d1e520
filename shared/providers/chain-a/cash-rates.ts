/**
 * chain_a's cash rates: an offer's stay totals (its room's, else the offer's own), its refundability, and
 * the contract's cash rate from them, in the rooms rule (totals for every room over every night, per
 * night for one room).
 */
import type { CashRate } from '../../schemas/chain-a.ts';
import { perRoomNight } from '../rooms-rule.ts';
import {
  type CashOffer,
  type CashRoomUse,
  isRoomUse,
  type Offer,
  type RatePlanDefinition,
  type RoomUse,
  type TotalRate,
} from './offers-answer.ts';
import type { Stay } from './requests.ts';
import { cents, text } from '../../extraction/values.ts';

const round = cents;

/**
 * The room an offer sells: its main product use (other uses are extras such as breakfast).
 * @example mainUse(offer)?.inventoryTypeCode // 'DBLN'
 */
export function mainUse(offer: CashOffer): CashRoomUse | undefined;
export function mainUse(offer: Offer): RoomUse | undefined;
export function mainUse(offer: Offer): RoomUse | undefined {
  // The union's room shape is the one whose isMainProduct is not false (ExtraUse is refused otherwise).
  return (offer.productUses as RoomUse[]).find(isRoomUse);
}

/**
 * The totals an offer carries: its room's, else the offer's own (late 2026: often the only ones).
 * @example totalsOf(offer)?.amountAfterTax // 536.8
 */
export function totalsOf(offer: CashOffer): TotalRate | undefined {
  return [mainUse(offer)?.rates?.totalRate, offer.totalRate].find(
    (t) => t?.amountAfterTax !== undefined || t?.amountBeforeTax !== undefined,
  );
}

/**
 * Stay totals from what the offer carries: the total after tax, the base before tax, and the fees and
 * taxes as their difference, so that total = base_total + fees_taxes holds whichever taxes the property
 * includes in its rates. A base or total that is not there is derived from the other and the fees
 * (`feeTaxTotal`, else the sum of `feeTaxSubTotals`); what cannot be derived stays null.
 * @example stayTotals({ amountAfterTax: 544, feeTaxSubTotals: [{ amount: 64 }] }) // { base: 480, fees: 64, after: 544 }
 */
export function stayTotals(t: TotalRate | undefined): {
  base: number | null;
  fees: number | null;
  after: number | null;
} {
  const subTotals = t?.feeTaxSubTotals?.length
    ? round(t.feeTaxSubTotals.reduce((sum, f) => sum + f.amount, 0))
    : undefined;
  const fees = t?.feeTaxTotal ?? subTotals;
  const after =
    t?.amountAfterTax ??
    (t?.amountBeforeTax !== undefined && fees !== undefined ? round(t.amountBeforeTax + fees) : null);
  const base = t?.amountBeforeTax ?? (after !== null && fees !== undefined ? round(after - fees) : null);
  return { base, fees: base !== null && after !== null ? round(after - base) : null, after };
}

/**
 * Whether a rate is non-refundable and prepaid: the plan's advance-purchase flag, or the offer's
 * `policies.isRefundable: false`; null when neither says (an absent flag is not "refundable").
 * @example advancePurchase(offer, { ...plan, advanceBooking: { isAdvancePurchase: true } }) // true
 */
export function advancePurchase(offer: CashOffer, plan: RatePlanDefinition): boolean | null {
  const advance = plan.advanceBooking?.isAdvancePurchase;
  const refundable = offer.policies?.isRefundable;
  if (advance === undefined && refundable === undefined) return null;
  return advance === true || refundable === false;
}

/**
 * A cash rate from an offer. Totals cover every room over every night; per night is one room's. Whether
 * it is for members only, and whether it is prepaid, are null when neither the plan nor the offer says.
 * @example cashRate(offer, plan, 'CHF', stay).total // 536.8
 */
export function cashRate(
  offer: CashOffer,
  plan: RatePlanDefinition,
  currency: string | null,
  stay: Stay,
): CashRate {
  const { base, fees, after } = stayTotals(totalsOf(offer));
  const perNight = (n: number | null) => (n === null ? null : perRoomNight(n, stay));
  return {
    name: text(plan.additionalDescriptions?.longRateName) ?? text(plan.name) ?? plan.code,
    rate_plan_code: offer.ratePlanCode,
    per_night: perNight(base),
    per_night_after_tax: perNight(after),
    base_total: base,
    fees_taxes: fees,
    total: after,
    currency,
    is_member_rate: plan.isLoyaltyIdRequired ?? null,
    is_advance_purchase: advancePurchase(offer, plan),
    long_description: text(plan.additionalDescriptions?.longRateDesc),
    policy_description: text(offer.policies?.cancellationNoShow?.description),
  };
}
