/**
 * A tool call as the route's own request: the API Gateway event the route's handler would get for the
 * same parameters, sent with the key, host and stage of the MCP request it came in. The handler then
 * does what it does for an HTTP call (key check, one count against the daily quota, validation, the
 * documented errors), so a tool behaves exactly like its endpoint.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Route } from '../routes/index.ts';
import { setOwn } from '../http/event-maps.ts';

/** Headers of the MCP request the route sees too: the key, and what locates the deployment and caller. */
const FORWARDED = ['x-api-key', 'host', 'x-forwarded-proto', 'x-forwarded-for', 'user-agent'];

/** A tool argument as query-string values (JSON has numbers, booleans and lists; a query has strings). */
function wire(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(wire);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/**
 * @example routeEvent(mcpEvent, routes.rentalDetails, { listing_id: 40000001, adults: 2 }).path
 * // '/v1/rental/listing/40000001/details'
 */
export function routeEvent(
  outer: APIGatewayProxyEvent,
  route: Route,
  args: Record<string, unknown>,
): APIGatewayProxyEvent {
  const pathNames = new Set([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  // Plain maps with own entries only (setOwn): an argument may be named __proto__ or constructor.
  const pathParameters: Record<string, string> = {};
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(args)) {
    const values = wire(value);
    if (values.length === 0) continue;
    if (pathNames.has(name)) setOwn(pathParameters, name, values.at(-1)!);
    else {
      setOwn(query, name, values.at(-1)!); // API Gateway keeps the last value of a repeated parameter
      setOwn(multiQuery, name, values);
    }
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(pathParameters[name] ?? ''),
  );
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(outer.headers ?? {})) {
    if (value === undefined || !FORWARDED.includes(name.toLowerCase())) continue;
    headers[name] = value;
    multiValueHeaders[name] = [value];
  }
  // The stage prefix of the MCP request's path (`/prod` deployed, none locally) prefixes the route's.
  const rc = outer.requestContext;
  const prefix = rc.path?.endsWith(outer.path) ? rc.path.slice(0, rc.path.length - outer.path.length) : '';
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null,
    stageVariables: outer.stageVariables,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      ...rc,
      httpMethod: route.method,
      path: `${prefix}${path}`,
      resourcePath: route.path,
    },
  };
}
