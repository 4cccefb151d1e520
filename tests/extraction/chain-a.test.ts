// chain_a's request builder and extractor on offers answers in the real format (written fresh, invented
// values): decimal-string amounts, offers joined to rooms on the main product use, reward nights.
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  extractStay,
  OffersAnswer,
  OffersCallAnswer,
  offersOutcome,
  stayFrom,
  stayTotals,
} from '../../shared/providers/chain-a/extract.ts';
import type { CashOffer } from '../../shared/providers/chain-a/offers-answer.ts';
import { offersRequest, type Stay } from '../../shared/providers/chain-a/requests.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { fixtureJson, skipped, withDrift } from '../helpers/fixtures.ts';
import { CHAIN_A_PROVIDER, CHAIN_A_STAY } from '../helpers/fixture-queries.ts';

const fixture = (name: string): OffersAnswer => OffersAnswer.parse(fixtureJson('chain-a', name));
const raw = (name: string) => fixtureJson('chain-a', name) as { hotels: Record<string, unknown>[] };

/** The fixtures' stay: two rooms, two nights. */
const stay = CHAIN_A_STAY;

describe('offers request', () => {
  beforeAll(() => {
    useProviders({ chain_a: CHAIN_A_PROVIDER });
  });

  it('posts the stay, the rooms and the guests to the offers API with the rate details fieldset', () => {
    // Act
    const req = offersRequest({ ...stay, children: 1 }, 'cash');
    // Assess
    expect(req).toMatchObject({
      provider: 'chain_a',
      origin: 'api',
      method: 'POST',
      path: '/availability/v3/hotels/offers',
      query: { fieldset: expect.stringMatching(/^rateDetails,rateDetails\.policies(,|$)/) },
      safe: true,
      expect: 'json',
      cache: 'prices',
    });
    expect(req.body).toEqual({
      json: {
        startDate: '2031-03-10',
        endDate: '2031-03-12',
        hotelMnemonics: ['LRVAB'],
        products: [
          {
            productCode: 'SR',
            startDate: '2031-03-10',
            endDate: '2031-03-12',
            quantity: 2,
            guestCounts: [
              { otaCode: 'AQC10', count: 2 },
              { otaCode: 'AQC8', count: 1 },
            ],
          },
        ],
        options: {
          disabilityMode: 'ACCESSIBLE_AND_NON_ACCESSIBLE',
          returnAdditionalRatePlanDescriptions: true,
          rateDetails: { includePackageDetails: true, returnDetailedTaxDescriptions: true },
        },
      },
    });
  });

  it('asks for the reward-nights plan by its code, and sends no child count without children', () => {
    // Act
    const body = (offersRequest(stay, 'reward').body as { json: Record<string, unknown> }).json;
    // Assess
    expect(body.rates).toEqual({ ratePlanCodes: [{ internal: 'IVANI' }] });
    expect(body.products).toEqual([
      expect.objectContaining({ guestCounts: [{ otaCode: 'AQC10', count: 2 }] }),
    ]);
  });

  it('sends fresh session and transaction ids, the site as origin, and keeps them out of the cache key', () => {
    // Act
    const [a, b] = [offersRequest(stay, 'cash'), offersRequest(stay, 'cash')];
    // Assess
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.headers).toMatchObject({
      'chain-a-language': 'en-US',
      'chain-a-sessionid': expect.stringMatching(uuid),
      'chain-a-transactionid': expect.stringMatching(uuid),
      origin: 'https://www.chain-a.test',
      referer: 'https://www.chain-a.test/',
    });
    expect(a.headers!['chain-a-transactionid']).not.toBe(b.headers!['chain-a-transactionid']);
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.cacheKey).not.toBe(offersRequest(stay, 'reward').cacheKey);
    expect(a.cacheKey).not.toContain(a.headers!['chain-a-sessionid']);
  });
});

