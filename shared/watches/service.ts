/**
 * What the watches resource does for a key: create (the route found, its parameters checked by the
 * route's own query schema, the condition against the route's declared fields, the callback URL through
 * the outbound guard, the tier's limits), list, read, delete, pause and resume.
 */
import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import { routeEntries, type Route } from '../routes/index.ts';
import type { ApiKeyRecord } from '../store/types.ts';
import { CallbackUrlError, checkCallbackUrl } from './callback-url.ts';
import { missingField } from './condition.ts';
import { WatchError } from './http.ts';
import { WATCH_LIMITS, type WatchBody, type WatchRecord } from './model.ts';
import { updateWatch, type WatchStore } from './store.ts';

/** The route a watch may follow at this path: a keyed, counted GET data route that declares `watch`. */
export function watchableRoute(path: string): [string, Route] | undefined {
  return routeEntries.find(
    ([, r]) => r.path === path && r.method === 'GET' && r.auth && r.counted !== false && r.kind === undefined,
  );
}

/** The query as a request would carry it: strings, a list for a repeated parameter. */
function asQuery(params: WatchBody['params']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params))
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  return out;
}

export interface CreateOptions {
  store: WatchStore;
  now: number;
  /** The watched route's query schema (its handler's), to check the parameters as a call would. */
  querySchema: (routeId: string) => Promise<z.ZodType | undefined>;
}

/**
 * @example const watch = await createWatch(caller, body, { store, now: Date.now(), querySchema })
 */
export async function createWatch(
  caller: ApiKeyRecord,
  body: WatchBody,
  { store, now, querySchema }: CreateOptions,
): Promise<WatchRecord> {
  const found = watchableRoute(body.route);
  if (!found)
    throw new WatchError('ROUTE_NOT_WATCHABLE', `${body.route} is no keyed data route this API serves.`);
  const [routeId, route] = found;
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
  const params = asQuery(body.params);
  const schema = await querySchema(routeId);
  if (schema) {
    const parsed = await schema.safeParseAsync(params);
    if (!parsed.success) {
      const said = parsed.error.issues.map((i) => {
        const code = (i as { params?: { error_code?: string } }).params?.error_code;
        return `params.${i.path.join('.') || 'query'} ${i.message}${code ? ` (${code})` : ''}`;
      });
      throw Object.assign(
        new WatchError('INVALID_PARAMETERS', `Invalid params for ${body.route}: ${said.join('; ')}.`),
        {
          issues: parsed.error.issues,
        },
      );
    }
  }
  const ends = params[route.watch.ends];
  const first = Array.isArray(ends) ? ends[0] : ends;
  if (!first)
    throw new WatchError(
      'INVALID_PARAMETERS',
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
    throw new WatchError(
      'INVALID_PARAMETERS',
      'expires_at is past: the watch would end before its first check.',
    );
  const watch: WatchRecord = {
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
    status: 'active',
    reason: null,
    // Due at once: the first check runs at the next tick, whatever the interval.
    dueAt: now,
    baseline: null,
    last: null,
    holding: false,
    checks: [],
    deliveries: [],
    version: 0,
  };
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
