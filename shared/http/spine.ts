/**
 * The middy spine every HTTP handler stands on: `endpoint()`, the account endpoints, the watch endpoints and
 * `/mcp` each add their own middlewares to it (the key, the quota, the session, validation), in one order.
 *
 * before: request state → header normalisation → correlation id
 * after / onError: error rendering (the contract's bodies, then middy's fallback) → shared response headers
 */
import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { ProblemError } from '../errors.ts';
import type { Route } from '../routes/index.ts';
import { correlationId } from './correlation-id.ts';
import { errorHandler, FALLBACK_BODY, logUnrendered } from './error-handler.ts';
import { responseHeaders } from './response-headers.ts';
import { requestState } from './state.ts';

/**
 * The route's handler on the shared spine; the caller adds what is its own after it.
 * @example export const handler = spine(routes.mcp, serve).use(apiKeyAuth(async () => (await stores()).keys));
 */
export function spine(
  route: Route,
  handler: (event: APIGatewayProxyEvent, lambda: Context) => Promise<APIGatewayProxyResult>,
) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>(handler)
    .use(requestState(route))
    .use(httpHeaderNormalizer())
    .use(responseHeaders())
    .use(httpErrorHandler({ logger: logUnrendered, fallbackMessage: FALLBACK_BODY }))
    .use(errorHandler())
    .use(correlationId());
}

/** How a JSON body that fails is refused: its error code and the word its detail names the body by. */
export interface BodyRefusal {
  code: string;
  /** `Invalid ${noun}: …` */
  noun: string;
  /** Whether a body that is no JSON at all also lists itself in `errors`. */
  listNotJson?: boolean;
}

/**
 * The request's JSON body checked by its schema; a body that is no JSON or fails the schema is a 400 with
 * the refusal's code, naming each bad member in `errors`.
 * @example const body = await checkedBody(event, CreateWatch, { code: 'INVALID_PARAMETERS', noun: 'body' });
 */
export async function checkedBody<S extends z.ZodType>(
  event: APIGatewayProxyEvent,
  schema: S,
  refusal: BodyRefusal,
): Promise<z.output<S>> {
  let raw: unknown;
  try {
    const text = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : event.body;
    raw = JSON.parse(text ?? '');
  } catch {
    const errors = [{ parameter: 'body', in: 'body', message: 'is not JSON' }];
    throw new ProblemError(400, refusal.code, 'The body must be a JSON object.', {
      ...(refusal.listNotJson && { extras: { errors } }),
    });
  }
  const parsed = await schema.safeParseAsync(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    parameter: i.path.join('.') || 'body',
    in: 'body',
    message: i.message,
  }));
  throw new ProblemError(
    400,
    refusal.code,
    `Invalid ${refusal.noun}: ${errors.map((e) => `${e.parameter} ${e.message}`).join('; ')}.`,
    { extras: { errors } },
  );
}
