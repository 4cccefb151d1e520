/**
 * The only way a connector talks to a third party: got, under the invocation's deadline, with
 * retries where safe, per-provider breaker and concurrency cap, size and content-type checks, the
 * response cache, and every failure mapped to the contract's 502/503/504.
 */
import got, { HTTPError, RequestError, TimeoutError } from 'got';
import { cached, type CacheKind } from './cache.ts';
import type { UpstreamContext } from './context.ts';
import type { Deadline } from './deadline.ts';
import {
  DisallowedUrlError,
  ExtractionError,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from './errors.ts';
import { protect } from './policies.ts';
import { providerConfig } from './providers.ts';
import { providerUrl, redirectAllowed } from './user-url.ts';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 8_000;
/** Retries after the first attempt, for GETs that hit network errors, 429, 502, 503 or 504. */
export const RETRY_LIMIT = 2;
const BACKOFF_BASE_MS = 100;
/**
 * The longest upstream Retry-After worth waiting inside one invocation. A source that asks for more is
 * usually still limiting when the wait ends: waiting would spend the caller's time (up to the whole
 * deadline) only to answer the same 503, so the 503 and its Retry-After go back at once instead.
 */
export const MAX_RETRY_AFTER_WAIT_MS = 2_000;

export interface UpstreamRequest {
  provider: string;
  /** Path (and query) under the provider's base URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  expect: 'json' | 'html';
  cache: CacheKind;
  /** Answer a 404 as `{ status: 404 }` instead of failing: for lookups where "not there" is an answer. */
  notFoundOk?: boolean;
  maxBytes?: number;
  attemptTimeoutMs?: number;
}

export interface UpstreamResponse<T = unknown> {
  status: number;
  body: T;
  /** Served from the cache. */
  hit: boolean;
  ageSeconds: number;
  bytes: number;
}

interface Loaded {
  status: number;
  body: unknown;
  bytes: number;
}

function buildUrl(req: UpstreamRequest): URL {
  const url = providerUrl(req.provider, req.path);
  for (const [k, v] of Object.entries(req.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  for (const [k, v] of Object.entries(providerConfig(req.provider).params)) url.searchParams.set(k, v);
  return url;
}

function retryAfterSeconds(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 30;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? (date - Date.now()) / 1000 : 30;
}

function mapFailure(
  provider: string,
  error: unknown,
  tooLarge: boolean,
  maxBytes: number,
  deadline: Deadline,
): Error {
  if (error instanceof DisallowedUrlError)
    return new UpstreamError(
      provider,
      `redirect outside the provider's hosts (${error.message})`,
      undefined,
      error,
    );
  if (tooLarge)
    return new UpstreamError(provider, `response larger than ${maxBytes} bytes`, undefined, error);
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    if (status === 429)
      return new UpstreamUnavailableError(
        provider,
        retryAfterSeconds(error.response.headers['retry-after']),
        'rate limited',
        error,
      );
    if (status === 503)
      return new UpstreamUnavailableError(
        provider,
        retryAfterSeconds(error.response.headers['retry-after']),
        'maintenance',
        error,
      );
    return new UpstreamError(provider, `HTTP ${status}`, status, error);
  }
  if (error instanceof TimeoutError || deadline.remaining() === 0)
    return new UpstreamTimeoutError(provider, error);
  if (error instanceof RequestError)
    return new UpstreamError(provider, `connection failed (${error.code})`, undefined, error);
  return new UpstreamError(provider, 'request failed', undefined, error);
}

/** What every attempt shares: its slice of the deadline, its headers, and redirects kept within the provider. */
function attemptOptions(req: UpstreamRequest, deadline: Deadline) {
  const remaining = deadline.remaining();
  if (remaining <= 0) throw new UpstreamTimeoutError(req.provider);
  const config = providerConfig(req.provider);
  return {
    remaining,
    timeout: { request: Math.min(req.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS, remaining) },
    headers: {
      accept: req.expect === 'json' ? 'application/json' : 'text/html',
      'user-agent': 'travel-data-api',
    },
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

async function load(req: UpstreamRequest, url: URL, deadline: Deadline): Promise<Loaded> {
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const size = new AbortController();
  let tooLarge = false;
  const { remaining, ...shared } = attemptOptions(req, deadline);
  try {
    const request = got(url, {
      ...shared,
      signal: AbortSignal.any([AbortSignal.timeout(remaining), size.signal]),
      responseType: 'text',
      throwHttpErrors: true,
      retry: {
        limit: RETRY_LIMIT,
        methods: ['GET'],
        statusCodes: [429, 502, 503, 504],
        // got gives up (computedValue 0) on a Retry-After beyond this.
        maxRetryAfter: Math.min(MAX_RETRY_AFTER_WAIT_MS, remaining),
        calculateDelay: ({ computedValue, attemptCount, error }) => {
          if (computedValue <= 0) return 0;
          // A short Retry-After is honoured as sent; otherwise exponential backoff with jitter from 100 ms.
          const wait = error.response?.headers['retry-after']
            ? computedValue
            : BACKOFF_BASE_MS * 2 ** (attemptCount - 1) * (0.5 + Math.random());
          // Retry only when the wait plus a reasonable attempt still fits in the deadline.
          return wait + 1_000 < deadline.remaining() ? Math.max(1, wait) : 0;
        },
      },
    });
    request.on('downloadProgress', (progress) => {
      if (progress.transferred > maxBytes || (progress.total ?? 0) > maxBytes) {
        tooLarge = true;
        size.abort();
      }
    });
    const response = await request;
    const type = String(response.headers['content-type'] ?? '');
    if (req.expect === 'json' ? !/json/i.test(type) : !/html/i.test(type)) {
      throw new UpstreamError(
        req.provider,
        `unexpected content type ${type || '(none)'}`,
        response.statusCode,
      );
    }
    const bytes = Buffer.byteLength(response.body);
    if (req.expect === 'html') return { status: response.statusCode, body: response.body, bytes };
    try {
      return { status: response.statusCode, body: JSON.parse(response.body) as unknown, bytes };
    } catch (cause) {
      throw new ExtractionError(req.provider, 'the JSON body does not parse', cause, response.statusCode);
    }
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof ExtractionError) throw error;
    if (req.notFoundOk && error instanceof HTTPError && error.response.statusCode === 404)
      return { status: 404, body: null, bytes: 0 };
    throw mapFailure(req.provider, error, tooLarge, maxBytes, deadline);
  }
}

/**
 * @example
 * const res = await fetchUpstream({ provider: 'web_search', path: '/search.json', query: { q }, expect: 'json', cache: 'search' }, ctx);
 */
export async function fetchUpstream<T = unknown>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
): Promise<UpstreamResponse<T>> {
  const { deadline } = ctx;
  const url = buildUrl(req);
  const served = await cached(`${req.provider} ${req.expect} ${url.href}`, req.cache, async () => {
    const loaded = await protect(req.provider, () => load(req, url, deadline));
    // "Not there" may change sooner than an id: keep it no longer than search results.
    const kind = loaded.status === 404 && req.cache !== 'none' ? 'search' : undefined;
    return { value: loaded, storedAt: Date.now(), bytes: loaded.bytes, kind };
  });
  const { status, body, bytes } = served.value;
  ctx.served.push(served);
  return { status, body: body as T, hit: served.hit, ageSeconds: served.ageSeconds, bytes };
}

/** Retries a whole attempt (used where got's own retry cannot reach, such as streamed reads). */
async function withRetries<T>(deadline: Deadline, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const status = (error as { extras?: { upstream_status?: number } }).extras?.upstream_status;
      const transient =
        error instanceof UpstreamUnavailableError ||
        (error instanceof UpstreamError && (status === undefined || [502, 503, 504].includes(status)));
      const wait =
        error instanceof UpstreamUnavailableError
          ? error.retryAfterSeconds * 1_000
          : BACKOFF_BASE_MS * 2 ** (n - 1) * (0.5 + Math.random());
      const tooLong = error instanceof UpstreamUnavailableError && wait > MAX_RETRY_AFTER_WAIT_MS;
      if (!transient || tooLong || n > RETRY_LIMIT || wait + 1_000 >= deadline.remaining()) throw error;
      await new Promise((ok) => setTimeout(ok, wait));
    }
  }
}

