/**
 * Pure readers of rental's `StaysPdpSections` payload, the same in the listing page's deferred state and in
 * the sections API: `data.presentation.stayProductDetailPage.sections` with `metadata.sharingConfig` and
 * `sections[]` keyed by `sectionId`. Prices are display strings of the `en` locale ("€1,234.56"), grouped
 * as the currency's own locale groups them (rupees in lakhs: "₹1,15,430.00").
 *
 * Real pages (2026) carry placeholder sections (`SBUISentinelSection`) whose data sits in
 * `sbuiData.sectionConfiguration.root.sections[].sectionData`: every section is read through to it. The
 * listing's name is `TITLE_DEFAULT`'s title; `sharingConfig.title` is a share caption, never the name.
 * Everything is read tolerantly (shared/upstream/tolerant.ts).
 */
import * as z from 'zod';
import { RentalDetails, RentalOverview, RentalPricing } from '../../schemas/rental.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { isPlaceholder, tolerant } from '../../upstream/tolerant.ts';

const Section = z.looseObject({
  sectionId: z.string(),
  sectionComponentType: z.string().nullish(),
  section: z.unknown(),
});

/** Where a placeholder section's data is: `sbuiData.sectionConfiguration.root.sections[]` by `sectionId`. */
const SbuiData = z.looseObject({
  sectionConfiguration: z.looseObject({
    root: z.looseObject({
      sections: z.array(z.looseObject({ sectionId: z.string(), sectionData: z.unknown() })),
    }),
  }),
});

export const PdpSections = z.looseObject({
  metadata: z.looseObject({
    sharingConfig: z.looseObject({
      imageUrl: z.string().optional(),
      personCapacity: z.number().int().min(1).optional(),
      starRating: z.number().nullish(),
      reviewCount: z.number().int().min(0).nullish(),
    }),
  }),
  sections: z.array(Section),
  sbuiData: SbuiData.nullish(),
});
export type PdpSections = z.infer<typeof PdpSections>;

const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

export const PdpAnswer = tolerant(
  'rental',
  // The page (or its null: no such listing) is what every listing route answers from: an answer has it,
  // or it is a refusal (errors).
  z.union([
    z.looseObject({
      data: z.looseObject({
        presentation: z.looseObject({
          stayProductDetailPage: z.looseObject({ sections: PdpSections }).nullable(),
        }),
      }),
      errors: z.array(GraphQLError).optional(),
    }),
    z.looseObject({ data: z.null().optional(), errors: z.array(GraphQLError).min(1) }),
  ]),
  'the sections payload',
);
export type PdpAnswer = z.output<typeof PdpAnswer>;

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

/**
 * The data of a section by its id (or component type), as the page has it: a placeholder section is read
 * through to its data in `sbuiData`. Undefined (or a placeholder) when the page has neither.
 * @example sectionData(pdp, 'TITLE_DEFAULT') // { __typename: 'PdpTitleSection', title: 'Sunny loft in Lorvane', … }
 */
export function sectionData(pdp: Pick<PdpSections, 'sections' | 'sbuiData'>, id: string): unknown {
  const found = pdp.sections.find((s) => s.sectionId === id || s.sectionComponentType === id);
  return found && !isPlaceholder(found.section)
    ? found.section
    : pdp.sbuiData?.sectionConfiguration.root.sections.find((s) => s.sectionId === (found?.sectionId ?? id))
        ?.sectionData;
}

/** A section read through its tolerant schema (one of the `…Section` readers below), or undefined. */
function sectionOf<S extends z.ZodType>(pdp: PdpSections, id: string, schema: S): z.output<S> | undefined {
  const data = sectionData(pdp, id);
  if (isPlaceholder(data)) return undefined;
  return conform('rental', schema, data, `the ${id} section`);
}

