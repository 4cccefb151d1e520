// chain_a's offers answers read by shape, so that drift counts only what the shape should carry
// (real-sources §15): a cash offer counts no reward nights missing, an extra product (breakfast) no rates
// or availability, an open property no status, and nothing counts a total nobody reads; a reward offer
// counts none of a cash offer's totals or policies. A field the shape should carry is still counted when
// it goes missing. Answers written fresh, invented values.
import { describe, expect, it } from '@jest/globals';
import { extractStay, OffersAnswer } from '../../shared/providers/chain-a/extract.ts';
import { withDrift } from '../helpers/fixtures.ts';

const OFFERS = 'hotels[].rateDetails.offers[]';
const stay = {
  hotelCode: 'KSTRB',
  checkIn: '2032-09-14',
  checkOut: '2032-09-16',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: 1,
};
const period = { start: '2032-09-14', end: '2032-09-16' };

/** What a read counted missing, and what it counted skipped. */
function drift(answer: unknown, reward?: unknown) {
  const { drift: all } = withDrift(() =>
    extractStay(OffersAnswer.parse(answer), reward ? OffersAnswer.parse(reward) : undefined, stay),
  );
  const of = (kind: string) => all.filter((d) => d.kind === kind).map((d) => d.field);
  return { missing: of('missing').sort(), skipped: of('skipped') };
}

const totals = (before: string, fees: string, after: string) => ({
  amountBeforeTax: before,
  baseAmount: before,
  amountAfterTax: after,
  feeTaxTotal: fees,
  average: { baseAmount: '100.00', amountAfterTax: '109.00' },
  feeTaxSubTotals: [{ amount: fees, otaCodeType: 'TAX', isIncludedInRate: false }],
});

/** The room a cash offer sells (priced, with its availability) and the breakfast that rides along. */
const roomUse = (code: string, available: number, priced = true) => ({
  period,
  inventoryTypeCode: code,
  quantity: 1,
  guestCounts: [{ guestType: 'ADULT', otaCode: 'AQC10', count: 2 }],
  numberOfAvailableProducts: available,
  isMainProduct: true,
  ...(priced
    ? { rates: { pricingFrequency: 'PER_NIGHT', totalRate: totals('200.00', '18.00', '218.00') } }
    : {}),
});
const breakfast = { period, inventoryTypeCode: 'BRKF', isMainProduct: false, isOptional: false };
const policies = (refundable: boolean) => ({
  cancellationNoShow: { description: 'Free cancellation until the day before arrival.' },
  isRefundable: refundable,
});

const cashOffer = (plan: string, room: string) => ({
  ratePlanCode: plan,
  productUses: [roomUse(room, 4), breakfast],
  policies: policies(plan === 'KFLEX'),
  totalRate: totals('200.00', '18.00', '218.00'),
  totalBaseOccRate: totals('200.00', '18.00', '218.00'),
  availableStatus: 'AVAILABLE',
});

const room = (code: string, name: string) => ({
  productCode: 'SR',
  inventoryTypeCode: code,
  inventoryTypeName: name,
  synthInventoryTypeName: name,
  description: 'A quiet room over the courtyard.',
  maxAdultOcc: 2,
  maxChildOcc: 1,
  isAvailable: true,
});
const plan = (code: string, name: string, advance: boolean) => ({
  code,
  name,
  additionalDescriptions: { longRateName: name, longRateDesc: `${name}, breakfast included.` },
  advanceBooking: { isAdvancePurchase: advance },
  isLoyaltyIdRequired: false,
  isPackage: false,
});

/** An open property's cash answer as the source sends it: no status of its own. */
const cashAnswer = () => ({
  startDate: '2032-09-14',
  endDate: '2032-09-16',
  hotels: [
    {
      hotelMnemonic: 'KSTRB',
      brandCode: 'KX',
      isoCountryCode: 'AT',
      propertyCurrency: 'EUR',
      productDefinitions: [
        room('KDBL', 'Courtyard Double'),
        room('KTWN', 'Courtyard Twin'),
        { productCode: 'BKF', inventoryTypeCode: 'BRKF', productName: 'Breakfast', isAvailable: true },
      ],
      ratePlanDefinitions: [plan('KFLEX', 'Flexible Rate', false), plan('KSAVE', 'Saver Rate', true)],
      rateDetails: {
        offers: [cashOffer('KFLEX', 'KDBL'), cashOffer('KSAVE', 'KDBL'), cashOffer('KFLEX', 'KTWN')],
      },
    },
  ],
  warnings: [{ code: 'W100', message: 'Rates shown for the first room only.' }],
});

/** A reward offer: its points beside the stay's cash fees (never read as a price) and its policies. */
const rewardOffer = (room: string) => ({
  ratePlanCode: 'IVANI',
  productUses: [roomUse(room, 2, false)],
  totalRate: totals('400.00', '36.00', '436.00'),
  policies: policies(true),
  rewardNights: {
    pointsOnly: { averageDailyPoints: 30000, totalPoints: 60000 },
    pointsCash: { options: [{ id: 'PC1', totalPoints: 30000, totalCash: 120, currency: 'USD' }] },
  },
  availableStatus: 'AVAILABLE',
});
const rewardAnswer = () => {
  const answer = cashAnswer();
  answer.hotels[0]!.ratePlanDefinitions = [plan('IVANI', 'Reward Night', false)];
  answer.hotels[0]!.rateDetails.offers = [rewardOffer('KDBL'), rewardOffer('KTWN')] as never;
  return answer;
};

