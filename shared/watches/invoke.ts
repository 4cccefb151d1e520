/**
 * A watch's check as the watched route's own request: the API Gateway event its handler gets for the
 * watch's parameters (its path's and its query's), sent on behalf of the watch's key (`onBehalfOf`),
 * called in this process as MCP calls its tools. The handler then does what it does for an HTTP call: the
 * key's check, one count against its daily quota (given back when the answer is not billed), validation,
 * the documented errors.
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

/** A `{name}` segment of a route's path. */
const PARAM_SEGMENT = /^\{(\w+)\}$/;

/**
 * The names of a route's path parameters, the `{name}` segments of its path.
 * @example pathParamNames('/v1/rental/listing/{listing_id}/pricing') // ['listing_id']
 */
export function pathParamNames(template: string): string[] {
  return template.split('/').flatMap((part) => PARAM_SEGMENT.exec(part)?.[1] ?? []);
}

/** A path segment decoded as API Gateway passes a path parameter: as sent when it does not decode. */
function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The path parameters a concrete path gives a route's path, decoded; undefined when the path is not one of
 * the route's.
 * @example pathParamsOf('/v1/rental/listing/{listing_id}/pricing', '/v1/rental/listing/40000001/pricing') // { listing_id: '40000001' }
 */
export function pathParamsOf(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const name = PARAM_SEGMENT.exec(part)?.[1];
    const segment = have[i]!;
    if (name === undefined ? part !== segment : segment === '') return undefined;
    if (name !== undefined) setOwn(params, name, decodeSegment(segment));
  }
  return params;
}

/**
 * The event of a GET of `route` on behalf of `keyId`: the parameters its path names (`{listing_id}`) fill
 * its path, the others are its query.
 * @example routeEventFor(routes.rentalPricing, { listing_id: '40000001', check_in: '2030-06-01' }, keyId).path // '/v1/rental/listing/40000001/pricing'
 */
export function routeEventFor(
  route: Route,
  params: Record<string, string | string[]>,
  keyId: string,
): APIGatewayProxyEvent {
  const inPath = new Set(pathParamNames(route.path));
  // Plain maps with own entries only (setOwn): a parameter may be named __proto__ or constructor.
  const pathParameters: Record<string, string> = {};
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) continue;
    if (inPath.has(name)) setOwn(pathParameters, name, values.at(-1)!);
    else {
      setOwn(single, name, values.at(-1)!);
      setOwn(multi, name, values);
    }
  }
  const has = Object.keys(single).length > 0;
  // The names are the manifest's own (`listing_id`), never a prototype's.
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(pathParameters[name] ?? ''),
  );
  const event: APIGatewayProxyEvent = {
    resource: route.path,
    path,
    httpMethod: 'GET',
    headers: { 'user-agent': 'travel-data-api-watch' },
    multiValueHeaders: { 'user-agent': ['travel-data-api-watch'] },
    queryStringParameters: has ? single : null,
    multiValueQueryStringParameters: has ? multi : null,
    pathParameters: inPath.size > 0 ? pathParameters : null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'watch',
      apiId: 'watch',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: 'GET',
      path,
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
