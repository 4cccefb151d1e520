/**
 * The types of the route manifest (`index.ts`) and the error sets its areas share. Each route declares
 * its own error codes, once: handlers raise by code (`ctx.error`), the error renderer picks the body
 * dialect, and the documented statuses, the OpenAPI responses and the tests derive from it.
 */
import { EDGE_REFUSALS, STATUS } from '../errors.ts';
import type { ConnectorToken, ProviderToken } from '../tokens.ts';

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
  /**
   * A definitive answer of the source, billed like a 2xx (shared/http/daily-quota-billing.ts). Without it,
   * a 404 NO_RESULTS or `*_NOT_FOUND` is billed and every other error is free.
   */
  billed?: boolean;
  /**
   * The body it comes in when not the route's own: the MCP endpoint's JSON-RPC errors, the global body of a
   * refusal made before the route's code (the reference's unknown asset, a body over the size limit).
   */
  dialect?: Dialect;
}

/**
 * What a watch (POST /v1/watches, issue #38) may follow in a route's answer, declared once on the route: each
 * a path into the answer's JSON, `[]` for every element of a list. A route without it cannot be watched.
 */
export interface WatchFields {
  /** Where the prices are: a watch follows the lowest number found there. */
  price?: string;
  /** Where availability is stated: `AVAILABLE`, `true` or a non-empty list there reads as available. */
  availability?: string;
  /** Where the rating is: a number. */
  rating?: string;
  /**
   * The route's error codes that state nothing is free or priced for the stay (a sold-out search's
   * NO_RESULTS, a rental's DATES_UNAVAILABLE): a state to watch, not a refusal. A check answered so reads
   * as not available, with no price, and the watch goes on; a 200 then reads as available unless
   * `availability` says otherwise.
   */
  unavailable?: readonly string[];
  /**
   * Where a null says that an entry could not be read (one hotel's offers failing in a search that kept the
   * others): such an answer is partial, and a check records it without comparing it (one entry's glitch
   * never reads as a change), checked again at the watch's interval.
   */
  unread?: string;
  /** The query parameter holding the watched stay's or date's first day: once it is past, the watch ends. */
  ends: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** API Gateway path, with `{name}` for path parameters. */
  path: string;
  /** Handler module, relative to the project root; it exports `handler`. */
  handler: string;
  /**
   * Provider token (or `meta`, `service`, `account` for our own endpoints); echoed in Problem Details as
   * `provider`.
   */
  provider: ProviderToken | 'meta' | 'service' | 'account';
  /** Echoed in Problem Details as `product`. */
  product: string;
  /** Whether the route requires `x-api-key`. Keyed routes also document 401 and 429. */
  auth: boolean;
  validation: ValidationStyle;
  /** Upstream sources the route calls (provider tokens); such routes also document 502, 503 and 504. */
  upstream?: readonly ConnectorToken[];
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
   * tests cover them. `watch`: the watches resource (`/v1/watches`, keyed, JSON bodies; not counted
   * against the quota, its checks are), documented with the webhooks it sends.
   */
  kind?: 'reference' | 'mcp' | 'account' | 'watch';
  /** The answer's fields a watch may follow (a data route with a stay or a date); absent: not watchable. */
  watch?: WatchFields;
  /** The success statuses, when not 200 alone (a sign-up's 202 Accepted, a new key's 201 Created). */
  success?: readonly number[];
  /** `false` on a keyed route that reads the quota without spending it (the usage endpoint): it never answers 429. */
  counted?: false;
}

/** The body an error is rendered in. */
export type Dialect = 'problem' | 'global' | 'detail-array' | 'json-rpc';

/** An error a route documents, with the body it is rendered in. */
export interface DocumentedError extends ErrorSpec {
  code: string;
  dialect: Dialect;
}

/** Errors every route that goes upstream shares (spec: Errors; upstream failures surface as 502, 503 or 504). */
export const UPSTREAM_ERRORS = {
  UPSTREAM_ERROR: { status: STATUS.badGateway, when: 'the source failed or answered something unusable' },
  UPSTREAM_UNAVAILABLE: {
    status: STATUS.serviceUnavailable,
    when: 'the source is rate-limited, in maintenance or failing; Retry-After says when to retry',
  },
  UPSTREAM_TIMEOUT: { status: STATUS.gatewayTimeout, when: 'the source did not answer in time' },
} as const satisfies Record<string, ErrorSpec>;

