/**
 * The route manifest: the one list of endpoints. The local server, the CDK stack, the `GET /`
 * listing, the OpenAPI document and the manifest-driven tests all read it. The routes are declared
 * by area, one file each (the data routes per source, the service and account routes apart), with
 * the `Route` type and the shared error sets in `types.ts`, and what a route's declaration implies
 * (its documented errors) in `errors.ts`; this index joins them. A function's bundle carries only
 * its own entries in its place (infra/bundling.ts).
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
import { accountWatchRoutes, watchRoutes } from './watches.ts';
import type { Route } from './types.ts';

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
  type WatchFields,
} from './types.ts';
export { documentedErrors, errorSpec, routeError, statusesOf } from './errors.ts';

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
  ...watchRoutes,
  ...accountWatchRoutes,
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
