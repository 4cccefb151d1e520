/**
 * chain_c, a hotel chain with a loyalty programme, in its real format: the site's GraphQL gateway at
 * `POST /mi/query/<operation>`, which answers only a safelisted operation signature (anything else is its
 * GraphQL error) and only browser-like clients (a bot manager's 403 page otherwise). Five operations: the
 * 2026 priced geo search (`phoenixShopDatedSearchByGeoQuery`, `application-name: shop`, no document
 * needed, money as `{amount, currency, decimalPoint}` in the property's currency, per night of one room,
 * points per stay only when the points-redemption cluster P17 is asked for, statuses
 * `AvailableForSale`/`NotAvailable`); the older lowest-rates search with integer
 * amounts and their decimal point in the property's currency (`origin`) and the visitor's (`locale`, US
 * dollars here); the rooms of one property on the booking path (`PhoenixBookDTTSearchProductsByProperty`,
 * `application-name: book`: one product per room type and rate plan, cash, points and cash-and-points
 * modes, nightly rates, stay totals); the display currency converter; and a property's header
 * (`PhoenixBookDTTHotelHeaderData`, `application-name: book`) with its room catalogue on a brand origin
 * (chain-c-property.ts). Every operation quotes the same nightly prices. Also the property pictures its
 * answers point to, by path relative to the image host.
 */
import { distanceMeters } from '../geo.ts';
import {
  billingCurrency,
  FX,
  nightlyUsd,
  nightsOf,
  pointsPerNight,
  soldOut,
  stayPrice,
  type StayPrice,
} from '../prices.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { type GatewayModule, headerAnswer, propertyRoutes, ROOM_CARDS } from './chain-c-property.ts';
import { picture } from '../picture.ts';

const OPERATION = 'phoenixShopLowestAvailableRatesByGeoQuery';
/** The signature this sandbox safelists for the operation (handed out as provider configuration). */
export const SIGNATURE = '5d1c0e7a93b24f68a1e0c9d7b6f3a2e18c4d5b6a7f8e9d0c1b2a3f4e5d6c7b8a';

/** A five-letter property code, unique across the world (base 26 of the hotel's index, scrambled). */
export function propertyCode(h: Hotel): string {
  let n = (Number(h.key.slice(1)) * 7_919 + 123_456) % 26 ** 5;
  let code = '';
  for (let i = 0; i < 5; i++, n = Math.floor(n / 26)) code = String.fromCharCode(65 + (n % 26)) + code;
  return code;
}

const decimals = (currency: string) => (currency === 'JPY' || currency === 'KRW' ? 0 : 2);
const money = (amount: number, currency: string) => ({
  currency,
  value: Math.round(amount * 10 ** decimals(currency)),
  valueDecimalPoint: decimals(currency),
  __typename: 'Money',
});

interface Priced {
  origin: StayPrice;
  locale: StayPrice;
}

/**
 * The older search's cash mode: the average nightly rate of one room (a rate is per room, as the points
 * are per unit), the total, taxes and fees of the stay for every room.
 */
function cashMode(p: Priced, rooms: number) {
  const both = (pick: (s: StayPrice) => number) => ({
    origin: money(pick(p.origin), p.origin.currency),
    locale: money(pick(p.locale), p.locale.currency),
  });
  return {
    rateMode: { code: 'LOWEST_AVERAGE_NIGHTLY_RATE', label: 'Lowest average nightly rate' },
    rateUnit: { code: 'NIGHT', label: 'per night' },
    points: null,
    amount: both((s) => Math.round((s.perNight / rooms) * 100) / 100),
    totalAmount: both((s) => s.total),
    taxes: both((s) => Math.round(s.taxes * 0.8 * 100) / 100),
    fees: both((s) => Math.round(s.taxes * 0.2 * 100) / 100),
    __typename: 'RateAmount',
  };
}

