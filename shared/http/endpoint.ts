/**
 * The `endpoint()` factory: one Lambda handler per route, with the whole middy stack composed once.
 *
 * before: request state → header normalisation → correlation id → API-key auth → daily quota → validation
 * handler: `run` (the endpoint's own work), its result sent as JSON
 * after / onError: error rendering → shared response headers (correlation id, rate-limit headers)
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { DetailArrayError, GlobalError, ProblemError } from '../errors.ts';
import { jsonResponse } from '../problem.ts';
import type { Route } from '../routes.ts';
import { stores } from '../store/index.ts';
import type { Served, UpstreamContext } from '../upstream/context.ts';
import { Deadline } from '../upstream/deadline.ts';
import { DisallowedUrlError, ExtractionError, UpstreamUnavailableError } from '../upstream/errors.ts';
import { apiKeyAuth } from './api-key-auth.ts';
import { correlationId } from './correlation-id.ts';
import { dailyQuotaLimit } from './daily-quota.ts';
import { errorHandler } from './error-handler.ts';
import { responseHeaders } from './response-headers.ts';
import { requestState, stateOf } from './state.ts';
import { validateRequest } from './validate-request.ts';

/** What `run` gets besides its parameters; connectors take it as their UpstreamContext. */
export interface RunContext extends UpstreamContext {
  event: APIGatewayProxyEvent;
  lambda: Context;
  correlationId: string;
  /** Adds a header to the success response. */
  setHeader(name: string, value: string): void;
}

export interface EndpointOptions<Q extends z.ZodType, P extends z.ZodType> {
  route: Route;
  query?: Q;
  path?: P;
  run(input: { query: z.output<Q>; path: z.output<P> }, ctx: RunContext): Promise<unknown> | unknown;
}

/** Errors raised below the handler, rendered the way this route documents them. */
function asContractError(route: Route, error: unknown): unknown {
  if (error instanceof ExtractionError) {
    const { status, code } = route.extraction ?? { status: 502, code: 'UPSTREAM_ERROR' };
    return new ProblemError(status, code, error.message, { cause: error });
  }
  if (error instanceof DisallowedUrlError && route.globalErrors) {
    return new GlobalError(400, 'INVALID_URL', 'The URL is not accepted.', error.message);
  }
  if (error instanceof UpstreamUnavailableError && error.why === 'rate limited' && route.rateLimited) {
    return new ProblemError(route.rateLimited.status, route.rateLimited.code, error.message, {
      cause: error,
      headers: error.headers,
    });
  }
  if (error instanceof DisallowedUrlError) {
    const style = route.validation;
    if (style.kind === 'detail-array')
      return new DetailArrayError([{ loc: ['query', 'url'], msg: error.message, type: 'value_error' }]);
    if (style.kind === 'global')
      return new GlobalError(400, 'INVALID_URL', 'The URL is not accepted.', error.message);
    return new ProblemError(400, 'INVALID_URL', `The URL is not accepted: ${error.message}.`, {
      extras: { provided: error.provided },
    });
  }
  return error;
}

/**
 * @example
 * export const handler = endpoint({
 *   route: routes.coordinatesLookup,
 *   query: CoordinatesQuery,
 *   run: ({ query }) => ({ success: true, locations: search(query.term, query.limit) }),
 * });
 */
export function endpoint<Q extends z.ZodType = z.ZodNever, P extends z.ZodType = z.ZodNever>(
  options: EndpointOptions<Q, P>,
) {
  const { route } = options;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>(
    async (event: APIGatewayProxyEvent, lambda: Context) => {
      const state = stateOf(event);
      const headers: Record<string, string> = {};
      const served: Served[] = [];
      const ctx: RunContext = {
        event,
        lambda,
        correlationId: state.correlationId,
        deadline: Deadline.fromLambda(lambda),
        served,
        setHeader: (name, value) => {
          headers[name] = value;
        },
      };
      let body: unknown;
      try {
        body = await options.run({ query: state.query as z.output<Q>, path: state.path as z.output<P> }, ctx);
      } catch (error) {
        throw asContractError(route, error);
      }
      if (served.length > 0) {
        headers['X-Cache'] = served.every((r) => r.hit) ? 'HIT' : 'MISS';
        headers.Age = String(Math.max(...served.map((r) => r.ageSeconds)));
      }
      return jsonResponse(200, body, undefined, headers);
    },
  )
    .use(requestState(route))
    .use(httpHeaderNormalizer())
    .use(responseHeaders())
    .use(errorHandler())
    .use(correlationId());
  if (route.auth)
    handler
      .use(apiKeyAuth(async () => (await stores()).keys))
      .use(dailyQuotaLimit(async () => (await stores()).counters));
  // The schemas travel with the handler so the OpenAPI document is built from the very ones that validate.
  return Object.assign(handler.use(validateRequest({ query: options.query, path: options.path })), {
    schemas: { query: options.query, path: options.path },
  });
}
