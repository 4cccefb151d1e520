/**
 * The local server: serves every manifest route on loopback by turning each HTTP request into an
 * API Gateway REST (v1) proxy event and calling the very handler that runs in Lambda.
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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, Handler } from 'aws-lambda';
import type * as z from 'zod';
import { useOpenApiBuilder } from '../../functions/docs/document.ts';
import { titleFromCode } from '../../shared/errors.ts';
import { CORRELATION_HEADER } from '../../shared/http/correlation-id.ts';
import { addTo, setOwn } from '../../shared/http/event-maps.ts';
import { log, logs } from '../../shared/log.ts';
import { globalErrorBody, PROBLEM_JSON, problemBody } from '../../shared/problem.ts';
import { edgeDialect } from '../../shared/routes/errors.ts';
import { routeList, type Route } from '../../shared/routes/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
// API Gateway's integration timeout: the local Lambda context reports time left against it.
export const INVOCATION_BUDGET_MS = 29_000;
// API Gateway's payload limit: a larger request body is refused, as there.
const MAX_BODY_BYTES = 10 * 1024 * 1024;
// Node's parser refuses a request line and headers over 16 KB with a bare 400; an over-long query must
// reach the route, whose validation answers it in its own status and body. (Deployed, API Gateway refuses
// a URL over 10,240 characters itself.) Headers over MAX_HEADER_BYTES are refused by the edge in the
// route's body; node's parser, which cannot tell the route, only refuses past twice that.
const MAX_HEADER_BYTES = 1024 * 1024;
const PARSER_MAX_HEADER_BYTES = 2 * MAX_HEADER_BYTES;

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { route, pattern: new RegExp(`^${source}$`), names };
}

const compiled = routeList.map(compile);
// Most paths are fixed: one map lookup finds all their routes (templated ones that also match the path are
// merged in once, here); only other paths are tried by pattern.
const fixed = new Map<string, CompiledRoute[]>();
const templated: CompiledRoute[] = [];
for (const c of compiled) {
  if (c.names.length > 0) templated.push(c);
  else fixed.set(c.route.path, [...(fixed.get(c.route.path) ?? []), c]);
}
for (const [path, exact] of fixed) {
  const also = templated.filter((c) => c.pattern.test(path));
  if (also.length > 0)
    fixed.set(
      path,
      [...exact, ...also].sort((a, b) => compiled.indexOf(a) - compiled.indexOf(b)),
    );
}

/** Every route whose path matches, in manifest order. */
function candidatesFor(path: string): CompiledRoute[] {
  return fixed.get(path) ?? templated.filter((c) => c.pattern.test(path));
}

/** A handler module as `endpoint()` builds it: the Lambda handler, with the schemas it validates with. */
export interface HandlerModule {
  handler: Handler<APIGatewayProxyEvent, APIGatewayProxyResult> & {
    schemas?: { response?: z.ZodType };
  };
}
const modules = new Map<string, Promise<HandlerModule>>();
// The modules loaded so far, by handler file: a request to a loaded route calls it without awaiting its import.
const loaded = new Map<string, HandlerModule>();

// Locally no document file is named: the reference and the MCP tools build it from the handlers, on first use.
useOpenApiBuilder(async () => (await import('../../shared/openapi/build.ts')).buildOpenApi());

/** @example const { handler } = await loadHandler(routes.health); */
export function loadHandler(route: Route): Promise<HandlerModule> {
  let mod = modules.get(route.handler);
  if (!mod) {
    mod = import(pathToFileURL(resolve(ROOT, route.handler)).href) as Promise<HandlerModule>;
    modules.set(route.handler, mod);
    void mod.then(
      (m) => loaded.set(route.handler, m),
      () => undefined, // the caller that awaits the import gets its error
    );
  }
  return mod;
}

/** A path parameter as API Gateway passes it: decoded, or as sent when it does not decode (`%ZZ`). */
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Finds the route for a path, the one of `method` when several share the path (`GET` and `POST
 * /account/keys`); `undefined` when none matches. A parameter that does not decode is passed as sent, so
 * the route's own validation answers it with its documented error.
 */
export function matchRoute(
  path: string,
  method?: string,
): { route: Route; params: Record<string, string> } | undefined {
  const candidates = candidatesFor(path);
  const c = candidates.find((x) => x.route.method === method) ?? candidates[0];
  if (!c) return undefined;
  const params: Record<string, string> = {};
  if (c.names.length === 0) return { route: c.route, params };
  const m = c.pattern.exec(path)!;
  c.names.forEach((n, i) => {
    params[n] = decodeParam(m[i + 1]!);
  });
  return { route: c.route, params };
}

