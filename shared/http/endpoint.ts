/**
 * The `endpoint()` factory: one Lambda handler per route, on the shared middy spine (spine.ts) with the
 * key, the quota and validation added in this order.
 *
 * before: request state → header normalisation → correlation id → API-key auth (for a route that reaches a
 *   source, its lookup started, not awaited) → daily quota (its write started once the caller is known, not
 *   awaited) → validation
 * handler: the key lookup and the quota's write awaited (for a route that reaches a source, together with
 *   the shared result read: one round trip on a hit; on an instance's first call, the lookup with the read
 *   and the quota's write with the lease); then the route's result kept in process or shared, or `run` (the
 *   endpoint's own work) and the response check; the checked body sent as JSON (a hit's as kept, serialized
 *   once)
 * after / onError: error rendering → shared response headers (correlation id, rate-limit headers)
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type * as z from 'zod';
import { DetailArrayError, ProblemError, type ProblemOptions } from '../errors.ts';
import { JSON_TYPE, NOSNIFF } from '../problem.ts';
import { recordCache, recordUpstreamFailure } from '../metrics.ts';
import { conform } from '../extraction/conform.ts';
import { routeError, type ErrorCode, type Route } from '../routes/index.ts';
import { stores } from '../store/index.ts';
import type { Served, UpstreamContext } from '../upstream/context.ts';
import { Deadline } from '../upstream/deadline.ts';
import { DisallowedUrlError, UpstreamError, UpstreamUnavailableError } from '../upstream/errors.ts';
import { ExtractionError } from '../extraction/errors.ts';
import { apiKeyAuth, callerLookup } from './api-key-auth.ts';
import { dailyQuotaLimit, quotaReservation } from './daily-quota.ts';
import { resultKey, routeResult, type SharedAnswer } from './shared-cache.ts';
import { sourceConfigs, sourceSlotsAhead } from './source-slots.ts';
import { spine } from './spine.ts';
import { stateOf } from './state.ts';
import { validateRequest } from './validate-request.ts';

/** What `run` gets besides its parameters; connectors take it as their UpstreamContext. */
export interface RunContext<C extends string = string> extends UpstreamContext {
  event: APIGatewayProxyEvent;
  lambda: Context;
  correlationId: string;
  /** Adds a header to the success response. */
  setHeader(name: string, value: string): void;
  /**
   * The error for one of the route's declared codes; status and body dialect come from the manifest.
   * @example throw ctx.error('HOTEL_NOT_FOUND', `chain_a has no hotel with code ${code}.`)
   */
  error(code: C, detail: string, options?: ProblemOptions): ProblemError;
}

export interface EndpointOptions<
  R extends Route,
  Q extends z.ZodType,
  P extends z.ZodType,
  S extends z.ZodType,
> {
  route: R;
  query?: Q;
  path?: P;
  /** The success body: checked before it is sent, and the 200 schema of the OpenAPI document. */
  response: S;
  run(
    input: { query: z.output<Q>; path: z.output<P> },
    ctx: RunContext<ErrorCode<R>>,
  ): Promise<z.input<S>> | z.input<S>;
  /**
   * How many requests `run` sends at once to each of its capped sources, when more than one: that many of
   * the source's slots are taken with the result lease on an instance's first miss (later misses use what
   * the previous one did).
   */
  slotsAhead?: Partial<Record<string, number>>;
}

/** Errors raised below the handler, rendered the way this route documents them. */
function asContractError(route: Route, error: unknown): unknown {
  if (error instanceof ExtractionError) {
    recordUpstreamFailure(error.provider, 'extraction');
    // Like UpstreamError: the status the source answered with, when it answered (spec: upstream_status).
    const extras = error.upstreamStatus === undefined ? {} : { upstream_status: error.upstreamStatus };
    const code = error.code ?? route.extraction ?? 'UPSTREAM_ERROR';
    return routeError(route, code, error.message, { cause: error, extras });
  }
  if (error instanceof UpstreamUnavailableError && error.why === 'rate limited' && route.rateLimited) {
    return routeError(route, route.rateLimited, error.message, { cause: error, headers: error.headers });
  }
  if (error instanceof DisallowedUrlError) {
    const style = route.validation;
    if (style.kind === 'detail-array') {
      return new DetailArrayError([{ loc: ['query', 'url'], msg: error.message, type: 'value_error' }]);
    }
    return routeError(route, 'INVALID_URL', `The URL is not accepted: ${error.message}.`, {
      extras: route.globalErrors ? {} : { provided: error.provided },
    });
  }
  return error;
}

