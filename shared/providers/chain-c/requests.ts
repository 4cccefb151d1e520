/**
 * chain_c's real requests: the site's GraphQL gateway, `POST /mi/query/<operation>` with the GraphQL client
 * name, the page's `application-name` (`shop` on the search pages, `book` on the booking path) and the
 * operation signature its gateway safelists. Signatures change with every front-end deploy: configuration
 * only (`operations.*` in the live profile), no default in code. Operations:
 * - search: the 2026 priced geo search `phoenixShopDatedSearchByGeoQuery` (`operations.dated_search_by_geo`),
 *   or, configured as `operations.search_operation`, the older `phoenixShopLowestAvailableRatesByGeoQuery`
 *   (`operations.lowest_rates_by_geo`, with its query document);
 * - rooms of one property: `PhoenixBookDTTSearchProductsByProperty` (`operations.search_products_by_property`);
 * - the display currency converter `phoenixShopADFConvertCurrencyQuery` (`operations.convert_currency`);
 * - a property's header, `PhoenixBookDTTHotelHeaderData` (`operations.hotel_header_data`), and its room
 *   catalogue, a GET on the `brand` origin (no signature; the main site refuses it with a 403, a brand host
 *   answers it) whose path and property parameter name the brand: configuration (`operations.room_cards_path`,
 *   `operations.room_cards_property_param`).
 * The safelisted operations need no document (the gateway holds it); one is sent when configured
 * (`operations.<name>_query`). The sort value for price is configuration too, being unconfirmed.
 */
import type { UpstreamRequest } from '../../upstream/client.ts';
import { operationId, requiredOperation, siteOrigin } from '../../upstream/providers.ts';

export const OPERATION = 'phoenixShopLowestAvailableRatesByGeoQuery';
/** The 2026 priced geo search, the search's default. */
export const DATED_SEARCH = 'phoenixShopDatedSearchByGeoQuery';
/** The rooms and rates of one property. */
export const PRODUCTS = 'PhoenixBookDTTSearchProductsByProperty';
/** The site's display currency converter. */
export const CONVERT = 'phoenixShopADFConvertCurrencyQuery';

/**
 * The search operation this deployment speaks: the 2026 one unless `operations.search_operation` names
 * the older one.
 * @example searchOperation() // 'phoenixShopDatedSearchByGeoQuery'
 */
export function searchOperation(): typeof DATED_SEARCH | typeof OPERATION {
  return operationId('chain_c', 'search_operation', DATED_SEARCH) === OPERATION ? OPERATION : DATED_SEARCH;
}

/** 50 miles in metres: the radius the site's own search sends. */
export const SEARCH_RADIUS_METERS = 80_467.2;

// Each amount comes twice: in the property's currency (`origin`) and in the visitor's (`locale`).
const MONEY = '{ origin { currency value valueDecimalPoint } locale { currency value valueDecimalPoint } }';

/**
 * The fields the connector reads, in the shape of the site's query. A live deployment whose gateway
 * safelists only the site's own document configures that document with its signature.
 */
export const DEFAULT_QUERY = `query ${OPERATION}($search: LowestAvailableRatesGeolocationSearchInput, $offset: Int, $limit: Int, $sort: LowestAvailableRatesSearchSort, $filter: [PropertyDescriptionType], $modes: [RateMode]) {
  searchLowestAvailableRatesByGeolocation(search: $search, offset: $offset, limit: $limit, sort: $sort) {
    total
    pageInfo { hasNextPage hasPreviousPage previousOffset currentOffset nextOffset }
    edges {
      node {
        distance
        property {
          id
          basicInformation { name brand { id name } latitude longitude bookable currency descriptions(filter: $filter) { text type { code } } }
          reviews { stars { count } numberOfReviews { count } }
          media { primaryImage { edges { node { imageUrls { wideHorizontal } } } } }
          ... on Hotel { seoNickname }
        }
        rates {
          status { code }
          lengthOfStay
          membersOnly
          rateAmounts(modes: $modes) {
            rateMode { code }
            points
            amount ${MONEY}
            totalAmount ${MONEY}
            taxes ${MONEY}
            fees ${MONEY}
          }
        }
      }
    }
  }
}`;

export interface LowestRatesQuery {
  latitude: number;
  longitude: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  offset: number;
  limit: number;
  sortBy: 'DISTANCE' | 'PRICE';
}

/** The search centre and the site's radius. */
const around = (q: LowestRatesQuery) => ({
  latitude: q.latitude,
  longitude: q.longitude,
  distance: SEARCH_RADIUS_METERS,
});

