/**
 * The route manifest: the one list of endpoints. The local server, the CDK stack, the `GET /`
 * listing, the OpenAPI document and the manifest-driven tests all read it. Each route declares its
 * own error codes here, once: handlers raise by code (`ctx.fail`), the error renderer picks the body
 * dialect, and the documented statuses, the OpenAPI responses and the tests derive from it.
 */

/** How a failed parameter validation is rendered for a route (each endpoint documents its own). */
export type ValidationStyle =
  /** Problem Details with this status and error_code, plus an `errors` array naming each bad parameter. */
  | { kind: 'problem'; status: 400 | 422; code: string }
  /** 400 `{detail: [{loc, msg, type}]}` (meta match). */
  | { kind: 'detail-array' }
  /** The global `{error: {code, message, details}}` body (site_b reviews-from-url). */
  | { kind: 'global'; status: 400; code: string };

/** One documented error of a route: its status and when it happens. */
export interface ErrorSpec {
  status: number;
  when: string;
}

export interface Route {
  method: 'GET' | 'POST';
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
  validation: ValidationStyle;
  /** Upstream sources the route calls (provider tokens); such routes also document 502, 503 and 504. */
  upstream?: readonly string[];
  /** The route's own error codes, beyond the shared ones (validation, auth, upstream). */
  errors: Readonly<Record<string, ErrorSpec>>;
  /** The code (of `errors`) for an answer that lost its structure or failed the contract check; default 502 UPSTREAM_ERROR. */
  extraction?: string;
  /** The code (of `errors`) for an upstream rate limit, when the route documents its own (default 503 with Retry-After). */
  rateLimited?: string;
  /** Every error of the route in the global `{error: {code, message, details}}` shape (site_b reviews-from-url). */
  globalErrors?: boolean;
  summary: string;
  /** A working example request: path and query string (dates far enough ahead not to expire soon). */
  example: string;
  /**
   * Set on the routes that serve no JSON data: the API reference (`reference`: the interactive page, its
   * assets and the OpenAPI document), the MCP endpoint (`mcp`) and the accounts dashboard with the
   * browser's session API behind it (`account`: cookies and CSRF tokens, not API keys). They are deployed
   * and served like every route, but are no operation of the OpenAPI document and no MCP tool; their own
   * tests cover them.
   */
  kind?: 'reference' | 'mcp' | 'account';
  /** `false` on a keyed route that reads the quota without spending it (the usage endpoint): it never answers 429. */
  counted?: false;
}

/** The body an error is rendered in. */
export type Dialect = 'problem' | 'global' | 'detail-array';

/** An error a route documents, with the body it is rendered in. */
export interface DocumentedError extends ErrorSpec {
  code: string;
  dialect: Dialect;
}

/** Errors every route that goes upstream shares (spec: Errors; upstream failures surface as 502, 503 or 504). */
export const UPSTREAM_ERRORS = {
  UPSTREAM_ERROR: { status: 502, when: 'the source failed or answered something unusable' },
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    when: 'the source is rate-limited, in maintenance or failing; Retry-After says when to retry',
  },
  UPSTREAM_TIMEOUT: { status: 504, when: 'the source did not answer in time' },
} as const satisfies Record<string, ErrorSpec>;

/** Errors every keyed route shares, in the global body. */
export const AUTH_ERRORS = {
  unauthorized: { status: 401, when: 'API key missing or invalid' },
  rate_limit_exceeded: { status: 429, when: "the key's daily quota is used up; Retry-After gives the reset" },
} as const satisfies Record<string, ErrorSpec>;

/** Errors every route of the accounts dashboard that needs a signed-in session shares. */
export const SESSION_ERRORS = {
  NOT_SIGNED_IN: { status: 401, when: 'no session cookie: sign in first' },
  SESSION_EXPIRED: {
    status: 401,
    when: 'the session cookie is expired, signed out or unknown: sign in again',
  },
} as const satisfies Record<string, ErrorSpec>;

/** Errors every state-changing request of the accounts dashboard shares (CSRF protection). */
export const CSRF_ERRORS = {
  CSRF_TOKEN_MISSING: { status: 403, when: 'the X-CSRF-Token header is missing' },
  CSRF_TOKEN_INVALID: {
    status: 403,
    when: "the X-CSRF-Token header does not match the session's token, or the request came from another origin",
  },
} as const satisfies Record<string, ErrorSpec>;