function requiredSection<S extends z.ZodType>(pdp: PdpSections, id: string, schema: S): z.output<S> {
  const section = sectionOf(pdp, id, schema);
  if (section === undefined) throw new ExtractionError('rental', `the listing has no ${id} section`);
  return section;
}

/** The listing's name (`TITLE_DEFAULT`); each section is read by the tolerant rule (exported for the mutation tests). */
export const TitleSection = tolerant(
  'rental',
  z.looseObject({ title: z.string().min(1) }),
  'the title section',
);
export const HostSection = tolerant(
  'rental',
  z.looseObject({
    cardData: z.looseObject({ name: z.string(), isSuperhost: z.boolean().nullish() }),
  }),
  'the host section',
);
export const BannerSection = tolerant('rental', z.looseObject({ title: z.string() }), 'the banner section');
export const PoliciesSection = tolerant(
  'rental',
  z.looseObject({
    houseRules: z.array(z.looseObject({ title: z.string() })).nullish(),
    houseRulesSections: z
      .array(z.looseObject({ items: z.array(z.looseObject({ title: z.string() })) }))
      .nullish(),
  }),
  'the policies section',
);

/** Every house rule's text: the summary list and the grouped one. */
function houseRules(policies: z.output<typeof PoliciesSection>): string[] {
  return [
    ...(policies.houseRules ?? []).map((r) => r.title),
    ...(policies.houseRulesSections ?? []).flatMap((g) => g.items.map((i) => i.title)),
  ];
}

const said = (rules: string[], pattern: RegExp) => rules.some((r) => pattern.test(r));

/**
 * The listing's details. The title is `TITLE_DEFAULT`'s (the listing's name). The badge is the guest-favourite banner's own title, else Superhost from the
 * host card, else none. Guest rules come from the house rules, which name only what is refused ("Not
 * suitable for infants (under 2 years)"); pets are allowed only where a rule says so.
 * @example extractDetails(pdp) // { title: 'Sunny loft in Lorvane', rating: '4.85 (123)', badge: 'Superhost', … }
 */
