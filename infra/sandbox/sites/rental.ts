/**
 * rental, a short-term rental platform, in its real formats: a homepage of real size whose bootstrap JSON
 * carries the web app's public key (`"api_config":{"key":…}`); listing pages of real size whose
 * `data-deferred-state-0` script holds `niobeClientData` with the `StaysPdpSections` payload
 * (`metadata.sharingConfig`, `sections[]` by `sectionId`); the sections API
 * (`GET /api/v3/StaysPdpSections/<sha256>`), which wants that key and a known persisted-query hash
 * (`PersistedQueryNotFound` otherwise) and prices a stay as `en` display strings with a breakdown; and the
 * listing pictures; the persisted queries of the availability calendar (`rental-calendar.ts`), the reviews
 * (`rental-reviews.ts`) and the search (`rental-search.ts`). Listings sit around the world's cities, and
 * hotel rooms at the maps world's hotels (`rental-world.ts`); some nights are booked, the same for the
 * calendar, the search and the price.
 *
 * As the real pages do (2026): the listing's name is `TITLE_DEFAULT`'s title while `sharingConfig.title` is a
 * share caption; the overview, the guest-favourite banner and the host overview are placeholder sections
 * (`SBUISentinelSection`) whose data sits in `sbuiData.sectionConfiguration.root.sections[].sectionData`;
 * stays of 28 nights or more are priced monthly (an average monthly price, a monthly discount, an
 * explanation line, no service fee); rupees are grouped in lakhs (`₹1,15,430.00`); a stale but once-known
 * hash answers without `errors[]` and with a book-it section that has no price. Listings created recently
 * have 19-digit ids, above 2^53: ids are decimal strings here, never JS numbers.
 */
import { hash } from '../random.ts';
import { esc, KB, padTo } from '../html.ts';
import type { Site, SiteResponse } from '../site.ts';
import { picture } from '../picture.ts';
import { calendarRoute, CALENDAR_HASH } from './rental-calendar.ts';
import { reviewsRoute, REVIEWS_HASH } from './rental-reviews.ts';
import { searchRoute, SEARCH_HASH } from './rental-search.ts';
import {
  API_KEY,
  booked,
  graphqlError,
  json,
  listing,
  type Listing,
  money,
  pictureUrl,
  presented,
  stayQuote,
} from './rental-world.ts';

export {
  API_KEY,
  booked,
  FIRST_HOTEL_LISTING_ID,
  FIRST_LISTING_ID,
  FIRST_RECENT_LISTING_ID,
  listing,
  LISTINGS_PER_CITY,
  MONTHLY_NIGHTS,
} from './rental-world.ts';

/** The persisted-query hash this sandbox knows (handed out as provider configuration). */
export const SECTIONS_HASH = '3c5b1e0f9a7d4c2b8e6f1a0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';
/** A hash the source still accepts but no longer prices with: no `errors[]`, no price (a stale hash). */
export const STALE_SECTIONS_HASH = '8e1d2c3b4a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