function node(h: Hotel, d: number, priced: Priced | null, nights: number, rooms = 1) {
  const code = propertyCode(h);
  const own = h.chain === 'chain_c';
  return {
    distance: Math.round(d * 10) / 10,
    property: {
      id: code,
      basicInformation: {
        name: own ? h.name : `${h.name} (partner)`,
        brand: own ? { id: h.brand!.code, name: h.brand!.name } : { id: 'PR', name: 'Partner Resorts' },
        latitude: h.latitude,
        longitude: h.longitude,
        bookable: true,
        resort: false,
        isAdultsOnly: false,
        currency: billingCurrency(h),
        descriptions: [
          { text: `${h.stars}-star stay in ${h.city.name}.`, type: { code: 'HOTEL_MARKETING_CAPTION' } },
        ],
      },
      reviews: {
        stars: { count: Math.round((3.5 + (hash(`c:${h.key}`) % 15) / 10) * 10) / 10 },
        numberOfReviews: { count: 20 + (hash(`ct:${h.key}`) % 2000) },
      },
      media: {
        primaryImage: {
          edges: [
            {
              node: {
                imageUrls: {
                  wideHorizontal: `/content/dam/renditions/${code}/${code.toLowerCase()}-exterior-${1000 + (hash(h.key) % 9000)}-hor-wide.jpg`,
                },
              },
            },
          ],
        },
      },
      seoNickname: `${code.toLowerCase()}-${h.slug}`,
      __typename: 'Hotel',
    },
    rates: [
      priced
        ? {
            status: { code: 'AVAILABLE' },
            lengthOfStay: nights,
            membersOnly: false,
            rateAmounts: [
              cashMode(priced, rooms),
              {
                // Per unit: a night of one room.
                rateMode: { code: 'POINTS_PER_UNIT', label: 'Points per night' },
                points: pointsPerNight(priced.locale.perNight / rooms),
                amount: null,
                totalAmount: null,
                taxes: null,
                fees: null,
              },
            ],
          }
        : { status: { code: 'UNAVAILABLE' }, lengthOfStay: nights, membersOnly: false, rateAmounts: [] },
    ],
  };
}

const graphqlError = (status: number, message: string, code: string): SiteResponse => ({
  status,
  json: { errors: [{ message, extensions: { code } }], data: null },
});

/** The bot manager's answer to a client that does not look like a browser. */
const ACCESS_DENIED: SiteResponse = {
  status: 403,
  html: "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access this server.<P>Reference&#32;&#35;18&#46;5c1d2f17&#46;1700000000&#46;9a0b1c2d</BODY></HTML>",
};

interface SearchVariables {
  search?: {
    latitude?: number;
    longitude?: number;
    distance?: number;
    options?: {
      startDate?: string;
      endDate?: string;
      numberInParty?: number;
      quantity?: number;
      rateRequestTypes?: { type?: string; value?: string }[];
    };
  };
  limit?: number;
  offset?: number;
  sort?: { fields?: { field?: string }[] };
}

function lowestRates(v: SearchVariables): SiteResponse {
  const s = v.search ?? {};
  const [lat, lng] = [Number(s.latitude), Number(s.longitude)];
  const o = s.options ?? {};
  const stay = { checkIn: o.startDate ?? '', checkOut: o.endDate ?? '' };
  const adults = Number(o.numberInParty ?? 2);
  const rooms = Number(o.quantity ?? 1);
  const nights = Math.max(0, Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000));
  const all = getWorld()
    .hotels.filter((h) => h.chain === 'chain_c' || h.chain === 'chain_a')
    .map((h) => ({ h, d: distanceMeters(lat, lng, h.latitude, h.longitude) }))
    .filter((x) => x.d <= Number(s.distance ?? 80_467.2))
    .map(({ h, d }) => {
      const at = (currency: string) => stayPrice(h, { ...stay, adults, rooms, currency });
      const origin = at(FX[billingCurrency(h)] ? billingCurrency(h) : 'USD');
      const locale = at('USD');
      return { h, d, priced: origin && locale ? { origin, locale } : null };
    });
  const byPrice = v.sort?.fields?.[0]?.field === 'PRICE';
  // By price, unpriced (sold-out) properties last; ties, unpriced ones included, nearest first.
  const price = (x: (typeof all)[number]) => x.priced?.locale.perNight ?? Infinity;
  all.sort((a, b) => (byPrice && price(a) !== price(b) ? price(a) - price(b) : a.d - b.d));
  const offset = Number(v.offset ?? 0);
  const limit = Number(v.limit ?? 20);
  const page = all.slice(offset, offset + limit);
  return {
    status: 200,
    json: {
      data: {
        searchLowestAvailableRatesByGeolocation: {
          pageInfo: {
            hasNextPage: offset + limit < all.length,
            hasPreviousPage: offset > 0,
            previousOffset: Math.max(0, offset - limit),
            currentOffset: offset,
            nextOffset: offset + limit,
            __typename: 'PageInfo',
          },
          total: all.length,
          edges: page.map(({ h, d, priced }) => ({
            node: node(h, d, priced, nights, rooms),
            __typename: 'Edge',
          })),
          facets: [],
          status: { code: 'SUCCESS', httpStatus: '200', __typename: 'ResponseSuccess' },
          searchCenter: { latitude: lat, longitude: lng, name: null, address: null },
          __typename: 'LowestAvailableRatesSearchResult',
        },
      },
    },
  };
}