async function scanOnce<T>(
  req: UpstreamRequest,
  url: URL,
  deadline: Deadline,
  scan: (text: string) => T | undefined,
): Promise<Loaded> {
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const { remaining, ...shared } = attemptOptions(req, deadline);
  let tooLarge = false;
  const stream = got.stream(url, {
    ...shared,
    signal: AbortSignal.timeout(remaining),
    retry: { limit: 0 },
    throwHttpErrors: false,
  });
  return new Promise<Loaded>((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = '';
    let bytes = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stream.destroy();
      outcome();
    };
    stream.on(
      'response',
      (response: { statusCode: number; headers: Record<string, string | string[] | undefined> }) => {
        const status = response.statusCode;
        if (status === 404 && req.notFoundOk)
          return finish(() => resolve({ status: 404, body: undefined, bytes: 0 }));
        if (status === 429 || status === 503) {
          return finish(() =>
            reject(
              new UpstreamUnavailableError(
                req.provider,
                retryAfterSeconds(response.headers['retry-after']),
                status === 429 ? 'rate limited' : 'maintenance',
              ),
            ),
          );
        }
        if (status >= 400)
          return finish(() => reject(new UpstreamError(req.provider, `HTTP ${status}`, status)));
        if (!/html/i.test(String(response.headers['content-type'] ?? ''))) {
          return finish(() =>
            reject(
              new UpstreamError(
                req.provider,
                `unexpected content type ${String(response.headers['content-type'] ?? '(none)')}`,
                status,
              ),
            ),
          );
        }
      },
    );
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        tooLarge = true;
        return finish(() =>
          reject(new UpstreamError(req.provider, `response larger than ${maxBytes} bytes`)),
        );
      }
      text += decoder.decode(chunk, { stream: true });
      const found = scan(text);
      if (found !== undefined) finish(() => resolve({ status: 200, body: found, bytes }));
    });
    stream.on('end', () =>
      finish(() => resolve({ status: 200, body: scan(text + decoder.decode()), bytes })),
    );
    stream.on('error', (error: unknown) =>
      finish(() => reject(mapFailure(req.provider, error, tooLarge, maxBytes, deadline))),
    );
  });
}

/**
 * Reads an HTML page only as far as needed: `scan` sees the text received so far after every chunk,
 * and the download stops at the first defined answer. The answer, not the page, is cached.
 * @example await scanUpstream(req, ctx, (html) => /"hotel_id":\s*(\d+)/.exec(html)?.[1])
 */
export async function scanUpstream<T>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
  scan: (text: string) => T | undefined,
): Promise<UpstreamResponse<T | undefined>> {
  const { deadline } = ctx;
  const url = buildUrl(req);
  const served = await cached(`${req.provider} scan ${url.href}`, req.cache, async () => {
    const loaded = await protect(req.provider, () =>
      withRetries(deadline, () => scanOnce(req, url, deadline, scan)),
    );
    const kind = loaded.status === 404 && req.cache !== 'none' ? 'search' : undefined;
    return {
      value: loaded,
      storedAt: Date.now(),
      bytes: Math.max(1, String(loaded.body ?? '').length),
      kind,
    };
  });
  const { status, body, bytes } = served.value;
  ctx.served.push(served);
  return { status, body: body as T | undefined, hit: served.hit, ageSeconds: served.ageSeconds, bytes };
}
