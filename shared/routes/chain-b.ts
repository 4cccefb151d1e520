/** The chain_b routes. */
import { NO_RESULTS, type Route, STAY_ERRORS } from './types.ts';

export const chainBRoutes = {
  chainBSearch: {
    method: 'GET',
    path: '/v1/chain_b/search',
    handler: 'functions/chain-b/search.ts',
    provider: 'chain_b',
    product: 'search',
    auth: true,
    upstream: ['chain_b'],
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one chain_b prices in',
      },
      MISSING_LOCATION: { status: 400, when: 'neither coordinates nor destination_slug' },
      DESTINATION_NOT_FOUND: { status: 404, when: 'destination_slug not known' },
      NO_RESULTS,
    },
    summary: 'chain_b hotels near coordinates or a destination slug, nearest first, with best offers',
    example: '/v1/chain_b/search?destination_slug=paris-fr&check_in=2030-06-10&check_out=2030-06-12&adults=2',
  },
} as const satisfies Record<string, Route>;