/** The 2026 priced geo search: amounts as `{amount, currency, decimalPoint}` in the property's currency. */
const DATED_SEARCH = 'phoenixShopDatedSearchByGeoQuery';
/** The rooms and rates of one property, on the booking path. */
const PRODUCTS = 'PhoenixBookDTTSearchProductsByProperty';
/** The site's display converter behind its currency selector. */
const CONVERT = 'phoenixShopADFConvertCurrencyQuery';
/** A property's header, on the booking path. */
const HEADER = 'PhoenixBookDTTHotelHeaderData';
/** Signatures the sandbox safelists, per operation (handed out as provider configuration). */
export const SIGNATURES: Record<string, string> = {
  [HEADER]: '239d9b9be80625bf4d1880cd7de4c938fa7603da928093c7df1197079ab2f952',
  [OPERATION]: SIGNATURE,
  [DATED_SEARCH]: '7a0c2e4f6b8d1a3c5e7f9b0d2c4e6a8f1b3d5c7e9a0f2b4d6c8e1a3f5b7d9c0e',
  [PRODUCTS]: '2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e4b6d8f1a3c',
  [CONVERT]: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d',
};
/** The `application-name` each operation's page sends: the shop pages, or the booking path. */
const APPLICATION: Record<string, string> = {
  [DATED_SEARCH]: 'shop',
  [CONVERT]: 'shop',
  [PRODUCTS]: 'book',
  [HEADER]: 'book',
};

/** Money as the 2026 operations write it: an integer of minor units and its decimal point. */
const minor = (units: number, currency: string) => ({
  amount: units,
  currency,
  decimalPoint: decimals(currency),
  __typename: 'MonetaryAmount',
});
const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** decimals(currency));

interface ChainCStay {
  checkIn: string;
  checkOut: string;
  adults: number;
}

/** A property's room types, cheapest first; only the first two sell award nights. */
const ROOM_TYPES = [
  { code: 'GR1K', name: 'Guest room, 1 King, City view', type: 'STANDARD', factor: 1 },
  { code: 'GR2Q', name: 'Guest room, 2 Queen', type: 'STANDARD', factor: 1.12 },
  { code: 'STE1K', name: 'Suite, 1 King, Terrace view', type: 'SUITE', factor: 1.9 },
] as const;

/**
 * The nightly cash of one room of a type, in the property's currency (minor units), or null when a
 * night is sold out: the same prices every operation quotes.
 */
function nightly(h: Hotel, stay: ChainCStay, factor: number): { date: string; units: number }[] | null {
  const nights = nightsOf(stay.checkIn, stay.checkOut);
  if (nights.length === 0 || nights.some((n) => soldOut(h, n))) return null;
  const currency = billingCurrency(h);
  const fx = FX[currency] ?? 1;
  const occupancy = 1 + 0.15 * Math.max(0, stay.adults - 2);
  return nights.map((date) => ({
    date,
    units: toMinor(nightlyUsd(h, date) * occupancy * fx * factor, currency),
  }));
}

/** Per night of one room: the average before tax, its taxes and fees, and the total after them. */
function perNight(units: number[]) {
  const average = Math.round(units.reduce((a, b) => a + b, 0) / units.length);
  const taxes = Math.round(average * 0.096);
  const fees = Math.round(average * 0.024);
  return { average, taxes, fees, total: average + taxes + fees };
}

