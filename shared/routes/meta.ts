/** The meta routes: coordinates lookup and hotel matching across platforms (over web_search). */
import { STATUS } from '../errors.ts';
import { INVALID_PARAMETERS, type Route } from './types.ts';

export const metaRoutes = {
  coordinatesLookup: {
    method: 'GET',
    path: '/v1/meta/coordinates-lookup',
    handler: 'functions/meta/coordinates-lookup.ts',
    provider: 'meta',
    product: 'coordinates-lookup',
    auth: true,
    validation: { kind: 'problem', status: 400, code: 'INVALID_INPUT' },
    errors: { UPSTREAM_ERROR: { status: STATUS.badGateway, when: 'the place index is unavailable' } },
    summary: 'Place name to coordinates (cities, airports, countries)',
    example: '/v1/meta/coordinates-lookup?term=paris&limit=3',
  },
  metaMatch: {
    method: 'GET',
    path: '/v1/meta/match',
    handler: 'functions/meta/match.ts',
    provider: 'meta',
    product: 'match',
    auth: true,
    upstream: ['web_search'],
    validation: { kind: 'detail-array' },
    errors: {
      NO_RESULTS: { status: 404, when: 'the search found nothing' },
      NO_MATCH: {
        status: 404,
        when: "results found, but none is a hotel page of the platform's URL pattern",
      },
    },
    summary: 'Hotel name to its canonical page URL on one platform (site_a to site_f)',
    example: '/v1/meta/match?name=Aurelia%20Suites%20Paris&platform=site_c',
  },
  metaSearch: {
    method: 'GET',
    path: '/v1/meta/search',
    handler: 'functions/meta/search.ts',
    provider: 'meta',
    product: 'search',
    auth: true,
    upstream: ['web_search'],
    validation: INVALID_PARAMETERS,
    errors: {
      NO_RESULTS: { status: 404, when: 'the search found nothing' },
      NO_MATCH: {
        status: 404,
        when: 'results found, but none is a hotel page of site_a, site_d, site_h or site_b',
      },
    },
    summary: 'Hotel name to its page links on site_a, site_d, site_h and site_b',
    example: '/v1/meta/search?hotel_name=Aurelia%20Suites%20Paris',
  },
} as const satisfies Record<string, Route>;