/** The codes a route can raise with `ctx.fail`: its own and the shared upstream ones. */
export type ErrorCode<R extends Route> = (
  keyof R['errors'] | keyof typeof UPSTREAM_ERRORS | (R['validation'] extends { code: infer C } ? C : never)
) &
  string;

const STAY_ERRORS = {
  INVALID_DATE_FORMAT: { status: 400, when: 'check_in or check_out not YYYY-MM-DD' },
  PAST_DATES: { status: 400, when: 'check_in before today (UTC)' },
  INVALID_DATES: { status: 400, when: 'check_out not strictly after check_in' },
} as const;
const CURRENCY_ERRORS = {
  INVALID_CURRENCY: { status: 400, when: 'currency is not an ISO 4217 code' },
} as const;
const NO_RESULTS = {
  status: 404,
  when: 'nothing found: an empty search, or a page or offset past the end',
} as const;
const INVALID_PARAMETERS = { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' } as const;
/** A dashboard request whose body or path fails its schema. */
const ACCOUNT_INPUT = { kind: 'problem', status: 400, code: 'INVALID_INPUT' } as const;

export const routes = {
  root: {
    method: 'GET',
    path: '/',
    handler: 'functions/health/root.ts',
    provider: 'service',
    product: 'info',
    auth: false,
    validation: INVALID_PARAMETERS,
    errors: {},
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
    validation: INVALID_PARAMETERS,
    errors: {},
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
    validation: INVALID_PARAMETERS,
    errors: {},
    summary: 'Version 1 health status',
    example: '/v1/health',
  },
  docs: {
    method: 'GET',
    path: '/docs',
    handler: 'functions/docs/page.ts',
    provider: 'service',
    product: 'docs',
    auth: false,
    kind: 'reference',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary:
      'Interactive API reference: every operation, tried with your key ("Authorize", then "Try it out")',
    example: '/docs',
  },
  docsAsset: {
    method: 'GET',
    path: '/docs/{asset}',
    handler: 'functions/docs/asset.ts',
    provider: 'service',
    product: 'docs',
    auth: false,
    kind: 'reference',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary: "The reference page's scripts and styles, served by the API itself",
    example: '/docs/swagger-ui.css',
  },
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    handler: 'functions/docs/openapi.ts',
    provider: 'service',
    product: 'openapi',
    auth: false,
    kind: 'reference',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary: 'The OpenAPI 3.1 document of every operation, with this deployment as its server',
    example: '/openapi.json',
  },
  mcp: {
    method: 'POST',
    path: '/mcp',
    handler: 'functions/mcp/mcp.ts',
    provider: 'service',
    product: 'mcp',
    auth: true,
    kind: 'mcp',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary:
      'MCP server for AI agents (streamable HTTP): every data endpoint as a tool; each tool call counts as one request',
    example: '/mcp',
  },
  coordinatesLookup: {
    method: 'GET',
    path: '/v1/meta/coordinates-lookup',
    handler: 'functions/meta/coordinates-lookup.ts',
    provider: 'meta',
    product: 'coordinates-lookup',
    auth: true,
    validation: { kind: 'problem', status: 400, code: 'INVALID_INPUT' },
    errors: { UPSTREAM_ERROR: { status: 502, when: 'the place index is unavailable' } },
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
  siteBUrlToId: {
    method: 'GET',
    path: '/v1/site_b/hotel/url-to-id',
    handler: 'functions/site-b/url-to-id.ts',
    provider: 'site_b',
    product: 'url-to-id',
    auth: true,
    upstream: ['site_b'],
    validation: { kind: 'problem', status: 400, code: 'INVALID_URL' },
    errors: {
      INVALID_URL: { status: 400, when: 'url is not a site_b hotel URL of a documented shape' },
      HOTEL_NOT_FOUND: {
        status: 404,
        when: 'no site_b hotel page at that URL (short form: no hotel with that id)',
      },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      DESTINATION_NOT_FOUND: { status: 404, when: 'no city matched' },
      DESTINATION_AMBIGUOUS: { status: 409, when: 'several cities match; limit=1 does not force a match' },
      DESTINATION_NOT_CITY: { status: 422, when: 'the destination is a region or island' },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      HOTEL_NOT_FOUND: { status: 404, when: 'hotel_code not recognized' },
      UPSTREAM_ERROR: {
        status: 502,
        when:
          'chain_a could not complete or validate the request, or its answer lost its structure; ' +
          'upstream_status carries the HTTP status chain_a answered with, when it answered',
      },
    },
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
    validation: { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' },
    errors: {
      INVALID_DATE_FORMAT: { status: 400, when: 'date not YYYY-MM-DD' },
      INVALID_TIME_FORMAT: { status: 400, when: 'preferred_time not HH:MM (24-hour)' },
      PAST_DATE: { status: 400, when: 'date in the past' },
      RESTAURANT_NOT_FOUND: { status: 404, when: 'no restaurant with that id' },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      INVALID_PARAMETERS: {
        status: 400,
        when: 'data_id missing or invalid, or next_page_token invalid or expired',
      },
      NO_RESULTS: { status: 404, when: 'no reviews for the data_id' },
      RATE_LIMITED: { status: 429, when: 'the source limits requests; Retry-After says when to retry' },
      INTERNAL_ERROR: { status: 500, when: 'server error' },
    },
    rateLimited: 'RATE_LIMITED',
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
    validation: { kind: 'problem', status: 422, code: 'VALIDATION_ERROR' },
    errors: {
      NO_RESULTS: { status: 404, when: 'no place matched' },
      NO_REVIEWS: { status: 404, when: 'place found, no reviews' },
      EXTRACTION_FAILED: { status: 502, when: 'no usable data_id could be read' },
    },
    extraction: 'EXTRACTION_FAILED',
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
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one the maps service prices in',
      },
      NO_RESULTS: { status: 404, when: 'no hotel for the place and stay (after min_rating)' },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      ...CURRENCY_ERRORS,
      LISTING_NOT_FOUND: { status: 404, when: 'no listing with that id' },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one rental prices in',
      },
      LISTING_NOT_FOUND: { status: 404, when: 'no listing with that id' },
      DATES_UNAVAILABLE: { status: 422, when: 'the listing cannot be booked for those dates' },
      TOO_MANY_GUESTS: { status: 422, when: 'more guests than the listing takes' },
    },
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
  chainCSearch: {
    method: 'GET',
    path: '/v1/chain_c/loyalty/search',
    handler: 'functions/chain-c/search.ts',
    provider: 'chain_c',
    product: 'search',
    auth: true,
    upstream: ['chain_c'],
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one chain_c prices in',
      },
      NO_RESULTS,
    },
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
    validation: { kind: 'global', status: 400, code: 'INVALID_PARAMETERS' },
    errors: {
      INVALID_URL: { status: 400, when: 'URL is not a valid hotel URL of the site' },
      HOTEL_ID_NOT_FOUND: {
        status: 400,
        when: 'hotel id could not be extracted: site_b has no page at the URL, or the page carries no id',
      },
      NO_RESULTS: { status: 404, when: 'the hotel has no reviews, or page is past the last one' },
    },
    extraction: 'HOTEL_ID_NOT_FOUND',
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
    validation: INVALID_PARAMETERS,
    errors: {
      INVALID_URL: { status: 400, when: 'URL is not a site_c hotel page' },
      LOCATION_NOT_FOUND: { status: 404, when: 'no site_c hotel with that id' },
      NO_RESULTS: {
        status: 404,
        when: 'the hotel has no reviews (in the language asked for), or page is past the last one',
      },
    },
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
    validation: INVALID_PARAMETERS,
    errors: {
      ...STAY_ERRORS,
      INVALID_CURRENCY: {
        status: 400,
        when: 'currency is not an ISO 4217 code, or not one site_c prices in',
      },
      LOCATION_NOT_FOUND: { status: 404, when: 'no site_c hotel with that id' },
      NO_RESULTS: { status: 404, when: 'no seller offers the stay' },
    },
    summary: 'Prices of one hotel across sellers for a stay',
    example: '/v1/site_c/hotel/prices/314467?check_in=2030-06-01&check_out=2030-06-03&currency=EUR',
  },
  accountUsage: {
    method: 'GET',
    path: '/v1/account/usage',
    handler: 'functions/account/usage.ts',
    provider: 'account',
    product: 'usage',
    auth: true,
    counted: false,
    validation: INVALID_PARAMETERS,
    errors: {},
    summary:
      "The calling key's tier, today's quota (used, remaining, limit, reset) and its daily requests for the last 30 days, per endpoint; not counted against the quota",
    example: '/v1/account/usage',
  },
  dashboard: {
    method: 'GET',
    path: '/dashboard',
    handler: 'functions/account/dashboard.ts',
    provider: 'account',
    product: 'dashboard',
    auth: false,
    kind: 'account',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary: 'The accounts dashboard: sign up, sign in, keys, usage chart, remaining quota',
    example: '/dashboard',
  },
  dashboardAsset: {
    method: 'GET',
    path: '/dashboard/{asset}',
    handler: 'functions/account/dashboard-asset.ts',
    provider: 'account',
    product: 'dashboard',
    auth: false,
    kind: 'account',
    validation: INVALID_PARAMETERS,
    errors: {},
    summary:
      "The dashboard's script and styles (chart library included), bundled and served by the API itself",
    example: '/dashboard/app.js',
  },
  accountSession: {
    method: 'GET',
    path: '/account/session',
    handler: 'functions/account/session.ts',
    provider: 'account',
    product: 'session',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {},
    summary: 'Whether the browser is signed in, its account, and the CSRF token for its next requests',
    example: '/account/session',
  },
  accountSignUp: {
    method: 'POST',
    path: '/account/signup',
    handler: 'functions/account/signup.ts',
    provider: 'account',
    product: 'signup',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...CSRF_ERRORS,
      WEAK_PASSWORD: {
        status: 400,
        when: 'the password is shorter than 12 characters, common, or made of the email',
      },
      TOO_MANY_ATTEMPTS: {
        status: 429,
        when: 'too many sign-ups from this address; Retry-After says when to retry',
      },
    },
    summary:
      'Signs up with email and password; the same answer whether or not the email is registered, a verification link is mailed',
    example: '/account/signup',
  },
  accountVerify: {
    method: 'POST',
    path: '/account/verify',
    handler: 'functions/account/verify.ts',
    provider: 'account',
    product: 'verify',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...CSRF_ERRORS,
      INVALID_TOKEN: { status: 400, when: 'the verification link is unknown, used or expired' },
    },
    summary: "Verifies the account's email with the token of the mailed link",
    example: '/account/verify',
  },
  accountSignIn: {
    method: 'POST',
    path: '/account/signin',
    handler: 'functions/account/signin.ts',
    provider: 'account',
    product: 'signin',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...CSRF_ERRORS,
      INVALID_CREDENTIALS: { status: 401, when: 'the email and password match no verified account' },
      EMAIL_NOT_VERIFIED: { status: 403, when: 'the password is right but the email is not verified yet' },
      TOO_MANY_ATTEMPTS: {
        status: 429,
        when: 'too many failed sign-ins for this account or from this address; Retry-After says when to retry',
      },
    },
    summary: 'Signs in: sets the HttpOnly session cookie and returns a new CSRF token',
    example: '/account/signin',
  },
  accountSignOut: {
    method: 'POST',
    path: '/account/signout',
    handler: 'functions/account/signout.ts',
    provider: 'account',
    product: 'signout',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: { ...CSRF_ERRORS },
    summary: 'Signs out: ends the session and clears its cookie',
    example: '/account/signout',
  },
  accountKeys: {
    method: 'GET',
    path: '/account/keys',
    handler: 'functions/account/keys-list.ts',
    provider: 'account',
    product: 'keys',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: { ...SESSION_ERRORS },
    summary: "The account's keys: name, prefix, created, last used, today's count, status",
    example: '/account/keys',
  },
  accountKeyCreate: {
    method: 'POST',
    path: '/account/keys',
    handler: 'functions/account/keys-create.ts',
    provider: 'account',
    product: 'keys',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...SESSION_ERRORS,
      ...CSRF_ERRORS,
      KEY_LIMIT_REACHED: { status: 409, when: 'the account already has as many live keys as its cap allows' },
    },
    summary: "Creates a named key on the account's tier; the key is in this answer only, and works at once",
    example: '/account/keys',
  },
  accountKeyRevoke: {
    method: 'POST',
    path: '/account/keys/{key_id}/revoke',
    handler: 'functions/account/keys-revoke.ts',
    provider: 'account',
    product: 'keys',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...SESSION_ERRORS,
      ...CSRF_ERRORS,
      KEY_NOT_FOUND: { status: 404, when: 'the account has no key with this id' },
      KEY_ALREADY_REVOKED: { status: 409, when: 'the key is revoked already' },
    },
    summary: 'Revokes a key: the API refuses it from then on',
    example: '/account/keys/0123456789abcdef/revoke',
  },
  accountKeyRotate: {
    method: 'POST',
    path: '/account/keys/{key_id}/rotate',
    handler: 'functions/account/keys-rotate.ts',
    provider: 'account',
    product: 'keys',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: {
      ...SESSION_ERRORS,
      ...CSRF_ERRORS,
      KEY_NOT_FOUND: { status: 404, when: 'the account has no key with this id' },
      KEY_ALREADY_REVOKED: { status: 409, when: 'the key is revoked already' },
    },
    summary: 'Replaces a key by a new one of the same name, shown once; the old one is revoked',
    example: '/account/keys/0123456789abcdef/rotate',
  },
  accountActivity: {
    method: 'GET',
    path: '/account/activity',
    handler: 'functions/account/activity.ts',
    provider: 'account',
    product: 'usage',
    auth: false,
    kind: 'account',
    validation: ACCOUNT_INPUT,
    errors: { ...SESSION_ERRORS },
    summary:
      "The account's requests per day for the last 30 days, per key and per endpoint, and each key's quota today",
    example: '/account/activity',
  },
} as const satisfies Record<string, Route>;

