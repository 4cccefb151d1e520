/**
 * chain_a, a hotel chain with a loyalty programme, in its real format: the web app's offers API,
 * `POST /availability/v3/hotels/offers?fieldset=…` with the web-app key header (403 without), a JSON body
 * naming the property, the stay, the rooms and the guests (`AQC10` adults, `AQC8` children). It answers
 * `hotels[0]` with the property's currency, brand and country, room and rate plan definitions, and
 * `rateDetails.offers[]`, one per rate plan and room, whose amounts are decimal strings (stay totals of
 * the product use: every room, every night). Asked for the reward plan (`rates.ratePlanCodes`), it
 * answers reward-nights offers instead: points only and points plus cash in USD.
 *
 * The late-2026 shapes (real-sources §15), each on part of the properties (chosen by hash, so both shapes
 * stay in play): offers that carry only an offer-level `totalRate` (`amountAfterTax`,
 * `basePlusExcludedFeesAmount`, `feeTaxSubTotals`, no `amountBeforeTax`); a package plan
 * (`isPackage: true`) sold beside the room rates; a prepaid plan whose definition omits
 * `advanceBooking`, so only its offer's `policies.isRefundable: false` tells it is non-refundable;
 * reward offers with a `totalRate` (the stay's cash amount with taxes) beside the points (issue #34). An unknown code is a 400
 * with `errors[].code` `INVALID_HOTEL_MNEMONICS`; a sold-out stay is either `availabilityStatus:
 * "CLOSED"` or a 400 with `CRS_50025`.
 *
 * The same offers route answers a search by coordinates (`geoLocation`), and the profile API serves the
 * hotels' profiles: both in chain-a-profiles.ts, priced from this module's offers.
 */
