/**
 * The only way a connector talks to a third party: got, under the invocation's deadline, to one of the
 * provider's configured origins, with its headers, session and proxy; retries only for requests marked
 * safe; per-provider breaker and concurrency cap, size and content-type checks, the response cache,
 * and every failure mapped to the contract's 502/503/504.
 */
import type { Agents, HTTPError } from 'got';
import type * as z from 'zod';
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
import { recordCache, recordUpstream, recordUpstreamFailure, type UpstreamFailure } from '../metrics.ts';
import { randomUUID } from 'node:crypto';
import { stores } from '../store/index.ts';
import { conform } from './conform.ts';
import { protect } from './policies.ts';
import { providerConfig, resolveValue, type ProviderConfig } from './providers.ts';
import { loadSecrets } from './secrets.ts';
import { currentSession, dropSession, sessionHeaders } from './session.ts';
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

/**
 * Headers a browser sends, so that sources which refuse obvious robots answer as they would to a
 * visitor. A provider's `headers` override them (an empty value removes one).
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
};

/** A request body: JSON, a form, or text with its content type (a JSON text sent as `text/plain`). */
export type UpstreamBody =
  { json: unknown } | { form: Record<string, string> } | { text: string; contentType: string };

export interface UpstreamRequest {
  provider: string;
  /** The provider's named origin (`pages`, `api`, `images`…); all fall back to its `baseUrl`. */
  origin?: string;
  method?: 'GET' | 'POST';
  /** Path (and query) under the origin. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: UpstreamBody;
  /** May be retried: a read. GETs are by default; a POST only when the connector marks it (a read-only query). */
  safe?: boolean;
  /**
   * What identifies the answer when the body carries per-request noise (trace ids): replaces the body in
   * the cache and coalescing key. Never a secret, cookie or token.
   */
  cacheKey?: string;
  /** Send the provider's session (cookies, CSRF token), bootstrapping it first when needed. */
  session?: boolean;
  expect: 'json' | 'html';
  cache: CacheKind;
  /** Answer a 404 as `{ status: 404 }` instead of failing: for lookups where "not there" is an answer. */
  notFoundOk?: boolean;
  /** HTTP error statuses answered with their body instead of failing (a source's documented error answers). */
  passStatuses?: number[];
  /** Whether a successful answer may be kept (a 200 that reports an error inside must not be). */
  keepIf?: (body: unknown) => boolean;
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

/** The URL without the provider's `params` (which may hold a key): what the cache key and logs may see. */
function publicUrl(req: UpstreamRequest): URL {
  let url: URL;
  try {
    url = providerUrl(req.provider, req.path, providerConfig(req.provider), req.origin);
  } catch (error) {
    if (!(error instanceof DisallowedUrlError)) throw error;
    throw new UpstreamError(req.provider, 'the request would leave the configured origins', undefined, error);
  }
  for (const [k, v] of Object.entries(req.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

function withParams(req: UpstreamRequest, url: URL): URL {
  const full = new URL(url.href);
  for (const [k, v] of Object.entries(providerConfig(req.provider).params))
    full.searchParams.set(k, resolveValue(req.provider, v));
  return full;
}

/**
 * The cache and coalescing key: method, origin URL and the body (or the connector's own key for it).
 * @example cacheKeyOf({ provider: 'site_a', method: 'POST', path: '/autocomplete.json', body: { json: { query: 'x' } }, expect: 'json', cache: 'search' }, url)
 */
export function cacheKeyOf(req: UpstreamRequest, url: URL): string {
  const body = req.cacheKey ?? (req.body ? JSON.stringify(req.body) : '');
  return `${req.provider} ${req.method ?? 'GET'} ${req.expect} ${url.href} ${body}`;
}

function isSafe(req: UpstreamRequest): boolean {
  return req.safe ?? (req.method ?? 'GET') === 'GET';
}

/** Browser defaults, the provider's headers, the request's own, then the session's. */
function requestHeaders(
  req: UpstreamRequest,
  config: ProviderConfig,
  session: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    accept: req.expect === 'json' ? 'application/json' : 'text/html',
  };
  for (const [k, v] of Object.entries(config.headers))
    headers[k.toLowerCase()] = resolveValue(req.provider, v);
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  Object.assign(headers, session);
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  return headers;
}

function bodyOptions(body: UpstreamBody | undefined): {
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
} {
  if (!body) return {};
  if ('json' in body) return { json: body.json };
  if ('form' in body) return { form: body.form };
  return { body: body.text, headers: { 'content-type': body.contentType } };
}

type Got = typeof import('got');
type ProxyAgents = typeof import('hpagent');
let gotLib: Got | undefined;
let proxyLib: ProxyAgents | undefined;

/**
 * got (and hpagent, for a provider with a proxy), loaded on the first upstream request rather than at
 * import: they are most of a function's cold import, which functions answering from a cache never need.
 */
async function loadLibraries(config: ProviderConfig): Promise<void> {
  gotLib ??= await import('got');
  if (config.proxy) proxyLib ??= await import('hpagent');
}

function got(): Got {
  if (!gotLib) throw new Error('the HTTP client is used before it is loaded');
  return gotLib;
}

const isHttpError = (error: unknown): error is HTTPError =>
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

/** Bot-protection answers: a challenge page instead of content. Never "no data", never an extraction error. */
function challenged(status: number, body: string): boolean {
  if (status === 202) return true;
  return (
    (status === 403 || status === 405 || status === 429) &&
    /captcha|challenge|access denied|aws-waf|datadome|incapsula|_abck/i.test(body.slice(0, 20_000))
  );
}

function challengeError(provider: string, status: number, cause?: unknown): UpstreamUnavailableError {
  return new UpstreamUnavailableError(
    provider,
    60,
    `bot protection challenged the request (HTTP ${status})`,
    cause,
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
  if (isHttpError(error)) {
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
  if (error instanceof got().TimeoutError || deadline.remaining() === 0)
    return new UpstreamTimeoutError(provider, error);
  if (error instanceof got().RequestError)
    return new UpstreamError(provider, `connection failed (${error.code})`, undefined, error);
  return new UpstreamError(provider, 'request failed', undefined, error);
}

/** What every attempt shares: its slice of the deadline, its headers and agent, and redirects kept within the provider. */
function attemptOptions(req: UpstreamRequest, deadline: Deadline, session: Record<string, string>) {
  const remaining = deadline.remaining();
  if (remaining <= 0) throw new UpstreamTimeoutError(req.provider);
  const config = providerConfig(req.provider);
  const body = bodyOptions(req.body);
  const agent = agentFor(req.provider, config);
  return {
    remaining,
    method: req.method ?? 'GET',
    timeout: { request: Math.min(req.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS, remaining) },
    headers: { ...requestHeaders(req, config, session), ...body.headers },
    ...(body.json !== undefined ? { json: body.json } : {}),
    ...(body.form ? { form: body.form } : {}),
    ...(body.body !== undefined ? { body: body.body } : {}),
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

function parseBody(req: UpstreamRequest, text: string, status: number): unknown {
  if (req.expect === 'html') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ExtractionError(req.provider, 'the JSON body does not parse', cause, status);
  }
}

async function load(
  req: UpstreamRequest,
  url: URL,
  deadline: Deadline,
  session: Record<string, string>,
): Promise<Loaded> {
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const size = new AbortController();
  let tooLarge = false;
  const { remaining, ...shared } = attemptOptions(req, deadline, session);
  const passed = new Set([...(req.passStatuses ?? []), ...(req.notFoundOk ? [404] : [])]);
  try {
    const request = got().default(url, {
      ...shared,
      signal: AbortSignal.any([AbortSignal.timeout(remaining), size.signal]),
      responseType: 'text',
      throwHttpErrors: true,
      retry: {
        limit: RETRY_LIMIT,
        methods: isSafe(req) ? [shared.method] : [],
        statusCodes: [429, 502, 503, 504].filter((code) => !passed.has(code)),
        // got gives up (computedValue 0) on a Retry-After beyond this.
        maxRetryAfter: Math.min(MAX_RETRY_AFTER_WAIT_MS, remaining),
        calculateDelay: ({ computedValue, attemptCount, error }) => {
          if (computedValue <= 0) return 0;
          if (challenged(error.response?.statusCode ?? 0, String(error.response?.body ?? ''))) return 0;
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
    if (challenged(response.statusCode, response.body))
      throw challengeError(req.provider, response.statusCode);
    const type = String(response.headers['content-type'] ?? '');
    if (req.expect === 'json' ? !/json/i.test(type) : !/html/i.test(type)) {
      throw new UpstreamError(
        req.provider,
        `unexpected content type ${type || '(none)'}`,
        response.statusCode,
      );
    }
    const bytes = Buffer.byteLength(response.body);
    return { status: response.statusCode, body: parseBody(req, response.body, response.statusCode), bytes };
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof ExtractionError) throw error;
    if (error instanceof UpstreamUnavailableError) throw error;
    if (isHttpError(error)) {
      const { statusCode: status, body } = error.response;
      const text = String(body ?? '');
      if (challenged(status, text)) throw challengeError(req.provider, status, error);
      if (status === 404 && req.notFoundOk) return { status: 404, body: null, bytes: 0 };
      if (passed.has(status)) {
        // A documented error answer whose body does not parse is still that status, with no body.
        let parsed: unknown;
        try {
          parsed = parseBody(req, text, status);
        } catch {
          parsed = null;
        }
        return { status, body: parsed, bytes: Buffer.byteLength(text) };
      }
    }
    throw mapFailure(req.provider, error, tooLarge, maxBytes, deadline);
  }
}

/** Fetches the provider's session page and reads what it hands out. */
async function bootstrapSession(provider: string, deadline: Deadline): Promise<Record<string, string>> {
  const config = providerConfig(provider);
  const session = config.session!;
  const req: UpstreamRequest = {
    provider,
    origin: session.origin,
    path: session.path,
    expect: 'html',
    cache: 'none',
  };
  const url = withParams(req, publicUrl(req));
  const { remaining, ...shared } = attemptOptions(req, deadline, {});
  try {
    const response = await got().default(url, {
      ...shared,
      signal: AbortSignal.timeout(remaining),
      responseType: 'text',
      throwHttpErrors: true,
      retry: { limit: 0 },
    });
    if (challenged(response.statusCode, response.body)) throw challengeError(provider, response.statusCode);
    const headers = sessionHeaders(response.headers, response.body, session.csrf);
    if (!headers)
      throw new ExtractionError(provider, 'the session page carries no CSRF token', undefined, 200);
    return headers;
  } catch (error) {
    if (error instanceof UpstreamUnavailableError || error instanceof ExtractionError) throw error;
    if (isHttpError(error) && challenged(error.response.statusCode, String(error.response.body)))
      throw challengeError(provider, error.response.statusCode, error);
    throw mapFailure(provider, error, false, DEFAULT_MAX_BYTES, deadline);
  }
}

/**
 * Runs `attempt` with the provider's session when the request asks for one; a 401 or 403 drops the
 * session and tries once more with a fresh one (sessions expire, and sources tie them to an address).
 */
async function withSession<T>(
  req: UpstreamRequest,
  deadline: Deadline,
  attempt: (session: Record<string, string>) => Promise<T>,
): Promise<T> {
  const config = providerConfig(req.provider);
  if (!req.session || !config.session) return attempt({});
  const ttl = config.session.ttlSeconds;
  const open = () => currentSession(req.provider, ttl, () => bootstrapSession(req.provider, deadline));
  try {
    return await attempt((await open()).headers);
  } catch (error) {
    const status = (error as { extras?: { upstream_status?: number } }).extras?.upstream_status;
    if (status !== 401 && status !== 403) throw error;
    dropSession(req.provider);
    return attempt((await open()).headers);
  }
}

/**
 * How long an answer is kept: "not there" (404) no longer than search results, since it may change
 * sooner than an id; a passed-through error answer, or one the connector says reports an error, not at all.
 */
function keptAs(req: UpstreamRequest, loaded: Loaded): CacheKind | undefined {
  if (req.cache === 'none') return undefined;
  if (loaded.status === 404) return 'search';
  if (loaded.status >= 400 || (req.keepIf && !req.keepIf(loaded.body))) return 'none';
  return undefined;
}

/** How long a slot is held at most: longer than any invocation's deadline, so only a dead instance's slot expires. */
export const SLOT_LEASE_MS = 30_000;

/**
 * Runs one upstream request within the provider's deployment-wide ceiling (`maxConcurrent`), when the
 * deployment has a slot store; over the ceiling, 503 with Retry-After. A failing store never blocks a
 * request: the in-process cap still holds.
 */
async function withSlot<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const max = providerConfig(provider).maxConcurrent;
  const slots = max ? (await stores()).slots : undefined;
  if (!max || !slots) return call();
  const holder = randomUUID();
  let slot: number | undefined;
  try {
    slot = await slots.acquire(provider, max, holder, SLOT_LEASE_MS);
  } catch {
    return call();
  }
  if (slot === undefined)
    throw new UpstreamUnavailableError(
      provider,
      1,
      `the deployment's ceiling of ${max} concurrent requests to the source is reached`,
    );
  try {
    return await call();
  } finally {
    await slots.release(provider, slot, holder).catch(() => undefined);
  }
}

/** The metric kind of a failed request; extraction failures are counted where they are raised (endpoint). */
function failureKind(error: unknown): UpstreamFailure | undefined {
  if (error instanceof ExtractionError) return undefined;
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamUnavailableError)
    return error.why.startsWith('bot protection') ? 'challenge' : 'unavailable';
  if (error instanceof UpstreamError)
    return (error.extras as { upstream_status?: number }).upstream_status === undefined ? 'network' : 'http';
  return 'network';
}

/** Runs one upstream request, recording its latency or its failure for the provider's metrics. */
async function measured<T>(provider: string, request: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await request();
    recordUpstream(provider, performance.now() - started);
    return result;
  } catch (error) {
    const kind = failureKind(error);
    if (kind) recordUpstreamFailure(provider, kind);
    throw error;
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
  const url = publicUrl(req);
  await loadLibraries(providerConfig(req.provider));
  await loadSecrets(req.provider, providerConfig(req.provider));
  const served = await cached(cacheKeyOf(req, url), req.cache, async () => {
    const loaded = await measured(req.provider, () =>
      withSlot(req.provider, () =>
        protect(req.provider, () =>
          withSession(req, deadline, (session) => load(req, withParams(req, url), deadline, session)),
        ),
      ),
    );
    return { value: loaded, storedAt: Date.now(), bytes: loaded.bytes, kind: keptAs(req, loaded) };
  });
  const { status, body, bytes } = served.value;
  recordCache(req.provider, 'L1', served.hit);
  ctx.served.push({ hit: served.hit, ageSeconds: served.ageSeconds, kind: req.cache });
  return { status, body: body as T, hit: served.hit, ageSeconds: served.ageSeconds, bytes };
}

/**
 * The one checked fetch of a connector: the answer's body through `schema`, so that a source whose format
 * drifted gives the route's documented extraction error, never a half-read answer.
 * @example const { body } = await fetchParsed({ provider: 'web_search', path: '/search.json', expect: 'json', cache: 'search' }, SearchAnswer, ctx, 'a search answer');
 */
export async function fetchParsed<S extends z.ZodType>(
  req: UpstreamRequest,
  schema: S,
  ctx: UpstreamContext,
  what: string,
): Promise<UpstreamResponse<z.output<S>>> {
  const res = await fetchUpstream(req, ctx);
  return { ...res, body: conform(req.provider, schema, res.body, what, res.status) };
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
  session: Record<string, string>,
): Promise<Loaded> {
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const { remaining, ...shared } = attemptOptions(req, deadline, session);
  let tooLarge = false;
  const stream = got().default.stream(url, {
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
        // A challenge page is known by its status alone here: the body is not read for it.
        if (status === 202) return finish(() => reject(challengeError(req.provider, status)));
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
 * and the download stops at the first defined answer. The answer, not the page, is cached, under the
 * name of what was read (`reading`): two readings of one page are two cache entries.
 * @example await scanUpstream(req, ctx, (html) => /b_hotel_id: '(\d+)'/.exec(html)?.[1], 'hotel id')
 */
export async function scanUpstream<T>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
  scan: (text: string) => T | undefined,
  reading: string,
): Promise<UpstreamResponse<T | undefined>> {
  const { deadline } = ctx;
  const url = publicUrl(req);
  await loadLibraries(providerConfig(req.provider));
  await loadSecrets(req.provider, providerConfig(req.provider));
  const served = await cached(`scan ${reading} ${cacheKeyOf(req, url)}`, req.cache, async () => {
    const loaded = await measured(req.provider, () =>
      withSlot(req.provider, () =>
        protect(req.provider, () =>
          withSession(req, deadline, (session) =>
            withRetries(deadline, () => scanOnce(req, withParams(req, url), deadline, scan, session)),
          ),
        ),
      ),
    );
    const kind = keptAs(req, loaded);
    return {
      value: loaded,
      storedAt: Date.now(),
      bytes: Math.max(1, String(loaded.body ?? '').length),
      kind,
    };
  });
  const { status, body, bytes } = served.value;
  recordCache(req.provider, 'L1', served.hit);
  ctx.served.push({ hit: served.hit, ageSeconds: served.ageSeconds, kind: req.cache });
  return { status, body: body as T | undefined, hit: served.hit, ageSeconds: served.ageSeconds, bytes };
}