/**
 * What the edge (API Gateway deployed, infra/local/edge.ts locally) refuses before any route's code runs
 * (shared/errors.ts EDGE_REFUSALS), documented for every route (`documentedErrors`), in the body of the route's
 * own errors (`edgeDialect`): Problem Details (`MALFORMED_REQUEST`, `CONTENT_TOO_LARGE`, RFC 9110's name for
 * 413) or the global body (`bad_request`, `payload_too_large`). A target that names no route gets the global
 * body, as an unknown path's 404 does.
 */
const { malformed, tooLarge } = EDGE_REFUSALS;
const EDGE_MALFORMED = {
  status: malformed.status,
  when: 'the request could not be read: headers over 1 MB or malformed, no Host header, a dot segment (`.`, `..`, `%2e`) in the path, or a target that is not a path (absolute or asterisk form)',
} as const satisfies ErrorSpec;
const EDGE_TOO_LARGE = {
  status: tooLarge.status,
  when: 'the request body is larger than 10 MB: refused before the function, and the connection is closed',
} as const satisfies ErrorSpec;
export const EDGE_ERRORS = {
  problem: { [malformed.problemCode]: EDGE_MALFORMED, [tooLarge.problemCode]: EDGE_TOO_LARGE },
  global: { [malformed.code]: EDGE_MALFORMED, [tooLarge.code]: EDGE_TOO_LARGE },
} as const satisfies Record<'problem' | 'global', Record<string, ErrorSpec>>;

/** Errors every keyed route shares, in the global body. */
export const AUTH_ERRORS = {
  unauthorized: { status: STATUS.unauthorized, when: 'API key missing or invalid' },
  rate_limit_exceeded: {
    status: STATUS.tooManyRequests,
    when: "the key's daily quota is used up; Retry-After gives the reset",
  },
} as const satisfies Record<string, ErrorSpec>;

/** An error of a route's declaration, the status its kind implies, in the route's words. */
type Spec<S extends number> = { readonly status: S; readonly when: string };

/**
 * Errors of one status, each code in its own words.
 * @example withStatus(STATUS.forbidden, { CSRF_TOKEN_MISSING: 'the X-CSRF-Token header is missing' })
 * // { CSRF_TOKEN_MISSING: { status: 403, when: 'the X-CSRF-Token header is missing' } }
 */
export function withStatus<const S extends number, const C extends string>(
  status: S,
  whens: Record<C, string>,
): Readonly<Record<C, Spec<S>>> {
  return Object.fromEntries(
    Object.entries<string>(whens).map(([code, when]) => [code, { status, when }]),
  ) as Record<C, Spec<S>>;
}

/** Errors every route of the accounts dashboard that needs a signed-in session shares. */
export const SESSION_ERRORS = withStatus(STATUS.unauthorized, {
  NOT_SIGNED_IN: 'no session cookie: sign in first',
  SESSION_EXPIRED: 'the session cookie is expired, signed out or unknown: sign in again',
});

/** Errors every state-changing request of the accounts dashboard shares (CSRF protection). */
export const CSRF_ERRORS = withStatus(STATUS.forbidden, {
  CSRF_TOKEN_MISSING: 'the X-CSRF-Token header is missing',
  CSRF_TOKEN_INVALID:
    "the X-CSRF-Token header does not match the session's token, or the request came from another origin",
});

/** The codes a route can raise with `ctx.error`: its own and the shared upstream ones. */
export type ErrorCode<R extends Route> = (
  keyof R['errors'] | keyof typeof UPSTREAM_ERRORS | (R['validation'] extends { code: infer C } ? C : never)
) &
  string;

/** When a route's dates are refused, in the words of its date parameters. */
interface DateWhen {
  /** Not in the parameters' format: 400 INVALID_DATE_FORMAT. */
  format: string;
  /** Already past: 400 PAST_DATES. */
  past: string;
  /** A range out of order or out of bounds, where the route takes one: 400 INVALID_DATES. */
  range?: string;
}
type DateErrors<W extends DateWhen> = Readonly<
  Record<
    'INVALID_DATE_FORMAT' | 'PAST_DATES' | (W extends { range: string } ? 'INVALID_DATES' : never),
    Spec<400>
  >