/** The sort, at the variables' top level: nearest first, or the (configured) price field. */
const sortOf = (q: LowestRatesQuery) => ({
  fields: [
    {
      field: q.sortBy === 'PRICE' ? operationId('chain_c', 'sort_field_price', 'PRICE') : 'DISTANCE',
      direction: 'ASC',
    },
  ],
});

/**
 * The search variables as the site sends them: a radius in metres, the stay, the member-rate cluster,
 * unavailable properties included (they carry no price), both rate modes (cash per night, points).
 * @example searchVariables({ latitude: 48.85, longitude: 2.35, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1, offset: 0, limit: 20, sortBy: 'DISTANCE' }).sort // { fields: [{ field: 'DISTANCE', direction: 'ASC' }] }
 */
export function searchVariables(q: LowestRatesQuery) {
  return {
    ...geoSearch(q, {
      childAges: [],
      rateRequestTypes: [{ type: 'CLUSTER', value: 'MMP' }],
      numberInParty: q.adults,
      quantity: q.rooms,
      includeMandatoryFees: true,
      includeTaxesAndFees: true,
      includeUnavailableProperties: true,
    }),
    modes: ['LOWEST_AVERAGE_NIGHTLY_RATE', 'POINTS_PER_UNIT'],
  };
}

/**
 * What both geo searches send around their own rate options: the place, the stay's dates, the page, the
 * sort and the marketing caption. The options keep the order each search's page sends them in.
 */
function geoSearch(q: LowestRatesQuery, options: Record<string, unknown>) {
  return {
    search: { ...around(q), options: { startDate: q.checkIn, endDate: q.checkOut, ...options } },
    limit: q.limit,
    offset: q.offset,
    sort: sortOf(q),
    filter: ['HOTEL_MARKETING_CAPTION'],
  };
}

interface Call {
  operation: string;
  /** The `operations.*` key of its signature. */
  signature: string;
  /** The page it comes from: `shop` or `book`. */
  app: 'shop' | 'book';
  variables: Record<string, unknown>;
  /** The query document, when the operation needs one sent. */
  query?: string;
  cache: UpstreamRequest['cache'];
  referer: string;
}

/**
 * The client version each page sends: `v1` from the search pages (a captured shop request), `1` from the
 * booking path (real-sources §16).
 */
const CLIENT_VERSION = { shop: 'v1', book: '1' } as const;

/** One call of the gateway: a read, so it may be retried; safelist refusals come back as 400 with `errors[]`. */
function gatewayRequest(call: Call): UpstreamRequest {
  // The signature changes with every front-end deploy: configuration only (the live profile).
  const signature = requiredOperation('chain_c', call.signature);
  const app = operationId('chain_c', `application_name_${call.app}`, call.app);
  const query = call.query ?? operationId('chain_c', `${call.signature}_query`, '');
  return {
    provider: 'chain_c',
    method: 'POST',
    path: `/mi/query/${call.operation}`,
    headers: {
      'apollographql-client-name': `phoenix_${call.app}`,
      'apollographql-client-version': CLIENT_VERSION[call.app],
      'application-name': app,
      'graphql-operation-name': call.operation,
      'graphql-operation-signature': signature,
      'graphql-require-safelisting': 'true',
      origin: siteOrigin('chain_c'),
      referer: `${siteOrigin('chain_c')}${call.referer}`,
    },
    body: { json: { operationName: call.operation, ...(query ? { query } : {}), variables: call.variables } },
    safe: true,
    // The query document is fixed per signature: the signature stands for it in the key.
    cacheKey: `${call.operation} ${signature} ${JSON.stringify(call.variables)}`,
    expect: 'json',
    cache: call.cache,
    passStatuses: [400],
  };
}

/**
 * The older lowest-rates search, with its query document.
 * @example lowestRatesRequest(query).path // '/mi/query/phoenixShopLowestAvailableRatesByGeoQuery'
 */
export function lowestRatesRequest(q: LowestRatesQuery): UpstreamRequest {
  return gatewayRequest({
    operation: OPERATION,
    signature: 'lowest_rates_by_geo',
    app: 'shop',
    variables: searchVariables(q),
    query: operationId('chain_c', 'lowest_rates_by_geo_query', DEFAULT_QUERY),
    cache: 'prices',
    referer: '/search/findHotels.mi',
  });
}

/**
 * The site's points mode: the members' cluster, the standard rate and the points-redemption cluster, in the
 * order its search sends them. Points are asked for by these alone (no operation or flag of their own):
 * with the standard rate alone, the answer has no points.
 */
