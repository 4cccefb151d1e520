/**
 * A watch's check as the watched route's own request: the API Gateway event its handler gets for the
 * watch's parameters, sent on behalf of the watch's key (`onBehalfOf`), called in this process as MCP
 * calls its tools. The handler then does what it does for an HTTP call: the key's check, one count
 * against its daily quota (given back when the answer is not billed), validation, the documented errors.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { onBehalfOf } from '../http/api-key-auth.ts';
import { setOwn } from '../http/event-maps.ts';
import type { Route } from '../routes/index.ts';

/** A route's Lambda handler, as `endpoint()` builds it. */
export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** What a check got: the status and the parsed body (null when it was no JSON). */
export interface RouteAnswer {
  status: number;
  body: unknown;
}

/** How long a check may run: API Gateway's budget, as the route would have over HTTP. */
const BUDGET_MS = 28_000;

/**
 * The event of a GET of `route` with `params` as its query, on behalf of `keyId`.
 * @example routeEventFor(routes.chainBHotelRooms, { hotel_id: '9WT3' }, keyId).queryStringParameters
 */
export function routeEventFor(
  route: Route,
  params: Record<string, string | string[]>,
  keyId: string,
): APIGatewayProxyEvent {
  // Plain maps with own entries only (setOwn): a parameter may be named __proto__ or constructor.
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) continue;
    setOwn(single, name, values.at(-1)!);
    setOwn(multi, name, values);
  }
  const has = Object.keys(single).length > 0;
  const event: APIGatewayProxyEvent = {
    resource: route.path,
    path: route.path,
    httpMethod: 'GET',
    headers: { 'user-agent': 'travel-data-api-watch' },
    multiValueHeaders: { 'user-agent': ['travel-data-api-watch'] },
    queryStringParameters: has ? single : null,
    multiValueQueryStringParameters: has ? multi : null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'watch',
      apiId: 'watch',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: 'GET',
      path: route.path,
      stage: 'watch',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'watch',
      resourcePath: route.path,
      identity: { sourceIp: '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
    } as APIGatewayProxyEvent['requestContext'],
  };
  return onBehalfOf(event, keyId);
}

/**
 * Calls the route's handler with the watch's parameters on behalf of its key.
 * @example const { status, body } = await callRoute(route, handler, watch.params, watch.keyId)
 */
export async function callRoute(
  route: Route,
  handler: RouteHandler,
  params: Record<string, string | string[]>,
  keyId: string,
): Promise<RouteAnswer> {
  const event = routeEventFor(route, params, keyId);
  const started = Date.now();
  const context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'watch-check',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:watch-check',
    memoryLimitInMB: '1024',
    awsRequestId: event.requestContext.requestId,
    logGroupName: '/aws/lambda/watch-check',
    logStreamName: 'watch',
    getRemainingTimeInMillis: () => Math.max(0, started + BUDGET_MS - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } as Context;
  const result = await handler(event, context);
  let body: unknown;
  try {
    body = JSON.parse(result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString() : result.body);
  } catch {
    body = null;
  }
  return { status: result.statusCode, body };
}
