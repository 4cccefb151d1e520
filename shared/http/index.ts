/** The middleware entry point: every middleware of the stack, and the factory that composes them. */
export { apiKeyAuth } from './api-key-auth.ts';
export { correlationId, CORRELATION_HEADER } from './correlation-id.ts';
export { dailyQuotaLimit, utcDay } from './daily-quota.ts';
export { endpoint, type EndpointOptions, type RunContext } from './endpoint.ts';
export { errorHandler } from './error-handler.ts';
export { responseHeaders } from './response-headers.ts';
export { requestState, stateOf } from './state.ts';
export { validateRequest, validationError } from './validate-request.ts';
