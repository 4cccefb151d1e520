/**
 * chain_b, a hotel chain group, in its real formats: the hosted search index of its hotels and partner
 * properties (`POST /1/indexes/<index>/query` with the application id and search-only key headers; geo
 * search around a point, `offset`/`length` or `page`/`hitsPerPage` paging, `attributesToRetrieve`, the
 * index's own 403 and 404 answers) and the back end's GraphQL (`POST /bff/v1/graphql` with its key
 * headers, dispatching on `operationName`: `HotelPageHot` offers per stay and market, `HotelPageCold`
 * hotel details, GraphQL errors otherwise). Some partner properties have no guest score.
 */
import { distanceMeters } from '../geo.ts';
import { FX, stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { Site, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

/** The sandbox's index and keys, handed out as provider configuration. */
export const INDEX = 'prod_hotels_en';
const SEARCH_APP_ID = 'SBXCHAINB1';
const SEARCH_KEY = '0c5e2b9d41f7a6830e9d2c7b5a41f60e';
const BFF_KEY = 'l7xxsandbox0b1c2d3e4f5a6b7c8d9e0f1a2b';

const AMENITIES: [string, string][] = [
  ['WIFI', 'Wifi'],
  ['PARKING', 'Parking'],
  ['POOL', 'Swimming pool'],
  ['FITNESS', 'Fitness center'],
  ['RESTAURANT', 'Restaurant'],
  ['BAR', 'Bar'],
  ['SPA', 'Spa'],
  ['PETS', 'Pets allowed'],
];

const listed = (h: Hotel) => h.chain === 'chain_b' || (!h.chain && hash(`partner:${h.key}`) % 3 === 0);

/** A four-character hotel code, unique across the world (the hotel's index, scrambled, in base 36). */
export function hotelCode(h: Hotel): string {
  const n = (Number(h.key.slice(1)) * 7_919 + 46_656) % 36 ** 4;
  return n.toString(36).toUpperCase().padStart(4, '0');
}

function byCode(code: string): Hotel | undefined {
  return getWorld().hotels.find((h) => listed(h) && hotelCode(h) === code);
}

/** The index record of a hotel, every attribute. */
function record(h: Hotel) {
  const own = h.chain === 'chain_b';
  const score =
    own || hash(`score:${h.key}`) % 2 ? Math.round((3 + (hash(`gs:${h.key}`) % 20) / 10) * 10) / 10 : null;
  return {
    objectID: hotelCode(h),
    name: h.name,
    brand: own ? h.brand!.code : 'PTN',
    brandLabel: own ? h.brand!.name : 'Partner Hotels',
    lodging: h.stars >= 4 ? { code: 'HOTEL', label: 'Hotel' } : { code: 'INN', label: 'Inn' },
    stars: h.stars,
    rating: score === null ? null : { score, nbReviews: own ? 50 + (hash(`nr:${h.key}`) % 900) : null },
    localization: {
      address: {
        street: `${1 + (hash(h.key) % 200)} Avenue ${h.city.name}`,
        zipCode: String(10000 + (hash(h.key) % 80000)),
        city: h.city.name,
        country: h.city.label.split(', ').at(-1),
        countryCode: h.city.country,
      },
      gps: { lat: h.latitude, lng: h.longitude },
      timeZone: 'UTC',
    },
    freeAmenities: AMENITIES.filter((_a, i) => hash(`a:${h.key}:${i}`) % 2 === 0).map(([code, label]) => ({
      code,
      label,
    })),
    status: 'OPEN',
    isNewOpening: hash(`new:${h.key}`) % 17 === 0,
    mediaCatalog: {},
    _geoloc: { lat: h.latitude, lng: h.longitude },
  };
}

const algoliaError = (status: number, message: string): SiteResponse => ({
  status,
  json: { message, status },
});

function json<T>(body: string): T | undefined {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}

interface IndexQuery {
  query?: string;
  aroundLatLng?: string;
  aroundRadius?: number | 'all';
  offset?: number;
  length?: number;
  page?: number;
  hitsPerPage?: number;
  getRankingInfo?: boolean;
  attributesToRetrieve?: string[];
}

function indexQuery({ match, headers, body }: SiteRequest): SiteResponse {
  if (headers['x-algolia-application-id'] !== SEARCH_APP_ID || headers['x-algolia-api-key'] !== SEARCH_KEY)
    return algoliaError(403, 'Invalid Application-ID or API key');
  if (decodeURIComponent(match[1]!) !== INDEX) return algoliaError(404, 'Index does not exist');
  const q = json<IndexQuery>(body);
  if (!q) return algoliaError(400, 'Invalid JSON');
  const [lat, lng] = (q.aroundLatLng ?? '').split(',').map(Number);
  const geo = Number.isFinite(lat) && Number.isFinite(lng) && q.aroundLatLng !== undefined;
  const text = (q.query ?? '').trim().toLowerCase();
  let hits = getWorld()
    .hotels.filter(listed)
    .filter((h) => !text || `${h.name} ${h.city.name}`.toLowerCase().includes(text))
    .map((h) => ({ h, d: geo ? distanceMeters(lat!, lng!, h.latitude, h.longitude) : 0 }));
  if (geo) {
    const radius = q.aroundRadius === 'all' || q.aroundRadius === undefined ? Infinity : q.aroundRadius;
    hits = hits.filter((x) => x.d <= radius).sort((a, b) => a.d - b.d);
  }
  const paged = q.length !== undefined;
  const hitsPerPage = q.hitsPerPage ?? 20;
  const start = paged ? (q.offset ?? 0) : (q.page ?? 0) * hitsPerPage;
  const size = paged ? q.length! : hitsPerPage;
  const attributes = q.attributesToRetrieve;
  return {
    status: 200,
    json: {
      hits: hits.slice(start, start + size).map(({ h, d }) => {
        const all: Record<string, unknown> = record(h);
        const kept = attributes
          ? Object.fromEntries(
              Object.entries(all).filter(([k]) => k === 'objectID' || attributes.includes(k)),
            )
          : all;
        return q.getRankingInfo
          ? {
              ...kept,
              _rankingInfo: { nbTypos: 0, geoDistance: Math.round(d), geoPrecision: 1, userScore: 0 },
            }
          : kept;
      }),
      nbHits: hits.length,
      ...(paged
        ? { offset: start, length: size }
        : { page: q.page ?? 0, nbPages: Math.ceil(hits.length / hitsPerPage), hitsPerPage }),
      exhaustiveNbHits: true,
      query: q.query ?? '',
      params: new URLSearchParams(
        Object.entries(q).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      ).toString(),
      processingTimeMS: 1 + (hash(body) % 9),
    },
  };
}

interface OffersVariables {
  hotelOffersHotelId?: string;
  dateIn?: string;
  dateOut?: string;
  nbAdults?: number;
  countryMarket?: string;
  currency?: string;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

function offer(total: number, currency: string, nights: number, meal: [string, string]) {
  return {
    accommodation: { code: meal[0] === 'EUROPEAN_PLAN' ? 'STD' : 'STB' },
    pricing: {
      currency,
      aggregationType: 'TOTAL_STAY',
      formattedTaxType: 'Taxes and fees included',
      main: { amount: total, formattedAmount: money(total, currency) },
    },
    mealPlan: { code: meal[0], label: meal[1] },
    lengthOfStay: { value: nights, unit: 'NIGHT' },
    rate: { id: `R${nights}${meal[0].slice(0, 2)}`, label: meal[1] },
  };
}

function hotelOffers(v: OffersVariables): SiteResponse {
  const h = byCode(v.hotelOffersHotelId ?? '');
  if (!h)
    return {
      status: 200,
      json: {
        data: { hotelOffers: null },
        errors: [
          {
            message: `Hotel ${v.hotelOffersHotelId} not found`,
            path: ['hotelOffers'],
            extensions: { code: 'NOT_FOUND' },
          },
        ],
      },
    };
  const asked = (v.currency ?? 'USD').toUpperCase();
  const currency = FX[asked] ? asked : 'USD';
  const market = v.countryMarket ?? 'US';
  const price = stayPrice(h, {
    checkIn: v.dateIn ?? '',
    checkOut: v.dateOut ?? '',
    adults: Number(v.nbAdults ?? 1),
    currency,
  });
  const closed = !price || (market === 'CN' && hash(`mkt:${h.key}`) % 4 === 0);
  if (closed)
    return {
      status: 200,
      json: {
        data: {
          hotelOffers: {
            availability: {
              status: 'UNAVAILABLE',
              reasons: [{ code: 'NO_AVAILABILITY', label: 'Sold out' }],
            },
            offersSelection: { offers: [] },
          },
        },
      },
    };
  const total = Math.round(price.total * (market === 'US' ? 1 : 0.97) * 100) / 100;
  const breakfast = Math.round((total + 18 * price.nights * (FX[currency] ?? 1)) * 100) / 100;
  // Some hotels sell only rates with breakfast.
  const offers =
    hash(`meal:${h.key}`) % 2
      ? [offer(total, currency, price.nights, ['BREAKFAST', 'Breakfast included'])]
      : [
          offer(total, currency, price.nights, ['EUROPEAN_PLAN', 'Room only']),
          offer(breakfast, currency, price.nights, ['BREAKFAST', 'Breakfast included']),
        ];
  return {
    status: 200,
    json: {
      data: {
        hotelOffers: { availability: { status: 'AVAILABLE', reasons: [] }, offersSelection: { offers } },
      },
    },
  };
}

function hotelPageCold(v: { hotelId?: string }): SiteResponse {
  const h = byCode(v.hotelId ?? '');
  if (!h)
    return {
      status: 200,
      json: {
        data: { hotel: null },
        errors: [{ message: `Hotel ${v.hotelId} not found`, extensions: { code: 'NOT_FOUND' } }],
      },
    };
  const r = record(h);
  return {
    status: 200,
    json: {
      data: {
        hotel: {
          id: r.objectID,
          name: r.name,
          brand: { code: r.brand, label: r.brandLabel },
          rating: {
            stars: r.stars,
            default: r.rating && {
              score: r.rating.score,
              numberOfReviews: r.rating.nbReviews,
              origin: 'HOTEL',
            },
          },
          localization: { address: r.localization.address, gps: r.localization.gps },
          topAmenities: r.freeAmenities,
        },
      },
    },
  };
}

function graphql({ headers, body }: SiteRequest): SiteResponse {
  if (headers.apikey !== BFF_KEY || headers.clientid !== 'all.chain-b')
    return {
      status: 401,
      json: { errors: [{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] },
    };
  const request = json<{ operationName?: string; query?: string; variables?: Record<string, unknown> }>(body);
  if (!request?.query)
    return {
      status: 400,
      json: { errors: [{ message: 'Must provide query string.', extensions: { code: 'BAD_REQUEST' } }] },
    };
  if (!request.query.includes(`query ${request.operationName}`))
    return {
      status: 400,
      json: {
        errors: [
          {
            message: `Unknown operation named "${request.operationName}".`,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      },
    };
  if (request.operationName === 'HotelPageHot') return hotelOffers(request.variables ?? {});
  if (request.operationName === 'HotelPageCold') return hotelPageCold(request.variables ?? {});
  return {
    status: 400,
    json: {
      errors: [
        {
          message: `Cannot query field "${request.operationName}" on type "Query".`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    },
  };
}

export const chainB: Site = {
  provider: 'chain_b',
  hosts: ['all.chain-b.test'],
  config: {
    headers: {
      apikey: BFF_KEY,
      'app-id': 'all.chain-b',
      clientid: 'all.chain-b',
      'x-algolia-application-id': SEARCH_APP_ID,
      'x-algolia-api-key': SEARCH_KEY,
    },
    operations: { search_index: INDEX },
  },
  routes: [
    ['POST', /^\/1\/indexes\/([^/]+)\/query$/, indexQuery],
    ['POST', /^\/bff\/v1\/graphql$/, graphql],
  ],
};
