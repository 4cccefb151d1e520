/**
 * The transport's shared parts: got and the proxy agents (loaded on the first request), what every
 * attempt carries, the one classifier of HTTP statuses and transport failures into the contract's
 * errors, and the one backoff. The reads that use them are in `reads.ts`.
 */
import type { Agents, HTTPError } from 'got';
import { STATUS } from '../errors.ts';
import type { Deadline } from './deadline.ts';
import {
  DisallowedUrlError,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  transportFailure,
} from './errors.ts';
import { ExtractionError } from '../extraction/errors.ts';
import { resolveValue, type ProviderConfig } from './providers.ts';
import { bodyOptions, requestHeaders, type Outbound } from './request.ts';
import { redirectAllowed } from './user-url.ts';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 8_000;
/** Retries after the first attempt, for safe requests that hit network errors or a status in `RETRY_STATUSES`. */
export const RETRY_LIMIT = 2;
/** The statuses a safe request is retried on: the source is busy or a gateway in front of it failed. */
export const RETRY_STATUSES: readonly number[] = [
  STATUS.tooManyRequests,
  STATUS.badGateway,
  STATUS.serviceUnavailable,
  STATUS.gatewayTimeout,
];
const BACKOFF_BASE_MS = 100;
/** What an attempt after a wait needs at least, for the retry to be worth it. */
const ATTEMPT_RESERVE_MS = 1_000;
/**
 * The longest upstream Retry-After worth waiting inside one invocation. A source that asks for more is
 * usually still limiting when the wait ends: waiting would spend the caller's time (up to the whole
 * deadline) only to answer the same 503, so the 503 and its Retry-After go back at once instead.
 */
export const MAX_RETRY_AFTER_WAIT_MS = 2_000;

type Got = typeof import('got');
type ProxyAgents = typeof import('hpagent');
let gotLib: Got | undefined;
let proxyLib: ProxyAgents | undefined;

/**
 * got (and hpagent, for a provider with a proxy), loaded on the first upstream request rather than at
 * import: they are most of a function's cold import, which functions answering from a cache never need.
 * @example await loadLibraries(providerConfig('site_a'))
 */
export async function loadLibraries(config: ProviderConfig): Promise<void> {
  gotLib ??= await import('got');
  if (config.proxy) proxyLib ??= await import('hpagent');
}

/** The loaded got. @example got().default(url, options) */
export function got(): Got {
  if (!gotLib) throw new Error('the HTTP client is used before it is loaded');
  return gotLib;
}

/** @example if (isHttpError(error)) error.response.statusCode */
export const isHttpError = (error: unknown): error is HTTPError =>
  gotLib !== undefined && error instanceof gotLib.HTTPError;

const agents = new Map<string, Agents>();

/** One keep-alive proxy agent per provider, when its configuration names a proxy. */
function agentFor(provider: string, config: ProviderConfig): Agents | undefined {
  if (!config.proxy) return undefined;
  let agent = agents.get(provider);
  if (!agent) {
    const proxy = new URL(config.proxy.url);
    if (config.proxy.credentials) {
      const [user = '', password = ''] = resolveValue(provider, config.proxy.credentials).split(/:(.*)/s, 2);
      proxy.username = encodeURIComponent(user);
      proxy.password = encodeURIComponent(password);
    }
    const options = { keepAlive: true, maxSockets: 64, proxy };
    const { HttpProxyAgent, HttpsProxyAgent } = proxyLib!;
    agent = { http: new HttpProxyAgent(options), https: new HttpsProxyAgent(options) };
    agents.set(provider, agent);
  }
  return agent;
}

/**
 * What every attempt shares: its slice of the deadline, its headers, body and agent, and redirects kept
 * within the provider. No time left is a timeout before anything is sent.
 * @example const { remaining, ...options } = attemptOptions(outbound, session)
 */
export function attemptOptions(outbound: Outbound, session: Record<string, string>) {
  const { req, config, deadline } = outbound;
  const remaining = deadline.remaining();
  if (remaining <= 0) throw new UpstreamTimeoutError(req.provider);
  const agent = agentFor(req.provider, config);
  return {
    remaining,
    method: req.method ?? 'GET',
    timeout: { request: Math.min(req.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS, remaining) },
    headers: requestHeaders(outbound, session),
    ...bodyOptions(req.body),
    ...(agent ? { agent } : {}),
    maxRedirects: 3,
    hooks: {
      beforeRedirect: [
        (
          options: { url?: unknown },
          response: { headers: Record<string, string | string[] | undefined> },
        ) => {
          const target = new URL(String(options.url ?? response.headers.location));
          if (!redirectAllowed(target, config))
            throw new DisallowedUrlError(target.href, `redirect to ${target.host}`);
        },
      ],
    },
  };
}

