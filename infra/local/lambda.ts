/**
 * Lambda, locally: the handler modules loaded by their manifest path, a request turned into the API
 * Gateway REST (v1) proxy event, and an invocation with a context whose remaining time runs down.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, Handler } from 'aws-lambda';
import type * as z from 'zod';
import { useOpenApiBuilder } from '../../functions/docs/document.ts';
import { addTo, setOwn } from '../../shared/http/event-maps.ts';
import type { Route } from '../../shared/routes/index.ts';
import type { Target } from './routing.ts';
// The project root: handler files are named from it in the manifest.
const ROOT = resolve(import.meta.dirname, '../..');
// API Gateway's integration timeout: the local Lambda context reports time left against it.
export const INVOCATION_BUDGET_MS = 29_000;

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
