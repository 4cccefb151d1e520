/**
 * Pure reader of chain_a's offers answer to a search by coordinates (real-sources §16, chain_a): the
 * summary of each hotel around the point, `hotels[]{hotelMnemonic, brandCode, distance,
 * availabilityStatus, propertyCurrency, lowestCashOnlyCost, lowestPointsOnlyCost,
 * lowestPointsAndCashCost, rewardNightAvailable, ratePlanDefinitions[].rateRange}`, with no rate details.
 * The summary prices are per-night ranges, not stay totals (PointLens): they are shown per night and never
 * multiplied into a total. Availability is the source's word per hotel: OPEN, CLOSED, or nothing (null).
 * The points plus cash option's cash does not say its currency (a hotel's reward answer names a currency for
 * that cash apart from the hotel's): it is shown only when the answer says it is the hotel's currency.
 * Read by the tolerant rule: a hotel needs its code; everything else may be absent and is null.
 */
import * as z from 'zod';
import { ChainAHotelCode, ChainASearchHotel } from '../../schemas/chain-a-hotels.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import { cents } from '../../extraction/values.ts';
import type { ProfileName } from './details.ts';
import { ErrorAnswer, NO_AVAILABILITY_CODES, Warnings } from './offers-answer.ts';

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;

/** A quantity of at least 0 as a decimal string (the source's way) or a number, checked as one type. */
const decimal = (error: string) =>
  z
    .custom<number | string>(
      (v) =>
        (typeof v === 'number' && Number.isFinite(v) && v >= 0) || (typeof v === 'string' && DECIMAL.test(v)),
      { error },
    )
    .transform(Number);

const Amount = decimal('an amount, as a decimal string or a number');

/** Points: a whole number, a numeric string, or an object with `points` (the sub-shape is not on record). */
const Points = z
  .custom<number | string | { points: number | string }>(
    (v) => {
      const inner = v && typeof v === 'object' && !Array.isArray(v) ? (v as { points?: unknown }).points : v;
      return (
        (typeof inner === 'number' && Number.isInteger(inner) && inner >= 0) ||
        (typeof inner === 'string' && /^\d{1,9}$/.test(inner))
      );
    },
    { error: 'points, as a whole number or an object with points' },
  )
  .transform((v) => Number(typeof v === 'object' ? v.points : v));

const Distance = decimal('a distance, as a number or a decimal string');

const Currency = z.string().regex(/^[A-Za-z]{3}$/);

const GeoHotel = z.looseObject({
  hotelMnemonic: z.string().min(1),
  brandCode: z.string().optional(),
  distance: Distance.optional(),
  availabilityStatus: z.string().optional(),
  propertyCurrency: Currency.optional(),
  lowestCashOnlyCost: z
    .looseObject({ baseAmount: Amount.optional(), amountAfterTax: Amount.optional() })
    .optional(),
  lowestPointsOnlyCost: Points.optional(),
  lowestPointsAndCashCost: z
    .looseObject({ points: Points.optional(), cash: Amount.optional(), currency: Currency.optional() })
    .optional(),
  rewardNightAvailable: z.boolean().optional(),
});
type GeoHotel = z.infer<typeof GeoHotel>;

export const GeoOffersAnswer = tolerant(
  'chain_a',
  z.looseObject({
    hotels: z.array(GeoHotel),
    warnings: Warnings,
  }),
  'the offers near a point',
);
export type GeoOffersAnswer = z.infer<typeof GeoOffersAnswer>;

/** What a search by coordinates answers: the hotels' summaries, or the API's error codes (a 4xx). */
export const GeoCallAnswer = z.union([GeoOffersAnswer, ErrorAnswer]);

/**
 * The answer's hotels; none when chain_a says it has no availability for the stay around the point.
 * Any other error code is the source's failure, never an empty search.
 * @example geoOutcome(400, { errors: [{ code: 'CRS_50025' }] }) // { hotels: [] }
 */
export function geoOutcome(status: number, body: GeoOffersAnswer | ErrorAnswer): GeoOffersAnswer {
  if ('hotels' in body) return body as GeoOffersAnswer;
  if (status >= 200 && status < 300)
    throw new ExtractionError('chain_a', 'the offers answer lists no hotels', undefined, status);
  const codes = (body as ErrorAnswer).errors.map((e) => e.code);
  if (codes.some((c) => NO_AVAILABILITY_CODES.includes(c))) return { hotels: [] };
  throw new UpstreamError('chain_a', `the offers API answered ${codes.join(', ')}`, status);
}

