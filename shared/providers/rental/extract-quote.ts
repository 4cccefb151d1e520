/**
 * What a stay costs, read from the listing's book-it section (extract.ts): its price breakdown, or why
 * the stay is not sold.
 */
import * as z from 'zod';
import { RentalPricing } from '../../schemas/rental.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { currencySymbol, parsePrice, requiredSection, type PdpSections } from './extract.ts';
import { cents } from '../../extraction/values.ts';
// What each line of the breakdown is, by its description in English; the first match wins.
const LINE_TYPES: [RegExp, string][] = [
  [/discount|special offer|credit|coupon/i, 'DISCOUNT'],
  [/\bnights?\b|\bmonthly price\b|\bmonths?\b/i, 'ACCOMMODATION'],
  [/cleaning fee/i, 'CLEANING_FEE'],
  [/service fee/i, 'SERVICE_FEE'],
  [/\btax(es)?\b|\bvat\b|occupancy/i, 'TAXES'],
];
const TOTAL_LINE = /^total\b/i;
/** Lines that explain the price rather than charge it (a monthly stay's "Price after discount"). */
const EXPLANATION_LINE = /\bafter discount\b|^price before\b/i;

/** The price and its breakdown (`BOOK_IT_SIDEBAR`). */
export const BookItSection = tolerant(
  'rental',
  z.looseObject({
    maxGuestCapacity: z.number().int().min(1).nullish(),
    calendarSubtitle: z.string().nullish(),
    localizedUnavailabilityMessage: z.string().nullish(),
    structuredDisplayPrice: z
      .looseObject({
        primaryLine: z.looseObject({
          price: z.string().nullish(),
          discountedPrice: z.string().nullish(),
          originalPrice: z.string().nullish(),
        }),
        explanationData: z.looseObject({
          priceDetails: z.array(
            z.looseObject({
              items: z.array(z.looseObject({ description: z.string(), priceString: z.string() })),
            }),
          ),
        }),
      })
      .nullish(),
  }),
  'the book-it section',
);

export type Quote =
  | { kind: 'priced'; pricing: RentalPricing }
  | { kind: 'unavailable'; reason: 'TOO_MANY_GUESTS'; maxGuests: number }
  | { kind: 'unavailable'; reason: 'DATES_UNAVAILABLE'; message: string }
  /** The source priced in another currency than the one asked for (it shows `shown`). */
  | { kind: 'other-currency'; shown: string }
  /**
   * A book-it section with neither a price nor a reason for the dates asked: what a stale persisted-query
   * hash answers (with no `errors[]`); `note` is what it says instead (e.g. "Add your travel dates").
   */
  | { kind: 'no-price'; note: string };

/**
 * What the stay costs, from the book-it section's price breakdown: the total is the sum of the lines (a
 * breakdown that does not add up to the total shown is a format change, not a price); lines that only
 * explain (a monthly stay's "Price after discount") are neither summed nor listed. A stay of 28 nights or
 * more is priced monthly: an "Average monthly price" line as the accommodation, a negative discount line,
 * no service fee. A stay for more guests than the listing takes, or one the source calls unavailable, is
 * reported as such; a section with neither a price nor a reason is reported as `no-price`.
 * @example extractQuote(pdp, { nights: 3, adults: 2, currency: 'EUR' }) // { kind: 'priced', pricing: { total: 612.4, … } }
 */
export function extractQuote(
  pdp: PdpSections,
  q: { nights: number; adults: number; currency: string },
): Quote {
  const bookIt = requiredSection(pdp, 'BOOK_IT_SIDEBAR', BookItSection);
  const capacity = pdp.metadata?.sharingConfig?.personCapacity ?? bookIt.maxGuestCapacity;
  if (capacity && q.adults > capacity)
    return { kind: 'unavailable', reason: 'TOO_MANY_GUESTS', maxGuests: capacity };
  if (bookIt.localizedUnavailabilityMessage)
    return {
      kind: 'unavailable',
      reason: 'DATES_UNAVAILABLE',
      message: bookIt.localizedUnavailabilityMessage,
    };
  const display = bookIt.structuredDisplayPrice;
  if (!display) return { kind: 'no-price', note: bookIt.calendarSubtitle ?? '' };
  const read = (text: string, what: string) => {
    const price = parsePrice(text);
    if (!price) throw new ExtractionError('rental', `${what} "${text}" is not a price`);
    return price;
  };
  const items = display.explanationData.priceDetails.flatMap((g) => g.items);
  const lines = items
    .filter((i) => !TOTAL_LINE.test(i.description) && !EXPLANATION_LINE.test(i.description))
    .map((i) => ({ description: i.description, ...read(i.priceString, 'a breakdown line') }));
  const symbol = currencySymbol(q.currency);
  const other = lines.find((l) => l.symbol !== symbol);
  if (other) return { kind: 'other-currency', shown: other.symbol };
  const breakdown = lines.map((l) => ({
    type: LINE_TYPES.find(([pattern]) => pattern.test(l.description))?.[1] ?? 'OTHER_FEE',
    description: l.description,
    amount: l.amount,
  }));
  const total = cents(breakdown.reduce((n, l) => n + l.amount, 0));
  const shown = items.find((i) => TOTAL_LINE.test(i.description))?.priceString;
  const headline =
    display.primaryLine.discountedPrice ?? display.primaryLine.price ?? display.primaryLine.originalPrice;
  const stated = shown ?? headline;
  // The headline may be rounded to the whole unit.
  if (stated !== undefined && stated !== null && Math.abs(read(stated, 'the total').amount - total) > 1)
    throw new ExtractionError(
      'rental',
      `the breakdown adds up to ${total}, not to the total shown (${stated})`,
    );
  const sum = (type: string) =>
    cents(breakdown.filter((l) => l.type === type).reduce((n, l) => n + l.amount, 0));
  const accommodation = sum('ACCOMMODATION');
  if (accommodation <= 0) throw new ExtractionError('rental', 'the breakdown has no accommodation line');
  return {
    kind: 'priced',
    pricing: conform(
      'rental',
      RentalPricing,
      {
        nights: q.nights,
        currency: q.currency,
        nightly_rate: cents(accommodation / q.nights),
        accommodation_total: accommodation,
        service_fee: sum('SERVICE_FEE'),
        total,
        total_formatted: `${q.currency}${total.toFixed(2)}`,
        breakdown,
      },
      'the pricing',
    ),
  };
}
