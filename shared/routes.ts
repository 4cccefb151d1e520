/**
 * The route manifest: the one list of endpoints. The local server, the CDK stack, the `GET /`
 * listing and the manifest-driven tests all read it. A route enters it when its handler is real.
 */

/** How a failed parameter validation is rendered for a route (each endpoint documents its own). */
export type ValidationStyle =
  /** Problem Details with this status and error_code, plus an `errors` array naming each bad parameter. */
  | { kind: 'problem'; status: 400 | 422; code: string }
  /** 400 `{detail: [{loc, msg, type}]}` (meta match). */
  | { kind: 'detail-array' }
  /** The global `{error: {code, message, details}}` body (site_b reviews-from-url). */
  | { kind: 'global'; status: 400; code: string };

export interface Route {
  method: 'GET';
  /** API Gateway path, with `{name}` for path parameters. */
  path: string;
  /** Handler module, relative to the project root; it exports `handler`. */
  handler: string;
  /** Provider token (or `service` for our own endpoints); echoed in Problem Details as `provider`. */
  provider: string;
  /** Echoed in Problem Details as `product`. */
  product: string;
  /** Whether the route requires `x-api-key`. Keyed routes also document 401 and 429. */
  auth: boolean;
  /** Every status the route may answer with. */
  statuses: readonly number[];
  validation: ValidationStyle;
  /** Upstream sources the route calls (provider tokens); the fault-matrix test injects faults into each. */
  upstream?: readonly string[];
  /** How an extraction failure (a page that lost its structure) is reported, when the route documents it. */
  extraction?: { status: number; code: string };
  /** Every error of the route in the global `{error: {code, message, details}}` shape (site_b reviews-from-url). */
  globalErrors?: boolean;
  /** How an upstream rate limit is reported, when the route documents its own (default 503 with Retry-After). */
  rateLimited?: { status: number; code: string };
  summary: string;
  /** A working example request: path and query string (dates far enough ahead not to expire soon). */
  example: string;
}