/** Points per night of one room, from its average nightly cash. */
function pointsFor(h: Hotel, averageUnits: number): number {
  const currency = billingCurrency(h);
  return pointsPerNight(averageUnits / 10 ** decimals(currency) / (FX[currency] ?? 1));
}

/**
 * A 2026 search node: the property and its lowest standard rate per night of one room, with its points per
 * stay only in points mode (the redemption cluster asked for).
 */
function datedNode(h: Hotel, d: number, stay: ChainCStay, points: boolean) {
  const { property } = node(h, d, null, 0);
  const nights = nightsOf(stay.checkIn, stay.checkOut).length;
  const cash = nightly(h, stay, 1);
  const currency = billingCurrency(h);
  const rate = cash
    ? (() => {
        const p = perNight(cash.map((n) => n.units));
        return {
          status: { code: 'AvailableForSale' },
          rateModes: {
            lowestAverageRate: {
              amount: minor(p.average, currency),
              amountPlusMandatoryFees: minor(p.average + p.fees, currency),
              fees: minor(p.fees, currency),
              mandatoryFees: minor(p.fees, currency),
              taxes: minor(p.taxes, currency),
              totalAmount: minor(p.total, currency),
            },
            // Per stay of one room.
            ...(points ? { pointsPerUnit: { points: pointsFor(h, p.average) * nights } } : {}),
          },
        };
      })()
    : { status: { code: 'NotAvailable' }, rateModes: null };
  return {
    distance: Math.round(d * 10) / 10,
    property,
    rates: [
      {
        lengthOfStay: nights,
        membersOnly: false,
        rateCategory: { code: 'StandardRates', value: null },
        sourceOfRate: 'DSP',
        ...rate,
      },
    ],
  };
}

/** The properties the search sees around a point: chain_c's own and chain_a's (sold as partners). */
function around(s: SearchVariables['search'] = {}) {
  const [lat, lng] = [Number(s.latitude), Number(s.longitude)];
  return getWorld()
    .hotels.filter((h) => h.chain === 'chain_c' || h.chain === 'chain_a')
    .map((h) => ({ h, d: distanceMeters(lat, lng, h.latitude, h.longitude) }))
    .filter((x) => x.d <= Number(s.distance ?? 80_467.2));
}

function datedSearch(v: SearchVariables): SiteResponse {
  const s = v.search ?? {};
  const o = s.options ?? {};
  const stay = {
    checkIn: o.startDate ?? '',
    checkOut: o.endDate ?? '',
    adults: Number(o.numberInParty ?? 2),
  };
  const points = asksPoints(o.rateRequestTypes);
  const all = around(s).map(({ h, d }) => ({ h, d, node: datedNode(h, d, stay, points) }));
  const byPrice = v.sort?.fields?.[0]?.field === 'PRICE';
  const price = (x: (typeof all)[number]) => {
    const mode = x.node.rates[0]!.rateModes;
    return mode
      ? mode.lowestAverageRate.amount.amount /
          10 ** mode.lowestAverageRate.amount.decimalPoint /
          (FX[mode.lowestAverageRate.amount.currency] ?? 1)
      : Infinity;
  };
  all.sort((a, b) => (byPrice && price(a) !== price(b) ? price(a) - price(b) : a.d - b.d));
  const offset = Number(v.offset ?? 0);
  const limit = Number(v.limit ?? 20);
  return {
    status: 200,
    json: {
      data: {
        search: {
          lowestAvailableRates: {
            searchByGeolocation: {
              edges: all.slice(offset, offset + limit).map((x) => ({ node: x.node })),
              facets: [],
              pageInfo: {
                hasNextPage: offset + limit < all.length,
                hasPreviousPage: offset > 0,
                currentOffset: offset,
                nextOffset: offset + limit,
              },
              recipeId: 'sbx',
              searchQueryId: `sbx-${hash(JSON.stringify(v))}`,
              status: { code: 'SUCCESS', httpStatus: '200' },
              total: all.length,
            },
          },
        },
      },
    },
  };
}

