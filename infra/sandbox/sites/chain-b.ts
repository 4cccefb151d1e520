/**
 * chain_b, a hotel chain group, in its real formats: the hosted search index of its hotels and partner
 * properties (`POST /1/indexes/<index>/query` with the application id and search-only key headers; geo
 * search around a point, `offset`/`length` or `page`/`hitsPerPage` paging, `attributesToRetrieve`, the
 * index's own 403 and 404 answers; one record by `GET /1/indexes/<index>/<objectID>`) and the back end's
 * GraphQL (`POST /bff/v1/graphql` with its key headers, dispatching on `operationName`: `HotelPageHot`
 * offers per stay and market, one per room type and rate plan, member rates with their public
 * `alternative`, packages (some hotels sell nothing else), some answers without `aggregationType`; `HotelPageCold` the hotel's content,
 * with `reviews(limit)` capped at 20, `medias(types, categories)`, accommodations and facilities; GraphQL
 * errors otherwise), and the pictures its medias point to. Some partner properties have no guest score.
 */
import { distanceMeters } from '../geo.ts';
import { FX, stayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import { phoneOf } from '../phones.ts';
import type { Site, SiteRequest, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { picture } from '../picture.ts';

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
    // What the hotel charges for: parking and the spa, where it has them and they are not free.
    paidAmenities: AMENITIES.filter(
      ([code], i) => ['PARKING', 'SPA'].includes(code) && hash(`a:${h.key}:${i}`) % 2 === 1,
    ).map(([code, label]) => ({ code, label })),
    status: 'OPEN',
    isNewOpening: hash(`new:${h.key}`) % 17 === 0,
    mediaCatalog: {},
    _geoloc: { lat: h.latitude, lng: h.longitude },
  };
}