import * as z from 'zod';
import { hash } from '../random.ts';
import { billingCurrency, FX, nightlyUsd, nightsOf, pointsPerNight, soldOut } from '../prices.ts';
import type { Site, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { geoAnswer, type Offer, type OffersModule, profileRoutes, REWARD_PLAN } from './chain-a-profiles.ts';

/** The sandbox's web-app key, handed out as provider configuration (the live one is a secret). */
export const SANDBOX_WEB_KEY = `sbx-${hash('chain_a web-app key').toString(36)}`;

const ROOMS = [
  {
    code: 'KNGN',
    name: 'King Room',
    synth: '1 King Bed Standard',
    adults: 2,
    children: 1,
    factor: 1,
    size: 24,
  },
  {
    code: 'TQNN',
    name: 'Two Queen Beds',
    synth: '2 Queen Beds Standard',
    adults: 4,
    children: 2,
    factor: 1.1,
    size: 30,
  },
  {
    code: 'JSTN',
    name: 'Junior Suite',
    synth: '1 King Bed Junior Suite',
    adults: 3,
    children: 2,
    factor: 1.6,
    size: 42,
  },
];
const PLANS = [
  {
    code: 'SXFLX',
    name: 'BEST FLEXIBLE RATE',
    longName: 'Flexible Rate',
    longDesc: 'Our least restrictive public rate: change or cancel your stay until two days before arrival.',
    factor: 1,
    member: false,
    advance: false,
  },
  {
    code: 'SXMBR',
    name: 'MEMBER FLEXIBLE',
    longName: 'Member Rate',
    longDesc: 'Members of the loyalty programme save more. Not a member? Join as you book.',
    factor: 0.92,
    member: true,
    advance: false,
  },
  {
    code: 'SXADV',
    name: 'ADVANCE PURCHASE',
    longName: 'Advance Purchase',
    longDesc: 'Book ahead and save. Paid in full at booking; no changes or refunds.',
    factor: 0.85,
    member: false,
    advance: true,
  },
  {
    code: 'SXPKG',
    name: 'STAY AND DINE',
    longName: 'Stay and Dine Package',
    longDesc: 'Your room with a dinner for two on the first night.',
    factor: 1.25,
    member: false,
    advance: false,
    package: true,
  },
];
/** Plans the property defines but does not sell for the stay, as real answers list them. */
const UNSOLD_PLANS = ['SXGRP', 'SXSTL'];

/** Properties whose offers carry only the offer-level total (no product-use rates, no amountBeforeTax). */
export const offerTotalsOnly = (hotel: Hotel) => hash(`offer-totals:${hotel.key}`) % 2 === 0;
/** Properties whose prepaid plan says it is non-refundable only through its offers' policies. */
export const refundabilityInPoliciesOnly = (hotel: Hotel) => hash(`refundability:${hotel.key}`) % 2 === 0;
/** Properties whose sold-out stays are a 400 with `CRS_50025` rather than a closed property. */
export const soldOutAsError = (hotel: Hotel) => hash(`crs:${hotel.key}`) % 2 === 0;
/**
 * Properties whose reward offers carry a `totalRate` beside the points, as a real answer did (a whole
 * stay's cash amount with taxes and fees, whose meaning is not on record).
 */
export const rewardTotalRate = (hotel: Hotel) => hash(`reward-fees:${hotel.key}`) % 2 === 0;

const round = (n: number) => Math.round(n * 100) / 100;
/** Amounts go out as decimal strings with two places, as the source writes them. */
const money = (n: number) => n.toFixed(2);

const Guests = z.object({ otaCode: z.string(), count: z.number().int().min(0) });
const OffersBody = z.object({
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  hotelMnemonics: z.array(z.string().min(1)).length(1),
  products: z
    .array(
      z.object({
        productCode: z.string(),
        quantity: z.number().int().min(1).max(9),
        guestCounts: z.array(Guests).min(1),
      }),
    )
    .length(1),
  rates: z.object({ ratePlanCodes: z.array(z.object({ internal: z.string() })) }).optional(),
});
type OffersBody = z.infer<typeof OffersBody>;

const fail = (status: number, code: string, message: string): SiteResponse => ({
  status,
  json: { errors: [{ code, message }] },
});

function byCode(code: string): Hotel | undefined {
  return getWorld().hotels.find((h) => h.hotelCode === code);
}

function productDefinitions(breakfast: boolean) {
  return [
    ...ROOMS.map((r) => ({
      productCode: 'SR',
      inventoryTypeCode: r.code,
      otaCode: 'GRI42',
      productName: 'Sleeping Room',
      inventoryTypeName: r.name,
      description: `${r.size} sqm, up to ${r.adults} adults.`,
      providerDescription: `${r.size} sqm`,
      maximumNumberParticipant: r.adults,
      isFlowThrough: false,
      isDisplayable: true,
      isPremium: r.factor > 1.5,
      isAvailable: true,
      synthInventoryTypeName: r.synth,
      maxAdultOcc: r.adults,
      maxChildOcc: r.children,
    })),
    ...(breakfast
      ? [
          {
            productCode: 'BRK',
            productClass: 'BRK1',
            inventoryTypeCode: 'BRK',
            productName: 'Breakfast Included',
            isFlowThrough: false,
            isDisplayable: false,
            isPremium: false,
            isAvailable: true,
          },
        ]
      : []),
  ];
}

function ratePlanDefinitions(hotel: Hotel, reward: boolean) {
  if (reward)
    return [
      {
        code: REWARD_PLAN,
        name: 'REWARD NIGHTS',
        additionalDescriptions: {
          longRateName: 'Reward Nights',
          longRateDesc: 'Redeem points for your stay, or pay with points plus cash.\r\n',
          shortRateName: 'Reward Nights',
        },
        advanceBooking: { isAdvancePurchase: false },
        isGroupRatePlan: false,
        isLoyaltyIdRequired: true,
        isPackage: false,
        isRewardEarned: false,
        areAmountsConfidential: false,
        isPreferred: false,
      },
    ];
  return [
    ...PLANS.map((p) => ({
      code: p.code,
      name: p.name,
      providerDescription: p.longDesc.toUpperCase(),
      additionalDescriptions: {
        // Real rate names and descriptions often end in CRLF.
        longRateName: `${p.longName}\r\n`,
        longRateDesc: p.longDesc,
        shortRateName: p.longName,
      },
      ...(p.advance && refundabilityInPoliciesOnly(hotel)
        ? {}
        : { advanceBooking: { isAdvancePurchase: p.advance } }),
      isGroupRatePlan: false,
      isTentative: false,
      isLoyaltyIdRequired: p.member,
      isVoucherRequired: false,
      isRewardEarned: true,
      isCommissionable: !p.member,
      areAmountsConfidential: false,
      isPreferred: false,
      isPackage: p.package ?? false,
      ...(p.package ? { packageDetails: { productCodes: ['DIN'], description: p.longDesc } } : {}),
    })),
    ...UNSOLD_PLANS.map((code) => ({
      code,
      isGroupRatePlan: false,
      areAmountsConfidential: false,
      isAvailable: false,
      isPreferred: false,
    })),
  ];
}

interface Request {
  hotel: Hotel;
  arrival: string;
  departure: string;
  nights: string[];
  adults: number;
  children: number;
  rooms: number;
  currency: string;
  policies: boolean;
}

function policiesOf(q: Request, advance: boolean, nightAfterTax: number) {
  return {
    guarantee: {
      isRequired: true,
      time: '18:00:00',
      type: advance ? 'DEPOSIT_REQUIRED' : 'STANDARD_GUARANTEE',
    },
    cancellationNoShow: {
      amountCurrency: q.currency,
      feeCurrency: q.currency,
      feeType: 'NIGHTS',
      feeValue: '1',
      amount: money(nightAfterTax),
      description: advance
        ? 'Non-refundable. Full prepayment at booking.\r\n'
        : 'Free cancellation until 2 days before arrival.\r\n',
      deadline: {
        dateTime: `${q.arrival}T18:00:00`,
        deadlineType: advance ? 'AT_BOOKING' : 'BEFORE_ARRIVAL',
      },
      isGracePeriod: false,
    },
    hold: { is24HourHold: false },
    isRefundable: !advance,
    checkinTime: '15:00:00',
    checkoutTime: '11:00:00',
  };
}

/** The price of one room type under one plan: per night for the whole product use (every room), then totals. */
function cashOffer(
  q: Request,
  r: (typeof ROOMS)[number],
  p: (typeof PLANS)[number],
  use: object,
  extras: object[],
) {
  const fx = FX[q.currency] ?? 1;
  const occupancy = 1 + 0.1 * Math.max(0, q.adults - 2);
  const daily = q.nights.map((n) => {
    const before = round(nightlyUsd(q.hotel, n) * r.factor * occupancy * q.rooms * p.factor * fx);
    const fees = round(before * 0.14);
    return { night: n, before, fees, after: round(before + fees) };
  });
  const before = round(daily.reduce((s, d) => s + d.before, 0));
  const fees = round(daily.reduce((s, d) => s + d.fees, 0));
  const after = round(before + fees);
  const perRoomNight = (n: number) => money(round(n / q.nights.length / q.rooms));
  const subTotals = (amount: number) => [
    // The sub-total drops trailing zeros ("13.5"), as the source does.
    {
      amount: String(amount),
      otaCodeType: 'TAX',
      isIncludedInRate: false,
      feeTaxGroups: [{ amount: money(amount), feeTaxDefIds: [0] }],
    },
  ];
  if (offerTotalsOnly(q.hotel))
    return {
      ratePlanCode: p.code,
      productUses: [use, ...extras],
      ...(q.policies ? { policies: policiesOf(q, p.advance, round(after / q.nights.length / q.rooms)) } : {}),
      // Only what the offer carries: the base comes from the total less the fee and tax sub-totals.
      totalRate: {
        amountAfterTax: money(after),
        basePlusExcludedFeesAmount: money(before),
        feeTaxSubTotals: subTotals(fees),
      },
      availableStatus: 'AVAILABLE',
    };
  const totalRate = {
    amountBeforeTax: money(before),
    baseAmount: money(before),
    amountAfterTax: money(after),
    feeTaxTotal: money(fees),
    average: {
      baseAmount: perRoomNight(before),
      amountAfterTax: perRoomNight(after),
      excludedTaxSubTotal: perRoomNight(fees),
    },
    feeTaxSubTotals: subTotals(fees),
  };
  return {
    ratePlanCode: p.code,
    productUses: [
      {
        ...use,
        rates: {
          ratesDefinition: {
            rateChanges: daily.map((d, id) => ({
              id,
              start: d.night,
              end: q.nights[id + 1] ?? q.departure,
              amount: money(round(d.before / q.rooms)),
            })),
            average: perRoomNight(before),
            checkin: money(round(daily[0]!.before / q.rooms)),
          },
          pricingFrequency: 'PER_NIGHT',
          pricingMethod: 'PER_PRODUCT',
          hasRateChange: new Set(daily.map((d) => d.before)).size > 1,
          taxInclusionMode: 'FOLLOW_HOUSE',
          totalRate,
          totalBaseOccRate: totalRate,
          dailyRates: daily.map((d, i) => ({
            start: d.night,
            end: q.nights[i + 1] ?? q.departure,
            dailyTotalRate: {
              amountBeforeTax: money(d.before),
              baseAmount: money(d.before),
              amountAfterTax: money(d.after),
              rateDefId: i,
              feeTaxTotal: money(d.fees),
              feeTaxSubTotals: subTotals(d.fees),
            },
          })),
        },
      },
      ...extras,
    ],
    ...(q.policies ? { policies: policiesOf(q, p.advance, round(after / q.nights.length / q.rooms)) } : {}),
    totalRate,
    // The source repeats the totals at base occupancy.
    totalBaseOccRate: totalRate,
    availableStatus: 'AVAILABLE',
  };
}

/** Reward nights for one room type: points per night of one room, stay totals of the product use. */
function rewardOffer(q: Request, r: (typeof ROOMS)[number], use: object) {
  const occupancy = 1 + 0.1 * Math.max(0, q.adults - 2);
  const perNightUsd =
    (q.nights.reduce((sum, n) => sum + nightlyUsd(q.hotel, n), 0) * r.factor * occupancy) / q.nights.length;
  const points = pointsPerNight(perNightUsd);
  const share = q.nights.length * q.rooms;
  const pcPoints = Math.round(points / 2 / 500) * 500;
  const pcCash = round(perNightUsd * 0.45);
  // The stay's cash amount before and after taxes, every room: what a real reward offer carried beside its points.
  const before = round(perNightUsd * share * (FX[q.currency] ?? 1));
  const fees = round(before * 0.14);
  return {
    ratePlanCode: REWARD_PLAN,
    productUses: [use],
    ...(rewardTotalRate(q.hotel)
      ? {
          totalRate: {
            amountBeforeTax: money(before),
            baseAmount: money(before),
            amountAfterTax: money(round(before + fees)),
            feeTaxTotal: money(fees),
            feeTaxSubTotals: [{ amount: money(fees), otaCodeType: 'TAX', isIncludedInRate: false }],
          },
        }
      : {}),
    rewardNights: {
      ...(hash(`pts:${q.hotel.key}:${r.code}`) % 3 === 0
        ? {}
        : {
            pointsOnly: {
              averageDailyPoints: points,
              totalPoints: points * share,
              daily: q.nights.map((n) => ({ stayDate: n, points: points * q.rooms })),
            },
          }),
      pointsCash: {
        options: [
          {
            id: 'PC1',
            totalPoints: pcPoints * share,
            totalCash: round(pcCash * share),
            currency: 'USD',
            averageDailyPoints: pcPoints,
            averageDailyCash: pcCash,
          },
        ],
      },
    },
    ...(q.policies ? { policies: policiesOf(q, false, 0) } : {}),
    availableStatus: 'AVAILABLE',
  };
}

function offers(q: Request, reward: boolean, breakfast: boolean): object[] {
  return ROOMS.filter((r) => r.adults >= q.adults && r.children >= q.children).flatMap((r): object[] => {
    const inventory = hash(`inv:${q.hotel.key}:${r.code}:${q.arrival}`) % 6;
    if (inventory < q.rooms) return [];
    const period = { start: q.arrival, end: q.departure };
    const use = {
      period,
      inventoryTypeCode: r.code,
      quantity: q.rooms,
      guestCounts: [
        { guestType: 'ADULT', otaCode: 'AQC10', count: q.adults },
        ...(q.children ? [{ guestType: 'CHILD', otaCode: 'AQC8', count: q.children }] : []),
      ],
      numberOfAvailableProducts: inventory,
      isMainProduct: true,
    };
    if (reward) return [rewardOffer(q, r, use)];
    // Breakfast rides along as a second, non-main product use.
    const extras = breakfast
      ? [{ period, inventoryTypeCode: 'BRK', isMainProduct: false, isOptional: false }]
      : [];
    return PLANS.map((p) =>
      cashOffer(
        q,
        r,
        p,
        use,
        p.package ? [...extras, { period, inventoryTypeCode: 'DIN', isMainProduct: false }] : extras,
      ),
    );
  });
}

function answer(hotel: Hotel, body: OffersBody, fieldset: string[]): SiteResponse {
  const product = body.products[0]!;
  const count = (code: string) => product.guestCounts.find((g) => g.otaCode === code)?.count ?? 0;
  const nights = nightsOf(body.startDate, body.endDate);
  if (nights.length === 0 || nights.length > 30)
    return fail(400, 'AVL_100410', 'Length of stay must be between 1 and 30 nights');
  const currency = billingCurrency(hotel);
  const reward = body.rates?.ratePlanCodes.some((c) => c.internal === REWARD_PLAN) ?? false;
  const breakfast = hash(`brk:${hotel.key}`) % 2 === 0;
  const property = {
    hotelMnemonic: hotel.hotelCode,
    brandCode: hotel.brand!.code,
    isoCountryCode: hotel.city.country,
    propertyCurrency: currency,
  };
  if (nights.some((n) => soldOut(hotel, n)))
    return soldOutAsError(hotel)
      ? fail(400, 'CRS_50025', 'No availability for the requested stay')
      : {
          status: 200,
          json: {
            startDate: body.startDate,
            endDate: body.endDate,
            hotels: [
              {
                ...property,
                availabilityStatus: 'CLOSED',
                productDefinitions: productDefinitions(breakfast).map((d) => ({ ...d, isAvailable: false })),
                ratePlanDefinitions: [],
              },
            ],
            isSellStrategyIncludedIfNoAvail: false,
          },
        };
  const q: Request = {
    hotel,
    arrival: body.startDate,
    departure: body.endDate,
    nights,
    adults: count('AQC10'),
    children: count('AQC8'),
    rooms: product.quantity,
    currency,
    policies: fieldset.includes('rateDetails.policies'),
  };
  const hotelAnswer = {
    hotelMnemonic: hotel.hotelCode,
    productDefinitions: productDefinitions(breakfast),
    ...(fieldset.includes('rateDetails')
      ? {
          rateDetails: {
            offers: offers(q, reward, breakfast),
            feeTaxDefinitions: [
              {
                id: 0,
                description: 'VAT and City Tax',
                chargeFrequency: 'PER_NIGHT',
                chargeUnit: 'PER_PRODUCT',
                isIncluded: false,
                computationType: 'PERCENT',
                start: body.startDate,
                end: body.endDate,
                formattedDescription: ' 14% per night not included in rate',
                otaCode: 'FTT17',
                values: [{ value: '14' }],
                otaCodeType: 'TAX',
              },
            ],
          },
        }
      : {}),
    propertyCurrency: currency,
    ratePlanDefinitions: ratePlanDefinitions(hotel, reward),
    brandCode: property.brandCode,
    factLines: ['MINIMUM CHECK-IN AGE IS 18.'],
    pmOptOutWeb: false,
    isoCountryCode: property.isoCountryCode,
    allowMultiRoomFlow: true,
    maxMultiRoomsFlowQuantity: 9,
  };
  return {
    status: 200,
    json: {
      startDate: body.startDate,
      endDate: body.endDate,
      hotels: [hotelAnswer],
      warnings: reward
        ? []
        : [
            {
              id: 0,
              message: `Failed to retrieve rate description for rates : [${UNSOLD_PLANS.join(', ')}]`,
              code: 'AVL_100010',
            },
          ],
      isSellStrategyIncludedIfNoAvail: false,
    },
  };
}

/** The web-app key's refusal, or undefined when the request carries the key. */
function keyRefusal({ headers }: SiteRequest): SiteResponse | undefined {
  if (headers['x-chain-a-api-key'] === SANDBOX_WEB_KEY) return undefined;
  return {
    status: 403,
    json: { fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } } },
  };
}

