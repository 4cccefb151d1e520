/**
 * rental, a short-term rental platform, in its real formats: a homepage of real size whose bootstrap JSON
 * carries the web app's public key (`"api_config":{"key":…}`); listing pages of real size whose
 * `data-deferred-state-0` script holds `niobeClientData` with the `StaysPdpSections` payload
 * (`metadata.sharingConfig`, `sections[]` by `sectionId`); the sections API
 * (`GET /api/v3/StaysPdpSections/<sha256>`), which wants that key and a known persisted-query hash
 * (`PersistedQueryNotFound` otherwise) and prices a stay as `en` display strings with a breakdown; and the
 * listing pictures. Listings sit around the world's cities; some nights are booked.
 */
import { hash, pick, rng } from '../random.ts';
import { FX } from '../prices.ts';
import { esc, KB, padTo } from '../html.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';
import { picture } from './maps.ts';

export const LISTINGS_PER_CITY = 6;
export const FIRST_LISTING_ID = 40_000_001;
/** The web app's key this sandbox hands out on its homepage and wants on its API. */
export const API_KEY = 'sbx7r3ntalk3y0d1c2e3f4a5b6c7d8e9f0';
/** The persisted-query hash this sandbox knows (handed out as provider configuration). */
export const SECTIONS_HASH = '3c5b1e0f9a7d4c2b8e6f1a0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';
const HOSTS = ['Maria', 'Kenji', 'Amara', 'Lucas', 'Sofia', 'Noah', 'Ayla', 'Mateo'];
const KINDS = [
  'Sunny loft',
  'Cosy studio',
  'Family flat',
  'Garden cottage',
  'Penthouse',
  'Canal-side apartment',
];

export function listing(id: number) {
  const i = id - FIRST_LISTING_ID;
  const cities = getWorld().cities;
  if (i < 0 || i >= cities.length * LISTINGS_PER_CITY) return undefined;
  const city = cities[Math.floor(i / LISTINGS_PER_CITY)]!;
  const r = rng(`listing:${id}`);
  const reviews = Math.floor(r() * 400);
  return {
    id,
    city,
    title: `${pick(r, KINDS)} in ${city.name}`,
    host: pick(r, HOSTS),
    maxGuests: 2 + Math.floor(r() * 7),
    children: r() < 0.8,
    infants: r() < 0.6,
    pets: r() < 0.3,
    rating: reviews ? Math.round((4 + r()) * 100) / 100 : 0,
    reviews,
    badge: reviews > 100 && r() < 0.5 ? 'Guest favourite' : 'Superhost',
    nightlyUsd: 40 + Math.floor(r() * 260),
    serviceFeeRate: 0.14,
  };
}
type Listing = NonNullable<ReturnType<typeof listing>>;

export const booked = (id: number, night: string) => hash(`booked:${id}:${night}`) % 9 === 0;

