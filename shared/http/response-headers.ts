/**
 * Copies the request's shared response headers onto whatever response goes out, success or error.
 * Used early in the stack, so its `after`/`onError` run last, after the error handler rendered.
 */
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

/**
 * Adds the headers gathered in the request state (correlation id, rate limits) to the response.
 * @example middy(handler).use(requestState(route)).use(responseHeaders()).use(errorHandler())
 */
export function responseHeaders(): ApiMiddleware {
  const apply = (request: ApiRequest) => {
    if (!request.response) return;
    request.response.headers = { ...stateOf(request.event).responseHeaders, ...request.response.headers };
  };
  return { name: 'responseHeaders', after: apply, onError: apply };
}
