/**
 * Typed errors. Handlers and middlewares throw these; one middleware (`shared/http/error-handler.ts`)
 * renders them, so no handler builds an error response inline.
 */

/**
 * The HTTP statuses of the error vocabulary, each written once: the API's own refusals and failures, and the
 * sources' answers the transport reads. Everything else names them (`STATUS.badGateway`), so a search for a
 * number finds its one definition.
 */
export const STATUS = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  contentTooLarge: 413,
  unprocessableContent: 422,
  tooManyRequests: 429,
  internalServerError: 500,
  badGateway: 502,
  serviceUnavailable: 503,
  gatewayTimeout: 504,
} as const;

/**
 * What the edge refuses before any route's code runs (API Gateway deployed, infra/local/edge.ts locally), each
 * declared once: its status, its code in the global body, what it says, and for the two every route documents
 * (shared/routes/types.ts EDGE_ERRORS) its code in Problem Details. The handlers that answer an unknown asset
 * or a wrong method say it in the same words.
 */
export const EDGE_REFUSALS = {
  malformed: {
    status: STATUS.badRequest,
    code: 'bad_request',
    problemCode: 'MALFORMED_REQUEST',
    message: 'The request could not be read.',
  },
  tooLarge: {
    status: STATUS.contentTooLarge,
    code: 'payload_too_large',
    problemCode: 'CONTENT_TOO_LARGE',
    message: 'Request body too large.',
  },
  notFound: { status: STATUS.notFound, code: 'not_found', message: 'No such endpoint.' },
  methodNotAllowed: {
    status: STATUS.methodNotAllowed,
    code: 'method_not_allowed',
    message: 'Method not allowed.',
  },
} as const;

/** Extra members a Problem Details body may carry beyond the standard ones (spec: Errors). */
export type ProblemExtras = Record<string, unknown>;

interface ErrorOptions {
  headers?: Record<string, string>;
  cause?: unknown;
}

/** What a Problem Details error may carry beyond its status, code and detail. */
export type ProblemOptions = ErrorOptions & { title?: string; extras?: ProblemExtras };

/**
 * An endpoint-level error rendered as RFC 7807 Problem Details.
 * @example throw new ProblemError(404, 'HOTEL_NOT_FOUND', 'No hotel with code XYZ.');
 */
export class ProblemError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly title: string;
  readonly extras: ProblemExtras;
  readonly headers: Record<string, string>;

  constructor(status: number, errorCode: string, detail: string, options: ProblemOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = 'ProblemError';
    this.status = status;
    this.errorCode = errorCode;
    this.title = options.title ?? titleFromCode(errorCode);
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
  }
}

/**
 * A refusal by one of a route's declared codes, raised where the route is not known (the accounts' and the
 * watches' services): the route's declaration gives it its status when it is answered (shared/routes/errors.ts
 * `answered`).
 * @example throw new DeclaredError('KEY_NOT_FOUND', 'This account has no key k_1.');
 */
export class DeclaredError extends Error {
  readonly code: string;
  readonly headers: Record<string, string>;
  /** Members the problem carries beyond the standard ones (a validation refusal's `errors`). */
  readonly extras: ProblemExtras;

  constructor(
    code: string,
    detail: string,
    headers: Record<string, string> = {},
    extras: ProblemExtras = {},
  ) {
    super(detail);
    this.name = new.target.name;
    this.code = code;
    this.headers = headers;
    this.extras = extras;
  }
}

/**
 * An error in the spec's global shape `{error: {code, message, details}}` (authentication, rate limits,
 * and endpoints documented to use it).
 * @example throw new GlobalError(400, 'INVALID_URL', 'The URL is not a hotel page.', 'url: expected /hotel/...');
 */
export class GlobalError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, details: string, options: ErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'GlobalError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = options.headers ?? {};
  }
}

/** 401 `unauthorized`: API key missing or not recognised. */
export class UnauthorizedError extends GlobalError {
  constructor(details: string) {
    super(
      STATUS.unauthorized,
      'unauthorized',
      'A valid API key is required in the x-api-key header.',
      details,
    );
    this.name = 'UnauthorizedError';
  }
}

/** 429 `rate_limit_exceeded`: the key's daily quota is used up; `Retry-After` points at the next UTC midnight. */
export class RateLimitExceededError extends GlobalError {
  /**
   * `rule`: what the quota bills, said after the numbers (shared/http/daily-quota-billing.ts). `inFlight`:
   * the refusal came while that many calls of the key were still running with their reservation, any of
   * which may yet be given back, so the quota is not known to be used up: a short wait, said as such.
   */
  constructor(limit: number, retryAfterSeconds: number, rule = '', inFlight = 0) {
    super(
      STATUS.tooManyRequests,
      'rate_limit_exceeded',
      inFlight
        ? 'The last calls of the daily quota are held by calls still running.'
        : 'Daily request quota exceeded for this API key.',
      inFlight
        ? `${inFlight} call(s) of this key are still running and hold the last of its ${limit} requests per UTC day; a call that is not billed gives its request back when it ends. Retry in ${retryAfterSeconds} s.${rule ? ` ${rule}` : ''}`
        : `The quota of ${limit} requests per UTC day is used up; it resets in ${hoursAndMinutes(retryAfterSeconds)} (${retryAfterSeconds} s).${rule ? ` ${rule}` : ''}`,
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'RateLimitExceededError';
  }
}

/** @example hoursAndMinutes(66907) // '18 h 35 min' */
export function hoursAndMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const h = Math.floor(minutes / 60);
  return h ? `${h} h ${minutes % 60} min` : `${minutes} min`;
}

/** One item of the `detail` array that `/v1/meta/match` documents for invalid input. */
export interface DetailItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** 400 with a body of `{detail: [{loc, msg, type}]}` (spec: meta match errors). */
export class DetailArrayError extends Error {
  readonly status = 400;
  readonly detail: DetailItem[];
  constructor(detail: DetailItem[]) {
    super(detail.map((d) => d.msg).join('; '));
    this.name = 'DetailArrayError';
    this.detail = detail;
  }
}

/** Words of a code that stay upper-case in its title: "CSRF Token Missing". */
const ACRONYMS = new Set(['CSRF']);

/** `UPSTREAM_ERROR` → `Upstream Error`; the kebab-case of the title makes the Problem `type`. @example titleFromCode('CSRF_TOKEN_MISSING') // 'CSRF Token Missing' */
export function titleFromCode(code: string): string {
  return code
    .split('_')
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w) ? w : w[0]! + w.slice(1).toLowerCase()))
    .join(' ');
}