>;

/**
 * The date errors of a route that takes dates, each a 400 in the words of its own parameters.
 * @example errors: { ...dateErrors({ format: 'start_month not YYYY-MM', past: 'start_month before the current month (UTC)' }) }
 */
export function dateErrors<const W extends DateWhen>(when: W): DateErrors<W> {
  const whens: Record<string, string> = { INVALID_DATE_FORMAT: when.format, PAST_DATES: when.past };
  if (when.range !== undefined) whens.INVALID_DATES = when.range;
  return withStatus(STATUS.badRequest, whens) as DateErrors<W>;
}

/**
 * The stay errors of a route that takes check_in and check_out, with the limits of its stay (INVALID_DATES).
 * @example errors: { ...stayErrors('check_out not after check_in, or more than 30 nights after it') }
 */
export const stayErrors = (range: string) =>
  dateErrors({ format: 'check_in or check_out not YYYY-MM-DD', past: 'check_in before today (UTC)', range });

/** The stay errors of every route that takes check_in and check_out, unless its source sets other limits. */
export const STAY_ERRORS = stayErrors(
  'check_out not after check_in, more than 30 nights after it, or beyond the booking horizon (5 years)',
);
/** The stay errors of a hotel's rooms where the source's own booking horizon applies (chain_b, chain_c). */
export const SOURCE_HORIZON_STAY_ERRORS = stayErrors(
  'check_out not after check_in, more than 30 nights after it, or beyond the booking horizon',
);
/** When a route's id is refused, in the words of its parameter and its source. */
interface IdWhen {
  /** Not in the source's form: 400 INVALID_<T>_ID. */
  invalid: string;
  /** Unknown to the source: 404 <T>_NOT_FOUND. */
  unknown: string;
}
type IdErrors<T extends string> = Readonly<
  Record<`INVALID_${T}_ID`, Spec<400>> & Record<`${T}_NOT_FOUND`, Spec<404>>
>;

/**
 * The errors of a route that names a source's record by its id, in the contract's words: 400 INVALID_<T>_ID
 * for an id not in the source's form, 404 <T>_NOT_FOUND for one the source does not know.
 * @example idErrors('PROPERTY', { invalid: 'property_id is not …', unknown: 'chain_c has no property …' })
 * // { INVALID_PROPERTY_ID: { status: 400, … }, PROPERTY_NOT_FOUND: { status: 404, … } }
 */
export function idErrors<const T extends string>(thing: T, when: IdWhen): IdErrors<T> {
  return {
    [`INVALID_${thing}_ID`]: { status: 400, when: when.invalid },
    [`${thing}_NOT_FOUND`]: { status: 404, when: when.unknown },
  } as IdErrors<T>;
}
/** The currency error of a route that takes a currency. */
export const CURRENCY_ERRORS = {
  INVALID_CURRENCY: { status: 400, when: 'currency is not an ISO 4217 code' },
} as const;
/**
 * The currency error of a route whose source prices in some currencies only, named in its words.
 * @example errors: { ...pricedIn('chain_b'), HOTEL_NOT_FOUND }
 */
export const pricedIn = (source: string) =>
  ({
    INVALID_CURRENCY: {
      status: 400,
      when: `currency is not an ISO 4217 code, or not one ${source} prices in`,
    },
  }) as const;
/** The 404 of a search that found nothing or paged past the end. */
export const NO_RESULTS = {
  status: 404,
  when: 'nothing found: an empty search, or a page or offset past the end',
} as const;
/** The usual validation: 400 INVALID_PARAMETERS in Problem Details. */
export const INVALID_PARAMETERS = { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' } as const;
/** A dashboard request whose body or path fails its schema. */
export const ACCOUNT_INPUT = { kind: 'problem', status: 400, code: 'INVALID_INPUT' } as const;
/** A URL-taking route's validation: a missing or unusable url is 400 INVALID_URL. */
export const INVALID_URL_INPUT = { kind: 'problem', status: 400, code: 'INVALID_URL' } as const;
/** A route that answers a missing parameter or a bound out of range with 422 INVALID_PARAMETERS. */
export const UNPROCESSABLE_PARAMETERS = { kind: 'problem', status: 422, code: 'INVALID_PARAMETERS' } as const;
