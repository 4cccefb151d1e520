/**
 * What can go wrong upstream, as the contract's errors:
 * timeout → 504 UPSTREAM_TIMEOUT; rate limit, maintenance, open circuit, full queue → 503 with
 * Retry-After; any other failure → 502 UPSTREAM_ERROR (with upstream_status when known); a page that
 * lost its structure → ExtractionError (502 unless the route documents its own code).
 */
import { ProblemError } from '../errors.ts';

export class UpstreamTimeoutError extends ProblemError {
  constructor(provider: string, cause?: unknown) {
    super(504, 'UPSTREAM_TIMEOUT', `The ${provider} source did not answer in time.`, { cause });
    this.name = 'UpstreamTimeoutError';
  }
}

export class UpstreamUnavailableError extends ProblemError {
  readonly retryAfterSeconds: number;
  /** Why: 'rate limited', 'maintenance', an open circuit or a full queue. */
  readonly why: string;
  constructor(provider: string, retryAfterSeconds: number, why: string, cause?: unknown) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      503,
      'UPSTREAM_UNAVAILABLE',
      `The ${provider} source is unavailable (${why}); retry in ${seconds} s.`,
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
  constructor(provider: string, detail: string, upstreamStatus?: number, cause?: unknown) {
    super(502, 'UPSTREAM_ERROR', `The ${provider} source failed: ${detail}.`, {
      cause,
      extras: upstreamStatus === undefined ? {} : { upstream_status: upstreamStatus },
    });
    this.name = 'UpstreamError';
  }
}

/** Thrown by extractors: the page or payload no longer has the structure we read. */
export class ExtractionError extends Error {
  readonly provider: string;
  /** The HTTP status the source answered with, when it answered (a 200 whose body lost its structure). */
  readonly upstreamStatus?: number;
  constructor(provider: string, what: string, cause?: unknown, upstreamStatus?: number) {
    super(`The ${provider} page no longer has the expected structure: ${what}.`, { cause });
    this.name = 'ExtractionError';
    this.provider = provider;
    if (upstreamStatus !== undefined) this.upstreamStatus = upstreamStatus;
  }
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
