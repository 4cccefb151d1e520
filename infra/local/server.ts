/**
 * The local server: serves every manifest route on loopback by turning each HTTP request into an
 * API Gateway REST (v1) proxy event and calling the very handler that runs in Lambda.
 *
 * What API Gateway would not route is refused at the edge (edge.ts); a route's request is read, turned
 * into its event and handed to its handler (lambda.ts), found by the manifest (routing.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { STATUS } from '../../shared/errors.ts';
import { CORRELATION_HEADER } from '../../shared/http/correlation-id.ts';
import { log, logs } from '../../shared/log.ts';
import { edgeError, PARSER_MAX_HEADER_BYTES, protocolErrorResponse, refusal, routeOf } from './edge.ts';
import { listen, type ListenOptions } from '../listen.ts';
import { INVOCATION_BUDGET_MS, invoke, toEvent } from './lambda.ts';

// API Gateway's payload limit: a larger request body is refused, as there.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

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

/**
 * @example const server = await startServer({ port: 0 }); await fetch(`${server.url}/health`); await server.close();
 */
export interface ServerOptions extends ListenOptions {
  /** Time each invocation is given, as Lambda's remaining time (tests shorten it to reach timeouts fast). */
  budgetMs?: number;
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
          edgeError(
            STATUS.serviceUnavailable,
            'unavailable',
            'The server is shutting down.',
            'Retry on another instance.',
          ),
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
            'tooLarge',
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
  const url = `http://${host}:${await listen(server, port, host)}`;
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
