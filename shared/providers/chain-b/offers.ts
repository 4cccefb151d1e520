/**
 * Pure readers of chain_b's offers (`HotelPageHot`: `hotelOffers{availability{status},
 * offersSelection{offers[]}}`, one offer per room type and rate plan): the best offer of a stay, a
 * hotel's rooms with their rates (joined to its content's room types), a price calendar's dates. Read by
 * the tolerant rule (shared/extraction/tolerant.ts).
 */
import * as z from 'zod';
import {
  BestOffer,
  ChainBCalendarDay,
  ChainBRooms,
  type ChainBRate,
  type ChainBRoomType,
} from '../../schemas/chain-b.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { CodeLabel } from './extract.ts';
import type { HotelContent } from './content.ts';
import { cents, text } from '../../extraction/values.ts';
import { carriesOffers } from './requests.ts';
const Offer = z.looseObject({
  /** ROOM or PACKAGE. */
  type: z.string().nullish(),
  // The room the offer is for, its currency and meal plan: codes an empty text cannot stand for. Only
  // the amount identifies a priced offer: its formatted text and its meal plan may be absent (null).
  accommodation: z.looseObject({ code: z.string().min(1) }).nullish(),
  pricing: z.looseObject({
    currency: z.string().min(1),
    aggregationType: z.string().nullish(),
    formattedTaxType: z.string().nullish(),
    main: z.looseObject({
      // A price below zero is no price: the source changed, never an offer left out as unpriced.
      amount: z.number().min(0),
      formattedAmount: z.string().nullish(),
      categories: z.array(z.string()).nullish(),
      simplifiedPolicies: z
        .looseObject({ cancellation: CodeLabel.nullish(), guarantee: CodeLabel.nullish() })
        .nullish(),
    }),
    deduction: z.array(z.looseObject({ type: z.string().nullish() })).nullish(),
    alternative: z
      .looseObject({ amount: z.number().nullish(), formattedAmount: z.string().nullish() })
      .nullish(),
  }),
  mealPlan: z.looseObject({ code: z.string().min(1) }).nullish(),
  lengthOfStay: z.looseObject({ value: z.number().int().min(1) }).nullish(),
  rate: z.looseObject({ id: z.string(), label: z.string().nullish() }).nullish(),
});
type Offer = z.infer<typeof Offer>;

/** An available hotel's offers are what its price is read from: without them the answer says nothing
 * about the price (never "no offer"). Any other status needs none. */
const HotelOffers = z.union([
  z.looseObject({
    availability: z.looseObject({ status: z.literal('AVAILABLE') }),
    offersSelection: z.looseObject({ offers: z.array(Offer) }),
  }),
  z.looseObject({
    // An empty status says nothing, least of all that the hotel is not available.
    availability: z.looseObject({
      status: z
        .string()
        .min(1)
        .refine((s) => s !== 'AVAILABLE'),
    }),
    offersSelection: z.looseObject({ offers: z.array(Offer).nullish() }).nullish(),
  }),
]);

export const OffersAnswer = tolerant(
  'chain_b',
  // The hotel's offers are what every offers route answers from: an answer has them, or it is a
  // refusal (errors).
  dataOrRefusal('hotelOffers', HotelOffers),
  'the offers',
);
export type OffersAnswer = z.infer<typeof OffersAnswer>;

/**
 * The back end's refusal for one hotel, as an upstream error naming the operation; nothing otherwise.
 * @example offersRefusal({ errors: [{ message: 'Hotel not found' }] }, 'B7K2', 200)?.message
 */
export function offersRefusal(
  answer: OffersAnswer,
  hotelId: string,
  status: number,
): UpstreamError | undefined {
  if (carriesOffers(answer)) return undefined;
  const error = answer.errors?.[0];
  return new UpstreamError(
    'chain_b',
    `HotelPageHot for hotel ${hotelId} was refused: ${error?.message ?? 'no hotelOffers'}`,
    status,
  );
}

/**
 * Whether an offer is a member rate (its main price for loyalty members, the public one `alternative`):
 * as its categories or deductions say; null when it shows neither, since nothing then says it is open
 * to anyone.
 */
function isMemberRate(o: Offer): boolean | null {
  const { categories } = o.pricing.main;
  const { deduction } = o.pricing;
  if (categories?.includes('MEMBER_RATE') || deduction?.some((d) => d.type === 'MEMBER_RATE')) return true;
  return categories == null && deduction == null ? null : false;
}

/** Whether an offer is a package (ROOM or PACKAGE); null when it does not give its type. */
const isPackage = (o: Offer): boolean | null => (o.type ? o.type === 'PACKAGE' : null);

