/**
 * Pure readers of rental's `StaysPdpSections` payload, the same in the listing page's deferred state and in
 * the sections API: `data.presentation.stayProductDetailPage.sections` with `metadata.sharingConfig` and
 * `sections[]` keyed by `sectionId`. Prices are display strings of the `en` locale ("€1,234.56"), grouped
 * as the currency's own locale groups them (rupees in lakhs: "₹1,15,430.00").
 *
 * Real pages (2026) carry placeholder sections (`SBUISentinelSection`) whose data sits in
 * `sbuiData.sectionConfiguration.root.sections[].sectionData`: every section is read through to it. The
 * listing's name is `TITLE_DEFAULT`'s title; `sharingConfig.title` is a share caption, never the name.
 * Everything is read tolerantly (shared/extraction/tolerant.ts). The sections each answer reads are read in
 * extract-details.ts, extract-overview.ts and extract-quote.ts.
 */
import * as z from 'zod';
import { dataOrRefusal } from '../../extraction/graphql.ts';
import { conform } from '../../extraction/conform.ts';
import { markupText } from '../../extraction/markup.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { isPlaceholder, tolerant } from '../../extraction/tolerant.ts';

// `sectionComponentType` is not declared: real pages leave it out (and nothing needs it where the id
// matches), so a declared field would count its absence on every page; componentTypeOf reads it.
const Section = z.looseObject({ sectionId: z.string(), section: z.unknown() });
type Section = z.infer<typeof Section>;

/** Where a placeholder section's data is: `sbuiData.sectionConfiguration.root.sections[]` by `sectionId`. */
const SbuiData = z.looseObject({
  sectionConfiguration: z.looseObject({
    root: z.looseObject({
      sections: z.array(z.looseObject({ sectionId: z.string(), sectionData: z.unknown() })),
    }),
  }),
});

// The share card holds only what may be absent (picture, capacity, rating): a page without it is read.
const page = {
  metadata: z
    .looseObject({
      sharingConfig: z
        .looseObject({
          imageUrl: z.string().optional(),
          personCapacity: z.number().int().min(1).optional(),
          starRating: z.number().nullish(),
          reviewCount: z.number().int().min(0).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  sections: z.array(Section),
};
/** A page whose placeholder sections have their data in `sbuiData`. */
const SbuiPage = z.looseObject({ ...page, sbuiData: SbuiData });
/**
 * A page without `sbuiData`: its sections in place (a normal page), or placeholders for what it loads
 * later (2026-07 pages). `sbuiData` is the other shape's, so its absence is not counted.
 */
const PlainPage = z.looseObject(page).refine((p) => p.sbuiData === undefined || p.sbuiData === null, {
  error: 'sbuiData that cannot be read',
  abort: true,
});
/** A listing's sections, one shape each. */
export const PdpSections = z.union([SbuiPage, PlainPage]);
export type PdpSections = z.infer<typeof PdpSections>;

/**
 * Whether a page carries its placeholders' data in `sbuiData`.
 * @example hasSbuiData({ sections: [], sbuiData: { sectionConfiguration: { root: { sections: [] } } } }) // true
 */
const hasSbuiData = (pdp: PdpSections): pdp is z.infer<typeof SbuiPage> =>
  pdp.sbuiData !== undefined && pdp.sbuiData !== null;

/**
 * A section's component type, or undefined when it has none (real pages leave it out). One that is there
 * but is no text is a changed format: the extraction error, never read as "no type".
 * @example componentTypeOf({ sectionId: 'TITLE_DEFAULT', sectionComponentType: 'PDP_TITLE', section: {} }) // 'PDP_TITLE'
 */
function componentTypeOf(section: Section): string | undefined {
  const type = section.sectionComponentType;
  if (type === undefined || type === null || typeof type === 'string') return type ?? undefined;
  throw new ExtractionError(
    'rental',
    `the ${section.sectionId} section has a component type that is no text`,
  );
}

/**
 * The answer every listing route reads from: a page (or its null: no such listing), errors beside it
 * being the exception (never counted missing), or a refusal with its errors.
 */
export const PdpAnswer = tolerant(
  'rental',
  dataOrRefusal(
    'presentation',
    z.looseObject({ stayProductDetailPage: z.looseObject({ sections: PdpSections }).nullable() }),
  ),
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
export function sectionData(pdp: PdpSections, id: string): unknown {
  const found = pdp.sections.find((s) => s.sectionId === id || componentTypeOf(s) === id);
  if (found && !isPlaceholder(found.section)) return found.section;
  const sbui = hasSbuiData(pdp) ? pdp.sbuiData.sectionConfiguration.root.sections : [];
  return sbui.find((s) => s.sectionId === (found?.sectionId ?? id))?.sectionData;
}

/**
 * A section read through its tolerant schema (one of the `…Section` readers), or undefined.
 * @example sectionOf(pdp, 'GUEST_FAVORITE_BANNER', BannerSection)?.title // 'Guest favourite'
 */
export function sectionOf<S extends z.ZodType>(
  pdp: PdpSections,
  id: string,
  schema: S,
): z.output<S> | undefined {
  const data = sectionData(pdp, id);
  if (isPlaceholder(data)) return undefined;
  return conform('rental', schema, data, `the ${id} section`);
}

/**
 * A section read through its tolerant schema; a listing without it is an extraction error.
 * @example requiredSection(pdp, 'TITLE_DEFAULT', TitleSection).title // 'Sunny loft in Lorvane'
 */
export function requiredSection<S extends z.ZodType>(pdp: PdpSections, id: string, schema: S): z.output<S> {
  const section = sectionOf(pdp, id, schema);
  if (section === undefined) throw new ExtractionError('rental', `the listing has no ${id} section`);
  return section;
}

/** A listing page's sections, with the name its `data.node` gives beside them (2026-07 pages; page.ts). */
export type ListingPage = PdpSections & { nodeName?: string };

// The calendar section names the listing too (`listingTitle`): read only for its name, where the title
// section is a type-name-only placeholder.
const CalendarTitle = z.looseObject({ listingTitle: z.string().min(1) });

/**
 * The listing's name: `TITLE_DEFAULT`'s title; where that section is a placeholder (2026-07 pages carry
 * type-name-only sections and the listing on `data.node`), the calendar section's `listingTitle`, else the
 * node's name. A listing named nowhere is an extraction error (its name is its identity).
 * @example listingName(page) // 'Sunny loft in Lorvane'
 */
export function listingName(pdp: ListingPage): string {
  const calendar = CalendarTitle.safeParse(sectionData(pdp, 'AVAILABILITY_CALENDAR_DEFAULT'));
  const name =
    sectionOf(pdp, 'TITLE_DEFAULT', TitleSection)?.title ??
    (calendar.success ? calendar.data.listingTitle : undefined) ??
    pdp.nodeName;
  if (name === undefined)
    throw new ExtractionError('rental', 'the listing has no TITLE_DEFAULT section and no other name');
  return name;
}

/** The listing's name (`TITLE_DEFAULT`); each section is read by the tolerant rule (exported for the mutation tests); the details and the overview both name the listing by it. */
export const TitleSection = tolerant(
  'rental',
  z.looseObject({ title: z.string().min(1) }),
  'the title section',
);

/**
 * The plain text of an HTML description: line breaks kept, tags dropped, character references decoded
 * (numeric ones and the common named ones), without an HTML parser in the bundle.
 * @example plainText('Quiet &amp; bright<br />2 beds') // 'Quiet & bright\n2 beds'
 */
export function plainText(html: string): string {
  return markupText(html)
    .replace(/[ \t]+\n/g, '\n')
    .trim();
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
