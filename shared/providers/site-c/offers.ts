/**
 * Pure reader of the offers of a site_c price poll, read by configurable paths because the evidence for
 * them disagrees.
 */
import * as z from 'zod';
import { PriceOffer } from '../../schemas/site-c.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { isPlaceholder, recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { valueAt } from '../../extraction/values.ts';
/**
 * Where a price poll's values are: the offer lists of `HPS_getWebHROffers`, its completeness flag, and
 * dotted paths into each offer. Configuration (`operations`), since three readings of the evidence disagree;
 * an empty path means "the source does not say". The evidence locates no completeness flag (§5): one the
 * answer does not carry leaves completeness unknown, never an error.
 */
export const OFFER_READING = {
  offer_lists: 'chevronOffers,hiddenOffers',
  offers_complete: 'complete',
  offer_provider: 'data.dataAtts.provider',
  offer_per_night: 'data.dataAtts.perNight',
  offer_total: 'data.dataAtts.totalPrice',
  offer_taxes: 'data.dataAtts.taxesValue',
  offer_currency: 'data.dataAtts.currency',
  offer_rooms_left: '',
  offer_member_rate: '',
};
export type OfferReading = typeof OFFER_READING;

/** @example at({ a: { b: 1 } }, 'a.b') // 1 */
function at(value: unknown, path: string): unknown {
  return path ? valueAt(value, ...path.split('.')) : undefined;
}

/**
 * An amount as a number or as the digits of a data attribute (`"1,234.50"`), checked as one type (a union
 * would not let the tolerant reader tell an absent amount from a wrong one).
 */
const Amount = z
  .custom<number | string>(
    (v) => typeof v === 'number' || (typeof v === 'string' && /^\d[\d,]*(?:\.\d+)?$/.test(v.trim())),
    { error: 'an amount, as a number or its digits' },
  )
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace(/,/g, ''))))
  .pipe(z.number().min(0).finite());

// Read by the tolerant rule (docs/connector-guide.md): a seller is identified by its name; its prices,
// currency, rooms left and member flag may each be absent (a seller without its taxes is still compared).
const sellerFields = {
  provider: z.string().min(1),
  perNight: Amount.optional(),
  total: Amount.optional(),
  taxes: Amount.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  roomsLeft: z.number().int().min(0).optional(),
  memberRate: z.boolean().optional(),
};
type SellerField = keyof typeof sellerFields;

/** A seller as read: each price, rooms left and the member flag null where the source does not say. */
export interface Seller {
  provider: string;
  perNight: number | null;
  total: number | null;
  taxes: number | null;
  currency?: string;
  roomsLeft: number | null;
  memberRate: boolean | null;
}

export const OffersData = z.looseObject({ HPS_getWebHROffers: z.looseObject({}) });

export interface OffersPoll {
  /** Every seller has answered; null when the source does not say. */
  complete: boolean | null;
  sellers: Seller[];
}

/** Where each seller field is read from, by the reading's key. */
const SELLER_PATHS: Record<SellerField, keyof OfferReading> = {
  provider: 'offer_provider',
  perNight: 'offer_per_night',
  total: 'offer_total',
  taxes: 'offer_taxes',
  currency: 'offer_currency',
  roomsLeft: 'offer_rooms_left',
  memberRate: 'offer_member_rate',
};

const readers = new Map<string, z.ZodType>();
/**
 * The tolerant schema of a poll's offer lists as `reading` places them: one key per list, each entry a
 * seller of the fields the reading locates (a field whose path is empty is one the source does not say,
 * so its absence is no drift). Built once per reading.
 */
function sellersReader(lists: string[], fields: SellerField[]): z.ZodType {
  const key = `${lists.join(',')}|${fields.join(',')}`;
  let reader = readers.get(key);
  if (!reader) {
    const Entry = z.looseObject(Object.fromEntries(fields.map((f) => [f, sellerFields[f]])));
    const shape = Object.fromEntries(lists.map((l) => [l, z.array(Entry).nullish()]));
    reader = tolerant('site_c', z.looseObject(shape), 'the offers');
    readers.set(key, reader);
  }
  return reader;
}

/**
 * The sellers a poll has so far, read through `reading` by the tolerant rule: a placeholder offer, or
 * one without its seller's name, is skipped and counted; an absent price or other field is counted; a
 * field present with a value it cannot be (an amount that is no number) fails the answer. An absent
 * list is counted as missing; an answer with none of the configured lists has changed its format. An
 * absent completeness flag is null (unknown) and counted when the reading locates one.
 * @example extractOffers({ HPS_getWebHROffers: { complete: true, chevronOffers: [] } }, OFFER_READING) // { complete: true, sellers: [] }
 */