/** The path and query of a request, as a URL names them (a URL is one). */
export interface Target {
  pathname: string;
  /** `?` and the query as the URL parser keeps it, or '' without one. */
  search: string;
}

// A target of these characters reads the same through the URL parser, which would change nothing in it: a path
// with no escape and nothing it encodes (dot segments are ruled out below), a query with nothing it encodes (no
// space, quote, apostrophe, angle bracket or fragment; escapes are left as they are).
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

/**
 * The request target's path and query as the URL parser reads them, without parsing a URL when the target
 * is plain (most are); `undefined` when it does not parse.
 * @example targetOf('/v1/health?x=1') // { pathname: '/v1/health', search: '?x=1' }
 */
export function targetOf(target: string): Target | undefined {
  if (PLAIN_TARGET.test(target)) {
    const q = target.indexOf('?');
    const pathname = q < 0 ? target : target.slice(0, q);
    if (!pathname.includes('/.'))
      return { pathname, search: q < 0 || q === target.length - 1 ? '' : target.slice(q) };
  }
  try {
    // A path is read as a path: `//v1/health` is no route (as a URL reference it would name a host "v1").
    return new URL(target.startsWith('/') ? `http://local${target}` : target, 'http://local');
  } catch {
    return undefined;
  }
}

/** What an event is built from: a request to the local server, or one made in-process (the canary). */
export interface EventSource {
  method?: string;
  /** Header names and values, alternating, as received. */
  rawHeaders: string[];
  headers: { host?: string };
  socket?: { remoteAddress?: string };
}

