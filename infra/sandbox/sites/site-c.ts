/**
 * site_c, a travel review site, in its real format: one endpoint, `POST /data/graphql/ids`, taking a batch
 * of pre-registered queries and answering one envelope per entry, in order. It knows its own query ids
 * (handed out as configuration, as a live profile hands out the real ones) and answers
 * `PersistedQueryNotFound` for any other; it serves at most 20 reviews an entry; it wants the `TAUnique`
 * cookie its pages set (403 without); and sellers' offers arrive over successive polls. The location
 * typeahead (a query of the same batch) and the hotel pages are in site-c-pages.ts.
 */
import { FX, stayPrice } from '../prices.ts';
import { hash, pick, rng } from '../random.ts';
import type { Site, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { hotelPage, type SiteCWorld, typeaheadResults } from './site-c-pages.ts';

export const SITE_C_LANGUAGES = ['en', 'ja', 'es', 'fr', 'de', 'it', 'zhTW', 'ru', 'th'] as const;
const TRIPS = ['COUPLES', 'FAMILY', 'SOLO', 'BUSINESS', 'FRIENDS'];
const HOMETOWNS = ['Lyon, France', 'Osaka, Japan', 'Austin, Texas', 'Leeds, UK', 'Porto, Portugal', ''];
/** One review text in every language: a machine translation is the same text in the language asked for. */
const TEXT: Record<string, string> = {
  en: 'Great stay, friendly staff and a spotless room.',
  ja: 'スタッフが親切で部屋がとても清潔でした。',
  es: 'Gran estancia, personal amable y habitación impecable.',
  fr: 'Super séjour, personnel aimable et chambre impeccable.',
  de: 'Toller Aufenthalt, freundliches Personal und ein sauberes Zimmer.',
  it: 'Ottimo soggiorno, personale cordiale e camera pulitissima.',
  zhTW: '住宿很棒，員工友善，房間一塵不染。',
  ru: 'Отличное проживание, дружелюбный персонал и чистый номер.',
  th: 'การเข้าพักที่ยอดเยี่ยม พนักงานเป็นมิตรและห้องสะอาด',
};

/** The sandbox's own query ids (invented), handed out in its provider configuration. */
export const SITE_C_QUERIES = {
  reviews: 'a1c3e5f7092b4d6f',
  prices_context: 'b2d4f6081a3c5e7a',
  prices_offers: 'c3e5a7193b4d6f8b',
  typeahead: 'd4f6b8204c5e7a9c',
} as const;

/** Reviews one entry serves at most, whatever `limit` asks. */
export const SITE_C_ENTRY_LIMIT = 20;

function byLocation(id: unknown): Hotel | undefined {
  return getWorld().hotels.find((h) => h.ids.site_c === id);
}

const title = (h: Hotel) =>
  h.slug
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('_');

/** The hotel's page path, as the source writes it in `location.url`. @example siteCPagePath(h) // '/Hotel_Review-g180417-d314467-Reviews-Aurelia_Suites_Paris.html' */
export const siteCPagePath = (h: Hotel) =>
  `/Hotel_Review-g${h.ids.site_c_geo}-d${h.ids.site_c}-Reviews-${title(h)}.html`;

/** Reviews of a hotel, every language. @example siteCReviewTotal(h) // 30 to 279 */
export const siteCReviewTotal = (h: Hotel) => 30 + (hash(`scr:${h.key}`) % 250);

const media = (id: number, file: string, max: number) => ({
  __typename: 'MemberProfile_MediaId',
  data: {
    __typename: 'Media_PhotoResult',
    id,
    photoSizeDynamic: {
      urlTemplate: `https://media.site-c.test/media/photo-o/${(id % 256).toString(16).padStart(2, '0')}/${file}?w={width}&h={height}&s=1`,
      maxHeight: max,
      maxWidth: max,
    },
  },
});

/** The hometown three ways, as profiles carry it: a known place, free text only, or nothing. */
function hometown(place: string) {
  if (!place) return { locationId: null, fallbackString: null, location: null };
  if (hash(place) % 2)
    return {
      locationId: 100_000 + (hash(place) % 900_000),
      fallbackString: null,
      location: {
        locationId: 100_000 + (hash(place) % 900_000),
        name: place.split(', ')[0],
        additionalNames: { long: place },
      },
    };
  return { locationId: null, fallbackString: place, location: null };
}

/**
 * Review `i` of a hotel (0 is the newest) in the source's format, its text as written: `originalLanguage`
 * says which language that is.
 * @example siteCReview(h, 0).publishedDate // '2026-11-01' or the day before
 */
export function siteCReview(h: Hotel, i: number) {
  const r = rng(`sc:${h.key}:${i}`);
  const language = r() < 0.55 ? 'en' : pick(r, SITE_C_LANGUAGES);
  const published = new Date(Date.UTC(2026, 10, 1) - (i * 2 + Math.floor(r() * 2)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const name = `traveller${hash(`${h.key}:${i}`) % 100000}`;
  const id = 900_000_000 + h.ids.site_c * 1000 + i;
  const reviewTitle = r() < 0.5 ? 'Would stay again' : 'Nice hotel';
  const helpfulVotes = Math.floor(r() * 20);
  const isVerified = r() < 0.3;
  const contributions = 1 + Math.floor(r() * 500);
  const home = pick(r, HOMETOWNS);
  const tripType = pick(r, TRIPS);
  const photoId = r() < 0.15 ? 500_000_000 + h.ids.site_c * 100 + (i % 100) : undefined;
  const replied = r() < 0.3;
  const userId = hash(name).toString(16).toUpperCase().padStart(8, '0').repeat(4);
  const rating = (k: string) => 1 + (hash(`${k}:${h.key}:${i}`) % 5);
  return {
    id,
    status: 'PUBLISHED',
    reviewDetailPageWrapper: {
      reviewDetailPageRoute: {
        url: `/ShowUserReviews-g${h.ids.site_c_geo}-d${h.ids.site_c}-r${id}-${title(h)}.html`,
      },
    },
    location: {
      locationId: h.ids.site_c,
      name: h.name,
      url: siteCPagePath(h),
      placeType: 'ACCOMMODATION',
      accommodationCategory: 'HOTEL',
      businessAdvantageData: null,
    },
    createdDate: day(new Date(published.getTime() - 86_400_000)),
    publishedDate: day(published),
    userProfile: {
      id: userId,
      isVerified,
      displayName: name.replace('traveller', 'Traveller '),
      username: name,
      avatar: media(hash(`av:${name}`) % 900_000_000, `${hash(name)}.jpg`, hash(name) % 4 ? 1200 : 150),
      hometown: hometown(home),
      route: { url: `/Profile/${name}` },
      contributionCounts: { sumAllUgc: contributions },
    },
    rating: rating('rt'),
    publishPlatform: null,
    title: reviewTitle,
    language,
    originalLanguage: language,
    text: TEXT[language]!,
    username: null,
    connectionToSubject: null,
    mgmtResponse: replied
      ? {
          id: id + 500_000_000,
          text: 'Thank you for staying with us.',
          language: 'en',
          translationType: null,
          publishedDate: day(published),
          connectionToSubject: 'Manager',
          userProfile: {
            userId: hash(`gr:${h.key}`).toString(16).toUpperCase().padStart(8, '0').repeat(4),
            displayName: 'Guest Relations',
            route: { url: `/Profile/guestrelations${h.ids.site_c}` },
            avatar: media(hash(`gr:${h.key}`) % 900_000_000, `gr${h.ids.site_c}.jpg`, 1706),
          },
        }
      : null,
    helpfulVotes,
    tripInfo: {
      stayDate: day(new Date(published.getTime() - 30 * 86_400_000)).slice(0, 8) + '01',
      tripType,
    },
    additionalRatings: [
      { rating: rating('v'), ratingLabelLocalizedString: 'Value' },
      { rating: rating('s'), ratingLabelLocalizedString: 'Service' },
      { rating: rating('c'), ratingLabelLocalizedString: 'Cleanliness' },
    ],
    photoIds: photoId === undefined ? [] : [photoId],
    photos:
      photoId === undefined
        ? []
        : [
            {
              photo: {
                id: photoId,
                photoSizeDynamic: media(photoId, `${h.ids.site_c}-${i}.jpg`, 2000).data.photoSizeDynamic,
              },
            },
          ],
    labels: [],
  };
}
export type SiteCReview = ReturnType<typeof siteCReview>;

/** What the typeahead and the hotel pages (site-c-pages.ts) take from here. */
const PAGES_WORLD: SiteCWorld = { pagePath: siteCPagePath, reviewTotal: siteCReviewTotal };

/** A GraphQL error entry, as the batch answers a query it could not run. */
const failed = (message: string, code?: string) => ({
  errors: [{ message, ...(code ? { extensions: { code } } : {}) }],
});

type Variables = Record<string, unknown>;

function reviewList(v: Variables) {
  const h = byLocation(v.locationId);
  // No such location: no page in the list.
  if (!h) return { data: { ReviewsProxy_getReviewListPageForLocation: [] } };
  const sortBy = v.sortBy ?? 'SERVER_DETERMINED';
  if (sortBy !== 'DATE' && sortBy !== 'SERVER_DETERMINED') return failed(`Unknown sortBy ${String(sortBy)}`);
  const languageFilter = (Array.isArray(v.filters) ? (v.filters as Variables[]) : []).find(
    (f) => f.axis === 'LANGUAGE',
  );
  const wanted = Array.isArray(languageFilter?.selections) ? (languageFilter.selections as unknown[]) : null;
  let all = Array.from({ length: siteCReviewTotal(h) }, (_v, i) => siteCReview(h, i)).filter(
    (r) => !wanted || wanted.includes(r.originalLanguage),
  );
  // Index order is newest first; the server's own order is something else.
  if (sortBy === 'SERVER_DETERMINED') all = [...all].sort((a, b) => hash(`sd:${a.id}`) - hash(`sd:${b.id}`));
  const offset = Math.max(0, Number(v.offset) || 0);
  const limit = Math.min(SITE_C_ENTRY_LIMIT, Math.max(0, Number(v.limit) || 0));
  const display = typeof v.language === 'string' ? v.language : 'en';
  const reviews = all
    .slice(offset, offset + limit)
    .map((r) =>
      v.doMachineTranslation === true && r.originalLanguage !== display && TEXT[display]
        ? { ...r, language: display, text: TEXT[display]! }
        : r,
    );
  return {
    data: {
      ReviewsProxy_getReviewListPageForLocation: [
        {
          preferredReviewIds: [],
          totalCount: all.length,
          reviewListOptions: { sortType: null, sortBy },
          reviews,
        },
      ],
    },
  };
}

function priceContext(v: Variables) {
  const geo = getWorld().hotels.find((h) => h.ids.site_c_geo === v.locationId);
  const info = (v.hotelTravelInfo ?? {}) as Variables;
  if (!geo || typeof info.checkInDate !== 'string') return failed('Invalid travel context');
  return {
    data: {
      hotelTravelInfo: { geoId: geo.ids.site_c_geo, ...info, usedDefaultDates: false },
    },
  };
}

const SELLERS = ['site_a', 'site_b', 'site_d', 'site_e', 'site_f'];

/** The poll at which a seller's offer arrives; a stay in six has a seller that never answers in time. */
function arrival(h: Hotel, vendor: string, checkIn: string, checkOut: string, last: boolean): number {
  if (last && hash(`slow:${h.key}:${checkIn}:${checkOut}`) % 6 === 0) return Number.POSITIVE_INFINITY;
  return hash(`arrive:${vendor}:${h.key}:${checkIn}`) % 3;
}

/** Whether the offers of a stay starting `checkIn` carry their completeness flag. */
const saysComplete = (h: Hotel, checkIn: string) => hash(`complete:${h.key}:${checkIn}`) % 5 !== 0;

/**
 * Sellers' offers for a stay as they stand at poll `requestNumber`: in the asked currency when the source
 * prices in it, else in USD. Amounts are data-attribute strings.
 * @example siteCOffers(h, { currencyCode: 'EUR', travelInfo: { checkInDate, checkOutDate } }, 0).complete
 */
export function siteCOffers(h: Hotel, request: Variables, requestNumber: number) {
  const travel = (request.travelInfo ?? {}) as Variables;
  const checkIn = String(travel.checkInDate ?? '');
  const checkOut = String(travel.checkOutDate ?? '');
  const asked = String(request.currencyCode ?? 'USD').toUpperCase();
  const currency = FX[asked] ? asked : 'USD';
  const base = stayPrice(h, {
    checkIn,
    checkOut,
    adults: Number(travel.adults ?? 2),
    rooms: Number(travel.rooms ?? 1),
    currency,
  });
  const sellers = base ? SELLERS.filter((s) => !(s === 'site_e' && h.unlistedOn.includes('site_e'))) : [];
  const arrived = sellers.filter(
    (vendor, i) => arrival(h, vendor, checkIn, checkOut, i === sellers.length - 1) <= requestNumber,
  );
  const amount = (n: number, f: number) => (Math.round(n * f * 100) / 100).toFixed(2);
  const offers = arrived.map((vendor) => {
    const f = 1 + ((hash(`${vendor}:${h.key}`) % 12) - 3) / 100;
    return {
      provider: vendor,
      status: 'AVAILABLE',
      clickUrl: `/Commerce?p=${vendor}&d=${h.ids.site_c}`,
      data: {
        dataAtts: {
          provider: vendor,
          locationId: String(h.ids.site_c),
          perNight: amount(base!.perNight, f),
          totalPrice: amount(base!.total, f),
          taxesValue: amount(base!.taxes, f),
          currency,
        },
      },
    };
  });
  return {
    // A stay in five is answered without the flag, which the evidence does not locate (§5).
    ...(saysComplete(h, checkIn) ? { complete: arrived.length === sellers.length } : {}),
    chevronOffers: offers.slice(0, 3),
    hiddenOffers: offers.slice(3),
  };
}

function offersPoll(v: Variables) {
  const request = (v.request ?? {}) as Variables;
  const h = byLocation(request.hotelId);
  if (!h) return failed('Unknown hotel');
  // The offers are asked under the geo the hotel is filed in.
  if (v.locationId !== h.ids.site_c_geo) return failed('Location does not contain the hotel');
  if (typeof request.pageLoadUid !== 'string' || typeof request.sessionId !== 'string')
    return failed('Missing page view');
  const n = Number(request.requestNumber ?? 0);
  return { data: { HPS_getWebHROffers: siteCOffers(h, request, Number.isInteger(n) && n >= 0 ? n : 0) } };
}

const QUERIES: Record<string, (v: Variables) => unknown> = {
  [SITE_C_QUERIES.reviews]: reviewList,
  [SITE_C_QUERIES.prices_context]: priceContext,
  [SITE_C_QUERIES.prices_offers]: offersPoll,
  [SITE_C_QUERIES.typeahead]: (v) => typeaheadResults(v, PAGES_WORLD),
};

/** The session cookie the pages set, signed so that only one the site issued passes. */
const unique = (nonce: string) => `%1%enc%3A${nonce}${hash(`tau:${nonce}`).toString(36)}`;
let issued = 0;

function hasSession(headers: SiteRequest['headers']): boolean {
  const m = /(?:^|;\s*)TAUnique=%1%enc%3A([0-9a-z]{8})([0-9a-z]+)/.exec(String(headers.cookie ?? ''));
  return Boolean(m && unique(m[1]!) === `%1%enc%3A${m[1]}${m[2]}`);
}

function batch({ body, headers }: SiteRequest): SiteResponse {
  if (!hasSession(headers)) return { status: 403, json: { errors: [{ message: 'Forbidden' }] } };
  if (!String(headers['content-type'] ?? '').startsWith('application/json'))
    return { status: 415, json: { errors: [{ message: 'Unsupported content type' }] } };
  let entries: unknown;
  try {
    entries = JSON.parse(body);
  } catch {
    return { status: 400, json: { errors: [{ message: 'Invalid JSON' }] } };
  }
  if (!Array.isArray(entries) || entries.length === 0)
    return { status: 400, json: { errors: [{ message: 'Expected a batch of queries' }] } };
  return {
    status: 200,
    json: entries.map((entry: { variables?: Variables; extensions?: { preRegisteredQueryId?: unknown } }) => {
      const run = QUERIES[String(entry?.extensions?.preRegisteredQueryId)];
      return run ? run(entry.variables ?? {}) : failed('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
    }),
  };
}

export const siteC: Site = {
  provider: 'site_c',
  hosts: ['www.site-c.test', 'site-c.test', 'm.site-c.test', 'www.site-c.test.uk', 'www.site-c.test.fr'],
  config: {
    session: { origin: 'pages', path: '/', ttlSeconds: 1_800 },
    operations: { ...SITE_C_QUERIES },
  },
  routes: [
    [
      'GET',
      /^\/$/,
      (): SiteResponse => {
        const nonce = hash(`visit:${++issued}`).toString(36).padStart(8, '0').slice(0, 8);
        return {
          status: 200,
          html: '<!DOCTYPE html><html lang="en"><head><title>Travel reviews</title></head><body><div id="lithium-root"></div></body></html>',
          headers: {
            'set-cookie': `TAUnique=${unique(nonce)}; Domain=.site-c.test; Path=/; Max-Age=31536000; HttpOnly; Secure`,
          },
        };
      },
    ],
    ['POST', /^\/data\/graphql\/ids$/, batch],
    [
      'GET',
      /^\/Hotel_Review-g(\d{1,10})-d(\d{1,12})-Reviews(?:-or\d+)?-[^/]+\.html$/,
      ({ match }) => hotelPage(Number(match[1]), Number(match[2]), PAGES_WORLD),
    ],
  ],
};