/** What the profile and geo routes borrow: the key check, and the offers the rooms call quotes. */
const offersModule: OffersModule = {
  keyRefusal,
  offersFor: (hotel, stay, reward) => {
    const currency = billingCurrency(hotel);
    const q: Request = {
      hotel,
      arrival: stay.startDate,
      departure: stay.endDate,
      nights: nightsOf(stay.startDate, stay.endDate),
      adults: stay.adults,
      children: 0,
      rooms: stay.rooms,
      currency,
      policies: false,
    };
    return { offers: offers(q, reward, hash(`brk:${hotel.key}`) % 2 === 0) as Offer[], currency };
  },
};

export const chainA: Site = {
  provider: 'chain_a',
  hosts: ['www.chain-a.test'],
  // The app's header prefix names the brand on the real site: configuration, the token's here.
  config: { headers: { 'x-chain-a-api-key': SANDBOX_WEB_KEY }, operations: { header_prefix: 'chain-a' } },
  routes: [
    [
      'POST',
      /^\/availability\/v3\/hotels\/offers$/,
      (req): SiteResponse => {
        const { query, body } = req;
        const refused = keyRefusal(req);
        if (refused) return refused;
        let raw: unknown;
        let parsed: OffersBody;
        try {
          raw = JSON.parse(body);
        } catch {
          return fail(400, 'AVL_100400', 'The request body is not a valid offers request');
        }
        const geo = geoAnswer(offersModule, raw);
        if (geo) return geo;
        try {
          parsed = OffersBody.parse(raw);
        } catch {
          return fail(400, 'AVL_100400', 'The request body is not a valid offers request');
        }
        const hotel = byCode(parsed.hotelMnemonics[0]!);
        if (!hotel)
          return fail(
            400,
            'INVALID_HOTEL_MNEMONICS',
            `Invalid hotel mnemonics: [${parsed.hotelMnemonics[0]}]`,
          );
        return answer(hotel, parsed, (query.get('fieldset') ?? '').split(','));
      },
    ],
    ...profileRoutes(offersModule),
  ],
};