/**
 * An offer's price per night and for the stay (its main amount unless another is given, aggregated alike),
 * as its aggregation says: per night, or for the stay. An offer that does not say (no aggregation, which
 * real offers may lack, or one naming neither) has both null: the contract's "Prices and totals" rule
 * derives one from the other only where the source says which it shows.
 */
function priceOf(o: Offer, nights: number, amount = o.pricing.main.amount) {
  const aggregation = o.pricing.aggregationType ?? null;
  const covers = !aggregation
    ? null
    : /NIGHT/i.test(aggregation)
      ? 'night'
      : /STAY|TOTAL/i.test(aggregation)
        ? 'stay'
        : null;
  return {
    per_night: covers === 'night' ? amount : covers === 'stay' ? cents(amount / nights) : null,
    total: covers === 'night' ? cents(amount * nights) : covers === 'stay' ? amount : null,
    aggregation_type: aggregation,
  };
}

/** Whether chain_b says the hotel is available for the stay (whether or not an offer carries a price). */
export const isAvailable = (answer: OffersAnswer) =>
  answer.data?.hotelOffers?.availability.status === 'AVAILABLE';

/** The offers of an available hotel that carry a price (a zero amount is none). */
function pricedOffers(answer: OffersAnswer): Offer[] {
  const offers = answer.data?.hotelOffers;
  if (offers?.availability.status !== 'AVAILABLE') return [];
  return (offers.offersSelection?.offers ?? []).filter((o) => o.pricing.main.amount > 0);
}

/**
 * What anyone can book an offer at: a room offer's own price; a member rate's public price, its
 * `alternative` (clients on record read it as the non-member price, aggregated like the main one); none
 * for a package, whose price buys more than the room, or for a member rate that does not show its public
 * price.
 */
function publicPrice(o: Offer): { amount: number; formatted: string | null } | undefined {
  if (isPackage(o)) return undefined;
  if (!isMemberRate(o))
    return { amount: o.pricing.main.amount, formatted: text(o.pricing.main.formattedAmount) };
  const amount = o.pricing.alternative?.amount;
  // The amount is the public price; its formatted text may be missing (then null), never the price.
  return amount && amount > 0
    ? { amount, formatted: text(o.pricing.alternative?.formattedAmount) }
    : undefined;
}

/**
 * An offer's place in the choice of a best offer, lowest first: 0 a price known to be public; 1 one that
 * may be (the offer does not say whether it is a member rate or a package); 2 no public price, its own
 * amount (a package's, or a members-only one).
 */
function rankOf(o: Offer, price: { amount: number } | undefined): number {
  if (!price) return 2;
  return isPackage(o) === null || isMemberRate(o) === null ? 1 : 0;
}

/**
 * The best offer of an available hotel for a stay of `nights`, or null: the cheapest public price (a
 * member rate by its public price), then the cheapest one that may be public. Only when no offer has a
 * public price is it the cheapest priced offer at its own amount (a package, or a members-only amount):
 * the contract defines best_offer null as "no priced offer for those dates", so a hotel with a price
 * has a best offer. Null only when nothing is priced.
 * @example bestOffer(answer, 2) // { currency: 'EUR', amount: 270.14, per_night: 135.07, total: 270.14, aggregation_type: 'TOTAL_STAY', … }
 */
export function bestOffer(answer: OffersAnswer, nights: number): BestOffer | null {
  // Within a rank, an offer whose stay total is known comes before one that does not say what its amount
  // covers (an amount is no total to compare with); totals are compared, else amounts.
  type Candidate = { rank: number; stay: { total: number | null }; price: { amount: number } };
  const before = (p: Candidate, min: Candidate) => {
    if (p.rank !== min.rank) return p.rank < min.rank;
    if ((p.stay.total === null) !== (min.stay.total === null)) return p.stay.total !== null;
    return (p.stay.total ?? p.price.amount) < (min.stay.total ?? min.price.amount);
  };
  const priced = pricedOffers(answer).map((offer) => {
    const open = publicPrice(offer);
    const price = open ?? {
      amount: offer.pricing.main.amount,
      formatted: text(offer.pricing.main.formattedAmount),
    };
    const stayNights = offer.lengthOfStay?.value ?? nights;
    return {
      offer,
      price,
      stayNights,
      rank: rankOf(offer, open),
      stay: priceOf(offer, stayNights, price.amount),
    };
  });
  const best = priced.reduce<(typeof priced)[number] | undefined>(
    (min, p) => (!min || before(p, min) ? p : min),
    undefined,
  );
  if (!best) return null;
  const { offer, price, stayNights, stay } = best;
  return conform(
    'chain_b',
    BestOffer,
    {
      currency: offer.pricing.currency,
      amount: price.amount,
      ...stay,
      formatted: price.formatted,
      tax_summary: text(offer.pricing.formattedTaxType),
      meal_plan: offer.mealPlan?.code ?? null,
      nights: stayNights,
    },
    'the best offer',
  );
}