export function extractOffers(data: z.infer<typeof OffersData>, reading: OfferReading): OffersPoll {
  const root = data.HPS_getWebHROffers;
  const flag = at(root, reading.offers_complete) ?? null;
  // An absent flag is unknown completeness (drift when the reading locates one); a flag of another kind fails.
  if (flag === null && reading.offers_complete)
    recordMissing('site_c', reading.offers_complete, 'the offers');
  const complete = flag === null ? null : conform('site_c', z.boolean(), flag, 'the offers flag');
  const lists = reading.offer_lists
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  const fields = (Object.keys(SELLER_PATHS) as SellerField[]).filter((f) => reading[SELLER_PATHS[f]]);
  const projected: Record<string, unknown> = {};
  for (const list of lists) {
    const offers = at(root, list);
    if (offers === undefined) continue;
    // A list the source sends as null holds no offer: there, and empty.
    if (offers === null) {
      projected[list] = null;
      continue;
    }
    if (!Array.isArray(offers)) throw new ExtractionError('site_c', `the offer list ${list} is not a list`);
    projected[list] = offers.map((offer: unknown) =>
      // A placeholder stays one; anything else is read through the configured paths.
      isPlaceholder(offer) || typeof offer !== 'object'
        ? offer
        : Object.fromEntries(
            fields.flatMap((f) => {
              const value = at(offer, reading[SELLER_PATHS[f]]);
              // A field the offer does not carry (or carries as null) is absent, as the reader counts it.
              return value === undefined || value === null ? [] : [[f, value]];
            }),
          ),
    );
  }
  if (Object.keys(projected).length === 0)
    throw new ExtractionError(
      'site_c',
      `the offers answer has none of the offer lists (${lists.join(', ')})`,
    );
  const read = conform('site_c', sellersReader(lists, fields), projected, 'the offers') as Record<
    string,
    z.infer<z.ZodObject<typeof sellerFields>>[] | null | undefined
  >;
  const sellers = lists.flatMap((list) =>
    (read[list] ?? []).map((s): Seller => ({
      provider: s.provider,
      perNight: s.perNight ?? null,
      total: s.total ?? null,
      taxes: s.taxes ?? null,
      ...(s.currency === undefined ? {} : { currency: s.currency }),
      roomsLeft: s.roomsLeft ?? null,
      memberRate: s.memberRate ?? null,
    })),
  );
  return { complete, sellers };
}

// The symbol where it is unambiguous ($, €, £), else the code (SEK 1,234.50): never "kr" for three currencies.
const formatted = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

export interface PricedOffers {
  /** Some seller offers a member rate; null when a seller (or the reading) does not say and none does. */
  hasMemberRates: boolean | null;
  /** The lowest total, formatted; null only when there is no seller at all. */
  lowest: string | null;
  /** Cheapest first, then the sellers without a total in the source's order. */
  offers: PriceOffer[];
}

/**
 * Whether any seller offers a member rate: true when one says so, false only when every seller says it
 * does not, else null (the default reading locates no member flag: evidence §5 "not located").
 * @example memberRates([{ memberRate: null }, { memberRate: false }]) // null
 */
function memberRates(sellers: Pick<Seller, 'memberRate'>[]): boolean | null {
  if (sellers.some((s) => s.memberRate === true)) return true;
  return sellers.length > 0 && sellers.every((s) => s.memberRate === false) ? false : null;
}

/**
 * Sellers as the contract's offers, cheapest total first, amounts formatted in `currency`. Only a seller
 * showing its total is compared: one without it comes after the priced ones and is never the lowest.
 * Sellers of which none shows a total are an answer that lost its prices (a stale reading, a changed
 * format): an extraction error, never a comparison without a price.
 * @example priceOffers([{ provider: 'site_a', perNight: 100, total: 224, taxes: 24, roomsLeft: null, memberRate: null }], 'EUR', 1).lowest // '€224.00'
 */
export function priceOffers(sellers: Seller[], currency: string, rooms: number): PricedOffers {
  const totals = sellers.flatMap((s) => (s.total === null ? [] : [s.total]));
  if (sellers.length > 0 && totals.length === 0)
    throw new ExtractionError('site_c', 'no seller of the offer list shows its total');
  const lowest = totals.length > 0 ? Math.min(...totals) : null;
  const money = (amount: number | null) => (amount === null ? null : formatted(amount, currency));
  return {
    hasMemberRates: memberRates(sellers),
    lowest: money(lowest),
    // A stable sort: the unpriced keep their order after the priced.
    offers: [...sellers]
      .sort((a, b) => (a.total ?? Infinity) - (b.total ?? Infinity) || 0)
      .map((s) =>
        conform(
          'site_c',
          PriceOffer,
          {
            provider: s.provider,
            // A seller's night is the stay's; for more rooms, nothing says whether it is one room's or all of
            // theirs, and the contract's per night is one room's: null rather than a guess.
            price_per_night: rooms === 1 ? money(s.perNight) : null,
            total_stay_price: money(s.total),
            taxes_value: s.taxes,
            is_lowest_price: s.total !== null && s.total === lowest,
            rooms_remaining: s.roomsLeft,
          },
          'an offer',
        ),
      ),
  };
}