describe('offers answer', () => {
  const cash = fixture('offers-cash.json');
  const reward = fixture('offers-reward.json');

  it('reads the property, and one cash rate per available offer joined to its room', () => {
    // Act
    const result = extractStay(cash, reward, stay)!;
    // Assess
    expect(result).toMatchObject({ currency: 'CHF', brand_code: 'AURS', country_code: 'CH' });
    expect(result.room_types.map((r) => [r.code, r.rates.map((x) => x.rate_plan_code)])).toEqual([
      ['DBLN', ['ZQFLX', 'ZQMEM', 'ZQPRE']],
      ['TWNS', ['ZQFLX']],
    ]);
    const [double, twin] = result.room_types;
    expect(double).toMatchObject({
      name: 'Standard Double with Lake View',
      description: '19 sqm, lake view',
      max_adults: 2,
      max_children: 1,
      available_rooms: 7,
    });
    expect(twin).toMatchObject({ name: '2 Single Beds Superior', description: '23 sqm', max_children: 2 });
    expect(double!.rates[0]).toEqual({
      name: 'Best Flexible Rate',
      rate_plan_code: 'ZQFLX',
      per_night: 122,
      per_night_after_tax: 134.2,
      base_total: 488,
      fees_taxes: 48.8,
      total: 536.8,
      currency: 'CHF',
      is_member_rate: false,
      is_advance_purchase: false,
      long_description: 'Our most flexible public rate. Check the cancellation policy before you book.',
      policy_description: 'Cancel free of charge until 4:00 PM (local hotel time) the day before arrival.',
    });
  });

  it('reads member and advance-purchase flags and names from the rate plan definitions', () => {
    // Act
    const [double] = extractStay(cash, undefined, stay)!.room_types;
    // Assess
    expect(double!.rates.map((r) => [r.name, r.is_member_rate, r.is_advance_purchase])).toEqual([
      ['Best Flexible Rate', false, false],
      ['Member Exclusive Flexible Rate', true, false],
      ['PREPAID SAVER', false, true],
    ]);
    expect(double!.rates[1]!.long_description).toBeNull();
    expect(double!.rates[2]!.policy_description).toBe('This rate cannot be changed or refunded once booked.');
  });

  it('keeps every total equal to base_total + fees_taxes, in the billing currency', () => {
    // Act
    const rates = extractStay(cash, reward, stay)!.room_types.flatMap((r) => r.rates);
    // Assess
    expect(rates).toHaveLength(4);
    for (const rate of rates) {
      expect(rate.currency).toBe('CHF');
      expect(rate.total).toBeCloseTo(rate.base_total! + rate.fees_taxes!, 2);
      expect(rate.per_night).toBeCloseTo(rate.base_total! / stay.nights / stay.rooms, 2);
    }
  });

  it('gives reward options per night of one room, at most one points-only, reward cash in its own currency', () => {
    // Act
    const [double, twin] = extractStay(cash, reward, stay)!.room_types;
    // Assess
    expect(double!.reward_options).toEqual([
      { points: 38000, cash: null, cash_currency: null, points_total: 152000, cash_total: null },
      { points: 20000, cash: 61.5, cash_currency: 'USD', points_total: 80000, cash_total: 246 },
      { points: 10000, cash: 123, cash_currency: 'USD', points_total: 40000, cash_total: 492 },
    ]);
    expect(twin!.reward_options).toEqual([
      { points: 24000, cash: 75, cash_currency: 'USD', points_total: 96000, cash_total: 300 },
    ]);
  });

  it('counts a room bookable only with points', () => {
    // Prepare
    const onlyReward = structuredClone(reward);
    onlyReward.hotels[0]!.rateDetails!.offers[0]!.productUses[0]!.inventoryTypeCode = 'STEK';
    // Act
    const rooms = extractStay(cash, onlyReward, stay)!.room_types;
    // Assess
    expect(rooms.map((r) => r.code)).toEqual(['DBLN', 'TWNS', 'STEK']);
    expect(rooms[2]).toMatchObject({
      name: 'Corner Suite',
      description: null,
      max_children: null,
      rates: [],
    });
  });

  it('answers no rooms, with the billing currency, for a closed property', () => {
    // Act
    const result = extractStay(fixture('offers-closed.json'), fixture('offers-closed.json'), stay);
    // Assess
    expect(result).toEqual({ currency: 'CHF', brand_code: 'AURS', country_code: 'CH', room_types: [] });
  });

  it('keeps the rooms of a property shown without its currency, every currency null', () => {
    // Prepare: the only hotel of the answer loses its propertyCurrency
    const answer = raw('offers-cash.json');
    delete answer.hotels[0]!.propertyCurrency;
    // Act
    const result = extractStay(OffersAnswer.parse(answer), undefined, stay)!;
    // Assess
    expect(result).toMatchObject({ currency: null, brand_code: 'AURS' });
    expect(
      result.room_types.map((r) => [r.code, r.rates.map((x) => [x.rate_plan_code, x.currency])]),
    ).toEqual([
      [
        'DBLN',
        [
          ['ZQFLX', null],
          ['ZQMEM', null],
          ['ZQPRE', null],
        ],
      ],
      ['TWNS', [['ZQFLX', null]]],
    ]);
    expect(result.room_types[0]!.rates[0]).toMatchObject({ total: 536.8, per_night: 122 });
  });

  it('keeps a points-plus-cash option shown without its currency: its cash, cash_currency null', () => {
    // Prepare: the twin's option (PC1, listed twice) loses its currency in both listings
    type RawOption = { currency?: string };
    const answer = raw('offers-reward.json') as unknown as {
      hotels: { rateDetails: { offers: { rewardNights: { pointsCash?: { options: RawOption[] } } }[] } }[];
    };
    for (const o of answer.hotels[0]!.rateDetails.offers[2]!.rewardNights.pointsCash!.options)
      delete o.currency;
    // Act
    const [, twin] = extractStay(cash, OffersAnswer.parse(answer), stay)!.room_types;
    // Assess
    expect(twin!.reward_options).toEqual([
      { points: 24000, cash: 75, cash_currency: null, points_total: 96000, cash_total: 300 },
    ]);
  });

  it('answers undefined when the answer lists no property', () => {
    expect(extractStay(fixture('offers-unknown.json'), fixture('offers-unknown.json'), stay)).toBeUndefined();
  });

  it('fails extraction on an answer for another hotel', () => {
    // Prepare
    const answer = structuredClone(cash);
    answer.hotels[0]!.hotelMnemonic = 'OTHER';
    // Act
    const act = () => extractStay(answer, undefined, stay);
    // Assess
    expect(act).toThrow(ExtractionError);
  });

  it.each<[string, (a: OffersAnswer) => void, [string, string[]][]]>([
    [
      'an undefined rate plan (its room stays, without that rate)',
      (a) => void (a.hotels[0]!.rateDetails!.offers[0]!.ratePlanCode = 'NOPLAN'),
      [
        ['DBLN', ['ZQFLX', 'ZQMEM', 'ZQPRE']],
        ['TWNS', []],
      ],
    ],
    [
      'an undefined room',
      (a) => void (a.hotels[0]!.rateDetails!.offers[0]!.productUses[0]!.inventoryTypeCode = 'XX'),
      [['DBLN', ['ZQFLX', 'ZQMEM', 'ZQPRE']]],
    ],
    [
      'no main product',
      (a) => void (a.hotels[0]!.rateDetails!.offers[0]!.productUses[0]!.isMainProduct = false),
      [['DBLN', ['ZQFLX', 'ZQMEM', 'ZQPRE']]],
    ],
  ])('leaves out, and counts, an offer with %s', (_case, change, expected) => {
    // Prepare
    const answer = structuredClone(cash);
    change(answer);
    // Act
    const { value: rooms, drift } = withDrift(() => extractStay(answer, undefined, stay)!.room_types);
    // Assess
    expect(rooms.map((r) => [r.code, r.rates.map((x) => x.rate_plan_code)])).toEqual(expected);
    expect(drift).toContainEqual(skipped('chain_a', 'hotels[].rateDetails.offers[]', 1));
  });

  it('leaves out the offers of a room without a name', () => {
    // Prepare
    const answer = structuredClone(cash);
    delete answer.hotels[0]!.productDefinitions[1]!.synthInventoryTypeName;
    // Act
    const rooms = extractStay(answer, undefined, stay)!.room_types;
    // Assess
    expect(rooms.map((r) => r.code)).toEqual(['DBLN']);
  });

  it('rejects amounts that are not decimal strings', () => {
    // Prepare
    const answer = raw('offers-cash.json');
    const offers = (answer.hotels[0]!.rateDetails as { offers: { totalRate: Record<string, unknown> }[] })
      .offers;
    offers[0]!.totalRate.amountBeforeTax = 611.4;
    // Act
    const parsed = OffersAnswer.safeParse(answer);
    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('late-2026 answers', () => {
  const late = fixture('offers-late-2026.json');

  it('derives base and fees from an offer that carries only its total and fee sub-totals', () => {
    // Act
    const [double] = extractStay(late, undefined, stay)!.room_types;
    // Assess
    expect(double!.rates[0]).toMatchObject({
      rate_plan_code: 'ZQFLX',
      base_total: 480,
      fees_taxes: 64,
      total: 544,
      per_night: 120,
      per_night_after_tax: 136,
    });
  });

  it('counts a tax included in the rate among the fees, so that total = base_total + fees_taxes', () => {
    // Act
    const twin = extractStay(late, undefined, stay)!.room_types.find((r) => r.code === 'TWNS')!;
    // Assess
    expect(twin.rates[0]).toMatchObject({ base_total: 500, fees_taxes: 52, total: 552 });
    expect(stayTotals(undefined)).toEqual({ base: null, fees: null, after: null });
    expect(stayTotals({ amountBeforeTax: 100, feeTaxTotal: 10 })).toEqual({
      base: 100,
      fees: 10,
      after: 110,
    });
  });

  it('marks a plan as advance purchase when its offer is not refundable', () => {
    // Act
    const rates = extractStay(late, undefined, stay)!.room_types.flatMap((r) => r.rates);
    // Assess
    expect(rates.map((r) => [r.rate_plan_code, r.is_advance_purchase, r.is_member_rate])).toEqual([
      ['ZQFLX', false, false],
      ['ZQNRF', true, false],
      ['ZQMEM', false, true],
    ]);
  });

  it('leaves package plans out of the rates', () => {
    // Act
    const codes = extractStay(late, undefined, stay)!.room_types.flatMap((r) =>
      r.rates.map((x) => x.rate_plan_code),
    );
    // Assess
    expect(codes).not.toContain('ZQSKI');
  });

  it('keeps a rate whose refundability nothing says, with is_advance_purchase null rather than false', () => {
    // Prepare
    const answer = structuredClone(late);
    delete (answer.hotels[0]!.rateDetails!.offers[2] as CashOffer).policies!.isRefundable;
    // Act
    const twin = extractStay(answer, undefined, stay)!.room_types.find((r) => r.code === 'TWNS')!;
    // Assess
    expect(twin.rates.map((r) => [r.rate_plan_code, r.is_advance_purchase])).toEqual([['ZQMEM', null]]);
  });

  it('keeps the rates of a plan that does not say whether it needs a loyalty account, with is_member_rate null', () => {
    // Prepare: every plan without isLoyaltyIdRequired, in the raw answer (null, or absent)
    const answer = raw('offers-late-2026.json');
    const plans = answer.hotels[0]!.ratePlanDefinitions as Record<string, unknown>[];
    for (const [i, plan] of plans.entries())
      if (i % 2) plan.isLoyaltyIdRequired = null;
      else delete plan.isLoyaltyIdRequired;
    // Act
    const rates = extractStay(OffersAnswer.parse(answer), undefined, stay)!.room_types.flatMap(
      (r) => r.rates,
    );
    // Assess
    expect(rates.map((r) => [r.rate_plan_code, r.is_member_rate])).toEqual([
      ['ZQFLX', null],
      ['ZQNRF', null],
      ['ZQMEM', null],
    ]);
  });

  it('reads an answer without brand and country as empty ones', () => {
    // Act
    const result = extractStay(late, undefined, stay)!;
    // Assess
    expect(result).toMatchObject({ currency: 'CHF', brand_code: null, country_code: null });
  });

  it('gives a points-only option no cash, even with cash fees beside the points', () => {
    // Act
    const [double, twin] = extractStay(fixture('offers-reward-fees.json'), undefined, stay)!.room_types;
    // Assess
    expect(double!.reward_options).toEqual([
      { points: 38000, cash: null, cash_currency: null, points_total: 152000, cash_total: null },
      { points: 20000, cash: 61.5, cash_currency: 'CHF', points_total: 80000, cash_total: 246 },
    ]);
    expect(twin!.reward_options).toEqual([
      { points: 45000, cash: null, cash_currency: null, points_total: 180000, cash_total: null },
    ]);
    expect(double!.rates).toEqual([]);
  });

  it.each([
    ['error-invalid-hotel.json', 'unknown hotel'],
    ['error-crs-unknown-hotel.json', 'unknown hotel'],
    ['error-no-availability.json', 'no availability'],
  ])('reads the error answer %s as %s', (name, kind) => {
    // Act
    const body = fixtureJson('chain-a', name);
    const outcome = offersOutcome(400, OffersCallAnswer.parse(body));
    // Assess
    expect(outcome).toEqual({ kind });
  });

  it('answers no such hotel for an unknown hotel, and the empty stay for no availability', () => {
    // Prepare
    const reward = { kind: 'offers' as const, answer: fixture('offers-reward.json') };
    // Act, Assess
    expect(stayFrom({ kind: 'unknown hotel' }, { kind: 'unknown hotel' }, stay)).toBeUndefined();
    expect(stayFrom({ kind: 'no availability' }, { kind: 'no availability' }, stay)).toEqual({
      currency: null,
      brand_code: null,
      country_code: null,
      room_types: [],
    });
    expect(stayFrom({ kind: 'no availability' }, reward, stay)).toEqual({
      currency: 'CHF',
      brand_code: 'AURS',
      country_code: 'CH',
      room_types: [],
    });
  });

  it('fails on any other error answer, with the status and the code', () => {
    // Act
    const act = () => offersOutcome(400, { errors: [{ code: 'AVL_100410', message: 'Length of stay' }] });
    // Assess
    expect(act).toThrow(UpstreamError);
    expect(act).toThrow(/AVL_100410/);
    expect(() => offersOutcome(200, { errors: [{ code: 'X' }] })).toThrow(ExtractionError);
    expect(OffersCallAnswer.safeParse('<html>').success).toBe(false);
    expect(OffersCallAnswer.safeParse({ hotels_v2: [] }).success).toBe(false);
  });
});

describe('reward nights with a totalRate beside pointsOnly (contract amendment 3)', () => {
  /** The fixture's stay: one room, four nights. */
  const fourNights: Stay = { ...stay, checkOut: '2031-03-14', nights: 4, rooms: 1 };
  const answer = fixture('offers-reward-points-only.json');

  it('gives a points-only option cash null and cash_total null, whatever totalRate says', () => {
    // Act
    const [king, queens] = extractStay(answer, undefined, fourNights)!.room_types;
    // Assess
    expect(king!.reward_options).toEqual([
      { points: 58000, cash: null, cash_currency: null, points_total: 232000, cash_total: null },
    ]);
    expect(queens!.reward_options).toEqual([
      { points: 64000, cash: null, cash_currency: null, points_total: 256000, cash_total: null },
      { points: 32000, cash: 70, cash_currency: 'USD', points_total: 128000, cash_total: 280 },
    ]);
  });

  it('shows the cash amount of a reward-night offer as no cash rate', () => {
    // Act
    const rooms = extractStay(answer, undefined, fourNights)!.room_types;
    // Assess
    expect(rooms.map((r) => [r.code, r.rates])).toEqual([
      ['KNGS', []],
      ['TQNS', []],
    ]);
    const amounts = JSON.stringify(rooms);
    for (const shown of [579.12, 144.78, 655.36, 163.84, 508, 127])
      expect(amounts).not.toContain(String(shown));
  });

  it('makes no cash rate of a reward-plan offer that carries only a totalRate, in either answer', () => {
    // Prepare: reward nights gone from the offer, its cash amount left.
    const bare = structuredClone(answer);
    delete bare.hotels[0]!.rateDetails!.offers[0]!.rewardNights;
    const cash = fixture('offers-cash.json');
    const mixed = structuredClone(cash);
    mixed.hotels[0]!.ratePlanDefinitions.push(answer.hotels[0]!.ratePlanDefinitions[0]!);
    mixed.hotels[0]!.rateDetails!.offers.push({
      ...bare.hotels[0]!.rateDetails!.offers[0]!,
      productUses: [
        { ...bare.hotels[0]!.rateDetails!.offers[0]!.productUses[0]!, inventoryTypeCode: 'DBLN' },
      ],
    });
    // Act
    const fromReward = extractStay(
      cash,
      { ...bare, hotels: [{ ...bare.hotels[0]!, hotelMnemonic: 'LRVAB' }] },
      stay,
    )!;
    const fromCash = extractStay(mixed, undefined, stay)!;
    // Assess
    const codes = (s: typeof fromCash) => s.room_types.flatMap((r) => r.rates.map((x) => x.rate_plan_code));
    expect(codes(fromReward)).not.toContain('IVANI');
    expect(codes(fromCash)).toEqual(codes(extractStay(cash, undefined, stay)!));
  });

  it('makes no cash rate of an offer of the reward plan the configuration names', () => {
    // Prepare: the reward plan configured under another code; the cash answer with a bare offer of a plan
    const withOffer = (code: string) => {
      const cash = fixture('offers-cash.json');
      const hotel = cash.hotels[0]!;
      const offer = structuredClone(hotel.rateDetails!.offers[0]!);
      offer.ratePlanCode = code;
      hotel.ratePlanDefinitions.push({ ...hotel.ratePlanDefinitions[0]!, code });
      hotel.rateDetails!.offers.push(offer);
      return cash;
    };
    const codes = (s: ReturnType<typeof extractStay>) =>
      s!.room_types.flatMap((r) => r.rates.map((x) => x.rate_plan_code));
    useProviders({
      chain_a: {
        ...CHAIN_A_PROVIDER,
        operations: { ...CHAIN_A_PROVIDER.operations, reward_rate_plan: 'IVANZ' },
      },
    });
    try {
      // Act
      const reward = extractStay(withOffer('IVANZ'), undefined, stay, 'IVANZ');
      const other = extractStay(withOffer('QQFLX'), undefined, stay, 'IVANZ');
      // Assess: the same offer under another plan is a cash rate; under the reward plan it is none
      expect(codes(other)).toContain('QQFLX');
      expect(codes(reward)).not.toContain('IVANZ');
    } finally {
      useProviders({ chain_a: CHAIN_A_PROVIDER });
    }
  });
});
