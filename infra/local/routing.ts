/**
 * The local server's routing: the route a path names, by the manifest, with its path parameters as API
 * Gateway passes them, and a request target read as a path and query.
 */
import { routeList, type Route } from '../../shared/routes/index.ts';
/** A route with its path as a pattern and the names of its path parameters. */
export interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { route, pattern: new RegExp(`^${source}$`), names };
}

const compiled = routeList.map(compile);
// Most paths are fixed: one map lookup finds all their routes (templated ones that also match the path are
// merged in once, here); only other paths are tried by pattern.
const fixed = new Map<string, CompiledRoute[]>();
const templated: CompiledRoute[] = [];
for (const c of compiled) {
  if (c.names.length > 0) templated.push(c);
  else fixed.set(c.route.path, [...(fixed.get(c.route.path) ?? []), c]);
}
for (const [path, exact] of fixed) {
  const also = templated.filter((c) => c.pattern.test(path));
  if (also.length > 0)
    fixed.set(
      path,
      [...exact, ...also].sort((a, b) => compiled.indexOf(a) - compiled.indexOf(b)),
    );
}

/** Every route whose path matches, in manifest order. @example candidatesFor('/account/keys').map((c) => c.route.method) // ['GET', 'POST'] */
export function candidatesFor(path: string): CompiledRoute[] {
  return fixed.get(path) ?? templated.filter((c) => c.pattern.test(path));
}

/** A path parameter as API Gateway passes it: decoded, or as sent when it does not decode (`%ZZ`). */
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Finds the route for a path, the one of `method` when several share the path (`GET` and `POST
 * /account/keys`); `undefined` when none matches. A parameter that does not decode is passed as sent, so
 * the route's own validation answers it with its documented error.
 */
export function matchRoute(
  path: string,
  method?: string,
): { route: Route; params: Record<string, string> } | undefined {
  const candidates = candidatesFor(path);
  const c = candidates.find((x) => x.route.method === method) ?? candidates[0];
  if (!c) return undefined;
  const params: Record<string, string> = {};
  if (c.names.length === 0) return { route: c.route, params };
  const m = c.pattern.exec(path)!;
  c.names.forEach((n, i) => {
    params[n] = decodeParam(m[i + 1]!);
  });
  return { route: c.route, params };
}

/** The path and query of a request, as a URL names them (a URL is one). */
export interface Target {
  pathname: string;
  /** `?` and the query as the URL parser keeps it, or '' without one. */
  search: string;
}

// A target of these characters reads the same through the URL parser, which would change nothing in it: a path
// with no escape and nothing it encodes (dot segments are ruled out below), a query with nothing it encodes (no
// space, quote, apostrophe, angle bracket or fragment; escapes are left as they are).
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

/**
 * The request target's path and query as the URL parser reads them, without parsing a URL when the target
 * is plain (most are); `undefined` when it does not parse.
 * @example targetOf('/v1/health?x=1') // { pathname: '/v1/health', search: '?x=1' }
 */
export function targetOf(target: string): Target | undefined {
  if (PLAIN_TARGET.test(target)) {
    const q = target.indexOf('?');
    const pathname = q < 0 ? target : target.slice(0, q);
    if (!pathname.includes('/.'))
      return { pathname, search: q < 0 || q === target.length - 1 ? '' : target.slice(q) };
  }
  try {
    // A path is read as a path: `//v1/health` is no route (as a URL reference it would name a host "v1").
    return new URL(target.startsWith('/') ? `http://local${target}` : target, 'http://local');
  } catch {
    return undefined;
  }
}
