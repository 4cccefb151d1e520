/**
 * A page or payload that lost its structure: what the extraction toolkit and the readers throw, answered
 * with the route's documented extraction code (502 unless the route, or the connector call, names another).
 * Below the transport, which throws it too (an answer whose JSON does not parse).
 */

/** Thrown by extractors: the page or payload no longer has the structure we read. */
export class ExtractionError extends Error {
  readonly provider: string;
  /** The HTTP status the source answered with, when it answered (a 200 whose body lost its structure). */
  readonly upstreamStatus?: number;
  /**
   * The documented code this failure is answered with, when the connector call that raised it names one
   * (`extractingAs`); otherwise the route's `extraction` code.
   */
  readonly code?: string;
  readonly #what: string;
  constructor(provider: string, what: string, cause?: unknown, upstreamStatus?: number, code?: string) {
    super(`The ${provider} page no longer has the expected structure: ${what}.`, { cause });
    this.name = 'ExtractionError';
    this.provider = provider;
    this.#what = what;
    if (upstreamStatus !== undefined) this.upstreamStatus = upstreamStatus;
    if (code !== undefined) this.code = code;
  }

  /** The same failure, answered with `code`. @example error.answeredAs('UPSTREAM_ERROR') */
  answeredAs(code: string): ExtractionError {
    return new ExtractionError(this.provider, this.#what, this.cause, this.upstreamStatus, code);
  }
}

/**
 * Runs one connector call whose lost structure is answered with `code` instead of the route's
 * `extraction` code: for a call where that code would say something untrue (site_b's review list on a
 * route whose HOTEL_ID_NOT_FOUND speaks of the hotel page). `code` must be documented by every route
 * that makes the call; UPSTREAM_ERROR is, on every route that goes upstream.
 * @example const page = await extractingAs('UPSTREAM_ERROR', () => fetchParsed(req, Answer, ctx, 'the review list'))
 */
export async function extractingAs<T>(code: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // A copy, not the error itself: requests in flight are shared, and another caller's code may differ.
    throw error instanceof ExtractionError && error.code === undefined ? error.answeredAs(code) : error;
  }
}
