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
import { jsonResponse } from '../problem.ts';
import type { Route } from '../routes.ts';
import { stores } from '../store/index.ts';
import { apiKeyAuth } from './api-key-auth.ts';
import { correlationId } from './correlation-id.ts';
import { dailyQuotaLimit } from './daily-quota.ts';
import { errorHandler } from './error-handler.ts';
import { responseHeaders } from './response-headers.ts';
import { requestState, stateOf } from './state.ts';
import { validateRequest } from './validate-request.ts';

export interface RunContext {
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

/**
 * @example
 * export const handler = endpoint({
 *   route: routes.coordinatesLookup,
 *   query: CoordinatesQuery,
 *   run: ({ query }) => ({ success: true, locations: search(query.term, query.limit) }),
 * });
 */
export function endpoint<Q extends z.ZodType = z.ZodNever, P extends z.ZodType = z.ZodNever>(options: EndpointOptions<Q, P>) {
  const { route } = options;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>(async (event: APIGatewayProxyEvent, lambda: Context) => {
    const state = stateOf(event);
    const headers: Record<string, string> = {};
    const body = await options.run(
      { query: state.query as z.output<Q>, path: state.path as z.output<P> },
      { event, lambda, correlationId: state.correlationId, setHeader: (name, value) => { headers[name] = value; } },
    );
    return jsonResponse(200, body, undefined, headers);
  })
    .use(requestState(route))
    .use(httpHeaderNormalizer())
    .use(responseHeaders())
    .use(errorHandler())
    .use(correlationId());
  if (route.auth) handler.use(apiKeyAuth(async () => (await stores()).keys)).use(dailyQuotaLimit(async () => (await stores()).counters));
  return handler.use(validateRequest({ query: options.query, path: options.path }));
}