/** A rate in the contract's terms, from one offer. */
function toRate(o: Offer, nights: number): ChainBRate {
  const policies = o.pricing.main.simplifiedPolicies;
  return {
    // Without its own id, a rate is its room and meal plan (the room alone when no plan is shown).
    rate_code: o.rate?.id ?? [o.accommodation?.code, o.mealPlan?.code].filter(Boolean).join('-'),
    rate_label: text(o.rate?.label),
    ...priceOf(o, o.lengthOfStay?.value ?? nights),
    reference_formatted: text(o.pricing.alternative?.formattedAmount),
    meal_plan: o.mealPlan?.code ?? null,
    cancellation_code: text(policies?.cancellation?.code),
    cancellation_label: text(policies?.cancellation?.label),
    guarantee_code: text(policies?.guarantee?.code),
    guarantee_label: text(policies?.guarantee?.label),
    is_member_rate: isMemberRate(o),
    is_package: isPackage(o),
  };
}

/**
 * The hotel's room types with their rates for the stay: each offer joined to its room type on the
 * accommodation code (an offer for a room the hotel does not describe is left out and counted; when no
 * priced offer joins, an extraction error, never a hotel without rooms), rates cheapest
 * first, room types in the hotel's order; only room types with a rate. Sold out: UNAVAILABLE, no rooms.
 * @example toRooms(hotel, offers, { nights: 2, currency: 'EUR' }).room_types[0].rates[0].total // 253.26
 */
export function toRooms(
  hotel: HotelContent,
  answer: OffersAnswer,
  stay: { nights: number; currency: string },
): ChainBRooms {
  const available = isAvailable(answer);
  const priced = pricedOffers(answer);
  const described = new Set((hotel.accommodations ?? []).map((a) => a.code));
  const unjoined = priced.filter((o) => !o.accommodation || !described.has(o.accommodation.code)).length;
  // Priced offers of which none names a room the hotel describes: the join is lost, not the rooms.
  if (available && unjoined > 0 && unjoined === priced.length)
    throw new ExtractionError('chain_b', 'no priced offer names a room type of the hotel content');
  if (unjoined > 0)
    recordSkipped('chain_b', 'data.hotelOffers.offersSelection.offers[]', 'the offers', unjoined);
  const roomTypes: ChainBRoomType[] = (hotel.accommodations ?? []).flatMap((a) => {
    const rates = priced
      .filter((o) => o.accommodation?.code === a.code)
      .map((o) => toRate(o, stay.nights))
      // Cheapest total first; a rate that does not say what its amount covers, after them.
      .sort((x, y) => (x.total ?? Infinity) - (y.total ?? Infinity) || 0);
    if (rates.length === 0) return [];
    const bedding = (a.beddingDetails ?? [])
      .map((b) => (b.count && b.count > 1 ? `${b.count} ${b.label}` : b.label))
      .join(', ');
    return [
      {
        accommodation_code: a.code,
        name: a.name,
        description: text(a.description),
        max_occupancy: a.maxOccupancy?.pax ?? null,
        bedding: text(bedding),
        surface_sqm: a.surface?.squareMeter ?? null,
        rates,
      },
    ];
  });
  return conform(
    'chain_b',
    ChainBRooms,
    {
      currency: priced[0]?.pricing.currency ?? stay.currency,
      availability_status: available ? 'AVAILABLE' : 'UNAVAILABLE',
      room_types: available ? roomTypes : [],
    },
    'the rooms',
  );
}

/**
 * One check-in date of a price calendar: the best offer (as search picks it) of a stay of `nights`
 * from `date`; a date chain_b says is not available is UNAVAILABLE, an available one without a readable
 * price is AVAILABLE with no amount (never UNAVAILABLE).
 * @example calendarDay(answer, '2030-06-10', 1) // { date: '2030-06-10', status: 'AVAILABLE', amount: 135.5, …, currency: 'EUR' }
 */
export function calendarDay(answer: OffersAnswer, date: string, nights: number) {
  const available = isAvailable(answer);
  const best = bestOffer(answer, nights);
  const day = conform(
    'chain_b',
    ChainBCalendarDay,
    {
      date,
      status: available ? 'AVAILABLE' : 'UNAVAILABLE',
      amount: best?.amount ?? null,
      formatted: best?.formatted ?? null,
      aggregation_type: best?.aggregation_type ?? null,
      nights: best?.nights ?? nights,
    },
    'a calendar date',
  );
  return { ...day, currency: best?.currency ?? null };
}
