/**
 * The route manifest: the one list of endpoints. The local server, the CDK stack, the `GET /`
 * listing, the OpenAPI document and the manifest-driven tests all read it. The routes are declared
 * by area, one file each (the data routes per source, the service and account routes apart), with
 * the `Route` type and the shared error sets in `types.ts`; this index joins them.
 */
import { serviceRoutes } from './service.ts';
import { metaRoutes } from './meta.ts';
import { siteARoutes } from './site-a.ts';
import { siteBRoutes } from './site-b.ts';
import { siteGRoutes } from './site-g.ts';
import { chainARoutes } from './chain-a.ts';
import { diningRoutes } from './dining.ts';
import { mapsReviewsRoutes } from './maps-reviews.ts';
import { mapsHotelsRoutes } from './maps-hotels.ts';
import { rentalRoutes } from './rental.ts';
import { chainBRoutes } from './chain-b.ts';
import { chainCRoutes } from './chain-c.ts';
import { siteCRoutes } from './site-c.ts';
import { accountRoutes } from './account.ts';
import {
  AUTH_ERRORS,
  UPSTREAM_ERRORS,
  type Dialect,
  type DocumentedError,
  type ErrorSpec,
  type Route,
} from './types.ts';

export {
  AUTH_ERRORS,
  CSRF_ERRORS,
  SESSION_ERRORS,
  UPSTREAM_ERRORS,
  type Dialect,
  type DocumentedError,
  type ErrorCode,
  type ErrorSpec,
  type Route,
  type ValidationStyle,
} from './types.ts';

export const routes = {
  ...serviceRoutes,
  ...metaRoutes,
  ...siteARoutes,
  ...siteBRoutes,
  ...siteGRoutes,
  ...chainARoutes,
  ...diningRoutes,
  ...mapsReviewsRoutes,
  ...mapsHotelsRoutes,
  ...rentalRoutes,
  ...chainBRoutes,
  ...chainCRoutes,
  ...siteCRoutes,
  ...accountRoutes,
} as const satisfies Record<string, Route>;

export type RouteId = keyof typeof routes;
export const routeList: readonly Route[] = Object.values(routes);
/** Every route with its manifest id (the CDK stack names functions after it). */
export const routeEntries = Object.entries(routes) as [RouteId, Route][];
/** The operations of the OpenAPI document: every route but the reference and the MCP endpoint. */
export const operationEntries = routeEntries.filter(([, r]) => r.kind === undefined);
export const operationList: readonly Route[] = operationEntries.map(([, r]) => r);
/** The ids of the data routes: the keyed operations. */
export type DataRouteId = {
  [K in RouteId]: (typeof routes)[K] extends { kind: string } | { counted: false }
    ? never
    : (typeof routes)[K]['auth'] extends true
      ? K
      : never;
}[RouteId];
/** The data routes, each one MCP tool (the usage endpoint, which spends no quota, is no tool). */
export const dataEntries = operationEntries.filter(([, r]) => r.auth && r.counted !== false) as [
  DataRouteId,
  Route,
][];

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
  return [...out.values()];
}

/** The statuses a route answers with: 200 and those of its documented errors. @example statusesOf(routes.health) // [200] */
export function statusesOf(route: Route): number[] {
  return [...new Set([200, ...documentedErrors(route).map((e) => e.status)])].sort((a, b) => a - b);
}

/**
 * The declaration of one of a route's codes: its own, its validation code, or a shared upstream one.
 * @example errorSpec(routes.chainARooms, 'HOTEL_NOT_FOUND')?.status // 404
 */
export function errorSpec(route: Route, code: string): ErrorSpec | undefined {
  return documentedErrors(route).find((e) => e.code === code && e.dialect !== 'detail-array');
}