/**
 * @example
 * export const handler = endpoint({
 *   route: routes.coordinatesLookup,
 *   query: CoordinatesQuery,
 *   response: CoordinatesResponse,
 *   run: ({ query }) => ({ success: true, locations: search(query.term, query.limit) }),
 * });
 */
export function endpoint<
  R extends Route,
  S extends z.ZodType,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(options: EndpointOptions<R, Q, P, S>) {
  const { route } = options;
  // The slots of each capped source this route's misses use at once, seeded by the declaration.
  const widths = new Map(Object.entries(options.slotsAhead ?? {}).map(([p, n]) => [p, n ?? 1]));
  const handler = spine(route, async (event: APIGatewayProxyEvent, lambda: Context) => {
    const state = stateOf(event);
    const headers: Record<string, string> = {};
    const served: Served[] = [];
    const ctx: RunContext<ErrorCode<R>> = {
      event,
      lambda,
      correlationId: state.correlationId,
      deadline: Deadline.fromLambda(lambda),
      served,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      error: (code, detail, opts) => routeError(route, code, detail, opts),
    };
    // The key lookup and the quota reservation, started by apiKeyAuth and dailyQuotaLimit and not awaited
    // there: awaited here before any work, on a cache hit together with the shared read (one round trip
    // for both). While the key is still being looked up (an instance's first call: no key kept in process),
    // the read goes with the lookup, and the reservation, which needs the key's tier, with the lease.
    const lookup = state.caller ? undefined : callerLookup(event);
    const reservation = quotaReservation(event) ?? Promise.resolve();
    const compute = async () => {
      const result = await options.run(
        { query: state.query as z.output<Q>, path: state.path as z.output<P> },
        ctx,
      );
      // The last guard: whatever the sources sent, the body leaves in exactly the documented shape.
      return { body: conform(route.provider, options.response, result, 'the response'), served };
    };
    // Routes that reach a source keep their checked results in process and, deployed, share them across
    // instances (shared/http/shared-cache.ts).
    const { results, slots } = route.upstream?.length ? await stores() : {};
    let answer: SharedAnswer;
    try {
      answer = route.upstream?.length
        ? await routeResult(
            resultKey(`${route.method} ${route.path}`, state.query, state.path),
            {
              store: results,
              deadline: ctx.deadline,
              before: lookup ?? reservation,
              ...(lookup && { withLeaseAwait: reservation }),
              builtWith: sourceConfigs(route),
              ...(slots && sourceSlotsAhead(route, slots, ctx.deadline, widths)),
            },
            compute,
          )
        : await Promise.all([lookup, reservation])
            .then(compute)
            .then(({ body }) => ({ json: JSON.stringify(body), hit: false, ageSeconds: 0 }));
    } catch (error) {
      // What is cached is what was proven: the answers an extraction failed on (or that said, in a 200,
      // that the source failed) are dropped, so the next request asks the sources again instead of
      // failing on the same kept body.
      if (error instanceof ExtractionError || error instanceof UpstreamError) {
        ctx.extractionFailed = true;
        for (const read of served) read.evict?.();
      }
      throw asContractError(route, error);
    }
    if (answer.level === 'process') recordCache(route.provider, 'L1', true);
    else if (results) recordCache(route.provider, 'L2', answer.level === 'shared');
    if (served.length > 0 || answer.hit) {
      headers['X-Cache'] = answer.hit ? 'HIT' : 'MISS';
      headers.Age = String(answer.ageSeconds);
    }
    // The body's JSON text as kept: a hit sends the text serialized when the result was first kept.
    return {
      statusCode: 200,
      headers: { 'Content-Type': JSON_TYPE, ...NOSNIFF, ...headers },
      body: answer.json,
    };
  });
  if (route.auth) {
    handler
      // Overlapped only where it saves a round trip: with the shared result read, for a route that reaches a source.
      .use(apiKeyAuth(async () => (await stores()).keys, { overlap: Boolean(route.upstream?.length) }))
      .use(dailyQuotaLimit(async () => (await stores()).counters, undefined, { overlap: true }));
  }
  // The schemas travel with the handler so the OpenAPI document is built from the very ones that validate.
  return Object.assign(handler.use(validateRequest({ query: options.query, path: options.path })), {
    schemas: { query: options.query, path: options.path, response: options.response },
  });
}
