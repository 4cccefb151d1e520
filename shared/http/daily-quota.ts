/**
 * Counts every authenticated call against the key's daily quota (per UTC day, by tier) and sends
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (epoch seconds) on every
 * keyed response. Over quota: 429 `rate_limit_exceeded` with `Retry-After` until UTC midnight.
 */
import { RateLimitExceededError } from '../errors.ts';
import { dailyQuota, type CounterStore } from '../store/types.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';
import { routeEntries, type Route } from '../routes/index.ts';

const ROUTE_IDS = new Map<Route, string>(routeEntries.map(([id, route]) => [route, id]));

/** @example utcDay(new Date('2026-11-21T23:59:59Z')) // { day: '2026-11-21', resetEpoch: 1763769600 } */
export function utcDay(now: Date): { day: string; resetEpoch: number } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day: now.toISOString().slice(0, 10), resetEpoch: midnight / 1000 };
}

/**
 * Counts the call against the caller's tier for the UTC day; runs after `apiKeyAuth`.
 * @example middy(handler).use(apiKeyAuth(keys)).use(dailyQuotaLimit(async () => (await stores()).counters))
 */
export function dailyQuotaLimit(
  counters: () => CounterStore | Promise<CounterStore>,
  clock: () => Date = () => new Date(),
): ApiMiddleware {
  const dailyQuotaBefore = async (request: ApiRequest) => {
    const state = stateOf(request.event);
    if (!state.caller) return; // open route: nothing to count
    if (state.route.counted === false) return; // reads the quota without spending it: it sets its own headers
    const now = clock();
    const { day, resetEpoch } = utcDay(now);
    const limit = dailyQuota(state.caller.tier);
    // The route is counted with the call, in the same write (per-endpoint usage), by its short manifest id: a
    // day's counter item stays under 1 KB, one write unit, however many endpoints a key calls.
    const { allowed, count } = await (
      await counters()
    ).consume(state.caller.keyId, day, limit, ROUTE_IDS.get(state.route) ?? state.route.path);
    state.responseHeaders['X-RateLimit-Limit'] = String(limit);
    state.responseHeaders['X-RateLimit-Remaining'] = String(Math.max(0, limit - count));
    state.responseHeaders['X-RateLimit-Reset'] = String(resetEpoch);
    if (!allowed)
      throw new RateLimitExceededError(limit, Math.max(1, Math.ceil(resetEpoch - now.getTime() / 1000)));
  };
  return { name: 'dailyQuota', before: dailyQuotaBefore };
}
