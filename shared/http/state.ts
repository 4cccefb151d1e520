/**
 * Per-request state shared by the middlewares and the handler. Kept on the event object, which
 * is new for every invocation, so nothing leaks between requests.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { MiddlewareObj, Request } from '@middy/core';
import type { Route } from '../routes/index.ts';
import type { ApiKeyRecord } from '../store/types.ts';

export interface RequestState {
  route: Route;
  correlationId: string;
  /** Headers every response carries, success or error (correlation id, rate-limit headers). */
  responseHeaders: Record<string, string>;
  caller?: ApiKeyRecord;
  query?: unknown;
  path?: unknown;
}

export type ApiRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
export type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;

// The state rides on the event under a symbol: a property read, cheaper than a WeakMap lookup on each of
// the stack's many reads, and gone with the event. A symbol key never shows in the event's JSON or keys.
const STATE = Symbol('requestState');
type WithState = APIGatewayProxyEvent & { [STATE]?: RequestState };

/** @example stateOf(request.event).responseHeaders['X-Correlation-Id'] = id; */
export function stateOf(event: APIGatewayProxyEvent): RequestState {
  const state = (event as WithState)[STATE];
  if (!state) throw new Error('request state missing: the requestState middleware must run first');
  return state;
}

/**
 * Creates the request's state; the first middleware of every stack.
 * @example middy(handler).use(requestState(routes.chainARooms)).use(httpHeaderNormalizer())
 */
export function requestState(route: Route): ApiMiddleware {
  const requestStateBefore = (request: ApiRequest) => {
    (request.event as WithState)[STATE] = { route, correlationId: '', responseHeaders: {} };
  };
  return { name: 'requestState', before: requestStateBefore };
}

/**
 * Work a middleware starts for a request without awaiting it (its `overlap`), kept by request until the
 * handler, or the middleware's after / onError, waits for it; a failure is seen there, never unhandled.
 * @example const lookups = startedWork<ApiKeyRecord>('key lookup'); lookups.start(request.event, lookup);
 */
export function startedWork<T>(what: string) {
  const pending = new WeakMap<object, Promise<T>>();
  return {
    start(event: object, work: Promise<T>): void {
      work.catch(() => undefined);
      pending.set(event, work);
    },
    /** The request's work, when it was started and not yet waited for by `landed`. */
    of(event: object): Promise<T> | undefined {
      return pending.get(event);
    },
    /**
     * Waits for the request's work still pending: resolves to its failure when it failed, else undefined;
     * undefined at once when there is none (no turn of the event loop for nothing).
     */
    landed(event: object): Promise<unknown> | undefined {
      const work = pending.get(event);
      if (!work) return undefined;
      pending.delete(event);
      return work.then(
        () => undefined,
        (error: unknown) => error ?? new Error(`${what} failed`),
      );
    },
  };
}
