/**
 * The listing's overview, read from its sections (extract.ts): the title, the summary items, the
 * description and the sleeping arrangements.
 */
import * as z from 'zod';
import { RentalOverview } from '../../schemas/rental.ts';
import { conform } from '../../extraction/conform.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { listingName, plainText, sectionOf, type ListingPage } from './extract.ts';
/** The summary items (`OVERVIEW_DEFAULT_V2`): an item without a title is no item. */
export const OverviewSection = tolerant(
  'rental',
  z.looseObject({
    title: z.string().nullish(),
    overviewItems: z.array(z.looseObject({ title: z.string().nullish() })).nullish(),
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
    arrangementDetails: z
      .array(z.looseObject({ title: z.string().nullish(), subtitle: z.string().nullish() }))
      .nullish(),
  }),
  'the sleeping section',
);

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
 * listing's capacity; a count the page does not state is null (the identity rule: the title identifies it).
 * @example extractOverview(pdp) // { title: 'Quiet studio by the canal', bedrooms: null, beds: 2, baths: 1.5, … }
 */
export function extractOverview(pdp: ListingPage): RentalOverview {
  const overview = sectionOf(pdp, 'OVERVIEW_DEFAULT_V2', OverviewSection);
  const items = (overview?.overviewItems ?? []).flatMap((i) => (i.title?.trim() ? [i.title.trim()] : []));
  const html = sectionOf(pdp, 'DESCRIPTION_DEFAULT', DescriptionSection)?.htmlDescription?.htmlText;
  const description = html === undefined ? null : plainText(html) || null;
  // A description sent blank is none (never an empty text), and counted like one left out.
  if (html !== undefined && description === null)
    recordMissing('rental', 'htmlDescription.htmlText', 'the description section');
  const sleeping =
    sectionOf(pdp, 'SLEEPING_ARRANGEMENT_WITH_IMAGES', SleepingSection) ??
    sectionOf(pdp, 'SLEEPING_ARRANGEMENT_DEFAULT', SleepingSection);
  const halfBath = items.some((i) => /^half-bath$/i.test(i)) ? 0.5 : undefined;
  return conform(
    'rental',
    RentalOverview,
    {
      title: listingName(pdp),
      description,
      guests: countOf(items, /guests?/) ?? pdp.metadata?.sharingConfig?.personCapacity ?? null,
      bedrooms: items.some((i) => /^studio$/i.test(i)) ? null : (countOf(items, /bedrooms?/) ?? null),
      beds: countOf(items, /beds?/) ?? null,
      baths: countOf(items, /baths?|bathrooms?/) ?? halfBath ?? null,
      raw_items: items,
      // A sleeping section without its list has not shown the rooms: null, as with no section.
      room_arrangements: sleeping?.arrangementDetails
        ? sleeping.arrangementDetails.flatMap((a) =>
            a.title ? [{ title: a.title, subtitle: a.subtitle ?? null }] : [],
          )
        : null,
    },
    'the listing overview',
  );
}
