/**
 * The `accountEndpoint()` factory: one Lambda handler per dashboard route, the way `endpoint()` makes the
 * API's. Around the route's own work, once for all: the shared middlewares (request state, correlation id,
 * Problem Details errors), `Cache-Control: no-store`, the session from its HttpOnly cookie, CSRF
 * protection of every state-changing request, and validation of the JSON body and path.
 *
 * CSRF: a POST must come from this origin (Origin and Sec-Fetch-Site, when the browser sends them) and
 * carry `X-CSRF-Token`: signed in, the session's own token (kept with the session, returned at sign-in and
 * by `GET /account/session`); signed out, the token of the HttpOnly pre-session cookie, which
 * `GET /account/session` also returns (double submit). The requests that need no session (sign-up,
 * verification, sign-in, password reset) take either: a signed-in browser sends its session's token. A cross-site page can
 * neither read either token nor send the header without a CORS preflight, which this API never grants.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import { answered } from '../http/answered.ts';
import { checkedBody, spine } from '../http/spine.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from '../http/state.ts';
import { validateRequest } from '../http/validate-request.ts';
import { baseUrl } from '../problem.ts';
import { routeError, type Route } from '../routes/index.ts';
import { randomToken, sameSecret, sha256 } from './crypto.ts';
import { accountStore, services } from './index.ts';
import { isOutboxEvent } from './outbox.ts';
import { runMailJob } from './mail-jobs.ts';
import { SESSION_MS } from './service.ts';
import type { Account, Session } from '../store/types.ts';

/** A signed-in caller: the account, its session and the session cookie's hash. */
export interface SignedIn {
  account: Account;
  session: Session;
  tokenHash: string;
}

export interface AccountRunContext {
  event: APIGatewayProxyEvent;
  /** The client's address (API Gateway's source IP), for throttling. */
  address: string;
  /** This deployment's public base URL (the stage URL deployed), for links in mails and pages. */
  base: string;
  /** Whether the request came over HTTPS: cookies are then Secure and `__Host-` prefixed. */
  secure: boolean;
  /** Adds a Set-Cookie to the answer. */
  setCookie(name: CookieName, value: string, maxAgeSeconds: number): void;
  /** The pre-session CSRF token from its cookie, if any. */
  preSessionToken?: string;
  /** The value of one of our cookies in the request, if sent. */
  cookie(name: CookieName): string | undefined;
}

/** The session, the pre-session CSRF token, and the device cookie sign-in trusts (see signIn). */
export type CookieName = 'sid' | 'csrf' | 'device';

export interface AccountEndpointOptions<B extends z.ZodType, P extends z.ZodType, S extends z.ZodType> {
  route: Route;
  /**
   * `required`: 401 without a live session; `optional`: the session when there is one; `none`: not handed to
   * the route (a POST still reads it, for its CSRF token).
   */
  session: 'required' | 'optional' | 'none';
  body?: B;
  path?: P;
  response: S;
  /** The success status (200 unless given). */
  status?: number;
  run(
    input: { body: z.output<B>; path: z.output<P>; signedIn: SignedIn | undefined },
    ctx: AccountRunContext,
  ): Promise<z.input<S>> | z.input<S>;
}

/** @example cookieName('sid', true) // '__Host-sid' */
export function cookieName(name: CookieName, secure: boolean): string {
  // __Host-: only over HTTPS, for this host alone, path /; no subdomain can set or shadow it.
  return secure ? `__Host-${name}` : name;
}