interface ProductsVariables {
  search?: {
    propertyId?: string;
    options?: {
      startDate?: string;
      endDate?: string;
      quantity?: number;
      numberInParty?: number;
      rateRequestTypes?: { type?: string; value?: string }[];
    };
  };
}

/** Whether the points-redemption cluster is asked for: without it, no points are priced. */
const asksPoints = (types: { type?: string; value?: string }[] = []) =>
  types.some((t) => t.type === 'CLUSTER' && t.value === 'P17');

/**
 * Rate plans: the standard flexible rate, the members' rate, and on the first two rooms award nights (when
 * the points cluster is asked for).
 */
const PLANS = [
  { code: 'FLEX', name: 'Flexible rate', members: false, mode: 'cash', factor: 1 },
  { code: 'MBR', name: 'Member rate', members: true, mode: 'cash', factor: 0.93 },
  { code: 'P17', name: 'Redeem points', members: true, mode: 'points', factor: 1 },
] as const;

function products(v: ProductsVariables): SiteResponse {
  const id = String(v.search?.propertyId ?? '').toUpperCase();
  const h = getWorld().hotels.find(
    (x) => (x.chain === 'chain_c' || x.chain === 'chain_a') && propertyCode(x) === id,
  );
  if (!h) return graphqlError(200, `Property ${id} is not valid`, 'INVALID_PROPERTY');
  const o = v.search?.options ?? {};
  const stay = {
    checkIn: o.startDate ?? '',
    checkOut: o.endDate ?? '',
    adults: Number(o.numberInParty ?? 2),
  };
  const quantity = Math.max(1, Number(o.quantity ?? 1));
  const currency = billingCurrency(h);
  const redeem = asksPoints(o.rateRequestTypes);
  const edges = ROOM_TYPES.flatMap((room, r) => {
    const cash = nightly(h, stay, room.factor);
    if (!cash) return [];
    return PLANS.filter((plan) => plan.mode === 'cash' || (r < 2 && redeem)).map((plan) => {
      const units = cash.map((n) => ({ date: n.date, units: Math.round(n.units * plan.factor) }));
      const p = perNight(units.map((n) => n.units));
      const nights = units.length;
      const points = pointsFor(h, perNight(cash.map((n) => n.units)).average);
      const rateModes =
        plan.mode === 'cash'
          ? [
              {
                __typename: 'Cash',
                averageNightlyRatePerUnit: { amount: minor(p.average, currency) },
                dailyRates: units.map((n) => ({ date: n.date, amount: minor(n.units, currency) })),
              },
            ]
          : [
              {
                __typename: 'Points',
                pointsPerUnit: { points: points * nights },
                dailyPoints: units.map((n) => ({ date: n.date, points, freeNight: false })),
              },
              {
                __typename: 'CashAndPoints',
                pointsPerUnit: { points: (points / 2) * nights },
                cashPerUnit: minor(Math.round(p.average * 0.4) * nights, currency),
              },
            ];
      return {
        node: {
          id: `${id}.${room.code}.${plan.code}`,
          basicInformation: {
            type: room.type,
            name: room.name,
            // Some rooms have no description.
            description: hash(`crd:${h.key}:${r}`) % 3 ? `${room.name} at ${h.name}.` : null,
            isMembersOnly: plan.members,
            ratePlan: [{ ratePlanCode: `${plan.code}${room.code}`, ratePlanType: plan.mode.toUpperCase() }],
            roomsAvailable: 1 + (hash(`ra:${h.key}:${r}:${stay.checkIn}`) % 6),
          },
          rates: { name: plan.name, rateModes },
          totalPricing: {
            rateModes:
              plan.mode === 'cash'
                ? {
                    subtotalPerQuantity: minor(
                      units.reduce((a, n) => a + n.units, 0),
                      currency,
                    ),
                    grandTotal: minor(p.total * nights * quantity, currency),
                    totalMandatoryFeesPerQuantity: minor(p.fees * nights, currency),
                  }
                : null,
          },
        },
      };
    });
  });
  return {
    status: 200,
    json: {
      data: {
        commerce: {
          product: {
            searchProductsByProperty: { edges, total: edges.length, status: { code: 'SUCCESS' } },
          },
        },
      },
    },
  };
}

