/**
 * Counts every authenticated call against the key's daily quota (per UTC day, by tier) and sends
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (epoch seconds) on every
 * keyed response. Over quota: 429 `rate_limit_exceeded` with `Retry-After` until UTC midnight.
 */
import { RateLimitExceededError } from '../errors.ts';
import { dailyQuota, type CounterStore } from '../store/types.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

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
    const now = clock();
    const { day, resetEpoch } = utcDay(now);
    const limit = dailyQuota(state.caller.tier);
    const { allowed, count } = await (await counters()).consume(state.caller.keyId, day, limit);
    state.responseHeaders['X-RateLimit-Limit'] = String(limit);
    state.responseHeaders['X-RateLimit-Remaining'] = String(Math.max(0, limit - count));
    state.responseHeaders['X-RateLimit-Reset'] = String(resetEpoch);
    if (!allowed)
      throw new RateLimitExceededError(limit, Math.max(1, Math.ceil(resetEpoch - now.getTime() / 1000)));
  };
  return { name: 'dailyQuota', before: dailyQuotaBefore };
}
