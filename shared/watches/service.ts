/**
 * What the watches resource does for a key: create (the route found by its path or a concrete path, its
 * parameters checked by the route's own path and query schemas, the condition against the route's
 * declared fields, the callback URL through the outbound guard, the tier's limits), list, read, delete,
 * pause and resume.
 */
import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import { routeEntries, type Route } from '../routes/index.ts';
import type { ApiKeyRecord } from '../store/types.ts';
import { parameterPath } from '../http/validate-request.ts';
import { CallbackUrlError, checkCallbackUrl } from './callback-url.ts';
import { missingField } from './condition.ts';
import { WatchError } from './http.ts';
import { newWatchRecord, WATCH_LIMITS, type WatchBody, type WatchRecord } from './model.ts';
import { pathParamNames, pathParamsOf } from './invoke.ts';
import type { WatchedParams } from './queries.ts';
import { updateWatch } from './store.ts';
import type { WatchStore } from './store-types.ts';

/** A keyed, counted GET data route a watch may name, with the path parameters its path gave. */
export interface NamedRoute {
  id: string;
  route: Route;
  /** The segments a concrete path filled (`{ listing_id: '40000001' }`); empty when named by its own path. */
  pathParams: Record<string, string>;
}

const dataRoutes = routeEntries.filter(
  ([, r]) => r.method === 'GET' && r.auth && r.counted !== false && r.kind === undefined,
);

/**
 * The keyed data route at this path: named by its own path (`/v1/rental/listing/{listing_id}/pricing`) or
 * by a concrete one (`/v1/rental/listing/40000001/pricing`), whose segments are its path parameters.
 * @example watchableRoute('/v1/rental/listing/40000001/pricing')?.pathParams // { listing_id: '40000001' }
 */
export function watchableRoute(path: string): NamedRoute | undefined {
  const own = dataRoutes.find(([, r]) => r.path === path);
  if (own) return { id: own[0], route: own[1], pathParams: {} };
  for (const [id, route] of dataRoutes) {
    const pathParams = pathParamsOf(route.path, path);
    if (pathParams) return { id, route, pathParams };
  }
  return undefined;
}

/** The query as a request would carry it: strings, a list for a repeated parameter. */
function asQuery(params: WatchBody['params']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params))
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  return out;
}

/** One member of a refused body, as a validation refusal's `errors` names it. */
interface BodyIssue {
  parameter: string;
  message: string;
}

/** The issues a schema finds in a route's parameters, each named as the watch's body names it (`params.adults`). */
async function issuesOf(schema: z.ZodType | undefined, given: Record<string, unknown>): Promise<BodyIssue[]> {
  const parsed = schema ? await schema.safeParseAsync(given) : undefined;
  return (parsed?.error?.issues ?? []).map((issue) => {
    const code = (issue as { params?: { error_code?: string } }).params?.error_code;
    const name = parameterPath(issue.path);
    return {
      parameter: name ? `params.${name}` : 'params',
      message: `${issue.message}${code ? ` (${code})` : ''}`,
    };
  });
}

/**
 * The validation refusal of a watch's body: its detail names each member, and `errors` lists them, as every
 * other validation refusal does.
 */
function invalidBody(
  issues: BodyIssue[],
  detail = `${issues.map((i) => `${i.parameter} ${i.message}`).join('; ')}.`,
) {
  return new WatchError(
    'INVALID_PARAMETERS',
    detail,
    {},
    {
      errors: issues.map((i) => ({ parameter: i.parameter, in: 'body', message: i.message })),
    },
  );
}

export interface CreateOptions {
  store: WatchStore;
  now: number;
  /** The watched route's path and query schemas (its handler's), to check the parameters as a call would. */
  schemas: (routeId: string) => Promise<WatchedParams | undefined>;
}

/**
 * @example const watch = await createWatch(caller, body, { store, now: Date.now(), schemas })
 */