function nights(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < Date.parse(`${checkOut}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

// JSON inside a script: a `</script>` in a value must not end it.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The listing's main picture, on the platform's image path. */
const pictureUrl = (base: string, l: Listing) =>
  `${base}/im/pictures/miso/Hosting-${l.id}/original/${(hash(`pic:${l.id}`) >>> 0).toString(16).padStart(8, '0')}-${l.id.toString(16)}.jpeg`;

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

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
/** An amount as the display rounds it (no cents for currencies without). */
const shown = (amount: number, currency: string) => Number(money(amount, currency).replace(/[^\d.-]/g, ''));

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
  if (g.stay.some((n) => booked(l.id, n))) return unavailable('Those dates are not available');
  const currency = FX[g.currency] ? g.currency : 'USD';
  const fx = FX[currency]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  const accommodation = shown(
    round(g.stay.length * l.nightlyUsd * (1 + 0.05 * Math.max(0, g.adults - 2)) * fx),
    currency,
  );
  const cleaning = shown(round(25 * fx), currency);
  const service = shown(round((accommodation + cleaning) * l.serviceFeeRate), currency);
  const total = round(accommodation + cleaning + service);
  const n = g.stay.length;
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
            {
              items: [
                {
                  description: `${n} night${n > 1 ? 's' : ''} x ${money(accommodation / n, currency)}`,
                  priceString: money(accommodation, currency),
                },
                { description: 'Cleaning fee', priceString: money(cleaning, currency) },
                { description: 'Service fee', priceString: money(service, currency) },
              ],
            },
            { items: [{ description: `Total (${currency})`, priceString: money(total, currency) }] },
          ],
        },
      },
    },
  };
}

/** The sections payload for a listing: what the page's deferred state and the API both carry. */
function pdp(l: Listing, base: string, sections: unknown[]) {
  return {
    data: {
      presentation: {
        __typename: 'RootPresentationContainer',
        stayProductDetailPage: {
          __typename: 'StayProductDetailPage',
          sections: {
            __typename: 'StayPDPSections',
            metadata: {
              sharingConfig: {
                title: l.title,
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
          },
        },
      },
    },
  };
}

function pageSections(l: Listing, g: Guests) {
  return [
    { sectionId: 'TITLE_DEFAULT', sectionComponentType: 'PDP_TITLE', section: { title: l.title } },
    ...(l.badge === 'Guest favourite'
      ? [
          {
            sectionId: 'GUEST_FAVORITE_BANNER',
            sectionComponentType: 'GUEST_FAVORITE_BANNER',
            section: { title: l.badge },
          },
        ]
      : []),
    {
      sectionId: 'OVERVIEW_DEFAULT_V2',
      sectionComponentType: 'PDP_OVERVIEW_V2',
      section: { title: `Entire rental unit in ${l.city.name}` },
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
  ];
}

/** A listing page at real scale (about 350–450 KB), its state in the deferred-state script near the end. */
function listingPage(l: Listing, base: string, g: Guests): string {
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
        { ...pdp(l, base, pageSections(l, g)), variables: {} },
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

const graphqlError = (message: string, code: string): SiteResponse => ({
  status: 200,
  json: { errors: [{ message, locations: [], path: [], extensions: { code } }], data: null },
});

interface SectionsVariables {
  id?: string;
  pdpSectionsRequest?: { adults?: string; checkIn?: string; checkOut?: string; sectionIds?: string[] };
}

function json<T>(text: string | null): T | undefined {
  try {
    return JSON.parse(text ?? '') as T;
  } catch {
    return undefined;
  }
}

export const rental: Site = {
  provider: 'rental',
  hosts: ['www.rental.test'],
  config: {
    operations: { stays_pdp_sections: SECTIONS_HASH },
    session: {
      origin: 'pages',
      path: '/',
      csrf: { pattern: '"api_config":\\{"key":"([^"]+)"', header: 'x-airbnb-api-key' },
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
      /^\/rooms\/(\d+)$/,
      ({ match, base, query }): SiteResponse => {
        const l = listing(Number(match[1]));
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
        if (headers['x-airbnb-api-key'] !== API_KEY)
          return {
            status: 403,
            json: { error_code: 403, error_type: 'invalid_key', error_message: 'Invalid API key.' },
          };
        if (query.get('operationName') !== 'StaysPdpSections')
          return graphqlError('Operation name does not match the persisted query', 'BAD_REQUEST');
        const extensions = json<{ persistedQuery?: { sha256Hash?: string } }>(query.get('extensions'));
        if (match[1] !== SECTIONS_HASH || extensions?.persistedQuery?.sha256Hash !== match[1])
          return graphqlError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
        const v = json<SectionsVariables>(query.get('variables'));
        const id = /^StayListing:(\d+)$/.exec(Buffer.from(v?.id ?? '', 'base64').toString())?.[1];
        const r = v?.pdpSectionsRequest;
        if (!id || !r?.checkIn || !r.checkOut) return graphqlError('Invalid variables', 'BAD_REQUEST');
        const l = listing(Number(id));
        if (!l) return { status: 200, json: { data: { presentation: { stayProductDetailPage: null } } } };
        const g = {
          adults: Number(r.adults ?? 1),
          currency: (query.get('currency') ?? 'USD').toUpperCase(),
          stay: nights(r.checkIn, r.checkOut),
        };
        const wanted = new Set(r.sectionIds ?? ['BOOK_IT_SIDEBAR']);
        const sections = [bookIt(l, g), houseRules(l)].filter((s) => wanted.has(s.sectionId));
        return { status: 200, json: pdp(l, base, sections) };
      },
    ],
    [
      'GET',
      /^\/im\/pictures\/miso\/Hosting-(\d+)\/original\/[0-9a-f-]+\.jpeg$/,
      ({ match, path }): SiteResponse =>
        listing(Number(match[1])) ? picture(path) : { status: 404, json: { error: 'picture_not_found' } },
    ],
  ],
};
