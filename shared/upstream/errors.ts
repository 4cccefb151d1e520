/**
 * What can go wrong upstream, as the contract's errors:
 * timeout → 504 UPSTREAM_TIMEOUT; rate limit, maintenance, open circuit, full queue → 503 with
 * Retry-After; any other failure → 502 UPSTREAM_ERROR (with upstream_status when known); a page that
 * lost its structure → ExtractionError (shared/extraction/errors.ts).
 */
import { ProblemError, STATUS } from '../errors.ts';

export class UpstreamTimeoutError extends ProblemError {
  constructor(provider: string, cause?: unknown) {
    super(STATUS.gatewayTimeout, 'UPSTREAM_TIMEOUT', `The ${provider} source did not answer in time.`, {
      cause,
    });
    this.name = 'UpstreamTimeoutError';
  }
}

/**
 * Why a source is unavailable: it limits our rate, it is in maintenance, bot protection challenged the
 * request, its circuit is open, its per-process queue is full, or the deployment's ceiling is reached.
 */
export type UnavailableWhy =
  'rate limited' | 'maintenance' | 'challenged' | 'circuit open' | 'queue full' | 'ceiling';

export class UpstreamUnavailableError extends ProblemError {
  readonly retryAfterSeconds: number;
  readonly why: UnavailableWhy;
  /** `text` says the reason in the Problem `detail` where its name is too short (the status, the ceiling). */
  constructor(
    provider: string,
    retryAfterSeconds: number,
    why: UnavailableWhy,
    cause?: unknown,
    text: string = why,
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      STATUS.serviceUnavailable,
      'UPSTREAM_UNAVAILABLE',
      `The ${provider} source is unavailable (${text}); retry in ${seconds} s.`,
      {
        cause,
        headers: { 'Retry-After': String(seconds) },
      },
    );
    this.name = 'UpstreamUnavailableError';
    this.retryAfterSeconds = seconds;
    this.why = why;
  }
}

export class UpstreamError extends ProblemError {
  /** The HTTP status the source answered with, when it answered (the Problem's `upstream_status`). */
  readonly upstreamStatus?: number;
  constructor(provider: string, detail: string, upstreamStatus?: number, cause?: unknown) {
    super(STATUS.badGateway, 'UPSTREAM_ERROR', `The ${provider} source failed: ${detail}.`, {
      cause,
      extras: upstreamStatus === undefined ? {} : { upstream_status: upstreamStatus },
    });
    this.name = 'UpstreamError';
    if (upstreamStatus !== undefined) this.upstreamStatus = upstreamStatus;
  }
}

/**
 * What a transport failure's code (a system error's `ECONNRESET`, a library's `ERR_...`) means, in the
 * words a client reads: error details never name a library's or the system's codes (the log keeps them,
 * with the cause). Codes are matched by family where a family means one thing (TLS, the HTTP parser).
 */
const TRANSPORT_WORDS: Readonly<Record<string, string>> = {
  ECONNRESET: 'the connection was reset by the source',
  ECONNREFUSED: 'the source refused the connection',
  ECONNABORTED: 'the connection to the source was aborted',
  EPIPE: 'the source closed the connection while the request was being sent',
  ETIMEDOUT: 'the connection to the source timed out',
  ESOCKETTIMEDOUT: 'the connection to the source timed out',
  ENOTFOUND: "the source's host name could not be resolved",
  EAI_AGAIN: "the source's host name could not be resolved for now",
  EHOSTUNREACH: "the source's host could not be reached",
  EHOSTDOWN: "the source's host could not be reached",
  ENETUNREACH: "the source's network could not be reached",
  ENETDOWN: "the source's network could not be reached",
  EADDRNOTAVAIL: 'no connection to the source could be opened',
  EMFILE: 'no connection to the source could be opened',
  ERR_HTTP_CONTENT_LENGTH_MISMATCH: 'the source closed the connection before the whole answer was sent',
  ERR_STREAM_PREMATURE_CLOSE: 'the source closed the connection before the whole answer was sent',
  ERR_BODY_PARSE_FAILURE: 'the answer of the source could not be read',
  ERR_TOO_MANY_REDIRECTS: 'the source redirected too many times',
  ERR_UNSUPPORTED_PROTOCOL: 'the source redirected to an unsupported protocol',
  EPROTO: 'the secure connection to the source failed',
};

/**
 * A transport failure's code in plain words; an unknown code gets the general sentence, never the code.
 * @example transportFailure('ECONNRESET') // 'the connection was reset by the source'
 */
export function transportFailure(code: unknown): string {
  const c = typeof code === 'string' ? code : '';
  const known = TRANSPORT_WORDS[c];
  if (known) return known;
  if (c.startsWith('HPE_')) return 'the source answered something that is not HTTP';
  if (/CERT|TLS|SSL|SIGNATURE/.test(c)) return "the source's TLS certificate was not accepted";
  return 'the request to the source failed';
}

/** A user-supplied URL that may not be fetched (wrong host, scheme, port, userinfo, IP literal...). */
export class DisallowedUrlError extends Error {
  readonly provided: string;
  constructor(provided: string, why: string) {
    super(why);
    this.name = 'DisallowedUrlError';
    this.provided = provided;
  }
}
