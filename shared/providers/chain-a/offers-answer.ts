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

const TotalRate = z.looseObject({
  amountBeforeTax: Decimal.optional(),
  amountAfterTax: Decimal.optional(),
  feeTaxTotal: Decimal.optional(),
  // Late 2026: offers may carry only the total, the base plus excluded fees, and the sub-totals.
  basePlusExcludedFeesAmount: Decimal.optional(),
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
    .looseObject({
      cancellationNoShow: z.looseObject({ description: z.string().optional() }).optional(),
      isRefundable: z.boolean().optional(),
    })
    .optional(),
  rewardNights: RewardNights.optional(),
});

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
const OpenHotel = z.looseObject({
  ...property,
  availabilityStatus: z.string().optional(),
  productDefinitions: z.array(ProductDefinition),
  ratePlanDefinitions: z.array(RatePlanDefinition),
  rateDetails: z.looseObject({ offers: z.array(Offer) }),
});
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
export type HotelAnswer = z.infer<typeof Hotel>;

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
