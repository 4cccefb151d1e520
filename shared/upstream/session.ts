/**
 * Per-provider sessions: what a source hands out on one page (cookies, a CSRF token in its HTML) and
 * wants back on its API calls. A session is fetched once per provider and process, shared by
 * concurrent requests, reused until its TTL, and dropped when the source answers 401 or 403. Cookie
 * and token values are never logged and never part of a cache key.
 */
import { STATUS } from '../errors.ts';
import { UpstreamError } from './errors.ts';
import { ExtractionError } from '../extraction/errors.ts';
import { publicUrl, sentUrl, type Outbound, type UpstreamRequest } from './request.ts';
import { attemptOptions, challenged, got, statusFailure, toContractError } from './transport.ts';

export interface Session {
  /** Headers every request of the session carries: `cookie`, and the CSRF header when configured. */
  headers: Record<string, string>;
  expiresAt: number;
}

const sessions = new Map<string, Promise<Session>>();

/**
 * The `name=value` pairs of `Set-Cookie` headers as one `Cookie` header (attributes dropped; a later
 * cookie of the same name wins).
 * @example cookieHeader(['a=1; Path=/; HttpOnly', 'b=2']) // 'a=1; b=2'
 */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const jar = new Map<string, string>();
  for (const line of [setCookie ?? []].flat()) {
    const pair = line.split(';', 1)[0]!.trim();
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Builds the session's headers from the bootstrap page's answer.
 * @example sessionHeaders({ 'set-cookie': ['sid=1'] }, html, { pattern: "csrf: '([^']+)'", header: 'x-csrf-token' })
 */
export function sessionHeaders(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  csrf?: { pattern: string; header: string },
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  const cookie = cookieHeader(headers['set-cookie']);
  if (cookie) out.cookie = cookie;
  if (csrf) {
    const token = new RegExp(csrf.pattern).exec(body)?.[1];
    if (!token) return undefined;
    out[csrf.header.toLowerCase()] = token;
  }
  return out;
}

/**
 * The provider's current session, bootstrapping it once for all concurrent callers.
 * @example const { headers } = await currentSession('site_a', 1800, () => bootstrap());
 */
export async function currentSession(
  provider: string,
  ttlSeconds: number,
  bootstrap: () => Promise<Record<string, string>>,
): Promise<Session> {
  const existing = sessions.get(provider);
  if (existing) {
    const session = await existing.catch(() => undefined);
    if (session && session.expiresAt > Date.now()) return session;
    if (sessions.get(provider) === existing) sessions.delete(provider);
  }
  let pending = sessions.get(provider);
  if (!pending) {
    pending = bootstrap().then((headers) => ({ headers, expiresAt: Date.now() + ttlSeconds * 1000 }));
    sessions.set(provider, pending);
    // A failed bootstrap is not kept: the next request tries again.
    pending.catch(() => sessions.get(provider) === pending && sessions.delete(provider));
  }
  return pending;
}

/** Forgets a provider's session (after a 401 or 403), or every session (tests). @example dropSession('site_a') */
export function dropSession(provider?: string): void {
  if (provider) sessions.delete(provider);
  else sessions.clear();
}

/** Fetches the provider's session page (one attempt, no retry) and reads what it hands out. */
async function bootstrapSession({ req, config, deadline }: Outbound): Promise<Record<string, string>> {
  const session = config.session!;
  const page: UpstreamRequest = {
    provider: req.provider,
    origin: session.origin,
    path: session.path,
    expect: 'html',
    cache: 'none',
  };
  const outbound: Outbound = { req: page, config, deadline, url: publicUrl(page, config) };
  const { remaining, ...shared } = attemptOptions(outbound, {});
  try {
    const {
      statusCode: status,
      headers,
      body,
    } = await got().default(sentUrl(outbound), {
      ...shared,
      signal: AbortSignal.timeout(remaining),
      responseType: 'text',
      throwHttpErrors: true,
      retry: { limit: 0 },
    });
    if (challenged(status, body)) throw statusFailure(req.provider, status, headers, body);
    const sent = sessionHeaders(headers, body, session.csrf);
    if (!sent)
      throw new ExtractionError(req.provider, 'the session page carries no CSRF token', undefined, 200);
    return sent;
  } catch (error) {
    throw toContractError(outbound, error);
  }
}

/**
 * Runs `attempt` with the provider's session when the request asks for one; a 401 or 403 drops the
 * session and tries once more with a fresh one (sessions expire, and sources tie them to an address).
 * @example await withSession(outbound, (session) => bufferedRead(outbound, url, session))
 */
export async function withSession<T>(
  outbound: Outbound,
  attempt: (session: Record<string, string>) => Promise<T>,
): Promise<T> {
  const { req, config } = outbound;
  if (!req.session || !config.session) return attempt({});
  const ttl = config.session.ttlSeconds;
  const open = () => currentSession(req.provider, ttl, () => bootstrapSession(outbound));
  try {
    return await attempt((await open()).headers);
  } catch (error) {
    const status = error instanceof UpstreamError ? error.upstreamStatus : undefined;
    if (status !== STATUS.unauthorized && status !== STATUS.forbidden) throw error;
    dropSession(req.provider);
    return attempt((await open()).headers);
  }
}