const INVALID_PARAMETERS = { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' } as const;

export const routes = {
  root: {
    method: 'GET',
    path: '/',
    handler: 'functions/health/root.ts',
    provider: 'service',
    product: 'info',
    auth: false,
    statuses: [200],
    validation: INVALID_PARAMETERS,
    summary: 'Basic API information and the available endpoints',
    example: '/',
  },
  health: {
    method: 'GET',
    path: '/health',
    handler: 'functions/health/health.ts',
    provider: 'service',
    product: 'health',
    auth: false,
    statuses: [200],
    validation: INVALID_PARAMETERS,
    summary: 'Detailed health status and version',
    example: '/health',
  },
  v1Health: {
    method: 'GET',
    path: '/v1/health',
    handler: 'functions/health/v1-health.ts',
    provider: 'service',
    product: 'health',
    auth: false,
    statuses: [200],
    validation: INVALID_PARAMETERS,
    summary: 'Version 1 health status',
    example: '/v1/health',
  },
  coordinatesLookup: {
    method: 'GET',
    path: '/v1/meta/coordinates-lookup',
    handler: 'functions/meta/coordinates-lookup.ts',
    provider: 'meta',
    product: 'coordinates-lookup',
    auth: true,
    statuses: [200, 400, 401, 429, 502],
    validation: { kind: 'problem', status: 400, code: 'INVALID_INPUT' },
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
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: { kind: 'detail-array' },
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
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'Hotel name to its page links on site_a, site_d, site_h and site_b',
    example: '/v1/meta/search?hotel_name=Aurelia%20Suites%20Paris',
  },
  siteADestinations: {
    method: 'GET',
    path: '/v1/site_a/destinations/lookup',
    handler: 'functions/site-a/destinations-lookup.ts',
    provider: 'site_a',
    product: 'destinations',
    auth: true,
    upstream: ['site_a'],
    statuses: [200, 400, 401, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
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
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: { kind: 'problem', status: 400, code: 'INVALID_URL' },
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
    statuses: [200, 400, 401, 404, 429, 500, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    extraction: { status: 500, code: 'CONTENT_EXTRACTION_FAILED' },
    summary: 'site_a hotel photo gallery: signed thumbnail, medium and large URLs, main photo first',
    example: '/v2/site_a/hotel/photos?hotel_id=1007790',
  },
  siteBUrlToId: {
    method: 'GET',
    path: '/v1/site_b/hotel/url-to-id',
    handler: 'functions/site-b/url-to-id.ts',
    provider: 'site_b',
    product: 'url-to-id',
    auth: true,
    upstream: ['site_b'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: { kind: 'problem', status: 400, code: 'INVALID_URL' },
    summary: 'site_b hotel URL to the integer hotel id',
    example:
      '/v1/site_b/hotel/url-to-id?url=https%3A%2F%2Fwww.site-b.test%2Faurelia-suites-paris%2Fhotel%2Fparis-fr.html%3Fcheckin%3D2027-01-01',
  },
  siteGDestinations: {
    method: 'GET',
    path: '/v1/site_g/destinations/lookup',
    handler: 'functions/site-g/destinations-lookup.ts',
    provider: 'site_g',
    product: 'destinations',
    auth: true,
    upstream: ['site_g'],
    statuses: [200, 400, 401, 404, 409, 422, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary:
      'City name in English or Chinese to a site_g city id; ambiguity and regions are errors, never guesses',
    example: '/v1/site_g/destinations/lookup?query=Shanghai&country=China',
  },
  chainARooms: {
    method: 'GET',
    path: '/v1/chain_a/rooms',
    handler: 'functions/chain-a/rooms.ts',
    provider: 'chain_a',
    product: 'rooms',
    auth: true,
    upstream: ['chain_a'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'chain_a room types, cash rates and points options for a stay',
    example: '/v1/chain_a/rooms?hotel_code=ASPAR0&check_in=2030-06-01&check_out=2030-06-03&adults=2',
  },
  diningSlots: {
    method: 'GET',
    path: '/v1/dining/restaurants/{restaurant_id}/availability/slots',
    handler: 'functions/dining/slots.ts',
    provider: 'dining',
    product: 'availability',
    auth: true,
    upstream: ['dining'],
    statuses: [200, 400, 401, 404, 422, 429, 502, 503, 504],
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    summary: 'Reservation times near a preferred time for a party size',
    example:
      '/v1/dining/restaurants/10001/availability/slots?date=2030-06-10&preferred_time=19:30&party_size=2',
  },
  mapsReviews: {
    method: 'GET',
    path: '/v1/maps_reviews/reviews',
    handler: 'functions/maps-reviews/reviews.ts',
    provider: 'maps_reviews',
    product: 'reviews',
    auth: true,
    upstream: ['maps_reviews'],
    statuses: [200, 400, 401, 404, 429, 500, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    rateLimited: { status: 429, code: 'RATE_LIMITED' },
    summary: "A page of a place's reviews by data_id; continue with next_page_token",
    example: '/v1/maps_reviews/reviews?data_id=0x47e67d23e9013691:0x8a0000000865e28&sort_by=newest',
  },
  mapsSearchAndReview: {
    method: 'GET',
    path: '/v1/maps_reviews/search-and-review',
    handler: 'functions/maps-reviews/search-and-review.ts',
    provider: 'maps_reviews',
    product: 'search-and-review',
    auth: true,
    upstream: ['maps_reviews'],
    statuses: [200, 401, 404, 422, 429, 502, 503, 504],
    validation: { kind: 'problem', status: 422, code: 'VALIDATION_ERROR' },
    extraction: { status: 502, code: 'EXTRACTION_FAILED' },
    summary: 'Place name to the place and the first page of its reviews',
    example: '/v1/maps_reviews/search-and-review?query=Aurelia%20Suites%20Paris',
  },
  mapsHotelsSearch: {
    method: 'GET',
    path: '/v1/maps_hotels/search',
    handler: 'functions/maps-hotels/search.ts',
    provider: 'maps_hotels',
    product: 'search',
    auth: true,
    upstream: ['maps_hotels'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'Hotels for a place and stay, with prices, ratings and sponsored flags',
    example: '/v1/maps_hotels/search?location=Paris&check_in=2030-06-10&check_out=2030-06-12&currency=EUR',
  },
  rentalDetails: {
    method: 'GET',
    path: '/v1/rental/listing/{listing_id}/details',
    handler: 'functions/rental/details.ts',
    provider: 'rental',
    product: 'details',
    auth: true,
    upstream: ['rental'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: "A rental listing's details: title, picture, rating, badge, host, guest rules",
    example: '/v1/rental/listing/40000001/details?check_in=2030-06-01&check_out=2030-06-04&adults=2',
  },
  rentalPricing: {
    method: 'GET',
    path: '/v1/rental/listing/{listing_id}/pricing',
    handler: 'functions/rental/pricing.ts',
    provider: 'rental',
    product: 'pricing',
    auth: true,
    upstream: ['rental'],
    statuses: [200, 400, 401, 404, 422, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'What a stay in a rental listing costs, with its breakdown',
    example:
      '/v1/rental/listing/40000001/pricing?check_in=2030-06-01&check_out=2030-06-04&adults=2&currency=EUR',
  },
  chainBSearch: {
    method: 'GET',
    path: '/v1/chain_b/search',
    handler: 'functions/chain-b/search.ts',
    provider: 'chain_b',
    product: 'search',
    auth: true,
    upstream: ['chain_b'],
    statuses: [200, 400, 401, 404, 422, 429, 502, 503, 504],
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    summary: 'chain_b hotels near coordinates or a destination slug, nearest first, with best offers',
    example: '/v1/chain_b/search?destination_slug=paris-fr&check_in=2030-06-10&check_out=2030-06-12&adults=2',
  },
  chainCSearch: {
    method: 'GET',
    path: '/v1/chain_c/loyalty/search',
    handler: 'functions/chain-c/search.ts',
    provider: 'chain_c',
    product: 'search',
    auth: true,
    upstream: ['chain_c'],
    statuses: [200, 400, 401, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'chain_c hotels near coordinates with cash and points prices, paged',
    example:
      '/v1/chain_c/loyalty/search?latitude=48.8566&longitude=2.3522&check_in=2030-06-10&check_out=2030-06-12',
  },
  siteBReviews: {
    method: 'GET',
    path: '/v1/site_b/hotel/reviews-from-url',
    handler: 'functions/site-b/reviews-from-url.ts',
    provider: 'site_b',
    product: 'reviews',
    auth: true,
    upstream: ['site_b'],
    globalErrors: true,
    extraction: { status: 400, code: 'HOTEL_ID_NOT_FOUND' },
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: { kind: 'global', status: 400, code: 'INVALID_PARAMETERS' },
    summary: 'A site_b hotel URL to a page of its reviews, 20 a page',
    example:
      '/v1/site_b/hotel/reviews-from-url?url=https%3A%2F%2Fwww.site-b.test%2Faurelia-suites-paris%2Fhotel%2Fparis-fr.html&sorting=7',
  },
  siteCReviews: {
    method: 'GET',
    path: '/v1/site_c/hotel/reviews-from-url',
    handler: 'functions/site-c/reviews-from-url.ts',
    provider: 'site_c',
    product: 'reviews',
    auth: true,
    upstream: ['site_c'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'A site_c hotel page URL to its reviews, newest first, by language',
    example:
      '/v1/site_c/hotel/reviews-from-url?url=https%3A%2F%2Fwww.site-c.test%2FHotel_Review-g180417-d314467-Reviews-Aurelia_Suites_Paris.html&per_page=5',
  },
  siteCPrices: {
    method: 'GET',
    path: '/v1/site_c/hotel/prices/{location_id}',
    handler: 'functions/site-c/prices.ts',
    provider: 'site_c',
    product: 'prices',
    auth: true,
    upstream: ['site_c'],
    statuses: [200, 400, 401, 404, 429, 502, 503, 504],
    validation: INVALID_PARAMETERS,
    summary: 'Prices of one hotel across sellers for a stay',
    example: '/v1/site_c/hotel/prices/314467?check_in=2030-06-01&check_out=2030-06-03&currency=EUR',
  },
} as const satisfies Record<string, Route>;

export type RouteId = keyof typeof routes;
export const routeList: readonly Route[] = Object.values(routes);
/** Every route with its manifest id (the CDK stack names functions after it). */
export const routeEntries = Object.entries(routes) as [RouteId, Route][];