/** Whether an object has an own key, without building the list of them. */
function hasAny(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/** A query's parameters as API Gateway passes them: the last value of each, and all of them. */
interface QueryMaps {
  single: Record<string, string>;
  multi: Record<string, string[]>;
}

function addParam(maps: QueryMaps, name: string, value: string): void {
  setOwn(maps.single, name, value); // API Gateway keeps the last value of a repeated parameter
  addTo(maps.multi, name, value);
}

/**
 * A query's parameters as URLSearchParams reads them, or null without any. A query with no escape and no
 * `+` decodes to itself: its pairs are split here, without URLSearchParams' decoding and iterator.
 */
function queryOf(search: string): QueryMaps | null {
  if (search.length <= 1) return null;
  const maps: QueryMaps = { single: {}, multi: {} };
  let count = 0;
  if (search.includes('%') || search.includes('+')) {
    for (const [name, value] of new URLSearchParams(search)) {
      addParam(maps, name, value);
      count++;
    }
  } else {
    // `search` starts with '?'; pairs are separated by '&', a name from its value by the first '='.
    for (let start = 1; start < search.length;) {
      let end = search.indexOf('&', start);
      if (end < 0) end = search.length;
      if (end > start) {
        const eq = search.indexOf('=', start);
        if (eq >= 0 && eq < end) addParam(maps, search.slice(start, eq), search.slice(eq + 1, end));
        else addParam(maps, search.slice(start, end), '');
        count++;
      }
      start = end + 1;
    }
  }
  return count > 0 ? maps : null;
}

/** @example toEvent(req, route, params, url) // the APIGatewayProxyEvent API Gateway would send */
export function toEvent(
  req: EventSource,
  route: Route,
  params: Record<string, string>,
  url: Target,
  body: string | null = null,
  publicHost = '127.0.0.1',
): APIGatewayProxyEvent {
  // Plain maps with own entries only (setOwn): a client may send a header named __proto__ or constructor.
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    setOwn(headers, name, value);
    addTo(multiValueHeaders, name, value);
  }
  headers['X-Forwarded-Proto'] = 'http';
  const query = queryOf(url.search);
  // HEAD stays HEAD (the GET route's handler answers it, node sends no body): the quota does not bill it.
  const httpMethod = req.method ?? 'GET';
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod,
    headers,
    multiValueHeaders,
    queryStringParameters: query && query.single,
    multiValueQueryStringParameters: query && query.multi,
    pathParameters: hasAny(params) ? params : null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod,
      path: url.pathname,
      stage: '$default',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: route.path,
      // The configured address, never the request's Host header: it builds problem `type` URLs and examples.
      domainName: publicHost,
      identity: {
        sourceIp: req.socket?.remoteAddress ?? '127.0.0.1',
      } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

/**
 * The request body as text (what API Gateway passes for a JSON body), or null when it is empty. Past the
 * limit, reading stops (the request is left unread, its connection to be closed by the 413).
 */
function readBody(req: IncomingMessage): Promise<string | null | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        req.off('data', onData);
        req.pause();
        resolve('too large');
      }
    };
    req.on('data', onData);
    req.on('end', () => resolve(size === 0 ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// Lambda's legacy completion callbacks: nothing here calls them, and one function serves every context.
const ignore = (): undefined => undefined;

/** A function's names as Lambda gives them, built once a route. */
interface FunctionNames {
  name: string;
  arn: string;
  logGroup: string;
}
const functionNames = new Map<Route, FunctionNames>();
/** The function's name, as the stack names it from the handler file, and the names Lambda derives from it. */
function namesOf(route: Route): FunctionNames {
  let names = functionNames.get(route);
  if (names === undefined) {
    const name = route.handler
      .replace(/^functions\//, '')
      .replace(/\.ts$/, '')
      .replace(/\W+/g, '-');
    names = {
      name,
      arn: `arn:aws:lambda:local:000000000000:function:${name}`,
      logGroup: `/aws/lambda/${name}`,
    };
    functionNames.set(route, names);
  }
  return names;
}

/** The context of an invocation of `event` that started at `startedAt` (epoch ms). */
function lambdaContext(
  route: Route,
  event: APIGatewayProxyEvent,
  startedAt: number,
  budgetMs: number,
): Context {
  const deadline = startedAt + budgetMs;
  const names = namesOf(route);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: names.name,
    functionVersion: '$LATEST',
    invokedFunctionArn: names.arn,
    memoryLimitInMB: '1024',
    awsRequestId: event.requestContext.requestId,
    logGroupName: names.logGroup,
    logStreamName: 'local',
    // A closure, not a method: middy calls it detached from the context.
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: ignore,
    fail: ignore,
    succeed: ignore,
  };
}

/** Header names node counts a body by: a result that sets one is sent through setHeader, which lets node read it. */
const FRAMING = new Set(['content-length', 'transfer-encoding']);

/**
 * Writes a result. Most go as one `writeHead` with the headers in a list and the body's length (what node
 * would add): no header map is built and filled one setHeader at a time. A result whose headers a list
 * would send differently (several values, a name twice in other case, its own framing) takes setHeader.
 */
function send(res: ServerResponse, result: APIGatewayProxyResult): void {
  const single = result.headers;
  const multi = result.multiValueHeaders;
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  const status = result.statusCode;
  if (multi === undefined && single !== undefined) {
    const list: string[] = [];
    const lower: string[] = [];
    let listed = true;
    for (const k in single) {
      const name = k.toLowerCase();
      if (FRAMING.has(name) || lower.includes(name)) {
        listed = false;
        break;
      }
      lower.push(name);
      list.push(k, String(single[k]));
    }
    if (listed) {
      // As node: no length for a response that has no body (HEAD, 1xx, 204, 304).
      if (res.req.method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304)
        list.push('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
      res.writeHead(status, list);
      res.end(body);
      return;
    }
  }
  res.statusCode = status;
  // One by one: node then adds Date, Connection and Content-Length after them, in its own order.
  if (single) for (const k in single) res.setHeader(k, String(single[k]));
  if (multi) for (const k in multi) res.setHeader(k, multi[k]!.map(String));
  res.end(body);
}

function edgeError(status: number, code: string, message: string, details: string): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(globalErrorBody(code, message, details)),
  };
}

/** The Problem Details code of each refusal (shared/routes/types.ts EDGE_ERRORS). */
const PROBLEM_CODES = { bad_request: 'MALFORMED_REQUEST', payload_too_large: 'CONTENT_TOO_LARGE' } as const;

const EDGE_MESSAGES: Record<string, string> = {
  bad_request: 'The request could not be read.',
  payload_too_large: 'Request body too large.',
};

/**
 * The edge's refusal of a request before any route's code: in the body of `route`'s errors (declared for
 * every route: shared/routes/types.ts EDGE_ERRORS), or the global body when the target names no route.
 * @example refusal(routes.health, 400, 'bad_request', 'The Host header is missing.', '/health', '127.0.0.1:3000')
 */
export function refusal(
  route: Route | undefined,
  status: 400 | 413,
  code: 'bad_request' | 'payload_too_large',
  detail: string,
  path: string,
  publicHost: string,
): APIGatewayProxyResult {
  if (!route || edgeDialect(route) === 'global') return edgeError(status, code, EDGE_MESSAGES[code]!, detail);
  const errorCode = PROBLEM_CODES[code];
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

/** The route a request goes to, or the edge's own answer when none takes it (400, 404, 405). */
function routeOf(req: IncomingMessage, publicHost: string): Routed | APIGatewayProxyResult {
  const target = req.url ?? '/';
  const url = targetOf(target);
  if (!url)
    return edgeError(
      400,
      'bad_request',
      'The request could not be read.',
      'The request target is not a URL.',
    );
  // HEAD is GET without the body (node's ServerResponse sends none for a HEAD request).
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  // The path as sent (not normalised): the route it names, if any, gives the refusal's body.
  const q = target.indexOf('?');
  const rawPath = target[0] === '/' ? (q < 0 ? target : target.slice(0, q)) : url.pathname;
  const refused = unroutable(req, target, rawPath);
  if (refused)
    return refusal(matchRoute(rawPath, method)?.route, 400, 'bad_request', refused, rawPath, publicHost);
  const match = matchRoute(url.pathname, method);
  if (!match)
    return edgeError(
      404,
      'not_found',
      'No such endpoint.',
      `${url.pathname} is not a route of this API; GET / lists them.`,
    );
  if (method !== match.route.method) {
    const allowed = candidatesFor(url.pathname).map((c) => c.route.method);
    const refused = edgeError(
      405,
      'method_not_allowed',
      'Method not allowed.',
      `${match.route.path} answers ${allowed.join(' and ')} only.`,
    );
    refused.headers = { Allow: allowed.join(', '), ...refused.headers };
    return refused;
  }
  return { route: match.route, params: match.params, url };
}

/**
 * The body a request announces, in bytes: its Content-Length, Infinity for a Transfer-Encoding (the length
 * is known once read), 0 for none. Read from the raw headers: node builds `req.headers` on first read, a map
 * the local server does not otherwise need.
 */
function announcedBody(req: IncomingMessage): number {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 14 && name.toLowerCase() === 'content-length') return Number(raw[i + 1]) || 0;
    if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') return Infinity;
  }
  return 0;
}

