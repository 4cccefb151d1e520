/**
 * chain_c, a hotel chain with a loyalty programme, in its real format: the site's GraphQL gateway at
 * `POST /mi/query/<operation>`, which answers only a safelisted operation signature (anything else is its
 * GraphQL error) and only browser-like clients (a bot manager's 403 page otherwise); the lowest-rates
 * answer with integer amounts and their decimal point, in the property's currency (`origin`) and the
 * visitor's (`locale`, US dollars here), points per night, unbookable properties without rates; and the
 * property pictures its answers point to, by path relative to the image host.
 */
import { distanceMeters } from '../geo.ts';
import { billingCurrency, FX, pointsPerNight, stayPrice, type StayPrice } from '../prices.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { picture } from './maps.ts';

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

function cashMode(p: Priced) {
  const both = (pick: (s: StayPrice) => number) => ({
    origin: money(pick(p.origin), p.origin.currency),
    locale: money(pick(p.locale), p.locale.currency),
  });
  return {
    rateMode: { code: 'LOWEST_AVERAGE_NIGHTLY_RATE', label: 'Lowest average nightly rate' },
    rateUnit: { code: 'NIGHT', label: 'per night' },
    points: null,
    amount: both((s) => s.perNight),
    totalAmount: both((s) => s.total),
    taxes: both((s) => Math.round(s.taxes * 0.8 * 100) / 100),
    fees: both((s) => Math.round(s.taxes * 0.2 * 100) / 100),
    __typename: 'RateAmount',
  };
}

function node(h: Hotel, d: number, priced: Priced | null, nights: number) {
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
              cashMode(priced),
              {
                rateMode: { code: 'POINTS_PER_UNIT', label: 'Points per night' },
                points: pointsPerNight(priced.locale.perNight),
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
    options?: { startDate?: string; endDate?: string; numberInParty?: number; quantity?: number };
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
          edges: page.map(({ h, d, priced }) => ({ node: node(h, d, priced, nights), __typename: 'Edge' })),
          facets: [],
          status: { code: 'SUCCESS', httpStatus: '200', __typename: 'ResponseSuccess' },
          searchCenter: { latitude: lat, longitude: lng, name: null, address: null },
          __typename: 'LowestAvailableRatesSearchResult',
        },
      },
    },
  };
}

export const chainC: Site = {
  provider: 'chain_c',
  hosts: ['www.chain-c.test'],
  config: { operations: { lowest_rates_by_geo: SIGNATURE } },
  routes: [
    [
      'POST',
      /^\/mi\/query\/(\w+)$/,
      ({ match, headers, body }): SiteResponse => {
        if (!/^Mozilla\//.test(String(headers['user-agent'] ?? ''))) return ACCESS_DENIED;
        if (headers['apollographql-client-name'] !== 'phoenix_shop')
          return graphqlError(400, 'Unknown GraphQL client', 'CLIENT_NOT_ALLOWED');
        let request: { operationName?: string; query?: string; variables?: SearchVariables };
        try {
          request = JSON.parse(body) as typeof request;
        } catch {
          return graphqlError(400, 'Unexpected token in JSON body', 'BAD_REQUEST');
        }
        if (request.operationName !== match[1] || !request.query?.includes(`query ${match[1]}`))
          return graphqlError(400, `Operation name does not match ${match[1]}`, 'OPERATION_NAME_MISMATCH');
        if (match[1] !== OPERATION || headers['graphql-operation-signature'] !== SIGNATURE)
          return graphqlError(400, 'Operation signature not found in safelist', 'QUERY_NOT_IN_SAFELIST');
        return lowestRates(request.variables ?? {});
      },
    ],
    [
      'GET',
      /^\/content\/dam\/renditions\/[A-Z]{5}\/[a-z]{5}-exterior-\d+-hor-wide\.jpg$/,
      ({ path }) => picture(path),
    ],
  ],
};
