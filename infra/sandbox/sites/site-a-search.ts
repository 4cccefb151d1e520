/**
 * site_a's search results page (`/searchresults.html`), as its server renders it: property cards
 * (`data-testid="property-card"`, title link to the hotel page, address, score, price) and, in the same
 * page, the web app's Apollo cache (`<script type="application/json" data-capla-store-data="apollo">`)
 * whose `ROOT_QUERY.searchQueries["search({…input…})"]` node holds the results (`basicPropertyData` with
 * id, page name, location, stars and review summary; `displayName`; `priceDisplayInfoIrene` for dated
 * searches) and `pagination.nbResultsTotal`. The node's key echoes the input the server used (pagination,
 * sorter). An unknown destination redirects to the home page, as the site does.
 */
import { topPlaces, type Place } from '../../../shared/geo/gazetteer.ts';
import { distanceMeters } from '../geo.ts';
import { esc, KB, padTo } from '../html.ts';
import { stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { signPhoto } from './images.ts';
import { scoreWord, siteAReviewCount, siteAScore } from './site-a-reviews.ts';

/** The first photo of a hotel's gallery (the page literal's first entry and its listing's image). */
export const mainPhotoId = (h: Hotel) => String(100_000_000 + h.ids.site_a * 97);

const numeric = (placeId: string) => Number(placeId.split(':')[1]) || hash(placeId);

const byType = new Map<string, Map<number, Place>>();
/** Places of a gazetteer type by the numeric id the autocomplete hands out for them. */
function placesOf(type: string): Map<number, Place> {
  let map = byType.get(type);
  if (!map) {
    map = new Map(topPlaces(type, 1_000_000).map((p) => [numeric(p.placeId), p]));
    byType.set(type, map);
  }
  return map;
}

interface Destination {
  name: string;
  latitude: number;
  longitude: number;
  hotels: Hotel[];
}

/** Search radius around a destination, by type: a city and its outskirts, a district, an airport's area. */
const RADIUS_KM: Record<string, number> = { city: 15, district: 5, airport: 25 };

/**
 * The destination a `dest_id` and `dest_type` name, with the hotels site_a lists for it; undefined when
 * site_a knows no such destination. City ids are negative, as the autocomplete hands them out.
 * @example siteADestination('-2988507', 'city')?.hotels.length
 */
export function siteADestination(destId: string, destType: string): Destination | undefined {
  const id = Number(destId);
  if (!Number.isInteger(id)) return undefined;
  const world = getWorld();
  if (destType === 'hotel') {
    const h = world.bySiteA.get(id);
    if (!h) return undefined;
    const near = world.hotels.filter((x) => x.city === h.city && x !== h).slice(0, 2);
    return { name: h.name, latitude: h.latitude, longitude: h.longitude, hotels: [h, ...near] };
  }
  const type = { city: 'locality', district: 'sublocality', airport: 'airport' }[destType];
  if (!type || (destType === 'city') !== id < 0) return undefined;
  // The world's own cities first: the gazetteer's index of every place is built only when needed.
  const place =
    world.cities.find((c) => destType === 'city' && numeric(c.placeId) === -id) ??
    placesOf(type).get(Math.abs(id));
  if (!place) return undefined;
  const radius = RADIUS_KM[destType]! * 1000;
  const hotels = world.hotels.filter(
    (h) => distanceMeters(place.latitude, place.longitude, h.latitude, h.longitude) <= radius,
  );
  return { name: place.name, latitude: place.latitude, longitude: place.longitude, hotels };
}

/** The `order` values the results page knows; another value falls back to popularity, as the site does. */
export const SITE_A_ORDERS = [
  'popularity',
  'price',
  'review_score_and_price',
  'distance_from_search',
  'class',
];

interface SearchInput {
  dest: Destination;
  destId: number;
  destType: string;
  checkin?: string;
  checkout?: string;
  adults: number;
  rooms: number;
  ages: number[];
  currency: string;
  order: string;
  offset: number;
  rows: number;
}

const int = (v: string | null, fallback: number, min: number, max: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= min ? Math.min(n, max) : fallback;
};

function readInput(req: SiteRequest, dest: Destination): SearchInput {
  const q = req.query;
  const dated =
    /^\d{4}-\d{2}-\d{2}$/.test(q.get('checkin') ?? '') && /^\d{4}-\d{2}-\d{2}$/.test(q.get('checkout') ?? '');
  const order = q.get('order') ?? 'popularity';
  return {
    dest,
    destId: Number(q.get('dest_id')),
    destType: q.get('dest_type') ?? 'city',
    checkin: dated ? q.get('checkin')! : undefined,
    checkout: dated ? q.get('checkout')! : undefined,
    adults: int(q.get('group_adults'), 2, 1, 30),
    rooms: int(q.get('no_rooms'), 1, 1, 30),
    ages: q
      .getAll('age')
      .map(Number)
      .filter((a) => Number.isInteger(a) && a >= 0 && a <= 17),
    currency: /^[A-Z]{3}$/.test(q.get('selected_currency') ?? '') ? q.get('selected_currency')! : 'USD',
    order: SITE_A_ORDERS.includes(order) ? order : 'popularity',
    offset: int(q.get('offset'), 0, 0, 100_000),
    rows: int(q.get('rows'), 25, 1, 100),
  };
}

function price(h: Hotel, input: SearchInput) {
  if (!input.checkin || !input.checkout) return undefined;
  return stayPrice(h, {
    checkIn: input.checkin,
    checkOut: input.checkout,
    adults: input.adults,
    children: input.ages.length,
    rooms: input.rooms,
    currency: input.currency,
  });
}

const km = (input: SearchInput, h: Hotel) =>
  distanceMeters(input.dest.latitude, input.dest.longitude, h.latitude, h.longitude) / 1000;

function sorted(input: SearchInput): Hotel[] {
  const list = [...input.dest.hotels];
  const popularity = (h: Hotel) => hash(`pop:${h.key}`);
  const stay = (h: Hotel) => price(h, input)?.total ?? Number.POSITIVE_INFINITY;
  const nightly = (h: Hotel) => 40 + h.stars * 45 + (hash(`base:${h.key}`) % 60);
  const by: Record<string, (a: Hotel, b: Hotel) => number> = {
    popularity: (a, b) => popularity(a) - popularity(b),
    price: (a, b) =>
      (input.checkin ? stay(a) - stay(b) : nightly(a) - nightly(b)) || popularity(a) - popularity(b),
    review_score_and_price: (a, b) => siteAScore(b) - siteAScore(a) || popularity(a) - popularity(b),
    distance_from_search: (a, b) => km(input, a) - km(input, b) || popularity(a) - popularity(b),
    class: (a, b) => b.stars - a.stars || popularity(a) - popularity(b),
  };
  // A hotel destination lists the hotel itself first, then its neighbours.
  return input.destType === 'hotel' ? list : list.sort(by[input.order]);
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as the site shows it (formatters are costly to build: one per currency and precision). */
function money(amount: number, currency: string, digits: number): string {
  const key = `${currency} ${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}

/** One result of the Apollo search node, as the results page embeds it. */
function result(h: Hotel, input: SearchInput) {
  const cc = h.city.country.toLowerCase();
  const stay = price(h, input);
  // About one listing in four shows its price before taxes, with the taxes named beside it.
  const excluded = hash(`taxes:${h.key}`) % 4 === 0;
  const shown = stay ? (excluded ? stay.baseTotal : stay.total) : 0;
  const photo = mainPhotoId(h);
  const photoPath = (size: string) => `/xdata/images/hotel/${size}/${photo}.jpg?k=${signPhoto(photo)}&o=`;
  const count = siteAReviewCount(h);
  const score = siteAScore(h);
  return {
    __typename: 'SearchResultProperty',
    basicPropertyData: {
      __typename: 'BasicPropertyData',
      id: h.ids.site_a,
      pageName: h.slug,
      ufi: -numeric(h.city.placeId),
      accommodationTypeId: 204,
      isClosed: false,
      location: {
        __typename: 'Location',
        address: `${1 + (hash(`addr:${h.key}`) % 180)} ${h.city.name} Avenue`,
        city: h.city.name,
        countryCode: cc,
        latitude: h.latitude,
        longitude: h.longitude,
      },
      // Guest houses and apartments carry no star rating.
      starRating:
        h.stars > 2 ? { __typename: 'StarRating', value: h.stars, symbol: 'STARS', tocLink: null } : null,
      reviews: {
        __typename: 'Reviews',
        totalScore: score,
        reviewsCount: count,
        totalScoreTextTag: { __typename: 'TranslationTag', translation: scoreWord(score) },
        showScore: true,
      },
      photos: {
        __typename: 'PropertyPhotos',
        main: {
          __typename: 'PropertyPhoto',
          highResUrl: { __typename: 'PhotoUrl', relativeUrl: photoPath('max1024x768') },
          lowResUrl: { __typename: 'PhotoUrl', relativeUrl: photoPath('square60') },
        },
      },
    },
    displayName: { __typename: 'DisplayName', text: h.name, translationTag: null },
    location: {
      __typename: 'SearchResultsPropertyLocation',
      displayLocation: h.city.name,
      mainDistance: `${km(input, h).toFixed(1)} km from centre`,
      publicTransportDistanceDescription: null,
    },
    policies: {
      __typename: 'Policies',
      showFreeCancellation: Boolean(stay) && hash(`fc:${h.key}`) % 3 !== 0,
      showNoPrepaymentBlock: false,
    },
    soldOutInfo: { __typename: 'SoldOutInfo', isSoldOut: Boolean(input.checkin) && !stay, messages: [] },
    priceDisplayInfoIrene: stay
      ? {
          __typename: 'PriceDisplayInfoIrene',
          displayPrice: {
            __typename: 'PriceDisplayAggregatedIrene',
            amountPerStay: {
              __typename: 'PriceFormatted',
              amount: money(shown, input.currency, 2),
              amountRounded: money(shown, input.currency, 0),
              amountUnformatted: shown,
              currency: input.currency,
            },
          },
          chargesInfo: {
            __typename: 'TranslationTag',
            translation: excluded
              ? `+${money(stay.taxes, input.currency, 0)} taxes and charges`
              : 'Includes taxes and charges',
          },
          excludedCharges: {
            __typename: 'ExcludedCharges',
            excludeChargesAggregated: {
              __typename: 'ExcludedChargesAggregated',
              amountPerStay: { __typename: 'PriceFormatted', amountUnformatted: excluded ? stay.taxes : 0 },
            },
            excludeChargesList: excluded ? [{ __typename: 'ExcludedCharge', chargeType: 'VAT' }] : [],
          },
          taxExceptions: [],
        }
      : null,
    blocks: stay
      ? [
          {
            __typename: 'Block',
            blockId: { roomId: `${h.ids.site_a}01` },
            finalPrice: { amount: shown, currency: input.currency },
          },
        ]
      : [],
  };
}

function card(r: ReturnType<typeof result>, host: string, input: SearchInput, imageBase: string): string {
  const b = r.basicPropertyData;
  const image = `${imageBase}${b.photos.main.highResUrl.relativeUrl.replace('/max1024x768/', '/square600/')}`;
  const href = `https://${host}/hotel/${b.location.countryCode}/${b.pageName}.html?aid=0&amp;ucfs=1&amp;dest_id=${input.destId}&amp;dest_type=${input.destType}&amp;group_adults=${input.adults}`;
  const shown = r.priceDisplayInfoIrene?.displayPrice.amountPerStay.amountRounded;
  return [
    `<div data-testid="property-card" role="listitem" class="c066246e13">`,
    `<div class="c90c0a70d3"><img data-testid="image" src="${image}" alt="${esc(r.displayName.text)}" loading="lazy"></div>`,
    `<h3 class="aab71f8e4e"><a data-testid="title-link" href="${href}" target="_blank"><div data-testid="title" class="f6431b446c">${esc(r.displayName.text)}</div></a></h3>`,
    `<span data-testid="address" class="aee5343fdb">${esc(b.location.city)}</span>`,
    `<span data-testid="distance">${esc(r.location.mainDistance)}</span>`,
    `<div data-testid="review-score"><div class="ac4a7896c7">${b.reviews.totalScore.toFixed(1)}</div><div class="a3b8729ab1"><div>${esc(b.reviews.totalScoreTextTag.translation)}</div><div>${b.reviews.reviewsCount} reviews</div></div></div>`,
    shown ? `<span data-testid="price-and-discounted-price">${esc(shown)}</span>` : '',
    r.soldOutInfo.isSoldOut
      ? `<div data-testid="sold-out">No availability on our site for your dates</div>`
      : '',
    `</div>\n`,
  ].join('');
}

const HOME = `<!DOCTYPE html><html lang="en-us"><head><meta charset="utf-8"><title>Hotels, homes and more</title>
<script>
var booking = window.booking || {};
booking['env'] = {
  b_action: 'index',
  b_lang: 'en-us'
};
</script></head><body><form id="frm" action="/searchresults.html"><input type="search" name="ss" value=""></form></body></html>`;

/** The home page an unknown destination lands on (`b_action: 'index'`, no results). */
export function homePage(): SiteResponse {
  return { status: 200, html: HOME };
}

/**
 * `GET /searchresults.html`: the results page for a destination, dates and party, one page of `rows` from
 * `offset` in the `order` asked; an unknown destination redirects home.
 */
export function searchResults(req: SiteRequest, host: string): SiteResponse {
  const dest = siteADestination(
    req.query.get('dest_id') ?? '',
    (req.query.get('dest_type') ?? 'city').toLowerCase(),
  );
  if (!dest)
    return {
      status: 302,
      html: '',
      headers: { Location: `${req.base}/index.html?errorc_searchstring_not_found=dest_id` },
    };
  const input = readInput(req, dest);
  const imageBase = req.base.replace(/\/site_a$/, '/site_a_images');
  const all = sorted(input);
  const page = all.slice(input.offset, input.offset + input.rows).map((h) => result(h, input));
  const echo = {
    dates: { checkin: input.checkin ?? '', checkout: input.checkout ?? '' },
    location: { destId: input.destId, destType: input.destType.toUpperCase() },
    nbAdults: input.adults,
    nbRooms: input.rooms,
    nbChildren: input.ages.length,
    childrenAges: input.ages,
    pagination: { rowsPerPage: input.rows, offset: input.offset },
    sorters: { selectedSorter: input.order },
    selectedCurrency: input.currency,
  };
  const node = {
    __typename: 'SearchQueryOutput',
    results: page,
    pagination: { __typename: 'Pagination', nbResultsPerPage: input.rows, nbResultsTotal: all.length },
    breadcrumbs: [{ __typename: 'Breadcrumb', name: dest.name, destType: input.destType.toUpperCase() }],
  };
  const store = {
    ROOT_QUERY: {
      __typename: 'Query',
      searchQueries: { __typename: 'SearchQueries', [`search(${JSON.stringify({ input: echo })})`]: node },
    },
  };
  const parts = [
    `<!DOCTYPE html>\n<html lang="en-us"><head><meta charset="utf-8">\n<title>${esc(dest.name)}: hotels and places to stay</title>\n<style>\n`,
  ];
  padTo(
    parts,
    180 * KB + (hash(`sr:${dest.name}`) % (20 * KB)),
    (i) => `.e${i.toString(36)}{display:flex;gap:${i % 16}px;padding:${i % 9}px}\n`,
  );
  parts.push(
    `</style>\n<script>\nvar booking = window.booking || {};\nbooking['env'] = {\n  b_action: 'searchresults',\n  b_lang: 'en-us',\n`,
    `  b_dest_id: '${input.destId}',\n  b_dest_type: '${input.destType}'\n};\n</script>\n</head>\n<body>\n`,
    `<h1 aria-live="assertive">${esc(dest.name)}: ${all.length.toLocaleString('en-US')} properties found</h1>\n<div role="list">\n`,
    ...page.map((r) => card(r, host, input, imageBase)),
    `</div>\n`,
  );
  padTo(
    parts,
    parts.reduce((n, p) => n + p.length, 0) + 60 * KB,
    (i) => `<div class="f${i % 97}" data-et-view="${hash(`et:${i}`).toString(36)}"></div>\n`,
  );
  parts.push(
    `<script type="application/json" data-capla-store-data="apollo">${JSON.stringify(store)}</script>\n`,
    '</body></html>\n',
  );
  return { status: 200, html: parts.join('') };
}
