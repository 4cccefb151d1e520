/** A minimal middy stack around one middleware under test: request state, error rendering, headers. */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { errorHandler } from '../../shared/http/error-handler.ts';
import { responseHeaders } from '../../shared/http/response-headers.ts';
import { requestState, stateOf, type ApiMiddleware, type RequestState } from '../../shared/http/state.ts';
import type { Route } from '../../shared/routes/index.ts';

export const testRoute: Route = {
  method: 'GET',
  path: '/v1/test',
  handler: 'none',
  provider: 'chain_a',
  product: 'rooms',
  auth: true,
  errors: {},
  validation: { kind: 'problem', status: 400, code: 'INVALID_PARAMETERS' },
  summary: 'test',
  example: '/v1/test',
};

export function stackWith(
  middlewares: ApiMiddleware[],
  route: Route = testRoute,
  body: (state: RequestState) => unknown = () => ({ ok: true }),
) {
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>(async (event: APIGatewayProxyEvent) => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body(stateOf(event))),
  }))
    .use(requestState(route))
    .use(responseHeaders())
    .use(errorHandler());
  for (const m of middlewares) handler.use(m);
  return handler;
}