/**
 * Bot-protection answers: a challenge page instead of content. Never "no data", never an extraction error.
 * Without a body (a streamed read decides on the status alone) only a 202 is one.
 * @example challenged(403, '<title>Access Denied</title>') // true
 */
export function challenged(status: number, body = ''): boolean {
  if (status === 202) return true;
  return (
    (status === STATUS.forbidden ||
      status === STATUS.methodNotAllowed ||
      status === STATUS.tooManyRequests) &&
    /captcha|challenge|access denied|aws-waf|datadome|incapsula|_abck/i.test(body.slice(0, 20_000))
  );
}

function retryAfterSeconds(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 30;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? (date - Date.now()) / 1000 : 30;
}

/**
 * The one classifier of an answer that is not content: a bot-protection challenge (503, retry in a
 * minute), a rate limit or maintenance (503 with the source's Retry-After), any other status (502
 * naming it in `upstream_status`).
 * @example throw statusFailure('site_a', 429, { 'retry-after': '5' }) // 503 rate limited, Retry-After 5
 */
export function statusFailure(
  provider: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body = '',
  cause?: unknown,
): UpstreamError | UpstreamUnavailableError {
  if (challenged(status, body))
    return new UpstreamUnavailableError(
      provider,
      60,
      'challenged',
      cause,
      `bot protection challenged the request (HTTP ${status})`,
    );
  if (status === STATUS.tooManyRequests || status === STATUS.serviceUnavailable) {
    const why = status === STATUS.tooManyRequests ? 'rate limited' : 'maintenance';
    return new UpstreamUnavailableError(provider, retryAfterSeconds(headers['retry-after']), why, cause);
  }
  return new UpstreamError(provider, `HTTP ${status}`, status, cause);
}

/**
 * Any failure of an attempt as the contract's error: ours pass through; a redirect off the provider, a
 * body over the cap, an HTTP error status, the deadline, a connection failure.
 * @example throw toContractError(outbound, error, tooLarge)
 */
export function toContractError(outbound: Outbound, error: unknown, tooLarge = false): Error {
  const { provider, maxBytes = DEFAULT_MAX_BYTES } = outbound.req;
  if (
    error instanceof UpstreamError ||
    error instanceof UpstreamUnavailableError ||
    error instanceof ExtractionError
  )
    return error;
  // got wraps what its hooks throw (the redirect check) in a RequestError of its own.
  if (error instanceof got().RequestError && error.cause instanceof DisallowedUrlError)
    return toContractError(outbound, error.cause, tooLarge);
  if (error instanceof DisallowedUrlError)
    return new UpstreamError(
      provider,
      `redirect outside the provider's hosts (${error.message})`,
      undefined,
      error,
    );
  if (tooLarge)
    return new UpstreamError(provider, `response larger than ${maxBytes} bytes`, undefined, error);
  if (isHttpError(error)) {
    const { statusCode, headers, body } = error.response;
    return statusFailure(provider, statusCode, headers, String(body ?? ''), error);
  }
  if (error instanceof got().TimeoutError || outbound.deadline.remaining() === 0)
    return new UpstreamTimeoutError(provider, error);
  if (error instanceof got().RequestError)
    return new UpstreamError(provider, transportFailure(error.code), undefined, error);
  return new UpstreamError(provider, 'request failed', undefined, error);
}

/**
 * The wait before retry number `attempt` (from 1): exponential from 100 ms, with jitter.
 * @example backoffMs(2) // between 100 and 300
 */
export function backoffMs(attempt: number): number {
  return BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
}

/**
 * Whether a retry after `waitMs` still leaves a reasonable attempt inside the deadline.
 * @example if (!fitsDeadline(wait, deadline)) throw error
 */
export function fitsDeadline(waitMs: number, deadline: Deadline): boolean {
  return waitMs + ATTEMPT_RESERVE_MS < deadline.remaining();
}