export type RouteId = keyof typeof routes;
export const routeList: readonly Route[] = Object.values(routes);
/** Every route with its manifest id (the CDK stack names functions after it). */
export const routeEntries = Object.entries(routes) as [RouteId, Route][];
/** The operations of the OpenAPI document: every route but the reference and the MCP endpoint. */
export const operationEntries = routeEntries.filter(([, r]) => r.kind === undefined);
export const operationList: readonly Route[] = operationEntries.map(([, r]) => r);
/** The ids of the data routes: the keyed operations. */
export type DataRouteId = {
  [K in RouteId]: (typeof routes)[K] extends { kind: string } | { counted: false }
    ? never
    : (typeof routes)[K]['auth'] extends true
      ? K
      : never;
}[RouteId];
/** The data routes, each one MCP tool (the usage endpoint, which spends no quota, is no tool). */
export const dataEntries = operationEntries.filter(([, r]) => r.auth && r.counted !== false) as [
  DataRouteId,
  Route,
][];

/**
 * Every error a route can answer with, derived from its declaration: its validation error, the
 * shared auth and upstream errors, and its own codes, each with the body it is rendered in.
 * @example documentedErrors(routes.chainARooms).find((e) => e.code === 'HOTEL_NOT_FOUND')?.status // 404
 */
