/** The site_a routes. */
import { INVALID_PARAMETERS, type Route } from './types.ts';

export const siteARoutes = {
  siteADestinations: {
    method: 'GET',
    path: '/v1/site_a/destinations/lookup',
    handler: 'functions/site-a/destinations-lookup.ts',
    provider: 'site_a',
    product: 'destinations',
    auth: true,
    upstream: ['site_a'],
    validation: INVALID_PARAMETERS,
    errors: {},
    summary: 'Destination name to site_a dest_id and dest_type, with up to 5 suggestions',
    example: '/v1/site_a/destinations/lookup?query=paris&language=fr',
  },
  siteAUrlToId: {
    method: 'GET',
    path: '/v1/site_a/hotel/url-to-id',
    handler: 'functions/site-a/url-to-id.ts',
    provider: 'site_a',
    product: 'url-to-id',
    auth: true,
    upstream: ['site_a'],
    validation: { kind: 'problem', status: 400, code: 'INVALID_URL' },
    errors: { HOTEL_NOT_FOUND: { status: 404, when: 'no site_a hotel page at that URL' } },
    summary: 'site_a hotel URL, {cc}/{slug} or {slug} to the numeric hotel id',
    example:
      '/v1/site_a/hotel/url-to-id?url=https%3A%2F%2Fwww.site-a.test%2Fhotel%2Ffr%2Faurelia-suites-paris.html',
  },
  siteAPhotos: {
    method: 'GET',
    path: '/v2/site_a/hotel/photos',
    handler: 'functions/site-a/photos.ts',
    provider: 'site_a',
    product: 'photos',
    auth: true,
    upstream: ['site_a'],
    validation: INVALID_PARAMETERS,
    errors: {
      MISSING_PARAMETER: { status: 400, when: 'hotel_id absent' },
      INVALID_HOTEL_ID: { status: 400, when: 'hotel_id not numeric' },
      HOTEL_NOT_FOUND: { status: 404, when: 'hotel missing upstream' },
      CONTENT_EXTRACTION_FAILED: { status: 500, when: 'the gallery could not be extracted' },
      INTERNAL_ERROR: { status: 500, when: 'unexpected processing error' },
    },
    extraction: 'CONTENT_EXTRACTION_FAILED',
    summary: 'site_a hotel photo gallery: signed thumbnail, medium and large URLs, main photo first',
    example: '/v2/site_a/hotel/photos?hotel_id=1007790',
  },
} as const satisfies Record<string, Route>;