export function extractDetails(pdp: PdpSections): RentalDetails {
  const share = pdp.metadata.sharingConfig;
  const host = requiredSection(pdp, 'MEET_YOUR_HOST', HostSection);
  const banner = sectionOf(pdp, 'GUEST_FAVORITE_BANNER', BannerSection);
  const rules = houseRules(requiredSection(pdp, 'POLICIES_DEFAULT', PoliciesSection));
  // An absent count is not a real 0, and a listing without a star rating (no reviews yet) has none: null.
  const count = share.reviewCount ?? null;
  const stars = share.starRating ?? null;
  return conform(
    'rental',
    RentalDetails,
    {
      // The listing's own name; sharingConfig.title is a share caption ("Rental unit in … · ★4.74 · …").
      title: requiredSection(pdp, 'TITLE_DEFAULT', TitleSection).title,
      image_url: share.imageUrl,
      rating: stars !== null && count !== null ? `${stars.toFixed(2)} (${count})` : null,
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

/** The summary items (`OVERVIEW_DEFAULT_V2`): an item without a title is no item. */
export const OverviewSection = tolerant(
  'rental',
  z.looseObject({
    title: z.string().nullish(),
    overviewItems: z.array(z.looseObject({ title: z.string().nullish() })),
  }),
  'the overview section',
);
export const DescriptionSection = tolerant(
  'rental',
  z.looseObject({
    htmlDescription: z.looseObject({ htmlText: z.string() }).nullish(),
  }),
  'the description section',
);
export const SleepingSection = tolerant(
  'rental',
  z.looseObject({
    arrangementDetails: z.array(
      z.looseObject({ title: z.string().nullish(), subtitle: z.string().nullish() }),
    ),
  }),
  'the sleeping section',
);

/** The named character references a description carries; any other is left as written. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The plain text of an HTML description: line breaks kept, tags dropped, character references decoded
 * (numeric ones and the common named ones), without an HTML parser in the bundle.
 * @example plainText('Quiet &amp; bright<br />2 beds') // 'Quiet & bright\n2 beds'
 */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>/g, '')
    .replace(
      /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
      (whole, dec?: string, hex?: string, name?: string) => {
        const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
        if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        return NAMED[name!.toLowerCase()] ?? whole;
      },
    )
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** The first number a summary item states for `what`, e.g. 2 for "2 bedrooms", 1.5 for "1.5 shared baths". */
function countOf(items: string[], what: RegExp): number | undefined {
  for (const item of items) {
    const m = new RegExp(`^(\\d+(?:\\.\\d+)?)\\s+(?:[a-z]+\\s+)?(?:${what.source})\\b`, 'i').exec(item);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * The listing's overview: its name (`TITLE_DEFAULT`), the description as plain text, the summary items
 * (`OVERVIEW_DEFAULT_V2`: "2 guests", "Studio", "1 bed", "1.5 baths") read into counts, and the sleeping
 * arrangements. A studio has no bedroom count (null); a half-bath counts 0.5. Guests fall back to the
 * listing's capacity; beds and baths the contract cannot do without: a page that states neither fails.
 * @example extractOverview(pdp) // { title: 'Quiet studio by the canal', bedrooms: null, beds: 2, baths: 1.5, … }
 */
export function extractOverview(pdp: PdpSections): RentalOverview {
  const overview = sectionOf(pdp, 'OVERVIEW_DEFAULT_V2', OverviewSection);
  const items = (overview?.overviewItems ?? []).flatMap((i) => (i.title?.trim() ? [i.title.trim()] : []));
  const description = sectionOf(pdp, 'DESCRIPTION_DEFAULT', DescriptionSection)?.htmlDescription?.htmlText;
  const sleeping =
    sectionOf(pdp, 'SLEEPING_ARRANGEMENT_WITH_IMAGES', SleepingSection) ??
    sectionOf(pdp, 'SLEEPING_ARRANGEMENT_DEFAULT', SleepingSection);
  const halfBath = items.some((i) => /^half-bath$/i.test(i)) ? 0.5 : undefined;
  return conform(
    'rental',
    RentalOverview,
    {
      title: requiredSection(pdp, 'TITLE_DEFAULT', TitleSection).title,
      description: description ? plainText(description) : '',
      guests: countOf(items, /guests?/) ?? pdp.metadata.sharingConfig.personCapacity,
      bedrooms: items.some((i) => /^studio$/i.test(i)) ? null : (countOf(items, /bedrooms?/) ?? null),
      beds: countOf(items, /beds?/),
      baths: countOf(items, /baths?|bathrooms?/) ?? halfBath,
      raw_items: items,
      room_arrangements: sleeping
        ? sleeping.arrangementDetails.flatMap((a) =>
            a.title ? [{ title: a.title, subtitle: a.subtitle ?? '' }] : [],
          )
        : null,
    },
    'the listing overview',
  );
}

export interface DisplayPrice {
  amount: number;
  /** The currency sign as shown: `$`, `€`, `CA$`, `CHF`… */
  symbol: string;
}

/**
 * A price string of the `en` locale: a sign, the currency's symbol before or after, digits grouped with
 * commas as the currency's locale groups them (thousands, or lakhs and crores: `₹1,15,430`).
 * @example parsePrice('-€1,234.50') // { amount: -1234.5, symbol: '€' }
 * @example parsePrice('₹1,15,430.00') // { amount: 115430, symbol: '₹' }
 */
export function parsePrice(text: string): DisplayPrice | undefined {
  const m =
    /^([-−]?)\s*([^\d\s.,−-]*)\s*([-−]?)\s*(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:\.\d+)?)\s*([^\d\s.,]*)$/u.exec(
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

const round = (n: number) => Math.round(n * 100) / 100;

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
  const capacity = pdp.metadata.sharingConfig.personCapacity ?? bookIt.maxGuestCapacity;
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
