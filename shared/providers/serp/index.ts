/**
 * The envelope of the public SERP API that web_search, maps_reviews and maps_hotels speak: one API,
 * one error model for every engine (its documented "Status and Error Codes" and "Search Errors"):
 * - account failures are HTTP errors with a `{"error": "…"}` body: 401 (no valid key), 403 (the
 *   account may not search), 429 (hourly throughput exceeded, or the account has run out of searches),
 *   400 (a parameter the engine refuses);
 * - a search that failed at the source answers `search_metadata.status: "Error"` and an `error`;
 * - an empty result is a success: `status: "Success"`, an `<kind>_results_state: "Fully empty"` and the
 *   error text "… hasn't returned any results for this query.".
 * Only the last is "no results"; every other failure is an upstream failure, never an empty answer.
 */
import * as z from 'zod';
import {
  fetchParsed,
  type SourceRequest,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { STATUS } from '../../errors.ts';
import { UpstreamError, UpstreamUnavailableError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { normallyAbsent } from '../../extraction/schema-shape.ts';

/**
 * A call of the API: `GET /search.json` with an engine's parameters, for `provider`, kept as `cache` says.
 * @example serpRequest('web_search', { engine: 'search', q: 'Aurelia Suites Paris' }, 'search').path // '/search.json'
 */
export function serpRequest(
  provider: SourceRequest['provider'],
  query: SourceRequest['query'],
  cache: SourceRequest['cache'],
): SourceRequest {
  return { provider, path: '/search.json', query, expect: 'json', cache };
}

/** HTTP statuses the API documents with a JSON `{error}` body that says why. 429 is not among them: the client keeps its Retry-After. */
export const SERP_ERROR_STATUSES: number[] = [STATUS.badRequest, STATUS.unauthorized, STATUS.forbidden];

/**
 * What every engine's answer carries besides its results (`search_metadata` keeps its other keys, such as
 * `<engine>_url`), and the `error` of a failure or an empty result.
 */
export const SerpEnvelope = {
  search_metadata: z.looseObject({ status: z.string().optional() }).optional(),
  // A failure's or an empty result's text: every successful answer lacks it, which is no drift. One that is
  // there but is no text is a changed format, never read as "no error".
  error: normallyAbsent(z.string().nullish()),
};

/**
 * The engines' empty-result text ("<engine> hasn't returned any results for this query."): an empty
 * search, not a failure.
 * @example isEmptyResult("The engine hasn't returned any results for this query.") // true
 */
export function isEmptyResult(error: string | undefined): boolean {
  return error !== undefined && /hasn['’]t returned any results/i.test(error);
}

/** The API's text for an account without searches left (HTTP 429, like a throughput limit). */
const OUT_OF_SEARCHES = /run out of searches|searches for the month have run out|no searches left/i;

/**
 * The contract error for a SERP API answer that is a failure, or undefined for an answer to read.
 * The detail names the cause, never the key or the source's own message (which names its hosts).
 * @example serpFailure('web_search', 401, { error: 'Invalid API key.' })?.status // 502
 */
export function serpFailure(provider: string, status: number, body: unknown): UpstreamError | undefined {
  const answer = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    search_metadata?: { status?: unknown };
  };
  const error = typeof answer.error === 'string' ? answer.error : undefined;
  if (status === STATUS.unauthorized)
    return new UpstreamError(provider, `the API key was refused (HTTP ${status})`, status);
  if (status === STATUS.forbidden)
    return new UpstreamError(
      provider,
      `the account behind the API key may not search (HTTP ${status})`,
      status,
    );
  // Seen both as a 429 (handled by outOfSearches) and as an answer of its own.
  if (error !== undefined && OUT_OF_SEARCHES.test(error))
    return new UpstreamError(
      provider,
      'the account has run out of searches',
      status === 200 ? undefined : status,
    );
  if (status === STATUS.badRequest)
    return new UpstreamError(provider, `a parameter of the request was refused (HTTP ${status})`, status);
  if (status !== 200) return new UpstreamError(provider, `HTTP ${status}`, status);
  if (answer.search_metadata?.status === 'Error' && !isEmptyResult(error))
    return new UpstreamError(provider, 'the search failed at the source (status Error)');
  return undefined;
}

/** The body of the HTTP answer behind a failure the client mapped (its cause is the HTTP error). */
function answeredText(error: Error): string {
  const response = (error.cause as { response?: { body?: unknown } } | undefined)?.response;
  return typeof response?.body === 'string' ? response.body : '';
}

/**
 * A 429 is a throughput limit (503 with Retry-After, as the client maps it) unless its body says the
 * account has run out of searches: waiting will not help, so that is an upstream failure.
 * @example await fetchUpstream(req, ctx).catch(outOfSearches('maps_hotels'))
 */
export function outOfSearches(provider: string) {
  return (error: unknown): never => {
    if (
      error instanceof UpstreamUnavailableError &&
      error.why === 'rate limited' &&
      OUT_OF_SEARCHES.test(answeredText(error))
    )
      throw new UpstreamError(
        provider,
        `the account has run out of searches (HTTP ${STATUS.tooManyRequests})`,
        STATUS.tooManyRequests,
        error,
      );
    throw error;
  };
}

/**
 * The one checked fetch of a SERP API engine: the answer through `schema` (a drifted format is the
 * route's extraction error), and every documented failure answer raised as the contract's error.
 * `schema` must accept a bare `{error}` body (the failure answers have nothing else).
 * @example const { body } = await fetchSerp(searchRequest('Aurelia Paris', 'search'), SearchAnswer, ctx, 'the search answer');
 */
export async function fetchSerp<S extends z.ZodType>(
  req: UpstreamRequest,
  schema: S,
  ctx: UpstreamContext,
  what: string,
): Promise<UpstreamResponse<z.output<S>>> {
  const res = await fetchParsed(
    {
      ...req,
      passStatuses: SERP_ERROR_STATUSES,
      // A 200 that reports an error (status "Error") is not an answer to keep.
      keepIf: (body) => serpFailure(req.provider, 200, body) === undefined,
    },
    schema.nullable(),
    ctx,
    what,
  ).catch(outOfSearches(req.provider));
  const failure = serpFailure(req.provider, res.status, res.body);
  if (failure) throw failure;
  if (res.body === null) throw new ExtractionError(req.provider, `${what} is empty`, undefined, res.status);
  return { ...res, body: res.body as z.output<S> };
}

/**
 * Whether a read answer is of the shape that requires `key` (written as a union of shapes, each refusing
 * the keys of the others, so that an answer never counts another shape's fields missing).
 * @example if (hasShapeOf(answer, 'local_results')) answer.local_results[0]
 */
export function hasShapeOf<T extends object, K extends string>(
  answer: T,
  key: K,
): answer is Extract<T, Record<K, NonNullable<unknown>>> {
  return (answer as Record<string, unknown>)[key] !== undefined;
}