export function documentedErrors(route: Route): DocumentedError[] {
  const own: Dialect = route.globalErrors ? 'global' : 'problem';
  const out = new Map<string, DocumentedError>();
  const add = (code: string, spec: ErrorSpec, dialect: Dialect) => {
    if (!out.has(`${spec.status} ${code}`)) out.set(`${spec.status} ${code}`, { code, dialect, ...spec });
  };
  const v = route.validation;
  if (v.kind === 'detail-array')
    add('detail', { status: 400, when: 'missing or invalid parameters' }, 'detail-array');
  else
    add(
      v.code,
      { status: v.status, when: 'missing or invalid parameters' },
      v.kind === 'global' ? 'global' : 'problem',
    );
  if (route.auth)
    for (const [code, spec] of Object.entries(AUTH_ERRORS))
      if (route.counted !== false || code !== 'rate_limit_exceeded') add(code, spec, 'global');
  for (const [code, spec] of Object.entries(route.errors)) add(code, spec, own);
  if (route.upstream?.length)
    for (const [code, spec] of Object.entries(UPSTREAM_ERRORS)) add(code, spec, own);
  return [...out.values()];
}

/** The statuses a route answers with: 200 and those of its documented errors. @example statusesOf(routes.health) // [200] */
export function statusesOf(route: Route): number[] {
  return [...new Set([200, ...documentedErrors(route).map((e) => e.status)])].sort((a, b) => a - b);
}

/**
 * The declaration of one of a route's codes: its own, its validation code, or a shared upstream one.
 * @example errorSpec(routes.chainARooms, 'HOTEL_NOT_FOUND')?.status // 404
 */
export function errorSpec(route: Route, code: string): ErrorSpec | undefined {
  return documentedErrors(route).find((e) => e.code === code && e.dialect !== 'detail-array');
}
