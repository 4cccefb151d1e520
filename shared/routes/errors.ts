/**
 * A route's documented errors, derived from its declaration alone. Apart from the manifest (`index.ts`),
 * so that a function's bundle, which carries only its own manifest entries (infra/bundling.ts), has them.
 */
import { ProblemError, STATUS, type ProblemOptions } from '../errors.ts';
import {
  AUTH_ERRORS,
  EDGE_ERRORS,
  UPSTREAM_ERRORS,
  type Dialect,
  type DocumentedError,
  type ErrorSpec,
  type Route,
} from './types.ts';

/**
 * Every error a route can answer with, derived from its declaration: its validation error, the
 * shared auth and upstream errors, and its own codes, each with the body it is rendered in.
 * @example documentedErrors(routes.chainARooms).find((e) => e.code === 'HOTEL_NOT_FOUND')?.status // 404
 */
export function documentedErrors(route: Route): DocumentedError[] {
  const own: Dialect = route.globalErrors ? 'global' : 'problem';
  const out = new Map<string, DocumentedError>();
  const add = (code: string, spec: ErrorSpec, dialect: Dialect) => {
    if (!out.has(`${spec.status} ${code}`)) out.set(`${spec.status} ${code}`, { code, dialect, ...spec });
  };
  const v = route.validation;
  if (v.kind === 'detail-array')
    add('detail', { status: 400, when: 'missing or invalid parameters' }, 'detail-array');
  else
    add(
      v.code,
      { status: v.status, when: 'missing or invalid parameters' },
      v.kind === 'global' ? 'global' : 'problem',
    );
  if (route.auth)
    for (const [code, spec] of Object.entries(AUTH_ERRORS))
      if (route.counted !== false || code !== 'rate_limit_exceeded') add(code, spec, 'global');
  for (const [code, spec] of Object.entries(route.errors)) add(code, spec, own);
  if (route.upstream?.length)
    for (const [code, spec] of Object.entries(UPSTREAM_ERRORS)) add(code, spec, own);
  const edge = edgeDialect(route);
  for (const [code, spec] of Object.entries(EDGE_ERRORS[edge])) add(code, spec, edge);
  return [...out.values()];
}

/**
 * The body the edge's refusals of a request to this route come in: the route's own (Problem Details, or
 * the global body on routes whose errors all use it); the reference and the MCP endpoint, whose own errors
 * are not Problem Details, get the global body, as from the gateway.
 * @example edgeDialect(routes.chainARooms) // 'problem'
 */
export function edgeDialect(route: Route): 'problem' | 'global' {
  return route.globalErrors || route.kind === 'reference' || route.kind === 'mcp' ? 'global' : 'problem';
}

/** The statuses a route answers with: its success statuses (200) and those of its documented errors. @example statusesOf(routes.health) // [200] */
export function statusesOf(route: Route): number[] {
  const success = route.success ?? [200];
  return [...new Set([...success, ...documentedErrors(route).map((e) => e.status)])].sort((a, b) => a - b);
}

/**
 * The declaration of one of a route's codes: its own, its validation code, or a shared upstream one.
 * @example errorSpec(routes.chainARooms, 'HOTEL_NOT_FOUND')?.status // 404
 */
export function errorSpec(route: Route, code: string): ErrorSpec | undefined {
  return documentedErrors(route).find((e) => e.code === code && e.dialect !== 'detail-array');
}

/**
 * The error for one of a route's declared codes (its own, its validation code, the shared upstream, session
 * and CSRF ones), with the status the route declares for it: the one place a code's status is looked up, for
 * data, account, watch and validation errors alike. An undeclared code is a defect of ours: a 500, which the
 * tests meet, never an undocumented status.
 * @example throw routeError(routes.chainARooms, 'HOTEL_NOT_FOUND', 'No hotel ABC.')
 */
export function routeError(
  route: Route,
  code: string,
  detail: string,
  options: ProblemOptions = {},
): ProblemError {
  const spec = errorSpec(route, code);
  if (!spec)
    return new ProblemError(
      STATUS.internalServerError,
      'INTERNAL_ERROR',
      `undeclared error code ${code} on ${route.path}`,
    );
  return new ProblemError(spec.status, code, detail, options);
}