interface ConvertVariables {
  input?: { toCurrency?: string; from?: { currency?: string; value?: number; valueDecimalPoint?: number } };
}

/** The display converter: the rate between two currencies, with six decimals. */
function convert(v: ConvertVariables): SiteResponse {
  const from = v.input?.from?.currency ?? '';
  const to = v.input?.toCurrency ?? '';
  if (!FX[from] || !FX[to])
    return graphqlError(200, `Unsupported currency ${FX[from] ? to : from}`, 'BAD_USER_INPUT');
  const rate = FX[to]! / FX[from]!;
  return {
    status: 200,
    json: {
      data: {
        convertCurrency: {
          exchangeRate: Math.round(rate * 1e6),
          exchangeRateDecimalPoint: 6,
          to: {
            currency: to,
            value: Math.round((v.input?.from?.value ?? 0) * rate),
            valueDecimalPoint: v.input?.from?.valueDecimalPoint ?? 2,
          },
        },
      },
    },
  };
}

/** What the property details module borrows: codes, the search's property, the room types, the refusal. */
const gateway: GatewayModule = {
  propertyCode,
  searchProperty: (h) => node(h, 0, null, 0).property,
  roomTypes: ROOM_TYPES,
  accessDenied: ACCESS_DENIED,
};

export const chainC: Site = {
  provider: 'chain_c',
  hosts: ['www.chain-c.test'],
  config: {
    // The room catalogue's brand host: a path under the sandbox's prefix.
    origins: { brand: '/brand' },
    operations: {
      hotel_header_data: SIGNATURES[HEADER]!,
      dated_search_by_geo: SIGNATURES[DATED_SEARCH]!,
      lowest_rates_by_geo: SIGNATURE,
      search_products_by_property: SIGNATURES[PRODUCTS]!,
      convert_currency: SIGNATURES[CONVERT]!,
      room_cards_path: ROOM_CARDS.path,
      room_cards_property_param: ROOM_CARDS.propertyParam,
    },
  },
  routes: [
    [
      'POST',
      /^\/mi\/query\/(\w+)$/,
      ({ match, headers, body }): SiteResponse => {
        if (!/^Mozilla\//.test(String(headers['user-agent'] ?? ''))) return ACCESS_DENIED;
        const operation = match[1]!;
        const app = APPLICATION[operation];
        // The 2026 operations come from a page that names itself (shop or book) in both headers.
        const client = app ? `phoenix_${app}` : 'phoenix_shop';
        if (headers['apollographql-client-name'] !== client || (app && headers['application-name'] !== app))
          return graphqlError(400, 'Unknown GraphQL client', 'CLIENT_NOT_ALLOWED');
        let request: { operationName?: string; query?: string; variables?: Record<string, unknown> };
        try {
          request = JSON.parse(body) as typeof request;
        } catch {
          return graphqlError(400, 'Unexpected token in JSON body', 'BAD_REQUEST');
        }
        // A safelisted operation needs no document; one that is sent must be the operation's.
        const documentOk =
          request.query === undefined ? app !== undefined : request.query.includes(`query ${operation}`);
        if (request.operationName !== operation || !documentOk)
          return graphqlError(400, `Operation name does not match ${operation}`, 'OPERATION_NAME_MISMATCH');
        if (!SIGNATURES[operation] || headers['graphql-operation-signature'] !== SIGNATURES[operation])
          return graphqlError(400, 'Operation signature not found in safelist', 'QUERY_NOT_IN_SAFELIST');
        const variables = request.variables ?? {};
        if (operation === DATED_SEARCH) return datedSearch(variables);
        if (operation === PRODUCTS) return products(variables);
        if (operation === CONVERT) return convert(variables);
        if (operation === HEADER) return headerAnswer(gateway, variables);
        return lowestRates(variables);
      },
    ],
    [
      'GET',
      /^\/content\/dam\/renditions\/[A-Z]{5}\/[a-z]{5}-exterior-\d+-hor-wide\.jpg$/,
      ({ path }) => picture(path),
    ],
    ...propertyRoutes(gateway),
  ],
};