/** @example readCookies('a=1; b=2').get('b') // '2' */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/** @example setCookie('sid', token, 3600, false) // 'sid=…; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict' */
export function setCookieHeader(name: CookieName, value: string, maxAge: number, secure: boolean): string {
  return [
    `${cookieName(name, secure)}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

interface Guarded {
  signedIn?: SignedIn;
  ctx: AccountRunContext;
  body?: unknown;
  cookies: string[];
}
const guarded = new WeakMap<object, Guarded>();

function sameOrigin(event: APIGatewayProxyEvent): boolean {
  const headers = event.headers ?? {};
  if (headers['sec-fetch-site'] && !['same-origin', 'none'].includes(headers['sec-fetch-site'])) return false;
  const origin = headers.origin;
  if (!origin) return true; // not sent by every client on same-origin requests; the token decides
  try {
    return new URL(origin).host === (headers.host ?? event.requestContext?.domainName);
  } catch {
    return false;
  }
}

/** The signed-in caller of a session cookie, when its session is live (not expired, ended or reset away). */
async function liveSession(token: string): Promise<SignedIn | undefined> {
  const store = await accountStore();
  const tokenHash = sha256(token);
  const session = await store.getSession(tokenHash);
  const account =
    session && session.expiresAt > Date.now() ? await store.getAccount(session.accountId) : undefined;
  // A password reset ends the sessions opened before it.
  const current = account && session && session.expiresAt - SESSION_MS >= (account.sessionsFrom ?? 0);
  return current ? { account, session, tokenHash } : undefined;
}

/** Session, CSRF and body: runs after the shared middlewares, before the route's work. */
function accountGuard(
  options: Pick<AccountEndpointOptions<z.ZodType, z.ZodType, z.ZodType>, 'session' | 'body'>,
): ApiMiddleware {
  const accountGuardBefore = async (request: ApiRequest) => {
    const { event } = request;
    const { route, responseHeaders: always } = stateOf(event);
    // Answers about a person's account are never kept by a cache, errors included.
    always['Cache-Control'] = 'no-store';
    const headers = event.headers ?? {};
    const secure = headers['x-forwarded-proto'] === 'https';
    const cookies = readCookies(headers.cookie);
    const state: Guarded = {
      cookies: [],
      ctx: {
        event,
        address: event.requestContext?.identity?.sourceIp ?? 'unknown',
        base: (process.env.PUBLIC_BASE_URL || baseUrl(event)).replace(/\/+$/, ''),
        secure,
        setCookie: (name, value, maxAge) => state.cookies.push(setCookieHeader(name, value, maxAge, secure)),
        preSessionToken: cookies.get(cookieName('csrf', secure)),
        cookie: (name) => cookies.get(cookieName(name, secure)),
      },
    };
    guarded.set(event, state);

    const sid = cookies.get(cookieName('sid', secure));
    // A route that needs no session still reads it for a POST: the session's token is then the CSRF token.
    const wanted = options.session !== 'none' || event.httpMethod === 'POST';
    const live = sid && wanted ? await liveSession(sid) : undefined;
    if (options.session !== 'none') {
      if (live) state.signedIn = live;
      else if (options.session === 'required')
        throw sid
          ? routeError(route, 'SESSION_EXPIRED', 'The session has expired or ended: sign in again.')
          : routeError(route, 'NOT_SIGNED_IN', 'Sign in first: this request needs a session.');
    }

    if (event.httpMethod === 'POST') {
      if (!sameOrigin(event))
        throw routeError(route, 'CSRF_TOKEN_INVALID', 'The request came from another origin.');
      const sent = headers['x-csrf-token'];
      if (!sent) throw routeError(route, 'CSRF_TOKEN_MISSING', 'The X-CSRF-Token header is missing.');
      // A session's requests carry its token. A request that needs none (sign-up, verification, sign-in,
      // password reset) carries whichever token `GET /account/session` gave this browser: its session's
      // when it is signed in, else its pre-session cookie's.
      const expected =
        options.session === 'none'
          ? [live?.session.csrf, state.ctx.preSessionToken]
          : [state.signedIn?.session.csrf ?? state.ctx.preSessionToken];
      // Signing out of a session that is already gone protects nothing: it only clears the cookie.
      const nothingToGuard = options.session === 'optional' && !state.signedIn;
      if (!nothingToGuard && !expected.some((token) => token && sameSecret(sent, token)))
        throw routeError(
          route,
          'CSRF_TOKEN_INVALID',
          'The X-CSRF-Token header does not match: reload the page.',
        );
    }

    if (options.body)
      state.body = await checkedBody(event, options.body, { code: 'INVALID_INPUT', noun: 'input' });
  };
  const accountGuardAfter = (request: ApiRequest) => {
    const cookies = guarded.get(request.event)?.cookies ?? [];
    if (request.response && cookies.length)
      request.response.multiValueHeaders = { ...request.response.multiValueHeaders, 'Set-Cookie': cookies };
  };
  return { name: 'accountGuard', before: accountGuardBefore, after: accountGuardAfter };
}

/**
 * @example
 * export const handler = accountEndpoint({
 *   route: routes.accountKeys, session: 'required', response: KeyList,
 *   run: ({ signedIn }) => listKeys(signedIn!.account),
 * });
 */
export function accountEndpoint<
  S extends z.ZodType,
  B extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(options: AccountEndpointOptions<B, P, S>) {
  const { route } = options;
  return spine(route, async (event: APIGatewayProxyEvent) => {
    const state = stateOf(event);
    const { signedIn, ctx, body } = guarded.get(event)!;
    return answered(route, options, () =>
      options.run({ body: body as z.output<B>, path: state.path as z.output<P>, signedIn }, ctx),
    );
  })
    .use(accountGuard(options))
    .use(validateRequest({ path: options.path }));
}

/** A fresh pre-session CSRF token for a signed-out browser. @example newCsrfToken() */
export const newCsrfToken = () => randomToken();

/**
 * A handler that also runs the jobs its function posts to itself (deployed, see outbox.ts): an event
 * `{ outbox: job }` comes only from an asynchronous invocation by the function's own role (API Gateway's
 * events always carry an HTTP method), and is run, not answered.
 * @example export const handler = acceptingJobs(accountEndpoint({ ... }));
 */
export function acceptingJobs<H extends (event: APIGatewayProxyEvent, ...rest: never[]) => unknown>(
  handler: H,
): H {
  const both = (event: unknown, ...rest: never[]) =>
    isOutboxEvent(event)
      ? services().then((s) => runMailJob(s, event.outbox))
      : handler(event as APIGatewayProxyEvent, ...rest);
  return Object.assign(both, handler) as unknown as H;
}
