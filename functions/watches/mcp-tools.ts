// The watches as MCP tools (issue #38): create, list and delete a watch of the calling key. Each is the
// watch route's own request, built from the MCP request (its key, host and stage), answered by the route's
// handler in process as the data tools are; none is counted against the quota (a watch's checks are).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { routes, type Route } from '../../shared/routes/index.ts';

type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The tools, listed after the data tools. Parameters are named and typed; POST /v1/watches in /docs says the rest. */
export const WATCH_TOOLS: Tool[] = [
  {
    name: 'createWatch',
    description:
      'Watch a keyed data route for a change (POST /v1/watches): route (its path, e.g. /v1/chain_b/hotel/rooms or /v1/rental/listing/40000001/pricing), params (its query, and its path parameters when route is the documented path), condition ({type: price_at_or_under with value | price_drop_pct with value | becomes_available | any_change}), callback_url (https), interval (seconds), expires_at. A signed webhook (Standard Webhooks) is posted when the condition starts to hold; the answer carries the signing secret, shown once. Each check is one billed call of the route.',
    inputSchema: {
      type: 'object',
      properties: {
        route: { type: 'string' },
        params: { type: 'object' },
        condition: { type: 'object' },
        callback_url: { type: 'string' },
        interval: { type: 'integer' },
        expires_at: { type: 'string' },
      },
      required: ['route', 'condition', 'callback_url'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'listWatches',
    description: "The key's watches with their status, next check and last values (GET /v1/watches); free.",
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'deleteWatch',
    description: 'Deletes one of the key’s watches by its id (DELETE /v1/watches/{watch_id}); free.',
    inputSchema: { type: 'object', properties: { watch_id: { type: 'string' } }, required: ['watch_id'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
];

const LOADERS: Record<string, [Route, () => Promise<unknown>]> = {
  createWatch: [routes.watchCreate, () => import('./create.ts')],
  listWatches: [routes.watchList, () => import('./list.ts')],
  deleteWatch: [routes.watchDelete, () => import('./delete.ts')],
};

/** Headers of the MCP request the watch route sees too: the key, and what locates the deployment and caller. */
const FORWARDED = ['x-api-key', 'host', 'x-forwarded-proto', 'x-forwarded-for', 'user-agent'];

/**
 * Runs a watch tool as its route's request; undefined when `name` is no watch tool. A success (201 for a
 * new watch) is answered as 200, the status every tool's success has.
 * @example await callWatchTool('listWatches', {}, mcpEvent, context)
 */
export async function callWatchTool(
  name: string,
  args: Record<string, unknown>,
  outer: APIGatewayProxyEvent,
  context: Context,
): Promise<APIGatewayProxyResult | undefined> {
  const found = LOADERS[name];
  if (!found) return undefined;
  const [route, load] = found;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [header, value] of Object.entries(outer.headers ?? {}))
    if (value !== undefined && FORWARDED.includes(header.toLowerCase()))
      headers[header.toLowerCase()] = value;
  const id = typeof args.watch_id === 'string' ? args.watch_id : '';
  const path = route.path.replace('{watch_id}', encodeURIComponent(id));
  const rc = outer.requestContext;
  const prefix = rc.path?.endsWith(outer.path) ? rc.path.slice(0, rc.path.length - outer.path.length) : '';
  const event: APIGatewayProxyEvent = {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: route.path.includes('{watch_id}') ? { watch_id: id } : null,
    stageVariables: outer.stageVariables,
    body: route.method === 'POST' ? JSON.stringify(args) : null,
    isBase64Encoded: false,
    requestContext: { ...rc, httpMethod: route.method, path: `${prefix}${path}`, resourcePath: route.path },
  };
  const { handler } = (await load()) as { handler: RouteHandler };
  const result = await handler(event, context);
  return result.statusCode >= 200 && result.statusCode < 300 ? { ...result, statusCode: 200 } : result;
}