const AVAILABILITY: Record<string, 'AVAILABLE' | 'UNAVAILABLE'> = {
  OPEN: 'AVAILABLE',
  CLOSED: 'UNAVAILABLE',
};

const WHAT = 'the offers near a point';

/** A hotel's summary in the contract's terms, before its name is known. */
function summaryOf(h: GeoHotel): Omit<ChainASearchHotel, 'name' | 'brand'> & { brandCode: string | null } {
  const pc = h.lowestPointsAndCashCost;
  const currency = h.propertyCurrency?.toUpperCase() ?? null;
  // Never an amount under a currency it is not in: the cash's own currency must be said, and be the hotel's.
  const inCurrency = currency !== null && pc?.currency?.toUpperCase() === currency;
  const availability =
    h.availabilityStatus === undefined
      ? null
      : (AVAILABILITY[h.availabilityStatus.trim().toUpperCase()] ?? null);
  // A status or brand that is there but says nothing readable is counted like an absent one.
  if (h.availabilityStatus !== undefined && availability === null)
    recordMissing('chain_a', 'hotels[].availabilityStatus', WHAT);
  if (h.brandCode !== undefined && !h.brandCode.trim()) recordMissing('chain_a', 'hotels[].brandCode', WHAT);
  return {
    hotel_code: h.hotelMnemonic.trim().toUpperCase(),
    brandCode: h.brandCode?.trim() || null,
    distance_km: h.distance === undefined ? null : Math.round(h.distance * 100) / 100,
    availability,
    currency,
    // Nightly, as the source gives it: never a stay total.
    lowest_per_night:
      h.lowestCashOnlyCost?.baseAmount === undefined ? null : cents(h.lowestCashOnlyCost.baseAmount),
    lowest_points_per_night: h.lowestPointsOnlyCost ?? null,
    points_and_cash_per_night:
      pc?.points !== undefined && pc.cash !== undefined
        ? { points: pc.points, cash: inCurrency ? cents(pc.cash) : null }
        : null,
    reward_night_available: h.rewardNightAvailable ?? null,
  };
}

/** A hotel of the answer, before its name is known from the profiles. */
export type GeoSummary = ReturnType<typeof summaryOf>;

/**
 * The hotels of an answer nearest first (those without a distance last, in the source's order), each
 * once; an entry whose code is not a hotel code the other routes take is left out and counted.
 * @example geoHotels(answer)[0].hotel_code // 'ASPAR0'
 */
export function geoHotels(answer: GeoOffersAnswer): GeoSummary[] {
  const seen = new Set<string>();
  let unusable = 0;
  const hotels: GeoSummary[] = [];
  for (const h of answer.hotels) {
    const summary = summaryOf(h);
    if (!ChainAHotelCode.safeParse(summary.hotel_code).success) {
      unusable += 1;
      continue;
    }
    if (seen.has(summary.hotel_code)) continue;
    seen.add(summary.hotel_code);
    hotels.push(summary);
  }
  if (unusable) recordSkipped('chain_a', 'hotels[].hotelMnemonic', WHAT, unusable);
  const far = (s: GeoSummary) => s.distance_km ?? Number.POSITIVE_INFINITY;
  return hotels.sort((a, b) => (far(a) === far(b) ? 0 : far(a) < far(b) ? -1 : 1));
}

/**
 * The search's hotels in the contract's terms: names and brand names from the profiles batch, the brand
 * code from the offers (else the batch). A hotel the batch does not name keeps `name: null`.
 * @example searchHotels(geoHotels(answer), namesOf(profiles))[0].name // 'Aurelia Suites Paris'
 */
export function searchHotels(
  hotels: GeoSummary[],
  names: ReadonlyMap<string, ProfileName>,
): ChainASearchHotel[] {
  return hotels.map(({ brandCode, ...h }) => {
    const profile = names.get(h.hotel_code);
    return conform(
      'chain_a',
      ChainASearchHotel,
      {
        hotel_code: h.hotel_code,
        name: profile?.name ?? null,
        brand: { code: brandCode ?? profile?.brand.code ?? null, name: profile?.brand.name ?? null },
        distance_km: h.distance_km,
        availability: h.availability,
        currency: h.currency,
        lowest_per_night: h.lowest_per_night,
        lowest_points_per_night: h.lowest_points_per_night,
        points_and_cash_per_night: h.points_and_cash_per_night,
        reward_night_available: h.reward_night_available,
      },
      'a hotel near the point',
    );
  });
}