export const POINTS_MODE_RATE_TYPES = [
  { type: 'CLUSTER', value: 'MRW' },
  { type: 'STANDARD', value: '' },
  { type: 'CLUSTER', value: 'P17' },
];

/**
 * The 2026 search's variables, as the site's map view sends them in points mode: a radius in metres, the
 * stay, the standard rate with the points clusters, unavailable properties included (they carry no price),
 * the sort at the top level.
 * @example datedSearchVariables(query).search.options.rateRequestTypes // POINTS_MODE_RATE_TYPES
 */
export function datedSearchVariables(q: LowestRatesQuery) {
  return geoSearch(q, {
    includeMandatoryFees: true,
    numberInParty: q.adults,
    rateRequestTypes: POINTS_MODE_RATE_TYPES,
    quantity: q.rooms,
    includeTaxesAndFees: false,
    includeUnavailableProperties: true,
    customerId: '',
  });
}

/**
 * The 2026 priced geo search.
 * @example datedSearchRequest(query).path // '/mi/query/phoenixShopDatedSearchByGeoQuery'
 */
export function datedSearchRequest(q: LowestRatesQuery): UpstreamRequest {
  return gatewayRequest({
    operation: DATED_SEARCH,
    signature: 'dated_search_by_geo',
    app: 'shop',
    variables: datedSearchVariables(q),
    cache: 'prices',
    referer: '/search/findHotels.mi',
  });
}

export interface ProductsQuery {
  propertyId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
}

/**
 * The rooms and rates of one property for the stay, on the booking path.
 * @example productsRequest({ propertyId: 'PARXY', checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1 }).headers['application-name'] // 'book'
 */
export function productsRequest(q: ProductsQuery): UpstreamRequest {
  return gatewayRequest({
    // The booking path's name for it (2026); configurable, as the shop pages have a variant of their own.
    operation: operationId('chain_c', 'products_operation', PRODUCTS),
    signature: 'search_products_by_property',
    app: 'book',
    variables: {
      search: {
        propertyId: q.propertyId,
        options: {
          startDate: q.checkIn,
          endDate: q.checkOut,
          quantity: q.rooms,
          numberInParty: q.adults,
          childAges: [],
          // Cash, member and points rates: the points mode, as the search asks for it.
          rateRequestTypes: POINTS_MODE_RATE_TYPES,
        },
      },
    },
    cache: 'prices',
    referer: '/reservation/availabilitySearch.mi',
  });
}

/**
 * The display rate from one currency to another (the amount is nominal; only the rate is read).
 * @example convertRequest('EUR', 'USD').body // { json: { operationName: 'phoenixShopADFConvertCurrencyQuery', variables: { input: { toCurrency: 'USD', … } } } }
 */
export function convertRequest(from: string, to: string): UpstreamRequest {
  return gatewayRequest({
    operation: CONVERT,
    signature: 'convert_currency',
    app: 'shop',
    variables: { input: { toCurrency: to, from: { currency: from, value: 100_000, valueDecimalPoint: 2 } } },
    cache: 'search',
    referer: '/search/findHotels.mi',
  });
}

/** A property's header: name, brand, address, contact, reviews, pictures. */
export const HEADER = 'PhoenixBookDTTHotelHeaderData';

/**
 * The header of one property, on the booking path (the gateway caches it at its edge for 3 hours).
 * @example headerRequest('PARXY').body // { json: { operationName: 'PhoenixBookDTTHotelHeaderData', variables: { propertyId: 'PARXY' } } }
 */
export function headerRequest(propertyId: string): UpstreamRequest {
  return gatewayRequest({
    operation: HEADER,
    signature: 'hotel_header_data',
    app: 'book',
    variables: { propertyId },
    cache: 'ids',
    referer: '/reservation/availabilitySearch.mi',
  });
}

/**
 * The room catalogue of one property: a plain GET on the `brand` origin (the main site answers it 403).
 * @example roomCardsRequest('PARXY').query // { property_code: 'PARXY', locale: 'en-US', acrsEnabled: 'false' }
 */
export function roomCardsRequest(propertyId: string): UpstreamRequest {
  const property = requiredOperation('chain_c', 'room_cards_property_param');
  return {
    provider: 'chain_c',
    origin: 'brand',
    method: 'GET',
    path: requiredOperation('chain_c', 'room_cards_path'),
    query: { [property]: propertyId, locale: 'en-US', acrsEnabled: 'false' },
    headers: { referer: `${siteOrigin('chain_c')}/` },
    expect: 'json',
    cache: 'ids',
  };
}
