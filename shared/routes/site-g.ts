/** The site_g routes. */
import type { Route } from './types.ts';
import { area } from './area.ts';

export const siteGRoutes = area('site_g', {
  siteGDestinations: {
    path: '/v1/site_g/destinations/lookup',
    handler: 'destinations-lookup',
    product: 'destinations',
    errors: {
      DESTINATION_NOT_FOUND: { status: 404, when: 'no city matched' },
      DESTINATION_AMBIGUOUS: {
        status: 409,
        when: 'several cities match; limit=1 does not force a match',
        billed: true,
      },
      DESTINATION_NOT_CITY: { status: 422, when: 'the destination is a region or island', billed: true },
    },
    summary:
      'City name in English or Chinese to a site_g city id; ambiguity and regions are errors, never guesses',
    example: '/v1/site_g/destinations/lookup?query=Shanghai&country=China',
  },
}) satisfies Record<string, Route>;
