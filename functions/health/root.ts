// GET /: basic API information and every available endpoint: its method, what it needs (an API key, a
// signed-in dashboard session, or nothing), what it returns, and an example that works as given, or the
// reason it has none (issue #40: a listing that says "every endpoint is a GET" sends a newcomer into 403s).
import { healthBody } from '../../shared/health.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { baseUrl } from '../../shared/problem.ts';
import * as z from 'zod';
import { routeEntries, routes, type Route } from '../../shared/routes/index.ts';
import { Health } from '../../shared/schemas/health.ts';

/** What a route asks of its caller. */
export const Access = z.enum(['api_key', 'session', 'none']);
export type Access = z.infer<typeof Access>;

const Example = z
  .object({
    url: z.string().meta({ description: 'The request URL, with this deployment as its base' }),
    headers: z
      .record(z.string(), z.string())
      .meta({ description: 'Headers to send; YOUR_KEY stands for an API key (get one at /dashboard)' }),
    body: z.string().optional().meta({ description: 'The request body to send, when the method takes one' }),
    curl: z.string().meta({ description: 'The same request as a curl command' }),
  })
  .meta({ description: 'A request that works as given (after putting in your key or signing in)' });

export const RootEntry = z.object({
  method: z.enum(['GET', 'POST', 'DELETE']),
  path: z.string(),
  summary: z.string(),
  access: Access.meta({
    description:
      "api_key: the x-api-key header; session: the dashboard's session cookie (sign in at /dashboard); none: nothing",
  }),
  requires_api_key: z.boolean(),
  returns: z
    .string()
    .meta({ description: 'What a success answers: JSON, HTML, a script or style, JSON-RPC' }),
  example: Example.nullable(),
  no_example_reason: z.string().optional().meta({ description: 'Why the entry has no ready-made example' }),
});
export type RootEntry = z.infer<typeof RootEntry>;

export const RootResponse = Health.extend({
  documentation: z.string(),
  dashboard: z.string().meta({ description: 'Where to sign up and get your own API key' }),
  reference: z.string().meta({ description: 'The interactive API reference' }),
  endpoints: z.array(RootEntry),
});

/** @example accessOf(routes.accountKeys) // 'session' */
export function accessOf(route: Route): Access {
  if (route.auth) return 'api_key';
  return 'NOT_SIGNED_IN' in route.errors ? 'session' : 'none';
}

/** @example returnsOf(routes.docs) // 'HTML' */
export function returnsOf(route: Route): string {
  if (route.kind === 'mcp') return 'JSON-RPC 2.0 (JSON, or an event stream when the client prefers it)';
  if (route.path.endsWith('/{asset}')) return 'a script or style sheet';
  if (['/docs', '/dashboard', '/errors', '/errors/{type}'].includes(route.path)) return 'HTML';
  return 'JSON';
}

/** The MCP endpoint's example: the tool list, with the headers the streamable HTTP transport requires. */
const MCP_BODY = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/** Why a route has no ready-made example, or undefined when its manifest example works as given. */
function noExampleReason(route: Route): string | undefined {
  if (route.kind === 'account' && route.method !== 'GET')
    return 'A dashboard form: it needs the cookie and the x-csrf-token header that GET /account/session hands the browser, and a JSON body. Use it from /dashboard.';
  if (route.kind === 'watch' && route.method === 'POST')
    return 'Needs a JSON body describing the watch (the watched route, its parameters, a condition, a callback URL) and x-api-key.';
  if (route.kind === 'watch' && route.path.includes('{'))
    return 'Needs the id of one of your watches, which POST /v1/watches returns.';
  if (route.method !== 'GET' && route.kind !== 'mcp') return `A ${route.method} request: see /docs.`;
  return undefined;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function exampleOf(route: Route, base: string): RootEntry['example'] {
  const url = `${base}${route.example}`;
  const headers: Record<string, string> = route.auth ? { 'x-api-key': 'YOUR_KEY' } : {};
  const body = route.kind === 'mcp' ? MCP_BODY : undefined;
  if (body) {
    headers['content-type'] = 'application/json';
    headers.accept = 'application/json, text/event-stream';
  }
  const curl = [
    'curl',
    ...(route.method === 'GET' ? [] : ['-X', route.method]),
    ...Object.entries(headers).map(([k, v]) => `-H ${quote(`${k}: ${v}`)}`),
    ...(body ? ['-d', quote(body)] : []),
    quote(url),
  ].join(' ');
  return { url, headers, ...(body ? { body } : {}), curl };
}

/**
 * The listing of every route as `GET /` answers it.
 * @example rootEntries('http://127.0.0.1:3000')[0] // { method: 'GET', path: '/', access: 'none', ... }
 */
export function rootEntries(base: string): RootEntry[] {
  return routeEntries.map(([, r]) => {
    const reason = noExampleReason(r);
    return {
      method: r.method,
      path: r.path,
      summary: r.summary,
      access: accessOf(r),
      requires_api_key: r.auth,
      returns: returnsOf(r),
      example: reason ? null : exampleOf(r, base),
      ...(reason ? { no_example_reason: reason } : {}),
    };
  });
}

export const handler = endpoint({
  route: routes.root,
  response: RootResponse,
  run: (_input, { event }) => {
    const base = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || baseUrl(event);
    return {
      ...healthBody(
        `Lodging, rental, dining and place lookup API. Send your key in the x-api-key header; get one at ${base}/dashboard.`,
      ),
      documentation:
        'Each entry gives its method, what it needs (access: api_key, session or none), what it returns and a working example (or the reason it has none). Data endpoints are GETs returning JSON; errors are application/problem+json, or the global {error} body for 401 and 429.',
      dashboard: `${base}/dashboard`,
      reference: `${base}/docs`,
      endpoints: rootEntries(base),
    };
  },
});