describe('cash answer', () => {
  it("counts no reward nights, extra product's rates or availability, unread total or open status missing", () => {
    // Act
    const { missing, skipped } = drift(cashAnswer());
    // Assess
    expect(missing).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it('still counts what a cash offer and its room should carry when it goes missing', () => {
    // Prepare
    const answer = cashAnswer();
    const [first, second] = answer.hotels[0]!.rateDetails.offers as Record<string, unknown>[];
    const use = (first!.productUses as Record<string, unknown>[])[0]!;
    delete use.numberOfAvailableProducts;
    delete use.rates;
    delete second!.totalRate;
    delete second!.policies;
    // Act
    const { missing } = drift(answer);
    // Assess
    expect(missing).toEqual([
      `${OFFERS}.policies`,
      `${OFFERS}.productUses[].numberOfAvailableProducts`,
      `${OFFERS}.productUses[].rates`,
      `${OFFERS}.totalRate`,
    ]);
  });

  it('still counts a total missing from the totals the rate is read from', () => {
    // Prepare
    const answer = cashAnswer();
    const offer = answer.hotels[0]!.rateDetails.offers[0] as { totalRate: Record<string, unknown> };
    delete offer.totalRate.amountAfterTax;
    // Act
    const { missing } = drift(answer);
    // Assess
    expect(missing).toEqual([`${OFFERS}.totalRate.amountAfterTax`]);
  });
});

describe('reward answer', () => {
  it("counts none of a cash offer's rates, totals or policies missing on reward offers", () => {
    // Prepare: a reward answer without the cash fees and policies beside the points
    const answer = rewardAnswer();
    for (const offer of answer.hotels[0]!.rateDetails.offers as Record<string, unknown>[]) {
      delete offer.totalRate;
      delete offer.policies;
    }
    // Act
    const { missing, skipped } = drift(cashAnswer(), answer);
    // Assess
    expect(missing).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it('still counts the reward nights of a reward offer that lost them (left out), and a lost points total', () => {
    // Prepare
    const answer = rewardAnswer();
    const [first, second] = answer.hotels[0]!.rateDetails.offers as Record<string, unknown>[];
    delete first!.rewardNights;
    delete (second!.rewardNights as { pointsOnly: Record<string, unknown> }).pointsOnly.totalPoints;
    // Act
    const { missing, skipped } = drift(cashAnswer(), answer);
    // Assess: the first reads as a cash offer, so it lacks a cash room's rates too
    expect(missing).toEqual([
      `${OFFERS}.productUses[].rates`,
      `${OFFERS}.rewardNights`,
      `${OFFERS}.rewardNights.pointsOnly.totalPoints`,
    ]);
    expect(skipped).toEqual([OFFERS]);
  });
});

describe('shapes, as the extraction sees them', () => {
  it('reads the same rooms, rates and reward options as before the shapes', () => {
    // Act
    const found = extractStay(OffersAnswer.parse(cashAnswer()), OffersAnswer.parse(rewardAnswer()), stay)!;
    // Assess
    expect(found.room_types.map((r) => [r.code, r.available_rooms, r.rates.length])).toEqual([
      ['KDBL', 4, 2],
      ['KTWN', 4, 1],
    ]);
    expect(found.room_types[0]!.rates[0]).toMatchObject({ base_total: 200, fees_taxes: 18, total: 218 });
    expect(found.room_types[0]!.reward_options).toEqual([
      { points: 30000, cash: null, cash_currency: null, points_total: 60000, cash_total: null },
      { points: 15000, cash: 60, cash_currency: 'USD', points_total: 30000, cash_total: 120 },
    ]);
  });

  it('reads a cash offer that sends rewardNights null as the cash offer it is (null is absence)', () => {
    // Prepare
    const answer = cashAnswer();
    for (const offer of answer.hotels[0]!.rateDetails.offers) Object.assign(offer, { rewardNights: null });
    // Act
    const found = extractStay(OffersAnswer.parse(answer), undefined, stay)!;
    // Assess: the same rates as without the field
    expect(found.room_types.map((r) => [r.code, r.rates.length])).toEqual(
      extractStay(OffersAnswer.parse(cashAnswer()), undefined, stay)!.room_types.map((r) => [
        r.code,
        r.rates.length,
      ]),
    );
    expect(found.room_types.flatMap((r) => r.rates)).not.toHaveLength(0);
  });

  it('refuses a cash offer with an amount of the wrong type rather than reading it as a reward offer', () => {
    // Prepare
    const answer = cashAnswer();
    (
      answer.hotels[0]!.rateDetails.offers[1] as { totalRate: Record<string, unknown> }
    ).totalRate.amountAfterTax = 218;
    // Act
    const read = OffersAnswer.safeParse(answer);
    // Assess: the refusal names the field that broke, not the other shape's refusal
    expect(read.success).toBe(false);
    expect(read.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'hotels.0.rateDetails.offers.1.totalRate.amountAfterTax',
    ]);
  });
});
