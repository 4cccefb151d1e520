/**
 * The local server's edge.
 *
 * The edge refuses, before any route's code, what API Gateway would not route: a body over 10 MB (413, and
 * the connection is closed: its unread rest is never taken for a next request), headers over 1 MB or that
 * the parser refuses, no Host header, a dot segment (`.`, `..`, `%2e`) anywhere in the path, and a target
 * that is not a path (absolute or asterisk form): 400. Each comes in the body of the route the raw path names
 * (`edgeDialect`: Problem Details `MALFORMED_REQUEST` / `CONTENT_TOO_LARGE`, or the global body), declared for
 * every route once (shared/routes/types.ts `EDGE_ERRORS`); a target that names no route gets the global
 * body, as an unknown path's 404. Dot segments are refused, never resolved: `/docs/../openapi.json` is not
 * `/openapi.json`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { EDGE_REFUSALS, titleFromCode } from '../../shared/errors.ts';
import { CORRELATION_HEADER } from '../../shared/http/correlation-id.ts';
import { edgeRefusal, globalErrorBody, PROBLEM_JSON, problemBody } from '../../shared/problem.ts';
import { edgeDialect } from '../../shared/routes/errors.ts';
import type { Route } from '../../shared/routes/index.ts';
import { candidatesFor, matchRoute, targetOf, type Target } from './routing.ts';
// Node's parser refuses a request line and headers over 16 KB with a bare 400; an over-long query must
// reach the route, whose validation answers it in its own status and body. (Deployed, API Gateway refuses
// a URL over 10,240 characters itself.) Headers over MAX_HEADER_BYTES are refused by the edge in the
// route's body; node's parser, which cannot tell the route, only refuses past twice that.
const MAX_HEADER_BYTES = 1024 * 1024;
export const PARSER_MAX_HEADER_BYTES = 2 * MAX_HEADER_BYTES;

/**
 * An answer of the edge itself, in the global error body.
 * @example edgeError(404, 'not_found', 'No such endpoint.', '/v9 is not a route of this API; GET / lists them.')
 */
export function edgeError(
  status: number,
  code: string,
  message: string,
  details: string,
): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(globalErrorBody(code, message, details)),
  };
}

/**
 * The edge's refusal of a request before any route's code: in the body of `route`'s errors (declared for
 * every route: shared/routes/types.ts EDGE_ERRORS), or the global body when the target names no route.
 * @example refusal(routes.health, 'malformed', 'The Host header is missing.', '/health', '127.0.0.1:3000')
 */
export function refusal(
  route: Route | undefined,
  kind: 'malformed' | 'tooLarge',
  detail: string,
  path: string,
  publicHost: string,
): APIGatewayProxyResult {
  if (!route || edgeDialect(route) === 'global') return edgeRefusal(kind, detail);
  const { status, problemCode: errorCode } = EDGE_REFUSALS[kind];
  const correlationId = randomUUID();
  return {
    statusCode: status,
    headers: { 'Content-Type': PROBLEM_JSON, [CORRELATION_HEADER]: correlationId },
    body: JSON.stringify(
      problemBody({
        status,
        title: titleFromCode(errorCode),
        detail,
        errorCode,
        instance: path,
        provider: route.provider,
        product: route.product,
        correlationId,
        base: `http://${publicHost}`,
      }),
    ),
  };
}

// A dot segment of a path, as sent or percent-encoded: `.`, `..`, `%2e`, `.%2E` between slashes or at an end.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * Why the edge refuses a request before routing it (API Gateway would not route it), or undefined: a target
 * that is not a path, a dot segment, no Host header, headers over the limit. Read from the raw target and
 * headers, in one pass over them.
 */
function unroutable(req: IncomingMessage, target: string, path: string): string | undefined {
  if (target[0] !== '/')
    return 'The request target must be a path (origin form, such as /v1/health): absolute and asterisk forms are not served.';
  if ((path.includes('/.') || path.includes('%')) && DOT_SEGMENT.test(path))
    return 'The path has a dot segment (".", ".." or "%2e"): the edge neither resolves nor routes it; send the path without it.';
  const raw = req.rawHeaders;
  let host = false;
  let bytes = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    bytes += name.length + raw[i + 1]!.length + 4;
    if (name.length === 4 && name.toLowerCase() === 'host') host = true;
  }
  if (!host) return 'The Host header is missing: HTTP/1.1 requires it.';
  if (bytes > MAX_HEADER_BYTES) return `The request headers are larger than ${MAX_HEADER_BYTES} bytes.`;
  return undefined;
}

