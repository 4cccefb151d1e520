/**
 * The listing's details, read from its sections (extract.ts): the title, the host card, the guest-favourite
 * banner and the house rules.
 */
import * as z from 'zod';
import { RentalDetails } from '../../schemas/rental.ts';
import { conform } from '../../extraction/conform.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { listingName, sectionOf, type ListingPage } from './extract.ts';
export const HostSection = tolerant(
  'rental',
  z.looseObject({
    // The host's name and flag are facts of the listing, not what identifies it: either may be missing.
    cardData: z
      .looseObject({ name: z.string().min(1).nullish(), isSuperhost: z.boolean().nullish() })
      .nullish(),
  }),
  'the host section',
);
export const BannerSection = tolerant(
  'rental',
  z.looseObject({ title: z.string().min(1).nullish() }),
  'the banner section',
);
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
 * The listing's details. The title is `TITLE_DEFAULT`'s (the listing's name): the only part a listing
 * cannot go without (identity rule). The host card, the banner and the house rules may each be missing,
 * and so may the picture and the capacity: what they would tell is null. The badge is the
 * guest-favourite banner's own title, else Superhost from the host card, else null (none shown). Guest
 * rules come from the house rules, which name only what is refused ("Not suitable for infants (under 2
 * years)"): with no house rule read at all (or no policies section), children and infants are null, not
 * allowed by default. Pets are as a rule says ("Pets allowed", "No pets"), null when none speaks of them.
 * @example extractDetails(pdp) // { title: 'Sunny loft in Lorvane', rating: '4.85 (123)', badge: 'Superhost', … }
 */
export function extractDetails(pdp: ListingPage): RentalDetails {
  const share = pdp.metadata?.sharingConfig;
  const host = sectionOf(pdp, 'MEET_YOUR_HOST', HostSection)?.cardData;
  const banner = sectionOf(pdp, 'GUEST_FAVORITE_BANNER', BannerSection);
  const policies = sectionOf(pdp, 'POLICIES_DEFAULT', PoliciesSection);
  const rules = policies ? houseRules(policies) : [];
  // An absent count is not a real 0, and a listing without a star rating (no reviews yet) has none: null.
  const count = share?.reviewCount ?? null;
  const stars = share?.starRating ?? null;
  return conform(
    'rental',
    RentalDetails,
    {
      // The listing's own name; sharingConfig.title is a share caption ("Rental unit in … · ★4.74 · …").
      title: listingName(pdp),
      image_url: share?.imageUrl ?? null,
      rating: stars !== null && count !== null ? `${stars.toFixed(2)} (${count})` : null,
      rating_count: count,
      badge: banner?.title ?? (host?.isSuperhost ? 'Superhost' : null),
      host_name: host?.name ?? null,
      max_guests: share?.personCapacity ?? null,
      children_allowed: rules.length === 0 ? null : !said(rules, /not suitable for children\b/i),
      infants_allowed:
        rules.length === 0 ? null : !said(rules, /not suitable for (children and )?infants\b/i),
      pets_allowed: said(rules, /\bno pets\b/i) ? false : said(rules, /\bpets allowed\b/i) ? true : null,
    },
    'the listing details',
  );
}