/**
 * Calls a route's Lambda handler with an event, as Lambda would: a context whose remaining time runs
 * down from `budgetMs`, counted from `startedAt` (epoch ms; now by default). A loaded handler is called at
 * once: the caller's await is the handler's own.
 * @example const result = await invoke(route, toEvent(req, route, params, url), 29_000);
 */
export function invoke(
  route: Route,
  event: APIGatewayProxyEvent,
  budgetMs = INVOCATION_BUDGET_MS,
  startedAt = Date.now(),
): Promise<APIGatewayProxyResult> {
  const call = ({ handler }: HandlerModule) =>
    handler(
      event,
      lambdaContext(route, event, startedAt, budgetMs),
      ignore,
    ) as Promise<APIGatewayProxyResult>;
  const ready = loaded.get(route.handler);
  return ready ? call(ready) : loadHandler(route).then(call);
}

export interface LocalServer {
  url: string;
  /**
   * Drains: stops accepting, answers new requests on open connections 503 (`Connection: close`), lets
   * requests in flight finish, and closes what is left after `graceMs` (by default the invocation budget
   * and DRAIN_MARGIN_MS: the longest a request can take).
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * How long a draining server waits for requests in flight beyond the invocation budget before it closes
 * their connections. The drain follows the longest request: every invocation ends by its budget (the
 * route answers 504 at its deadline), so waiting the budget and this margin cuts none off.
 * Deployed, Lambda never signals an invocation in flight: an execution environment is shut down (its
 * Shutdown phase, SIGTERM to extensions) only between invocations, and an invocation ends by the
 * function's own timeout, which API Gateway's 29 s integration timeout bounds for the client. So the
 * function timeout is Lambda's drain, and this local drain mirrors it.
 */
export const DRAIN_MARGIN_MS = 1_000;
/** The drain of a server with the default budget. */
export const DRAIN_MS = INVOCATION_BUDGET_MS + DRAIN_MARGIN_MS;

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
  const result = refusal(route, 400, 'bad_request', detail, path ?? '/', publicHost);
  return [
    'HTTP/1.1 400 Bad Request',
    ...Object.entries(result.headers ?? {}).map(([k, v]) => `${k}: ${String(v)}`),
    `Content-Length: ${Buffer.byteLength(result.body)}`,
    'Connection: close',
    '',
    result.body,
  ].join('\r\n');
}

