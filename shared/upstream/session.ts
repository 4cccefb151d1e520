/**
 * Per-provider sessions: what a source hands out on one page (cookies, a CSRF token in its HTML) and
 * wants back on its API calls. A session is fetched once per provider and process, shared by
 * concurrent requests, reused until its TTL, and dropped when the source answers 401 or 403. Cookie
 * and token values are never logged and never part of a cache key.
 */

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