export async function createWatch(
  caller: ApiKeyRecord,
  body: WatchBody,
  { store, now, schemas }: CreateOptions,
): Promise<WatchRecord> {
  const found = watchableRoute(body.route);
  if (!found)
    throw new WatchError('ROUTE_NOT_WATCHABLE', `${body.route} is no keyed data route this API serves.`);
  const { id: routeId, route } = found;
  if (!route.watch)
    throw new WatchError(
      'ROUTE_NOT_WATCHABLE',
      `${body.route} declares no watchable field (prices, availability, rating): nothing to watch.`,
    );
  const missing = missingField(body.condition, route.watch);
  if (missing)
    throw new WatchError(
      'CONDITION_NOT_SUPPORTED',
      `${body.condition.type} needs ${missing} in the answer, which ${body.route} does not carry.`,
    );
  // The path's parameters come from a concrete path or from params; the others are the query.
  const query = asQuery(body.params);
  const path: Record<string, string | string[]> = {};
  for (const name of pathParamNames(route.path)) {
    const fromPath = found.pathParams[name];
    const given = query[name];
    delete query[name];
    if (fromPath !== undefined && given !== undefined && String(given) !== fromPath)
      throw invalidBody([
        {
          parameter: `params.${name}`,
          message: `is ${String(given)} but the path ${body.route} gives ${fromPath}: give it once`,
        },
      ]);
    const value = fromPath ?? given;
    if (value !== undefined) path[name] = value;
  }
  const routeSchemas = await schemas(routeId);
  const issues = [
    ...(await issuesOf(routeSchemas?.path, path)),
    ...(await issuesOf(routeSchemas?.query, query)),
  ];
  if (issues.length > 0)
    throw invalidBody(
      issues,
      `Invalid params for ${body.route}: ${issues.map((i) => `${i.parameter} ${i.message}`).join('; ')}.`,
    );
  const params = { ...path, ...query };
  const ends = params[route.watch.ends];
  const first = Array.isArray(ends) ? ends[0] : ends;
  if (!first)
    throw invalidBody(
      [{ parameter: `params.${route.watch.ends}`, message: 'is required: when the stay starts' }],
      `A watch of ${body.route} needs params.${route.watch.ends}: when its stay starts.`,
    );
  const limits = WATCH_LIMITS[caller.tier];
  if (body.interval < limits.minInterval)
    throw new WatchError(
      'INTERVAL_TOO_SHORT',
      `A ${caller.tier} key's watches are checked at most every ${limits.minInterval} seconds; interval is ${body.interval}.`,
    );
  try {
    await checkCallbackUrl(body.callback_url);
  } catch (error) {
    if (error instanceof CallbackUrlError) throw new WatchError('INVALID_CALLBACK_URL', `${error.message}.`);
    throw error;
  }
  // A watch ends by itself once its stay has begun: by the end of its first day at the latest.
  const stayEnd = Date.parse(`${first}T23:59:59.999Z`);
  const expiresAt = Math.min(body.expires_at ? Date.parse(body.expires_at) : stayEnd, stayEnd);
  if (!(expiresAt > now))
    throw invalidBody(
      [{ parameter: 'expires_at', message: 'is past: the watch would end before its first check' }],
      'expires_at is past: the watch would end before its first check.',
    );
  const watch = newWatchRecord({
    id: `wch_${randomBytes(10).toString('hex')}`,
    keyId: caller.keyId,
    ...(caller.accountId ? { accountId: caller.accountId } : {}),
    tier: caller.tier,
    routeId,
    route: route.path,
    params,
    condition: body.condition,
    callbackUrl: body.callback_url,
    interval: body.interval,
    expiresAt,
    createdAt: now,
  });
  if (!(await store.create(watch, limits.watches)))
    throw new WatchError(
      'WATCH_LIMIT_REACHED',
      `A ${caller.tier} key keeps at most ${limits.watches} watches: delete one first.`,
    );
  return watch;
}

/** The key's watch of this id. @example await ownWatch(store, caller.keyId, id) */
export async function ownWatch(store: WatchStore, keyId: string, id: string): Promise<WatchRecord> {
  const watch = await store.get(id);
  if (!watch || watch.keyId !== keyId) throw new WatchError('WATCH_NOT_FOUND', `No watch ${id} on this key.`);
  return watch;
}

/**
 * Pauses or resumes a watch (the dashboard); a resumed watch is due at once.
 * @example await setPaused(store, keyIds, id, true, Date.now())
 */
export async function setPaused(
  store: WatchStore,
  keyIds: readonly string[],
  id: string,
  paused: boolean,
  now: number,
): Promise<WatchRecord> {
  const written = await updateWatch(store, id, (w) => {
    if (!keyIds.includes(w.keyId)) return false;
    if (w.status === 'ended') return false;
    w.status = paused ? 'paused' : 'active';
    w.reason = paused ? 'paused by its owner' : null;
    if (!paused) w.dueAt = now;
  });
  if (!written || !keyIds.includes(written.keyId))
    throw new WatchError('WATCH_NOT_FOUND', `No watch ${id} on this account.`);
  return written;
}
