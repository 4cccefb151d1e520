/**
 * chain_c's real request: the site's lowest-rates-by-geolocation GraphQL query, POSTed as JSON to
 * `/mi/query/<operation>` with the GraphQL client name and the operation signature its gateway safelists.
 * The signature changes with every front-end deploy of the site and signs one exact query document, so
 * both are configuration (`operations.lowest_rates_by_geo`, `operations.lowest_rates_by_geo_query`); the
 * defaults are the sandbox's. The sort value for price is configuration too, being unconfirmed.
 */
import type { UpstreamRequest } from '../../upstream/client.ts';
import { operationId, providerConfig, requiredOperation } from '../../upstream/providers.ts';

export const OPERATION = 'phoenixShopLowestAvailableRatesByGeoQuery';

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

/** The site's own origin, which its web app sends as Origin and Referer. */
function siteOrigin(): string {
  return `https://${providerConfig('chain_c').hosts[0] ?? 'localhost'}`;
}

/**
 * The search variables as the site sends them: a radius in metres, the stay, the member-rate cluster,
 * unavailable properties included (they carry no price), both rate modes (cash per night, points).
 * @example searchVariables({ latitude: 48.85, longitude: 2.35, checkIn: '2030-06-10', checkOut: '2030-06-12', adults: 2, rooms: 1, offset: 0, limit: 20, sortBy: 'DISTANCE' }).sort // { fields: [{ field: 'DISTANCE', direction: 'ASC' }] }
 */
export function searchVariables(q: LowestRatesQuery) {
  const field = q.sortBy === 'PRICE' ? operationId('chain_c', 'sort_field_price', 'PRICE') : 'DISTANCE';
  return {
    search: {
      latitude: q.latitude,
      longitude: q.longitude,
      distance: SEARCH_RADIUS_METERS,
      options: {
        startDate: q.checkIn,
        endDate: q.checkOut,
        childAges: [],
        rateRequestTypes: [{ type: 'CLUSTER', value: 'MMP' }],
        numberInParty: q.adults,
        quantity: q.rooms,
        includeMandatoryFees: true,
        includeTaxesAndFees: true,
        includeUnavailableProperties: true,
      },
    },
    limit: q.limit,
    offset: q.offset,
    sort: { fields: [{ field, direction: 'ASC' }] },
    filter: ['HOTEL_MARKETING_CAPTION'],
    modes: ['LOWEST_AVERAGE_NIGHTLY_RATE', 'POINTS_PER_UNIT'],
  };
}

/**
 * The search: a read, so it may be retried. A safelist refusal comes back as HTTP 400 with `errors[]`,
 * which the connector reads to name the stale signature.
 * @example lowestRatesRequest(query).path // '/mi/query/phoenixShopLowestAvailableRatesByGeoQuery'
 */
export function lowestRatesRequest(q: LowestRatesQuery): UpstreamRequest {
  const variables = searchVariables(q);
  // The signature changes with every front-end deploy: configuration only (the live profile).
  const signature = requiredOperation('chain_c', 'lowest_rates_by_geo');
  return {
    provider: 'chain_c',
    method: 'POST',
    path: `/mi/query/${OPERATION}`,
    headers: {
      'apollographql-client-name': 'phoenix_shop',
      'apollographql-client-version': 'v1',
      'graphql-operation-name': OPERATION,
      'graphql-operation-signature': signature,
      'graphql-require-safelisting': 'true',
      origin: siteOrigin(),
      referer: `${siteOrigin()}/search/findHotels.mi`,
    },
    body: {
      json: {
        operationName: OPERATION,
        query: operationId('chain_c', 'lowest_rates_by_geo_query', DEFAULT_QUERY),
        variables,
      },
    },
    safe: true,
    // The query document is long and fixed per signature: the signature stands for it in the key.
    cacheKey: `${OPERATION} ${signature} ${JSON.stringify(variables)}`,
    expect: 'json',
    cache: 'prices',
    passStatuses: [400],
  };
}