/**
 * @example const server = await startServer({ port: 0 }); await fetch(`${server.url}/health`); await server.close();
 */
export interface ServerOptions {
  port?: number;
  host?: string;
  /** Time each invocation is given, as Lambda's remaining time (tests shorten it to reach timeouts fast). */
  budgetMs?: number;
  /** The address clients use (PUBLIC_BASE_URL); by default the listen address. */
  publicUrl?: string;
}

export async function startServer({
  port = 3000,
  host = '127.0.0.1',
  budgetMs = INVOCATION_BUDGET_MS,
  publicUrl = process.env.PUBLIC_BASE_URL || undefined,
}: ServerOptions = {}): Promise<LocalServer> {
  let publicHost = publicUrl ? new URL(publicUrl).host : host;
  let draining = false;
  // Responses not yet closed (a count: the drain needs only how many).
  let inFlight = 0;
  let drained: (() => void) | undefined;
  // optimizeEmptyRequests: a request that announces no body (the body is read only when one is announced) skips
  // the request stream's data/end/close events, which nothing here listens to.
  // requireHostHeader off: node's own refusal is an empty 400; the edge answers it in the route's body.
  const server = createServer(
    { maxHeaderSize: PARSER_MAX_HEADER_BYTES, optimizeEmptyRequests: true, requireHostHeader: false },
    (req, res) => {
      if (draining) {
        res.setHeader('Connection', 'close');
        send(
          res,
          edgeError(503, 'unavailable', 'The server is shutting down.', 'Retry on another instance.'),
        );
        return;
      }
      inFlight++;
      res.on('close', settled);
      void serve(req, res);
    },
  );
  /** A response's 'close' listener, one for all of them. */
  function settled(): void {
    inFlight--;
    if (draining && inFlight === 0) drained?.();
  }
  /** One request, from its target to the response, with a single await on the way for most. */
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The access line is timed and built only when the level prints it.
    const started = logs('info') ? performance.now() : undefined;
    let result: APIGatewayProxyResult;
    try {
      const routed = routeOf(req, publicHost);
      if ('statusCode' in routed) result = routed;
      else {
        // A request that announces no body has none to read; one that announces too much is not read.
        const announced = announcedBody(req);
        const body =
          announced > MAX_BODY_BYTES && announced !== Infinity
            ? 'too large'
            : announced > 0
              ? await readBody(req)
              : null;
        if (body === 'too large') {
          result = refusal(
            routed.route,
            413,
            'payload_too_large',
            `The request body is larger than ${MAX_BODY_BYTES} bytes, the limit.`,
            routed.url.pathname,
            publicHost,
          );
          // The rest of the body is never read: the connection cannot carry another request.
          result.headers = { ...result.headers, Connection: 'close' };
        } else {
          const event = toEvent(req, routed.route, routed.params, routed.url, body, publicHost);
          // The event was built just now: its request time is the invocation's start.
          result = await invoke(routed.route, event, budgetMs, event.requestContext.requestTimeEpoch);
        }
      }
      send(res, result);
    } catch (error) {
      log('error', 'local server failure', { error: error instanceof Error ? error.stack : String(error) });
      if (!res.headersSent) send(res, edgeError(500, 'internal_error', 'Internal server error.', ''));
      result = { statusCode: 500, body: '' };
    }
    if (started === undefined) return;
    log('info', 'access', {
      method: req.method,
      path: (req.url ?? '').split('?')[0],
      status: result.statusCode,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      correlation_id: result.headers?.[CORRELATION_HEADER] as string | undefined,
    });
  }
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    if (socket.writable) socket.end(protocolErrorResponse(error.code, error.rawPacket, publicHost));
    else socket.destroy();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  if (!publicUrl) publicHost = new URL(url).host;
  return {
    url,
    close: (graceMs = budgetMs + DRAIN_MARGIN_MS) =>
      new Promise<void>((ok) => {
        draining = true;
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeIdleConnections();
        const quiet =
          inFlight === 0
            ? Promise.resolve()
            : new Promise<void>((done) => {
                drained = done;
              });
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        void quiet.then(() => {
          clearTimeout(timer);
          server.closeAllConnections();
          return closed.then(ok);
        });
      }),
  };
}
