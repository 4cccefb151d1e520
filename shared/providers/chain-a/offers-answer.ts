/**
 * chain_a's offers answer as the source writes it (see extract.ts for what each part means), and the codes and
 * statuses it answers with: the shape the requests, the rate readers and the extraction all read, apart
 * from them so that none of them imports another back.
 */
import * as z from 'zod';
import { tolerant } from '../../extraction/tolerant.ts';

/** An amount as the source writes it: a decimal string such as "112.52". */
const Decimal = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { error: 'must be a decimal string' })
  .transform(Number);

// Not `basePlusExcludedFeesAmount` (late 2026, beside the total and sub-totals): the base is derived from
// the total and the fees, so nothing reads it, and a declared field would count its absence as drift.
const TotalRate = z.looseObject({
  amountBeforeTax: Decimal.optional(),
  amountAfterTax: Decimal.optional(),
  feeTaxTotal: Decimal.optional(),
  feeTaxSubTotals: z
    .array(
      z.looseObject({
        amount: Decimal,
        otaCodeType: z.string().optional(),
        isIncludedInRate: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type TotalRate = z.infer<typeof TotalRate>;

/**
 * A product an offer adds to its room (breakfast, a package's dinner): `isMainProduct: false`. It is neither
 * priced nor counted apart, so its shape has no rates or availability to count missing. Told by a check,
 * not by a required literal: a room use is then never "an extra that lacks its flag" (tolerant.ts skips
 * entries that only lack fields), and a wrong field in it still fails the answer.
 */
const ExtraUse = z
  .looseObject({ inventoryTypeCode: z.string().min(1), isMainProduct: z.boolean().optional() })
  .refine((u) => u.isMainProduct === false, { error: 'a room read as an extra product', abort: true });
/** The room an offer sells (its main product use) and how many are left. */
const roomUse = {
  inventoryTypeCode: z.string().min(1),
  isMainProduct: z.literal(true).optional(),
  numberOfAvailableProducts: z.number().int().min(0).optional(),
};
/** A reward offer's room: its price is the reward nights, so its rates are never read. */
const RewardRoomUse = z.looseObject(roomUse);
/** A cash offer's room, with its own totals (else the offer's are read). */
const CashRoomUse = z.looseObject({
  ...roomUse,
  rates: z.looseObject({ totalRate: TotalRate.optional() }).optional(),
});
/** The room of any offer; a cash offer's carries its rates too. */
export type RoomUse = z.infer<typeof RewardRoomUse>;
export type CashRoomUse = z.infer<typeof CashRoomUse>;

/**
 * A reward offer's options. The points-only total and the points-plus-cash list are optional rather than
 * required inside optional parts: the tolerant reader cannot leave out a part of one shape of a union (the
 * offer), so one that is missing is counted here and read as no such option (rewards.ts), as a part left
 * out was before the offer had two shapes.
 */
const RewardNights = z.looseObject({
  pointsOnly: z.looseObject({ totalPoints: z.number().int().min(0).optional() }).optional(),
  pointsCash: z
    .looseObject({
      options: z
        .array(
          z.looseObject({
            totalPoints: z.number().int().min(0),
            // Seen as a number in clients; a decimal string is read the same way. Checked as one type (a
            // union would not let the tolerant reader tell an absent amount from a wrong one).
            totalCash: z
              .custom<number | string>(
                (v) =>
                  (typeof v === 'number' && v >= 0) ||
                  (typeof v === 'string' && /^\d{1,12}(\.\d{1,6})?$/.test(v)),
                { error: 'an amount, as a number or a decimal string' },
              )
              .transform(Number),
            // The cash's own currency; an option that does not show it keeps its cash, currency null.
            currency: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

/** What identifies an offer, cash or reward: its plan, and whether it can be sold. */
const offer = { ratePlanCode: z.string().min(1), availableStatus: z.string().optional() };
/**
 * An offer of reward nights: its points (and points plus cash) options. A `totalRate` or policies beside
 * them are not read (never the member's price, amendment 3), so they are not declared. Told by a check on
 * `rewardNights` (see ExtraUse): an offer without them reads as cash.
 */
const RewardOffer = z
  .looseObject({
    ...offer,
    productUses: z.array(z.union([ExtraUse, RewardRoomUse])).min(1),
    rewardNights: RewardNights.optional(),
  })
  .refine((o) => o.rewardNights != null, { error: 'an offer without reward nights', abort: true });
/** A cash offer: its totals (its room's, else its own) and policies; `rewardNights` is the other shape's. */
const CashOffer = z
  .looseObject({
    ...offer,
    productUses: z.array(z.union([ExtraUse, CashRoomUse])).min(1),
    totalRate: TotalRate.optional(),
    policies: z
      .looseObject({
        cancellationNoShow: z.looseObject({ description: z.string().optional() }).optional(),
        isRefundable: z.boolean().optional(),
      })
      .optional(),
  })
  // A null `rewardNights` is none (null is absence): a cash offer.
  .refine((o) => o.rewardNights == null, { error: 'reward nights that cannot be read', abort: true });
/**
 * An offer, one shape each: a cash offer never counts reward nights missing, nor a reward offer rates. Each
 * shape's refusal aborts, so that an offer that broke inside names its field, not the other shape's refusal.
 */
const Offer = z.union([RewardOffer, CashOffer]);

const room = {
  productCode: z.literal('SR').optional(),
  inventoryTypeCode: z.string().min(1),
  description: z.string().optional(),
  maxAdultOcc: z.number().int().min(0).optional(),
  maxChildOcc: z.number().int().min(0).optional(),
};
/** A room needs a name, its own or the synthesised one; other products (breakfast, passes) need not. */
const ProductDefinition = z.union([
  z.looseObject({
    ...room,
    inventoryTypeName: z.string().regex(/\S/),
    synthInventoryTypeName: z.string().optional(),
  }),
  z.looseObject({
    ...room,
    inventoryTypeName: z.string().optional(),
    synthInventoryTypeName: z.string().regex(/\S/),
  }),
  z.looseObject({
    productCode: z.string().refine((c) => c !== 'SR', { error: 'a room product' }),
    inventoryTypeCode: z.string().min(1),
  }),
]);

/** A room's definition: the union's room shapes. */
export type RoomDefinition = Extract<z.infer<typeof ProductDefinition>, { productCode?: 'SR' }>;

const RatePlanDefinition = z.looseObject({
  code: z.string().min(1),
  name: z.string().optional(),
  additionalDescriptions: z
    .looseObject({ longRateName: z.string().optional(), longRateDesc: z.string().optional() })
    .optional(),
  advanceBooking: z.looseObject({ isAdvancePurchase: z.boolean().optional() }).optional(),
  // Whether a rate is for members only; a plan that does not say still sells its rates (is_member_rate null).
  isLoyaltyIdRequired: z.boolean().nullish(),
  isPackage: z.boolean().optional(),
});
export type RatePlanDefinition = z.infer<typeof RatePlanDefinition>;

const property = {
  hotelMnemonic: z.string().min(1),
  brandCode: z.string().optional(),
  isoCountryCode: z.string().optional(),
  // Every cash rate is in it; an answer that does not show it still lists the property's rooms (null).
  propertyCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional(),
};
/** A closed property: nothing to sell for the stay, its definitions may be left out. */
const ClosedHotel = z.looseObject({
  ...property,
  availabilityStatus: z.literal('CLOSED'),
  productDefinitions: z.array(ProductDefinition).default([]),
  ratePlanDefinitions: z.array(RatePlanDefinition).default([]),
  rateDetails: z.looseObject({ offers: z.array(Offer).default([]) }).optional(),
});
/** An open property: without its rate details an answer cannot tell "no rooms" from "not read". */
const OpenHotel = z
  .looseObject({
    ...property,
    productDefinitions: z.array(ProductDefinition),
    ratePlanDefinitions: z.array(RatePlanDefinition),
    rateDetails: z.looseObject({ offers: z.array(Offer) }),
  })
  // An open property carries no status of its own (one other than CLOSED is not read): none is counted.
  .refine((h) => h.availabilityStatus !== 'CLOSED', { error: 'a closed property read as open', abort: true });
const Hotel = z.union([ClosedHotel, OpenHotel]);

/** The warnings the offers API may add beside its hotels (both the property and the geo searches). */
export const Warnings = z
  .array(z.looseObject({ code: z.string().optional(), message: z.string().optional() }))
  .optional();

export const OffersAnswer = tolerant(
  'chain_a',
  z.looseObject({
    hotels: z.array(Hotel),
    warnings: Warnings,
  }),
  'the offers',
);
export type OffersAnswer = z.infer<typeof OffersAnswer>;
export type Offer = z.infer<typeof Offer>;
export type CashOffer = z.infer<typeof CashOffer>;
export type RewardOffer = z.infer<typeof RewardOffer> & { rewardNights: z.infer<typeof RewardNights> };
export type HotelAnswer = z.infer<typeof Hotel>;
export type ClosedHotel = z.infer<typeof ClosedHotel>;

/**
 * Whether an offer sells reward nights (its shape carries them), rather than a cash rate.
 * @example isRewardOffer({ ratePlanCode: 'IVANI', productUses: [use], rewardNights: { pointsOnly: { totalPoints: 76000 } } }) // true
 */
export const isRewardOffer = (offer: Offer): offer is RewardOffer => offer.rewardNights != null;

/**
 * Whether a product use is the room an offer sells (not an extra such as breakfast).
 * @example isRoomUse({ inventoryTypeCode: 'BRK', isMainProduct: false }) // false
 */
export const isRoomUse = (use: { isMainProduct?: boolean }) => use.isMainProduct !== false;

/**
 * Whether the property is closed for the stay (the contract's empty stay).
 * @example isClosed({ hotelMnemonic: 'LRVAB', availabilityStatus: 'CLOSED', … }) // true
 */
export const isClosed = (hotel: HotelAnswer): hotel is ClosedHotel => hotel.availabilityStatus === 'CLOSED';

/** A non-2xx answer of the offers API: its error codes. */
export const ErrorAnswer = z.looseObject({
  errors: z.array(z.looseObject({ code: z.string().min(1), message: z.string().optional() })).min(1),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** The error codes chain_a answers for a hotel it does not know. */
export const UNKNOWN_HOTEL_CODES = ['INVALID_HOTEL_MNEMONICS', 'CRS_50010'];
/** The error code chain_a answers for a stay it has no room for. */
export const NO_AVAILABILITY_CODES = ['CRS_50025'];
/** What an offers call answers, checked as it loads (so a drifted body is never kept): offers, or error codes. */
export const OffersCallAnswer = z.union([OffersAnswer, ErrorAnswer]);

/** The rate plan of reward nights (points, points plus cash), asked for by its code. */
export const REWARD_RATE_PLAN = 'IVANI';

/** HTTP statuses whose error codes are read rather than failed on. */
export const ANSWERED_ERROR_STATUSES = [400, 404, 422];