const searchIndexError = (status: number, message: string): SiteResponse => ({
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
  if (headers['x-search-app-id'] !== SEARCH_APP_ID || headers['x-search-api-key'] !== SEARCH_KEY)
    return searchIndexError(403, 'Invalid Application-ID or API key');
  if (decodeURIComponent(match[1]!) !== INDEX) return searchIndexError(404, 'Index does not exist');
  const q = json<IndexQuery>(body);
  if (!q) return searchIndexError(400, 'Invalid JSON');
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
const cents = (n: number) => Math.round(n * 100) / 100;

/** A hotel's room types: two to four, the first the cheapest. */
function accommodations(h: Hotel) {
  const kinds = [
    { code: 'STD', name: 'Standard Room', bed: ['DOUBLE', 'double bed', 1], sqm: 18, pax: 2, type: 'ROOM' },
    { code: 'SUP', name: 'Superior Room', bed: ['QUEEN', 'queen bed', 1], sqm: 24, pax: 2, type: 'ROOM' },
    { code: 'TWN', name: 'Twin Room', bed: ['SINGLE', 'single beds', 2], sqm: 22, pax: 2, type: 'ROOM' },
    { code: 'STE', name: 'Junior Suite', bed: ['KING', 'king bed', 1], sqm: 38, pax: 4, type: 'SUITE' },
  ] as const;
  return kinds.slice(0, 2 + (hash(`rooms:${h.key}`) % 3)).map((k, i) => ({
    code: k.code,
    name: k.name,
    // Some rooms come without a description.
    description: hash(`rd:${h.key}:${i}`) % 4 ? `${k.name} of ${k.sqm} m² at ${h.name}.` : null,
    isAccessible: i === 0,
    keyFeatures: [{ code: 'AIR_CONDITIONING', label: 'Air conditioning' }],
    maxOccupancy: { pax: k.pax },
    beddingDetails: [{ code: k.bed[0], count: k.bed[2], label: k.bed[1] }],
    classification: {
      standard: { code: i === 0 ? 'STANDARD' : 'SUPERIOR', label: i === 0 ? 'Standard' : 'Superior' },
      type: { code: k.type, label: k.type === 'SUITE' ? 'Suite' : 'Room' },
    },
    // A partner's rooms have no surface on record.
    surface: h.chain === 'chain_b' ? { squareMeter: k.sqm, squareFeet: Math.round(k.sqm * 10.764) } : null,
    factor: 1 + 0.35 * i,
  }));
}

interface RatePlan {
  id: string;
  label: string;
  meal: [string, string];
  type: 'ROOM' | 'PACKAGE';
  member: boolean;
  factor: number;
  refundable: boolean;
}

/** Whether a hotel sells its rooms only in packages: priced, yet with no public room rate. */
const packagesOnly = (h: Hotel) => hash(`only-pkg:${h.key}`) % 11 === 0;

/**
 * The rate plans a hotel sells each room at: public, with breakfast, members' and (some hotels) a package;
 * a few hotels sell only packages.
 */
function ratePlans(h: Hotel): RatePlan[] {
  const roomOnly: [string, string] = ['EUROPEAN_PLAN', 'Room only'];
  const breakfast: [string, string] = ['BREAKFAST', 'Breakfast included'];
  // Some hotels sell only rates with breakfast.
  const base = hash(`meal:${h.key}`) % 2 ? breakfast : roomOnly;
  if (packagesOnly(h))
    return [
      {
        id: 'PARK',
        label: 'Stay and park',
        meal: base,
        type: 'PACKAGE',
        member: false,
        factor: 1.05,
        refundable: false,
      },
      {
        id: 'SPA',
        label: 'Stay and spa',
        meal: breakfast,
        type: 'PACKAGE',
        member: false,
        factor: 1.3,
        refundable: true,
      },
    ];
  const plans: RatePlan[] = [
    {
      id: 'FLEX',
      label: 'Flexible rate',
      meal: base,
      type: 'ROOM',
      member: false,
      factor: 1,
      refundable: true,
    },
    {
      id: 'SAVER',
      label: 'Advance saver',
      meal: base,
      type: 'ROOM',
      member: false,
      factor: 0.96,
      refundable: false,
    },
    {
      id: 'MEMBER',
      label: 'Member rate',
      meal: base,
      type: 'ROOM',
      member: true,
      factor: 0.95,
      refundable: true,
    },
  ];
  if (base === roomOnly)
    plans.push({
      id: 'FLEXBB',
      label: 'Flexible rate with breakfast',
      meal: breakfast,
      type: 'ROOM',
      member: false,
      factor: 1,
      refundable: true,
    });
  // A parking package, cheaper than the public rate: what a best offer must not silently be.
  if (hash(`pkg:${h.key}`) % 3 === 0)
    plans.push({
      id: 'PARK',
      label: 'Stay and park',
      meal: base,
      type: 'PACKAGE',
      member: false,
      factor: 0.9,
      refundable: false,
    });
  return plans;
}

/**
 * The GraphQL answer for a hotel id the site does not know: the asked field null, and the error naming it.
 * @example hotelNotFound('hotel', 'ZZZZ').json // { data: { hotel: null }, errors: [{ message: 'Hotel ZZZZ not found', … }] }
 */
function hotelNotFound(field: string, hotelId: string | undefined): SiteResponse {
  return {
    status: 200,
    json: {
      data: { [field]: null },
      errors: [{ message: `Hotel ${hotelId} not found`, path: [field], extensions: { code: 'NOT_FOUND' } }],
    },
  };
}

/** Whether a hotel's offers come without `pricing.aggregationType` (some answers drop it). */
const withoutAggregation = (h: Hotel) => hash(`agg:${h.key}`) % 5 === 0;

function hotelOffers(v: OffersVariables): SiteResponse {
  const h = byCode(v.hotelOffersHotelId ?? '');
  if (!h) return hotelNotFound('hotelOffers', v.hotelOffersHotelId);
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
  const stay = cents(price.total * (market === 'US' ? 1 : 0.97));
  const breakfast = 18 * price.nights * (FX[currency] ?? 1);
  const offers = accommodations(h).flatMap((room) =>
    ratePlans(h).map((plan) => {
      const publicAmount = cents(
        stay * room.factor * (plan.member ? 1 : plan.factor) +
          (plan.meal[0] === 'BREAKFAST' && plan.id === 'FLEXBB' ? breakfast : 0),
      );
      const amount = plan.member ? cents(publicAmount * plan.factor) : publicAmount;
      return {
        type: plan.type,
        accommodation: { code: room.code },
        pricing: {
          currency,
          ...(withoutAggregation(h) ? {} : { aggregationType: 'TOTAL_STAY' }),
          formattedTaxType: 'Taxes and fees included',
          main: {
            amount,
            formattedAmount: money(amount, currency),
            categories: plan.member ? ['MEMBER_RATE'] : [],
            simplifiedPolicies: {
              cancellation: plan.refundable
                ? { code: 'FREE_CANCELLATION', label: 'Free cancellation' }
                : { code: 'NO_CANCELLATION', label: 'Non-refundable' },
            },
          },
          deduction: plan.member
            ? [
                {
                  percent: 5,
                  formattedAmount: money(cents(publicAmount - amount), currency),
                  type: 'MEMBER_RATE',
                },
              ]
            : null,
          alternative: plan.member
            ? { amount: publicAmount, formattedAmount: money(publicAmount, currency) }
            : null,
        },
        mealPlan: { code: plan.meal[0], label: plan.meal[1] },
        lengthOfStay: { value: price.nights, unit: 'NIGHT' },
        rate: { id: `${plan.id}${price.nights}`, label: plan.label },
      };
    }),
  );
  return {
    status: 200,
    json: {
      data: {
        hotelOffers: { availability: { status: 'AVAILABLE', reasons: [] }, offersSelection: { offers } },
      },
    },
  };
}

const MEDIA_CATEGORIES = ['HOTEL', 'BEDROOM', 'RESTAURANT', 'BAR', 'POOL', 'DESTINATION'];
const TRIP_TYPES = ['BUSINESS', 'COUPLE', 'FAMILY', 'FRIENDS', 'SOLO', null];
const REVIEWERS = ['Anna', 'Bruno', 'Chiara', 'Daniel', 'Eun-ji', 'Farid', null];

/** The hotel's medias: images in three formats, and for own hotels a video. */
function medias(h: Hotel, base: string) {
  const code = hotelCode(h);
  const images = Array.from({ length: 3 + (hash(`m:${h.key}`) % 6) }, (_, i) => {
    const category = MEDIA_CATEGORIES[i % MEDIA_CATEGORIES.length]!;
    return {
      category,
      type: 'IMAGE',
      availableFormats: [
        [1024, 768],
        [2048, 1536],
        [320, 240],
      ].map(([w, h2]) => ({
        url: `${base}/imagerie/${code}/${code.toLowerCase()}_${i}_${w}x${h2}.jpg`,
        width: w,
        height: h2,
      })),
      video: null,
    };
  });
  const video =
    h.chain === 'chain_b'
      ? [
          {
            category: 'VIDEO',
            type: 'VIDEO',
            availableFormats: [
              {
                url: `${base}/imagerie/${code}/${code.toLowerCase()}_v_1280x720.jpg`,
                width: 1280,
                height: 720,
              },
            ],
            video: {
              embeddedUrl: `${base}/video/${code}/embed`,
              downloadUrl: `${base}/video/${code}/${code.toLowerCase()}.mp4`,
              previewUrl: `${base}/imagerie/${code}/${code.toLowerCase()}_v_1280x720.jpg`,
            },
          },
        ]
      : [];
  return [...images, ...video];
}

/** Up to 20 reviews (the source's own cap); partners without a guest score have none. */
function reviews(h: Hotel, score: number | null) {
  if (score === null) return [];
  return Array.from({ length: hash(`rv:${h.key}`) % 24 }, (_, i) => {
    const rating = Math.max(1, Math.min(5, Math.round(score + ((hash(`rr:${h.key}:${i}`) % 5) - 2) * 0.5)));
    const day = new Date(Date.UTC(2026, 0, 1) + (hash(`rdt:${h.key}:${i}`) % 300) * 86_400_000);
    return {
      author: REVIEWERS[hash(`ra:${h.key}:${i}`) % REVIEWERS.length],
      rating,
      title: i % 3 ? `Stay number ${i + 1}` : null,
      text: `${rating >= 4 ? 'Lovely' : 'Average'} stay at ${h.name}; review ${i + 1}.`,
      // Dates come as date-times.
      date: `${day.toISOString().slice(0, 10)}T09:30:00Z`,
      tripType: TRIP_TYPES[hash(`rt:${h.key}:${i}`) % TRIP_TYPES.length],
    };
  });
}

interface ColdVariables {
  hotelId?: string;
  reviewsLimit?: number;
  mediaTypes?: string[];
  mediaCategories?: string[] | null;
}

/** The hotel's content (`hotel(hotelId)`): what the site's hotel page asks for, in its shape. */
function hotelPageCold(v: ColdVariables, base: string): SiteResponse {
  const h = byCode(v.hotelId ?? '');
  if (!h) return hotelNotFound('hotel', v.hotelId);
  const r = record(h);
  const own = h.chain === 'chain_b';
  const limit = Math.min(20, Math.max(1, Number(v.reviewsLimit ?? 6)));
  const types = v.mediaTypes ?? ['IMAGE'];
  const categories = v.mediaCategories ?? null;
  const twelveHour = hash(`ck:${h.key}`) % 2 === 0;
  return {
    status: 200,
    json: {
      data: {
        hotel: {
          id: r.objectID,
          name: r.name,
          brand: { code: r.brand, label: r.brandLabel, description: null },
          V2description: {
            destination: `${h.city.name}, ${r.localization.address.country}.`,
            // A partner's description is not on file.
            general: own ? `${h.name} is a ${h.stars}-star hotel in ${h.city.name}.` : null,
            seo: null,
          },
          topAmenities: r.freeAmenities.slice(0, 6),
          amenityCategories: [
            { code: 'GENERAL', label: 'General' },
            { code: 'FOOD_AND_DRINK', label: 'Food and drink' },
            { code: 'WELLNESS', label: 'Wellness' },
          ],
          contact: own
            ? {
                phone: {
                  number: {
                    formatted: {
                      international: phoneOf(h.city.country, h.key),
                    },
                  },
                  label: null,
                },
                email: `h${r.objectID.toLowerCase()}@all.chain-b.test`,
              }
            : { phone: null, email: null },
          rating: {
            stars: r.stars,
            default: r.rating && {
              score: r.rating.score,
              numberOfReviews: r.rating.nbReviews,
              origin: 'HOTEL',
            },
            reviews: { items: reviews(h, r.rating?.score ?? null).slice(0, limit) },
          },
          localization: { address: { ...r.localization.address, state: null }, gps: r.localization.gps },
          formattedCheckIn: twelveHour ? '3:00 PM' : '15:00',
          formattedCheckOut: twelveHour ? '11:00 AM' : '12:00',
          medias: {
            items: medias(h, base).filter(
              (m) => types.includes(m.type) && (categories === null || categories.includes(m.category)),
            ),
          },
          accommodations: accommodations(h).map(({ factor: _factor, ...room }) => room),
          v2facilities: {
            breakfasts: { name: 'Buffet breakfast', description: 'Served from 7:00 to 10:30.' },
            fitnessCenters: own ? { name: 'Fitness room', description: null } : null,
            pools: h.stars >= 4 ? { name: 'Outdoor pool', description: 'Open May to September.' } : null,
            restaurants: {
              items: own
                ? [{ code: 'R1', name: `${h.city.name} Brasserie`, description: 'Seasonal cooking.' }]
                : [],
            },
            bars: { items: own ? [{ code: 'B1', name: 'Lobby bar', description: null }] : [] },
            spas: { items: [] },
          },
        },
      },
    },
  };
}

/** One index record by its objectID, as the index's object endpoint answers it. */
function indexObject({ match, headers, query }: SiteRequest): SiteResponse {
  if (headers['x-search-app-id'] !== SEARCH_APP_ID || headers['x-search-api-key'] !== SEARCH_KEY)
    return searchIndexError(403, 'Invalid Application-ID or API key');
  if (decodeURIComponent(match[1]!) !== INDEX) return searchIndexError(404, 'Index does not exist');
  const h = byCode(decodeURIComponent(match[2]!));
  if (!h) return searchIndexError(404, 'ObjectID does not exist');
  const all: Record<string, unknown> = record(h);
  const attributes = query.get('attributesToRetrieve')?.split(',');
  return {
    status: 200,
    json: attributes
      ? Object.fromEntries(Object.entries(all).filter(([k]) => k === 'objectID' || attributes.includes(k)))
      : all,
  };
}

function graphql({ headers, body, base }: SiteRequest): SiteResponse {
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
  if (request.operationName === 'HotelPageCold') return hotelPageCold(request.variables ?? {}, base);
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
      'x-search-app-id': SEARCH_APP_ID,
      'x-search-api-key': SEARCH_KEY,
    },
    operations: { search_index: INDEX },
  },
  routes: [
    ['POST', /^\/1\/indexes\/([^/]+)\/query$/, indexQuery],
    ['GET', /^\/1\/indexes\/([^/]+)\/([^/]+)$/, indexObject],
    ['POST', /^\/bff\/v1\/graphql$/, graphql],
    ['GET', /^\/imagerie\/[0-9A-Z]{4}\/[0-9a-z]{4}_\w+_\d+x\d+\.jpg$/, ({ path }) => picture(path)],
  ],
};
