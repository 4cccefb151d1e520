/** The meta routes: coordinates lookup and hotel matching across platforms (over web_search). */
import { STATUS } from '../errors.ts';
import type { Route } from './types.ts';
import { area } from './area.ts';

const NO_RESULTS = { status: 404, when: 'the search found nothing' } as const;

export const metaRoutes = area(
  { provider: 'meta', upstream: ['web_search'] },
  {
    coordinatesLookup: {
      path: '/v1/meta/coordinates-lookup',
      product: 'coordinates-lookup',
      upstream: undefined,
      validation: { kind: 'problem', status: 400, code: 'INVALID_INPUT' },
      errors: { UPSTREAM_ERROR: { status: STATUS.badGateway, when: 'the place index is unavailable' } },
      summary: 'Place name to coordinates (cities, airports, countries)',
      example: '/v1/meta/coordinates-lookup?term=paris&limit=3',
    },
    metaMatch: {
      path: '/v1/meta/match',
      product: 'match',
      validation: { kind: 'detail-array' },
      errors: {
        NO_RESULTS,
        NO_MATCH: {
          status: 404,
          when: "results found, but none is a hotel page of the platform's URL pattern",
        },
      },
      summary: 'Hotel name to its canonical page URL on one platform (site_a to site_f)',
      example: '/v1/meta/match?name=Aurelia%20Suites%20Paris&platform=site_c',
    },
    metaSearch: {
      path: '/v1/meta/search',
      product: 'search',
      errors: {
        NO_RESULTS,
        NO_MATCH: {
          status: 404,
          when: 'results found, but none is a hotel page of site_a, site_d, site_h or site_b',
        },
      },
      summary: 'Hotel name to its page links on site_a, site_d, site_h and site_b',
      example: '/v1/meta/search?hotel_name=Aurelia%20Suites%20Paris',
    },
  },
) satisfies Record<string, Route>;
