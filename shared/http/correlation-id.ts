/** Gives every request a unique correlation id, sent back as `X-Correlation-Id` and in error bodies. */
import { randomUUID } from 'node:crypto';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

export const CORRELATION_HEADER = 'X-Correlation-Id';

/**
 * Sets the request's correlation id (a UUID unless `generate` says) and its `X-Correlation-Id` header.
 * @example middy(handler).use(requestState(route)).use(correlationId(() => 'test-id'))
 */
export function correlationId(generate: () => string = randomUUID): ApiMiddleware {
  const correlationIdBefore = (request: ApiRequest) => {
    const state = stateOf(request.event);
    state.correlationId = generate();
    state.responseHeaders[CORRELATION_HEADER] = state.correlationId;
  };
  return { name: 'correlationId', before: correlationIdBefore };
}