function nights(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < Date.parse(`${checkOut}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

// JSON inside a script: a `</script>` in a value must not end it.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** House rules as the platform words them: what is refused, and whether pets come. */
function houseRules(l: Listing) {
  const guests =
    !l.children && !l.infants
      ? ['Not suitable for children and infants']
      : !l.children
        ? ['Not suitable for children (2-12 years)']
        : !l.infants
          ? ['Not suitable for infants (under 2 years)']
          : [];
  return {
    sectionId: 'POLICIES_DEFAULT',
    sectionComponentType: 'POLICIES_DEFAULT',
    section: {
      __typename: 'PoliciesSection',
      title: 'Things to know',
      houseRules: [
        { title: 'Check-in after 3:00 PM', icon: 'SYSTEM_CLOCK' },
        { title: 'Checkout before 11:00 AM', icon: 'SYSTEM_CLOCK' },
        { title: `${l.maxGuests} guests maximum`, icon: 'SYSTEM_GROUP' },
      ],
      houseRulesSections: [
        {
          title: 'During your stay',
          items: [
            { title: `${l.maxGuests} guests maximum` },
            { title: l.pets ? 'Pets allowed' : 'No pets' },
            { title: 'No parties or events' },
            ...guests.map((title) => ({ title })),
          ],
        },
        { title: 'Before you leave', items: [{ title: 'Turn things off' }, { title: 'Lock up' }] },
      ],
    },
  };
}

interface Guests {
  adults: number;
  currency: string;
  stay: string[];
}

/** The book-it sidebar: a price breakdown for the stay, or why it cannot be booked. */
function bookIt(l: Listing, g: Guests) {
  const base = { sectionId: 'BOOK_IT_SIDEBAR', sectionComponentType: 'BOOK_IT_SIDEBAR' };
  const unavailable = (message: string) => ({
    ...base,
    section: {
      __typename: 'BookItSection',
      maxGuestCapacity: l.maxGuests,
      localizedUnavailabilityMessage: message,
      structuredDisplayPrice: null,
    },
  });
  if (g.adults > l.maxGuests)
    return unavailable(`This place has a maximum of ${l.maxGuests} guests, not including infants.`);
  if (g.stay.length === 0) return datelessBookIt(l);
  if (g.stay.some((n) => booked(l.id, n))) return unavailable('Those dates are not available');
  const { currency, items, total } = stayQuote(l, g.adults, g.stay.length, g.currency);
  return {
    ...base,
    section: {
      __typename: 'BookItSection',
      maxGuestCapacity: l.maxGuests,
      localizedUnavailabilityMessage: null,
      structuredDisplayPrice: {
        primaryLine: {
          __typename: 'QualifiedDisplayPriceLine',
          price: money(total, currency),
          qualifier: 'total',
        },
        secondaryLine: null,
        explanationData: {
          title: 'Price details',
          priceDetails: [
            { items },
            { items: [{ description: `Total (${currency})`, priceString: money(total, currency) }] },
          ],
        },
      },
    },
  };
}

/**
 * A book-it section with no price and no reason: what a page without dates carries, and what a once-known
 * but stale hash answers even for a stay.
 */
function datelessBookIt(l: Listing) {
  return {
    sectionId: 'BOOK_IT_SIDEBAR',
    sectionComponentType: 'BOOK_IT_SIDEBAR',
    section: {
      __typename: 'BookItSection',
      maxGuestCapacity: l.maxGuests,
      calendarTitle: 'Select check-in date',
      calendarSubtitle: 'Add your travel dates for exact pricing',
      localizedUnavailabilityMessage: null,
      structuredDisplayPrice: null,
    },
  };
}

/** The overview's summary items, as the page words them: guests, bedrooms (or Studio), beds, baths. */
export function overviewItems(l: Listing): string[] {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return [
    plural(l.maxGuests, 'guest'),
    l.bedrooms === 0 ? 'Studio' : plural(l.bedrooms, 'bedroom'),
    plural(l.beds, 'bed'),
    `${l.baths} bath${l.baths === 1 ? '' : 's'}`,
  ];
}

/** The share caption the platform puts in `sharingConfig.title`: not the listing's name. */
function shareCaption(l: Listing): string {
  const parts = [`Rental unit in ${l.city.name}`];
  if (l.reviews) parts.push(`★${l.rating.toFixed(2)}`);
  return [...parts, ...overviewItems(l).slice(1)].join(' · ');
}

/** The listing's description, as the page's HTML text. */
export function description(l: Listing): string {
  return [
    `Welcome to our ${l.kind.toLowerCase()} in the heart of ${l.city.name}.`,
    `It sleeps ${l.maxGuests} & is a short walk from the old town.`,
    'The space',
    `${l.bedrooms === 0 ? 'One open room' : `${l.bedrooms} bedroom${l.bedrooms === 1 ? '' : 's'}`} with a fully equipped kitchen.`,
  ].join('<br />');
}

/** The sections payload for a listing: what the page's deferred state and the API both carry. */
function pdp(
  l: Listing,
  base: string,
  sections: unknown[],
  sbui: { sectionId: string; sectionData: unknown }[] = [],
) {
  return presented({
    stayProductDetailPage: {
      __typename: 'StayProductDetailPage',
      sections: {
        __typename: 'StayPDPSections',
        metadata: {
          sharingConfig: {
            title: shareCaption(l),
            imageUrl: pictureUrl(base, l),
            personCapacity: l.maxGuests,
            propertyType: 'Entire rental unit',
            location: l.city.name,
            starRating: l.reviews ? l.rating : null,
            reviewCount: l.reviews,
          },
          seoFeatures: { ogTags: { ogTitle: `${l.title} - Apartments for Rent in ${l.city.name}` } },
        },
        sections,
        ...(sbui.length ? { sbuiData: { sectionConfiguration: { root: { sections: sbui } } } } : {}),
      },
    },
  });
}

/** A section in place, or a placeholder whose data goes to sbuiData (as half the real pages do). */
function placed(
  l: Listing,
  sbui: { sectionId: string; sectionData: unknown }[],
  sectionId: string,
  sectionComponentType: string,
  section: object,
) {
  if (!l.placeholders) return { sectionId, sectionComponentType, section };
  sbui.push({ sectionId, sectionData: section });
  return { sectionId, sectionComponentType, section: { __typename: 'SBUISentinelSection' } };
}

/** The page's sections and its sbuiData: title, banner, overview, description, sleeping, book-it, host, rules. */
function pageSections(l: Listing, g: Guests) {
  const sbui: { sectionId: string; sectionData: unknown }[] = [];
  const sections = [
    {
      sectionId: 'TITLE_DEFAULT',
      sectionComponentType: 'PDP_TITLE',
      section: { __typename: 'PdpTitleSection', title: l.title },
    },
    ...(l.badge === 'Guest favourite'
      ? [
          placed(l, sbui, 'GUEST_FAVORITE_BANNER', 'GUEST_FAVORITE_BANNER', {
            __typename: 'PdpGuestFavoriteBannerSection',
            title: l.badge,
          }),
        ]
      : []),
    placed(l, sbui, 'OVERVIEW_DEFAULT_V2', 'PDP_OVERVIEW_V2', {
      __typename: 'PdpOverviewV2Section',
      title: `Entire rental unit in ${l.city.name}`,
      overviewItems: overviewItems(l).map((title) => ({ __typename: 'BasicListItem', title })),
    }),
    {
      sectionId: 'DESCRIPTION_DEFAULT',
      sectionComponentType: 'PDP_DESCRIPTION_MODAL',
      section: {
        __typename: 'PdpDescriptionSection',
        htmlDescription: { __typename: 'Html', htmlText: description(l), readMoreButton: null },
      },
    },
    {
      sectionId: 'SLEEPING_ARRANGEMENT_WITH_IMAGES',
      sectionComponentType: 'SLEEPING_ARRANGEMENT_WITH_IMAGES',
      section: {
        __typename: 'SleepingArrangementSection',
        title: "Where you'll sleep",
        arrangementDetails: l.sleeping.map((subtitle, k) => ({
          __typename: 'SleepingArrangementDetail',
          title: l.bedrooms === 0 ? 'Living area' : `Bedroom ${k + 1}`,
          subtitle,
        })),
      },
    },
    bookIt(l, g),
    {
      sectionId: 'MEET_YOUR_HOST',
      sectionComponentType: 'MEET_YOUR_HOST',
      section: {
        __typename: 'MeetYourHostSection',
        cardData: {
          name: l.host,
          isSuperhost: l.badge === 'Superhost',
          isVerified: true,
          ratingAverage: l.rating,
        },
      },
    },
    houseRules(l),
    // A placeholder without data anywhere, as the real pages carry for what they load later.
    {
      sectionId: 'SIMILAR_LISTINGS_CAROUSEL',
      sectionComponentType: 'SIMILAR_LISTINGS',
      section: { __typename: 'SBUISentinelSection' },
    },
  ];
  return { sections, sbui };
}

/** A listing page at real scale (about 350–450 KB), its state in the deferred-state script near the end. */
function listingPage(l: Listing, base: string, g: Guests): string {
  const page = pageSections(l, g);
  const parts = [
    `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${esc(l.title)} - Apartments for Rent in ${esc(l.city.name)}</title>\n<style>\n`,
  ];
  padTo(
    parts,
    120 * KB + (hash(`head:${l.id}`) % (40 * KB)),
    (i) => `.c${i.toString(36)}{display:flex;margin:${i % 9}px ${i % 7}px;color:#222}\n`,
  );
  parts.push('</style></head><body><div id="react-application" data-application="true">\n');
  parts.push(`<div id="site-content"><h1>${esc(l.title)}</h1></div>\n`);
  padTo(
    parts,
    330 * KB + (hash(`body:${l.id}`) % (60 * KB)),
    (i) =>
      `<div class="c${(i % 900).toString(36)}"><span>${i % 3 ? 'Amenity' : 'Nearby'} ${i}</span></div>\n`,
  );
  const state = {
    niobeClientData: [
      [
        `StaysPdpSections:${JSON.stringify({ id: Buffer.from(`StayListing:${l.id}`).toString('base64'), pdpSectionsRequest: { adults: String(g.adults) } })}`,
        { ...pdp(l, base, page.sections, page.sbui), variables: {} },
      ],
    ],
  };
  parts.push(
    `</div><script id="data-deferred-state-0" data-deferred-state-0="true" type="application/json">${scriptJson(state)}</script>\n`,
    '<script src="/static/packages/web/common/frontend/app.js" defer></script></body></html>\n',
  );
  return parts.join('');
}

/** The homepage: its bootstrap JSON names the web app's key, as the real one does. */
function homepage(): string {
  const parts = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Vacation rentals</title>\n<style>\n',
  ];
  padTo(parts, 90 * KB, (i) => `.h${i.toString(36)}{padding:${i % 11}px;border-radius:${i % 5}px}\n`);
  parts.push('</style></head><body>\n');
  const bootstrap = {
    'layout-init': {
      api_config: { key: API_KEY, baseUrl: '/api' },
      locale: 'en',
      currency: 'USD',
      user_attributes: { curr: 'USD', id: 0, name: null },
    },
  };
  parts.push(
    `<script id="data-injector-instances" type="application/json">${scriptJson(bootstrap)}</script>\n`,
  );
  padTo(
    parts,
    260 * KB,
    (i) =>
      `<div class="h${(i % 700).toString(36)}"><a href="/s/city-${i}/homes">Stays in city ${i}</a></div>\n`,
  );
  parts.push('</body></html>\n');
  return parts.join('');
}