/** A request the edge passes to a route: the route, its path parameters and the target. */
interface Routed {
  route: Route;
  params: Record<string, string>;
  url: Target;
}

/**
 * The route a request goes to, or the edge's own answer when none takes it (400, 404, 405).
 * @example const routed = routeOf(req, '127.0.0.1:3000'); if ('statusCode' in routed) send(res, routed);
 */
export function routeOf(req: IncomingMessage, publicHost: string): Routed | APIGatewayProxyResult {
  const target = req.url ?? '/';
  const url = targetOf(target);
  if (!url) return edgeRefusal('malformed', 'The request target is not a URL.');
  // HEAD is GET without the body (node's ServerResponse sends none for a HEAD request).
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  // The path as sent (not normalised): the route it names, if any, gives the refusal's body.
  const q = target.indexOf('?');
  const rawPath = target[0] === '/' ? (q < 0 ? target : target.slice(0, q)) : url.pathname;
  const refused = unroutable(req, target, rawPath);
  if (refused) return refusal(matchRoute(rawPath, method)?.route, 'malformed', refused, rawPath, publicHost);
  const match = matchRoute(url.pathname, method);
  if (!match) return edgeRefusal('notFound', `${url.pathname} is not a route of this API; GET / lists them.`);
  if (method !== match.route.method) {
    const allowed = candidatesFor(url.pathname).map((c) => c.route.method);
    return edgeRefusal('methodNotAllowed', `${match.route.path} answers ${allowed.join(' and ')} only.`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
  return { route: match.route, params: match.params, url };
}

/** The parser's refusals, in our words (never llhttp's), by its error code. */
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: `The request headers are larger than ${MAX_HEADER_BYTES} bytes.`,
  HPE_INVALID_HEADER_TOKEN: 'A request header has a character a header name or value may not have.',
  HPE_INVALID_METHOD: 'The request method is not an HTTP method.',
  HPE_INVALID_URL: 'The request target is not a valid URL path.',
  HPE_INVALID_VERSION: 'The request is not HTTP/1.0 or HTTP/1.1.',
  HPE_INVALID_CONTENT_LENGTH: 'The Content-Length header is not a length.',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'The request has both Content-Length and Transfer-Encoding.',
  HPE_INVALID_TRANSFER_ENCODING: 'The Transfer-Encoding header is not one this server reads.',
  HPE_INVALID_CHUNK_SIZE: 'A chunk of the request body has no valid size.',
};

/**
 * What a request the HTTP parser refuses gets, as raw HTTP: a 400 in the body of the route its request
 * line names (read from the bytes the parser kept, when they start the request), else the global body;
 * in our words, never the parser's; the connection closed.
 * @example protocolErrorResponse('HPE_INVALID_HEADER_TOKEN', Buffer.from('GET /health HTTP/1.1\r\n…'))
 */
export function protocolErrorResponse(
  code: string | undefined,
  packet?: Buffer,
  publicHost = 'localhost',
): string {
  const detail = PARSER_REFUSALS[code ?? ''] ?? 'The request is not valid HTTP/1.1.';
  const line = /^([A-Z]+) (\/\S*) HTTP\/1\.[01]\r?\n/.exec(
    packet?.subarray(0, 8192).toString('latin1') ?? '',
  );
  const path = line?.[2]?.split('?')[0];
  const route = path ? matchRoute(path, line![1])?.route : undefined;
  const result = refusal(route, 'malformed', detail, path ?? '/', publicHost);
  return [
    'HTTP/1.1 400 Bad Request',
    ...Object.entries(result.headers ?? {}).map(([k, v]) => `${k}: ${String(v)}`),
    `Content-Length: ${Buffer.byteLength(result.body)}`,
    'Connection: close',
    '',
    result.body,
  ].join('\r\n');
}
