/**
 * site_b, an online travel agency, in its real formats: hotel pages of real size (about 240 KB) with an
 * empty title, an empty JSON-LD script and the id only in the initparam script (`apiUrl`'s `hotel_id=`
 * near 109 KB, `hotelId:` near 116 KB, `propertyId:` near 236 KB); a newer slug form ending in
 * `-h<id>`; the short `/hotel-<id>.html` redirecting to the page; and the web app's review API, POSTs
 * of JSON that need the cookie the site hands out on a page visit and the XHR header.
 */
import { hash, pick, rng } from '../random.ts';
import { KB, padTo } from '../html.ts';
import type { Site, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

export const OWN_PROVIDER = 332;
export const PARTNER_PROVIDER = 3038;

const NAMES = ['Alex', 'Bea', 'Chidi', 'Dana', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivo', 'Juno'];
const COUNTRIES = [
  ['United Kingdom', 'gb', 143],
  ['Germany', 'de', 68],
  ['Japan', 'jp', 3],
  ['Brazil', 'br', 22],
  ['Canada', 'ca', 30],
  ['India', 'in', 35],
  ['France', 'fr', 153],
] as const;
const GROUPS = [
  ['Couple', 2],
  ['Family with young children', 3],
  ['Solo traveler', 1],
  ['Group', 4],
  ['Business traveler', 5],
] as const;
const ROOMS = ['Double Room', 'Twin Room', 'Superior King Room', 'Family Suite'];
/** site_b's sort codes and their labels, as its answers list them. */
export const SORT_OPTIONS: Record<string, string> = {
  '1': 'Most recent',
  '2': 'Rating, high to low',
  '3': 'Rating, low to high',
  '7': 'Most helpful',
};
const PAGE_SIZE = 20;
/** How many of its own reviews site_b holds for a hotel. @example siteBReviewCount(hotel) // 15 to 134 */
export const siteBReviewCount = (h: Hotel) => 15 + (hash(`sbr:${h.key}`) % 120);
/** How many partner reviews site_b shows beside them. @example siteBPartnerCount(hotel) // 4 to 33 */
export const siteBPartnerCount = (h: Hotel) => 4 + (hash(`sbp:${h.key}`) % 30);

/** A day as the site writes it: "November 3, 2026". */
const usDate = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const ratingText = (score: number) =>
  score >= 9
    ? 'Exceptional'
    : score >= 8
      ? 'Excellent'
      : score >= 7
        ? 'Very good'
        : score >= 6
          ? 'Good'
          : 'Fair';

function comment(h: Hotel, provider: number, i: number) {
  const r = rng(`sb:${provider === OWN_PROVIDER ? '' : `${provider}:`}${h.key}:${i}`);
  const days = i * 4 + Math.floor(r() * 4);
  const date = new Date(Date.UTC(2026, 10, 1, 9, 14) - days * 86_400_000);
  const stay = new Date(date.getTime() - 20 * 86_400_000);
  const score = Math.round((5 + r() * 5) * 10) / 10;
  const [country, flag, countryId] = pick(r, COUNTRIES);
  const [group, groupId] = pick(r, GROUPS);
  const room = pick(r, ROOMS);
  const responded = provider === OWN_PROVIDER && r() < 0.25;
  const replied = new Date(date.getTime() + 2 * 86_400_000);
  const text = r() < 0.85 ? 'Friendly staff and a great location, close to everything we wanted to see.' : '';
  return {
    isHelpfulComment: false,
    isReviewVoted: false,
    isShowReviewResponse: responded,
    isShowReviewResponseTranslateButton: false,
    isShowReviewTranslateButton: false,
    helpfulVotes: Math.floor(r() * 9),
    responseLanguageId: 1,
    unHelpfulVotes: Math.floor(r() * 2),
    hotelReviewId: 900_000_000 + h.ids.site_b * 150 + (provider === OWN_PROVIDER ? 0 : 130) + i,
    providerId: provider,
    rating: score,
    checkInDateMonthAndYear: stay.toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    encryptedReviewData: Buffer.from(`${h.key}:${provider}:${i}`).toString('base64'),
    formattedRating: score.toFixed(1),
    formattedReviewDate: usDate(date),
    formattedReviewHelpfulText: '',
    ratingText: ratingText(score),
    responderName: responded ? `${h.name} front office` : '',
    responseDateText: '',
    responseTranslateSource: 'en',
    reviewComments: text,
    reviewNegatives: r() < 0.4 ? 'Breakfast was crowded.' : '',
    reviewPositives: r() < 0.5 ? 'Location, staff.' : '',
    reviewProviderLogo: '',
    reviewProviderText: provider === OWN_PROVIDER ? '' : 'Partner review',
    reviewTitle: score >= 8 ? 'Wonderful stay' : score >= 6.5 ? 'Good value' : 'Disappointing',
    translateSource: r() < 0.7 ? 'en' : 'de',
    translateTarget: 'en',
    reviewDate: `${date.toISOString().slice(0, 19)}+07:00`,
    reviewerInfo: {
      countryName: country,
      displayMemberName: pick(r, NAMES),
      flagName: flag,
      reviewGroupName: group,
      roomTypeName: room,
      countryId,
      lengthOfStay: 1 + Math.floor(r() * 6),
      reviewGroupId: groupId,
      roomTypeId: 1_000 + ROOMS.indexOf(room),
      reviewerReviewedCount: 1 + Math.floor(r() * 12),
      isExpertReviewer: r() < 0.1,
      isShowGlobalIcon: false,
      isShowReviewedCount: true,
    },
    originalTitle: '',
    originalComment: '',
    formattedResponseDate: responded ? usDate(replied) : '',
    responseText: responded ? 'Thank you for staying with us; we hope to welcome you again.' : '',
    responseDate: responded ? `${replied.toISOString().slice(0, 19)}+07:00` : '',
  };
}
type Comment = ReturnType<typeof comment>;

function allComments(h: Hotel, providers: number[]): Comment[] {
  const own = providers.includes(OWN_PROVIDER)
    ? Array.from({ length: siteBReviewCount(h) }, (_v, i) => comment(h, OWN_PROVIDER, i))
    : [];
  const partner = providers.includes(PARTNER_PROVIDER)
    ? Array.from({ length: siteBPartnerCount(h) }, (_v, i) => comment(h, PARTNER_PROVIDER, i))
    : [];
  return [...own, ...partner];
}

function sortComments(list: Comment[], code: string): Comment[] {
  const recent = (a: Comment, b: Comment) => b.reviewDate.localeCompare(a.reviewDate);
  const order: Record<string, (a: Comment, b: Comment) => number> = {
    '1': recent,
    '2': (a, b) => b.rating - a.rating || recent(a, b),
    '3': (a, b) => a.rating - b.rating || recent(a, b),
    '7': (a, b) => b.helpfulVotes - a.helpfulVotes || recent(a, b),
  };
  return [...list].sort(order[code]!);
}

/**
 * The score block: site_b's own score (its `providerId` is the own provider's), over the own reviews, so that
 * its `reviewCount` is the own provider's `totalIndex` that pages the list (issue #40: a count of 39 beside a
 * paging total of 24 read as a contradiction).
 */
function combinedReview(h: Hotel) {
  const all = allComments(h, [OWN_PROVIDER]);
  const score = Math.round((all.reduce((n, c) => n + c.rating, 0) / all.length) * 10) / 10;
  return {
    isShowCombinedRating: true,
    score: {
      maxScore: 10,
      providerId: OWN_PROVIDER,
      reviewCommentsCount: all.length,
      reviewCount: all.length,
      score,
      demographic: 'All guests',
      formattedReviewCount: all.length.toLocaleString('en-US'),
      formattedScore: score.toFixed(1),
      scoreText: ratingText(score),
    },
    providers: [OWN_PROVIDER, PARTNER_PROVIDER].map((id) => ({
      providerId: id,
      logoUrl: `/images/review-provider-${id}.svg`,
      logoName: `provider-${id}`,
      logoAltText: '',
    })),
    grades: ['Cleanliness', 'Facilities', 'Location', 'Service', 'Value for money'].map((name, i) => {
      const grade = Math.round((6 + (hash(`${h.key}:${name}`) % 40) / 10) * 10) / 10;
      return {
        id: String(i + 1),
        name,
        score: grade,
        scoreText: ratingText(grade),
        formattedScore: grade.toFixed(1),
      };
    }),
  };
}

const pagePath = (h: Hotel) => `/${h.slug}/hotel/${h.city.slug}-${h.city.country.toLowerCase()}.html`;

interface ReviewQuery {
  h: Hotel | undefined;
  hotelId: number;
  page: number;
  pageSize: number;
  sorting: string;
  providers: number[];
}

/** The `ReviewComments` answer (also the `commentList` of the summary). */
function commentList(q: ReviewQuery) {
  const sorting = q.sorting in SORT_OPTIONS ? q.sorting : '1';
  const list = q.h ? sortComments(allComments(q.h, q.providers), sorting) : [];
  return {
    reviewPageUrl: q.h ? pagePath(q.h).replace('/hotel/', '/reviews/') : '',
    currentPage: q.page,
    hotelID: q.hotelId,
    pageSize: q.pageSize,
    selectedSortOption: Number(sorting),
    haveMoreThanOneComments: list.length > 1,
    isCrawlablePage: true,
    isCurated: false,
    isReviewPage: false,
    shouldShowProminentLink: false,
    reviewsSortOptions: SORT_OPTIONS,
    comments: list.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    providerList: q.h
      ? [
          { id: OWN_PROVIDER, isDefaultProvider: true, totalIndex: siteBReviewCount(q.h) },
          { id: PARTNER_PROVIDER, isDefaultProvider: false, totalIndex: siteBPartnerCount(q.h) },
        ]
      : [],
    provider: OWN_PROVIDER,
    searchReview: { searchKeyword: '' },
  };
}

/**
 * A hotel page at the real page's scale and layout: a client-rendered page whose title is empty, whose
 * JSON-LD script is empty, and whose id is only in the initparam script.
 * @example hotelPage(getWorld().hotels[0]!).length // about 240 KB
 */
export function hotelPage(h: Hotel): string {
  const id = h.ids.site_b;
  const cc = h.city.country.toLowerCase();
  const tag = hash(`tag:${h.key}`).toString(16);
  const parts: string[] = [
    '\n<!DOCTYPE html>\n<html lang="en" class="chrome no-js" dir="ltr">\n<head>\n    <meta charset="utf-8" />\n',
    '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title></title>\n',
    '<script type="text/javascript" id="messagingClientLite">\n!function(t,e){',
  ];
  padTo(
    parts,
    91 * KB + (hash(`head:${h.key}`) % (3 * KB)),
    (i) => `var m${i}=function(n){return n&&n.__esModule?n.default:n}(e[${i % 97}]);t.r(m${i});`,
  );
  parts.push(
    '}(self,function(){return{}});\n</script>\n',
    '<div class="hide" id="page-identification" data-page="NewHotel" data-device="desktop"></div>\n',
    '    <script id="bay-ld-json" data-selenium="bay-hotel-schema-json-ld" type="application/ld+json"></script>\n',
    '<header id="page-header" data-selenium="page-header" class="navbar main-header">\n',
  );
  padTo(
    parts,
    107 * KB + (hash(`nav:${h.key}`) % KB),
    (i) =>
      `<li class="header-menu__item" data-element-name="menu-${i}"><a href="/deals/${i}.html">Deals ${i}</a></li>\n`,
  );
  const apiUrl = [
    `countryId=${hash(cc) % 200}`,
    'finalPriceView=1',
    'isShowMobileAppPrice=false',
    'cid=-1',
    'adults=2',
    'children=0',
    'rooms=1',
    'checkIn=2026-12-01',
    'travellerType=1',
    'currencyCode=USD',
    `tag=${tag}`,
    'los=1',
    `hotel_id=${id}`,
    'all=false',
  ].join('&amp;');
  parts.push(
    '</header>\n<script src="/js/assets/browser-bundle/property.js"></script>\n',
    `    <script type="text/javascript" data-selenium="script-initparam">var apiUrl="/api/cronos/property/BelowFoldParams/GetSecondaryData?${apiUrl}",`,
    'initParams={imageConfiguration:{brokenImageUrl:"/images/default/image-place-holder.png",alwaysSendImageInfo:!0},experiments:{',
  );
  padTo(parts, 115 * KB + (hash(`exp:${h.key}`) % KB), (i) => `isExperiment${i}:!${i % 2},`);
  parts.push(
    `isLast:!1},request:{reviewScoreProviderIds:[],reviewSummariesProviderIds:[${OWN_PROVIDER},${PARTNER_PROVIDER}]},`,
    `user:{cid:-1,culture:"en-us",isAuthenticated:!1,searchCriteria:{adults:2,children:0,travellerType:1,hotelId:${id},`,
    `checkIn:"2026-12-01T00:00:00",checkOut:"2026-12-02T00:00:00",los:1,rooms:1,cityId:${hash(h.city.placeId) % 20_000},searchType:4}},features:{`,
  );
  padTo(parts, 235 * KB + (hash(`feat:${h.key}`) % KB), (i) => `Feature${i}:{},`);
  parts.push(
    `Last:{}},isPackages:!1,urlMappingId:${hash(`url:${h.key}`)},subTypeId:0,propertyId:${id},pageTypeId:7,`,
    'whiteLabelId:1,currencyCode:"USD",currencyDisplay:"$",adults:2,children:0,rooms:1};window.pageConfig={};</script>\n',
    '\n</body>\n</html>\n',
  );
  return parts.join('');
}

const pages = new Map<string, string>();

/** Pages are large and deterministic: a few are kept, as a CDN would. */
function cachedPage(h: Hotel): string {
  let page = pages.get(h.key);
  if (!page) {
    page = hotelPage(h);
    if (pages.size >= 32) pages.delete(pages.keys().next().value!);
    pages.set(h.key, page);
  }
  return page;
}

const SESSION_COOKIE = 'sb_session';

/** A session token the sandbox can check without remembering it (any sandbox process accepts it). */
function sessionToken(): string {
  const nonce = Math.random().toString(36).slice(2, 12);
  return `${nonce}.${hash(`site_b session ${nonce}`).toString(36)}`;
}

function hasSession(headers: SiteRequest['headers']): boolean {
  const cookie = String(headers.cookie ?? '');
  const token = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([a-z0-9]+)\\.([a-z0-9]+)`).exec(cookie);
  return Boolean(token && hash(`site_b session ${token[1]}`).toString(36) === token[2]);
}

/** The review API's checks: the session's cookie, the web app's XHR header, a JSON body with a hotel id. */
function reviewCall(
  req: SiteRequest,
  answer: (body: Record<string, unknown>, hotelId: number) => unknown,
): SiteResponse {
  if (!hasSession(req.headers) || req.headers['x-requested-with'] !== 'XMLHttpRequest')
    return { status: 403, json: { isSuccess: false, message: 'Forbidden' } };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(req.body) as Record<string, unknown>;
  } catch {
    return { status: 400, json: { isSuccess: false, message: 'Invalid request' } };
  }
  const hotelId = Number(body.hotelId);
  if (!Number.isInteger(hotelId))
    return { status: 400, json: { isSuccess: false, message: 'Invalid hotelId' } };
  return { status: 200, json: answer(body, hotelId) };
}

const positive = (v: unknown, fallback: number, max: number) =>
  Number.isInteger(v) && (v as number) > 0 ? Math.min(v as number, max) : fallback;

function findHotel(slug: string, place: string): Hotel | undefined {
  const bare = slug.replace(/-h(\d+)$/, '');
  const id = /-h(\d+)$/.exec(slug)?.[1];
  return getWorld().hotels.find(
    (x) =>
      x.slug === bare &&
      (id === undefined || Number(id) === x.ids.site_b) &&
      (place === `${x.city.slug}-${x.city.country.toLowerCase()}` || place === x.city.slug),
  );
}

const NOT_FOUND: SiteResponse = { status: 404, html: '<html><body><h1>Page not found</h1></body></html>' };

export const siteB: Site = {
  provider: 'site_b',
  hosts: ['www.site-b.test', 'site-b.test'],
  // The review API wants the cookies a page visit hands out: the home page gives them.
  config: { session: { origin: 'pages', path: '/', ttlSeconds: 1_800 } },
  routes: [
    [
      'GET',
      /^\/$/,
      (): SiteResponse => ({
        status: 200,
        html: '<!DOCTYPE html><html><head><title></title></head><body><div id="root"></div></body></html>',
        headers: { 'Set-Cookie': `${SESSION_COOKIE}=${sessionToken()}; Path=/; HttpOnly; Secure` },
      }),
    ],
    [
      'GET',
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?([a-z0-9-]+)\/hotel\/(?:all\/)?([a-z0-9-]+)\.html$/,
      ({ match }): SiteResponse => {
        const h = findHotel(match[1]!, match[2]!);
        return h ? { status: 200, html: cachedPage(h) } : NOT_FOUND;
      },
    ],
    [
      'GET',
      /^\/hotel-(\d+)\.html$/,
      ({ match, base }): SiteResponse => {
        const h = getWorld().bySiteB.get(Number(match[1]));
        if (!h) return NOT_FOUND;
        return { status: 301, html: '', headers: { Location: `${base}${pagePath(h)}` } };
      },
    ],
    [
      'POST',
      /^\/api\/cronos\/property\/review\/ReviewComments$/,
      (req) =>
        reviewCall(req, (body, hotelId) => {
          const h = getWorld().bySiteB.get(hotelId);
          const asked = Array.isArray(body.providerIds) ? body.providerIds.map(Number) : [];
          return {
            ...commentList({
              h,
              hotelId,
              page: positive(body.page, 1, 10_000),
              pageSize: positive(body.pageSize, PAGE_SIZE, 50),
              sorting: String(body.sorting ?? '1'),
              // No provider filter: site_b's own reviews and its partners' together.
              providers: asked.length > 0 ? asked : [OWN_PROVIDER, PARTNER_PROVIDER],
            }),
            combinedReview: h ? combinedReview(h) : null,
          };
        }),
    ],
    [
      'POST',
      /^\/api\/cronos\/property\/review\/HotelReviews$/,
      (req) =>
        reviewCall(req, (body, hotelId) => {
          const h = getWorld().bySiteB.get(hotelId);
          if (!h)
            return {
              hasReviewsData: false,
              pageSize: PAGE_SIZE,
              hotelId,
              hotelName: null,
              combinedReview: null,
              commentList: null,
            };
          const combined = combinedReview(h);
          return {
            hasReviewsData: true,
            pageSize: PAGE_SIZE,
            hotelId,
            hotelName: h.name,
            additionalReviewProviders: [PARTNER_PROVIDER],
            combinedReview: combined,
            commentList: commentList({
              h,
              hotelId,
              page: positive(body.pageNo, 1, 10_000),
              pageSize: positive(body.pageSize, PAGE_SIZE, 50),
              sorting: String(body.sorting ?? '1'),
              providers: [OWN_PROVIDER, PARTNER_PROVIDER],
            }),
            score: {
              demographics: [
                {
                  name: 'All guests',
                  providerId: OWN_PROVIDER,
                  score: combined.score.score,
                  count: siteBReviewCount(h),
                },
              ],
            },
          };
        }),
    ],
  ],
};