interface SectionsVariables {
  id?: string;
  pdpSectionsRequest?: { adults?: string; checkIn?: string; checkOut?: string; sectionIds?: string[] };
}

export const rental: Site = {
  provider: 'rental',
  // The www host first (the site's own links), then a country host and the mobile host, as the real one has.
  hosts: ['www.rental.test', 'rental.test', 'www.rental.fr.test', 'www.rental.co.uk.test', 'm.rental.test'],
  config: {
    operations: {
      stays_pdp_sections: SECTIONS_HASH,
      pdp_availability_calendar: CALENDAR_HASH,
      stays_pdp_reviews: REVIEWS_HASH,
      stays_search: SEARCH_HASH,
      // The GraphQL headers' prefix names the brand on the real site: configuration, the token's here.
      graphql_header_prefix: 'x-rental-graphql',
    },
    session: {
      origin: 'pages',
      path: '/',
      csrf: { pattern: '"api_config":\\{"key":"([^"]+)"', header: 'x-rental-api-key' },
      ttlSeconds: 6 * 3600,
    },
  },
  routes: [
    [
      'GET',
      /^\/$/,
      (): SiteResponse => ({
        status: 200,
        html: homepage(),
        headers: { 'Set-Cookie': 'bev=1700000000_sandbox; Path=/; Secure; HttpOnly' },
      }),
    ],
    [
      'GET',
      /^\/rooms\/(?:plus\/)?(\d+)$/,
      ({ match, base, query }): SiteResponse => {
        const l = listing(match[1]!);
        if (!l)
          return { status: 404, html: '<html><body>This listing is no longer available.</body></html>' };
        const g = {
          adults: Number(query.get('adults') ?? 1),
          currency: 'USD',
          stay: nights(query.get('check_in') ?? '', query.get('check_out') ?? ''),
        };
        return { status: 200, html: listingPage(l, base, g) };
      },
    ],
    [
      'GET',
      /^\/api\/v3\/StaysPdpSections\/([0-9a-f]{64})$/,
      ({ match, query, headers, base }): SiteResponse => {
        if (headers['x-rental-api-key'] !== API_KEY)
          return {
            status: 403,
            json: { error_code: 403, error_type: 'invalid_key', error_message: 'Invalid API key.' },
          };
        if (query.get('operationName') !== 'StaysPdpSections')
          return graphqlError('Operation name does not match the persisted query', 'BAD_REQUEST');
        const extensions = json<{ persistedQuery?: { sha256Hash?: string } }>(query.get('extensions'));
        const known = [SECTIONS_HASH, STALE_SECTIONS_HASH];
        if (!known.includes(match[1]!) || extensions?.persistedQuery?.sha256Hash !== match[1])
          return graphqlError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
        const v = json<SectionsVariables>(query.get('variables'));
        const id = /^StayListing:(\d+)$/.exec(Buffer.from(v?.id ?? '', 'base64').toString())?.[1];
        const r = v?.pdpSectionsRequest;
        if (!id || !r?.checkIn || !r.checkOut) return graphqlError('Invalid variables', 'BAD_REQUEST');
        const l = listing(id);
        if (!l) return { status: 200, json: { data: { presentation: { stayProductDetailPage: null } } } };
        const g = {
          adults: Number(r.adults ?? 1),
          currency: (query.get('currency') ?? 'USD').toUpperCase(),
          stay: nights(r.checkIn, r.checkOut),
        };
        const wanted = new Set(r.sectionIds ?? ['BOOK_IT_SIDEBAR']);
        const priced = match[1] === SECTIONS_HASH ? bookIt(l, g) : datelessBookIt(l);
        const sections = [priced, houseRules(l)].filter((s) => wanted.has(s.sectionId));
        return { status: 200, json: pdp(l, base, sections) };
      },
    ],
    calendarRoute,
    reviewsRoute,
    searchRoute,
    [
      'GET',
      /^\/im\/pictures\/miso\/Hosting-(\d+)\/original\/[0-9a-f-]+\.jpeg$/,
      ({ match, path }): SiteResponse =>
        listing(match[1]!) ? picture(path) : { status: 404, json: { error: 'picture_not_found' } },
    ],
  ],
};
