/**
 * Renders every thrown error as the contract's error body: Problem Details for endpoint errors,
 * the global body for auth and rate limits, the `detail` array where a route documents it.
 * Anything unexpected becomes 500 INTERNAL_ERROR with the correlation id; its stack goes to the log,
 * never to the client. `@middy/http-error-handler` stands behind this renderer as the net for a response
 * it could not set (it leaves a rendered response alone): `logUnrendered` and `FALLBACK_BODY` are its
 * logger and body.
 */
import { DetailArrayError, GlobalError, ProblemError } from '../errors.ts';
import { log } from '../log.ts';
import {
  baseUrl,
  globalErrorBody,
  jsonResponse,
  problemBody,
  problemType,
  PROBLEM_JSON,
} from '../problem.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

/**
 * The contract's renderer: turns what a later middleware or the handler threw into the route's error body.
 * @example middy(handler).use(requestState(route)).use(responseHeaders()).use(errorHandler())
 */
export function errorHandler(): ApiMiddleware {
  const errorHandlerOnError = (request: ApiRequest) => {
    const error = request.error;
    const state = stateOf(request.event);
    if (error instanceof GlobalError) {
      const help = helpOf(error, publicBase(request.event));
      request.response = jsonResponse(
        error.status,
        globalErrorBody(error.code, help.message, help.details),
        undefined,
        { ...error.headers, ...help.headers },
      );
      return;
    }
    if (error instanceof DetailArrayError) {
      request.response = jsonResponse(error.status, { detail: error.detail });
      return;
    }
    const problem =
      error instanceof ProblemError
        ? error
        : new ProblemError(
            500,
            'INTERNAL_ERROR',
            'An unexpected error occurred. Quote the correlation_id when reporting it.',
          );
    if (problem.status >= 500) {
      log('error', 'request failed', {
        correlation_id: state.correlationId,
        path: request.event.path,
        status: problem.status,
        error_code: problem.errorCode,
        error: error?.stack ?? String(error),
        // The detail says it in our words; the log keeps what the library or the system said (ECONNRESET...).
        ...causeOf(error),
      });
    }
    if (state.route.globalErrors) {
      request.response = jsonResponse(
        problem.status,
        globalErrorBody(
          problem.errorCode,
          problem.message,
          `${problem.title}; correlation id ${state.correlationId}`,
        ),
        undefined,
        problem.headers,
      );
      return;
    }
    const body = problemBody(
      {
        status: problem.status,
        title: problem.title,
        detail: problem.message,
        errorCode: problem.errorCode,
        instance: request.event.path,
        provider: state.route.provider,
        product: state.route.product,
        correlationId: state.correlationId,
        base: baseUrl(request.event),
      },
      problem.extras,
    );
    request.response = jsonResponse(problem.status, body, PROBLEM_JSON, problem.headers);
  };
  return { name: 'errorHandler', onError: errorHandlerOnError };
}

/** The errors a newcomer meets first, each with its page under `/errors/`. */
const HELP_PAGES = new Set(['unauthorized', 'rate_limit_exceeded']);

/**
 * The 401's and 429's way forward, inside the contract's global body (which has no `type`): the message of a
 * 401 names the dashboard where keys are made, the details of both end with their error page, also sent as a
 * `Link: <…>; rel="help"` header (RFC 8288).
 * @example helpOf(new UnauthorizedError('The x-api-key header is missing.'), 'https://api.example').message
 * // 'A valid API key is required in the x-api-key header. Get one at https://api.example/dashboard.'
 */
export function helpOf(
  error: GlobalError,
  base: string,
): { message: string; details: string; headers: Record<string, string> } {
  if (!HELP_PAGES.has(error.code)) return { message: error.message, details: error.details, headers: {} };
  const page = problemType(base, error.code);
  return {
    message: error.code === 'unauthorized' ? `${error.message} Get one at ${base}/dashboard.` : error.message,
    details: `${error.details ? `${error.details} ` : ''}See ${page}.`,
    headers: { Link: `<${page}>; rel="help"` },
  };
}

/** The address clients use: the configured one (PUBLIC_BASE_URL), else the one this request came to. */
function publicBase(event: ApiRequest['event']): string {
  return (process.env.PUBLIC_BASE_URL || baseUrl(event)).replace(/\/+$/, '');
}

/** The cause of an error as the log keeps it: its code and message. */
function causeOf(error: unknown): { cause?: string } {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (!(cause instanceof Error)) return {};
  const code = (cause as { code?: unknown }).code;
  return { cause: `${typeof code === 'string' ? code : cause.name}: ${cause.message}` };
}

/** The body `@middy/http-error-handler` sends when nothing rendered the error: still Problem Details. */
export const FALLBACK_BODY = JSON.stringify({
  type: 'about:blank',
  title: 'Internal Error',
  status: 500,
  detail: 'An unexpected error occurred.',
  error_code: 'INTERNAL_ERROR',
});

/**
 * The net's logger: one structured line, never the request.
 * @example httpErrorHandler({ logger: logUnrendered, fallbackMessage: FALLBACK_BODY })
 */
export function logUnrendered(error: unknown): void {
  log('error', 'unrendered error', {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
