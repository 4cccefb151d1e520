/**
 * Pure readers of rental's `StaysPdpSections` payload, the same in the listing page's deferred state and in
 * the sections API: `data.presentation.stayProductDetailPage.sections` with `metadata.sharingConfig` and
 * `sections[]` keyed by `sectionId`. Prices are display strings of the `en` locale ("€1,234.56").
 */
import * as z from 'zod';
import { RentalDetails, RentalPricing } from '../../schemas/rental.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';

const Section = z.looseObject({
  sectionId: z.string(),
  sectionComponentType: z.string().nullish(),
  section: z.unknown(),
});

export const PdpSections = z.looseObject({
  metadata: z.looseObject({
    sharingConfig: z.looseObject({
      title: z.string(),
      imageUrl: z.string(),
      personCapacity: z.number().int().min(1),
      starRating: z.number().nullish(),
      reviewCount: z.number().int().nullish(),
    }),
  }),
  sections: z.array(Section),
});
export type PdpSections = z.infer<typeof PdpSections>;

export const PdpAnswer = z.looseObject({
  data: z
    .looseObject({
      presentation: z.looseObject({
        stayProductDetailPage: z.looseObject({ sections: PdpSections }).nullable(),
      }),
    })
    .nullish(),
  errors: z
    .array(
      z.looseObject({
        message: z.string(),
        extensions: z.looseObject({ code: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type PdpAnswer = z.infer<typeof PdpAnswer>;

/**
 * The source's refusal of the sections query, as an upstream error: an unknown persisted query names the
 * configured hash to update. Nothing when the answer carries no `errors`.
 * @example sectionsRefusal({ errors: [{ message: 'PersistedQueryNotFound' }] }, 200, 'abc')?.message
 */
export function sectionsRefusal(answer: PdpAnswer, status: number, hash: string): UpstreamError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  if (/persisted ?query/i.test(`${error.message} ${error.extensions?.code ?? ''}`))
    return new UpstreamError(
      'rental',
      `the StaysPdpSections persisted query ${hash} is unknown to the source (${error.message}); ` +
        'update operations.stays_pdp_sections',
      status,
    );
  return new UpstreamError('rental', `StaysPdpSections was refused: ${error.message}`, status);
}

/** A section by its id (or component type), read through its schema; undefined when the page has none. */
function sectionOf<S extends z.ZodType>(pdp: PdpSections, id: string, schema: S): z.output<S> | undefined {
  const found = pdp.sections.find((s) => s.sectionId === id || s.sectionComponentType === id);
  return found ? conform('rental', schema, found.section, `the ${id} section`) : undefined;
}

function requiredSection<S extends z.ZodType>(pdp: PdpSections, id: string, schema: S): z.output<S> {
  const section = sectionOf(pdp, id, schema);
  if (section === undefined) throw new ExtractionError('rental', `the listing has no ${id} section`);
  return section;
}

const HostSection = z.looseObject({
  cardData: z.looseObject({ name: z.string(), isSuperhost: z.boolean().nullish() }),
});
const BannerSection = z.looseObject({ title: z.string() });
const PoliciesSection = z.looseObject({
  houseRules: z.array(z.looseObject({ title: z.string() })).nullish(),
  houseRulesSections: z
    .array(z.looseObject({ items: z.array(z.looseObject({ title: z.string() })) }))
    .nullish(),
});

/** Every house rule's text: the summary list and the grouped one. */
function houseRules(policies: z.infer<typeof PoliciesSection>): string[] {
  return [
    ...(policies.houseRules ?? []).map((r) => r.title),
    ...(policies.houseRulesSections ?? []).flatMap((g) => g.items.map((i) => i.title)),
  ];
}

const said = (rules: string[], pattern: RegExp) => rules.some((r) => pattern.test(r));

/**
 * The listing's details. The badge is the guest-favourite banner's own title, else Superhost from the
 * host card, else none. Guest rules come from the house rules, which name only what is refused ("Not
 * suitable for infants (under 2 years)"); pets are allowed only where a rule says so.
 * @example extractDetails(pdp) // { title: 'Sunny loft in Lorvane', rating: '4.85 (123)', badge: 'Superhost', … }
 */
export function extractDetails(pdp: PdpSections): RentalDetails {
  const share = pdp.metadata.sharingConfig;
  const host = requiredSection(pdp, 'MEET_YOUR_HOST', HostSection);
  const banner = sectionOf(pdp, 'GUEST_FAVORITE_BANNER', BannerSection);
  const rules = houseRules(requiredSection(pdp, 'POLICIES_DEFAULT', PoliciesSection));
  const count = share.reviewCount ?? 0;
  return conform(
    'rental',
    RentalDetails,
    {
      title: share.title,
      image_url: share.imageUrl,
      // A listing without reviews has no star rating yet.
      rating: `${(share.starRating ?? 0).toFixed(2)} (${count})`,
      rating_count: count,
      badge: banner?.title ?? (host.cardData.isSuperhost ? 'Superhost' : ''),
      host_name: host.cardData.name,
      max_guests: share.personCapacity,
      children_allowed: !said(rules, /not suitable for children\b/i),
      infants_allowed: !said(rules, /not suitable for (children and )?infants\b/i),
      pets_allowed: said(rules, /\bpets allowed\b/i) && !said(rules, /\bno pets\b/i),
    },
    'the listing details',
  );
}

export interface DisplayPrice {
  amount: number;
  /** The currency sign as shown: `$`, `€`, `CA$`, `CHF`… */
  symbol: string;
}

/**
 * A price string of the `en` locale: a sign, the currency's symbol before or after, thousands with commas.
 * @example parsePrice('-€1,234.50') // { amount: -1234.5, symbol: '€' }
 */
export function parsePrice(text: string): DisplayPrice | undefined {
  const m =
    /^([-−]?)\s*([^\d\s.,−-]*)\s*([-−]?)\s*(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s*([^\d\s.,]*)$/u.exec(
      text.replace(/[\u00a0\u202f]/g, ' ').trim(),
    );
  if (!m) return undefined;
  const amount = Number(m[4]!.replace(/,/g, ''));
  return { amount: m[1] || m[3] ? -amount : amount, symbol: m[2] || m[5] || '' };
}

/** The sign the `en` locale shows for a currency. @example currencySymbol('EUR') // '€' */
export function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

// What each line of the breakdown is, by its description in English; the first match wins.
const LINE_TYPES: [RegExp, string][] = [
  [/discount|special offer|credit|coupon/i, 'DISCOUNT'],
  [/\bnights?\b/i, 'ACCOMMODATION'],
  [/cleaning fee/i, 'CLEANING_FEE'],
  [/service fee/i, 'SERVICE_FEE'],
  [/\btax(es)?\b|\bvat\b|occupancy/i, 'TAXES'],
];
const TOTAL_LINE = /^total\b/i;

const BookItSection = z.looseObject({
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
});

export type Quote =
  | { kind: 'priced'; pricing: RentalPricing }
  | { kind: 'unavailable'; reason: 'TOO_MANY_GUESTS'; maxGuests: number }
  | { kind: 'unavailable'; reason: 'DATES_UNAVAILABLE'; message: string }
  /** The source priced in another currency than the one asked for (it shows `shown`). */
  | { kind: 'other-currency'; shown: string };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What the stay costs, from the book-it section's price breakdown: the total is the sum of the lines (a
 * breakdown that does not add up to the total shown is a format change, not a price). A stay for more
 * guests than the listing takes, or one the source calls unavailable, is reported as such.
 * @example extractQuote(pdp, { nights: 3, adults: 2, currency: 'EUR' }) // { kind: 'priced', pricing: { total: 612.4, … } }
 */
export function extractQuote(
  pdp: PdpSections,
  q: { nights: number; adults: number; currency: string },
): Quote {
  const capacity = pdp.metadata.sharingConfig.personCapacity;
  if (q.adults > capacity) return { kind: 'unavailable', reason: 'TOO_MANY_GUESTS', maxGuests: capacity };
  const bookIt = requiredSection(pdp, 'BOOK_IT_SIDEBAR', BookItSection);
  if (bookIt.localizedUnavailabilityMessage)
    return {
      kind: 'unavailable',
      reason: 'DATES_UNAVAILABLE',
      message: bookIt.localizedUnavailabilityMessage,
    };
  const display = bookIt.structuredDisplayPrice;
  if (!display) throw new ExtractionError('rental', 'the book-it section has neither a price nor a reason');
  const read = (text: string, what: string) => {
    const price = parsePrice(text);
    if (!price) throw new ExtractionError('rental', `${what} "${text}" is not a price`);
    return price;
  };
  const items = display.explanationData.priceDetails.flatMap((g) => g.items);
  const lines = items
    .filter((i) => !TOTAL_LINE.test(i.description))
    .map((i) => ({ description: i.description, ...read(i.priceString, 'a breakdown line') }));
  const symbol = currencySymbol(q.currency);
  const other = lines.find((l) => l.symbol !== symbol);
  if (other) return { kind: 'other-currency', shown: other.symbol };
  const breakdown = lines.map((l) => ({
    type: LINE_TYPES.find(([pattern]) => pattern.test(l.description))?.[1] ?? 'OTHER_FEE',
    description: l.description,
    amount: l.amount,
  }));
  const total = round(breakdown.reduce((n, l) => n + l.amount, 0));
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
    round(breakdown.filter((l) => l.type === type).reduce((n, l) => n + l.amount, 0));
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
        nightly_rate: round(accommodation / q.nights),
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
