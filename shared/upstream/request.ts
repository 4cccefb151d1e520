/**
 * The request model: what a connector asks for, and how it becomes a URL, headers and a body under its
 * provider's configuration. Pure: nothing here sends anything.
 */
import type { ConnectorToken } from '../tokens.ts';
import type { CacheKind } from './ttl.ts';
import type { Deadline } from './deadline.ts';
import { DisallowedUrlError, UpstreamError } from './errors.ts';
import { resolveValue, type ProviderConfig } from './providers.ts';
import { providerUrl } from './user-url.ts';

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

/** A connector's request: an upstream request whose provider is a connector token. */
export type SourceRequest = UpstreamRequest & { provider: ConnectorToken };

export interface UpstreamResponse<T = unknown> {
  status: number;
  body: T;
  /** Served from the cache. */
  hit: boolean;
  ageSeconds: number;
  bytes: number;
}

/** What one read brought back: the status, the body as read (parsed JSON, HTML, or a scan's answer) and its size on the wire. */
export interface Loaded {
  status: number;
  body: unknown;
  bytes: number;
}

/**
 * One request on its way through the client: the connector's request, its provider's configuration
 * (resolved once, when the request starts), the invocation's deadline, and the URL without secrets.
 */
export interface Outbound {
  req: UpstreamRequest;
  config: ProviderConfig;
  deadline: Deadline;
  url: URL;
}

/**
 * The URL without the provider's `params` (which may hold a key): what the cache key and logs may see.
 * @example publicUrl({ provider: 'site_a', path: '/hotel/fr/x.html', expect: 'html', cache: 'ids' }, providerConfig('site_a')).href
 */
export function publicUrl(req: UpstreamRequest, config: ProviderConfig): URL {
  let url: URL;
  try {
    url = providerUrl(req.provider, req.path, config, req.origin);
  } catch (error) {
    if (!(error instanceof DisallowedUrlError)) throw error;
    throw new UpstreamError(req.provider, 'the request would leave the configured origins', undefined, error);
  }
  for (const [k, v] of Object.entries(req.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/**
 * The URL actually sent: the public one with the provider's `params` (secrets resolved here, late, so
 * that an answer served from the cache never needs them).
 * @example sentUrl(outbound).searchParams.get('api_key')
 */
export function sentUrl({ req, config, url }: Outbound): URL {
  const full = new URL(url.href);
  for (const [k, v] of Object.entries(config.params)) full.searchParams.set(k, resolveValue(req.provider, v));
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

/** Whether the request may be retried. @example isSafe({ provider: 'x', path: '/', expect: 'json', cache: 'none' }) // true */
export function isSafe(req: UpstreamRequest): boolean {
  return req.safe ?? (req.method ?? 'GET') === 'GET';
}

/**
 * Browser defaults, the provider's headers, the request's own, then the session's, then the body's
 * content type; a header set empty is removed.
 * @example requestHeaders(outbound, { cookie: 'sid=1' })['user-agent']
 */
export function requestHeaders(
  { req, config }: Outbound,
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
  if (req.body && 'text' in req.body) headers['content-type'] = req.body.contentType;
  return headers;
}

/**
 * The body as got takes it: `json`, `form` or a text `body` (whose content type `requestHeaders` sets).
 * @example bodyOptions({ form: { a: '1' } }) // { form: { a: '1' } }
 */
export function bodyOptions(
  body: UpstreamBody | undefined,
): { json: unknown } | { form: Record<string, string> } | { body: string } | Record<string, never> {
  if (!body) return {};
  if ('json' in body) return body.json === undefined ? {} : { json: body.json };
  if ('form' in body) return { form: body.form };
  return { body: body.text };
}
