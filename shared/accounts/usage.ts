/**
 * What the dashboard shows of an account: its tier and limits, its keys with their day's use, and
 * requests per day for the history, per key and per endpoint.
 */
import { ROUTE_OF_CODE } from '../http/daily-quota.ts';
import { routes, type RouteId } from '../routes/index.ts';
import { addDays, utcDay } from '../dates.ts';
import {
  dailyQuota,
  HISTORY_DAYS,
  Tier,
  type CounterStore,
  type DayUsage,
  type Account,
  type AccountKey,
} from '../store/types.ts';
import type { KeyView } from './model.ts';
import { iso, KEY_CAP, KEYS_PER_DAY } from './service.ts';
/**
 * A day's per-endpoint counts by path: the counter keeps each route by its short code (so the item stays one
 * write unit); people know endpoints by their path. A count kept by a manifest id (before codes) reads too.
 * @example byPath({ [endpointCode('coordinatesLookup')]: 2 }) // { '/v1/meta/coordinates-lookup': 2 }
 */
export function byPath(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) {
    const route =
      ROUTE_OF_CODE.get(name) ?? (Object.hasOwn(routes, name) ? routes[name as RouteId] : undefined);
    const path = route?.path ?? name;
    out[path] = (out[path] ?? 0) + n;
  }
  return out;
}

/** The tiers in order; the next of the last is none. */
const TIERS = Tier.options;

/** The account as the dashboard shows it, with what the next tier would give. */
export function accountView(account: Account) {
  const next = TIERS[TIERS.indexOf(account.tier) + 1];
  return {
    email: account.email,
    tier: account.tier,
    daily_limit: dailyQuota(account.tier),
    key_limit: KEY_CAP,
    daily_key_creations: KEYS_PER_DAY,
    next_tier: next ? { tier: next, daily_limit: dailyQuota(next) } : null,
    created_at: iso(account.createdAt),
  };
}

/** The last HISTORY_DAYS UTC days, oldest first, today last. @example historyDays(Date.now()).at(-1) */
export function historyDays(now: number): string[] {
  const today = utcDay(new Date(now)).day;
  return Array.from({ length: HISTORY_DAYS }, (_v, i) => addDays(today, i - HISTORY_DAYS + 1));
}

/**
 * The key that replaced a revoked one by a rotation: of the same name, made when the old one stopped (a
 * rotation revokes and creates in one step, `rotateKey`). The store keeps no link; this is the one reading.
 */
function replacementOf(key: AccountKey, keys: readonly AccountKey[]): AccountKey | undefined {
  if (!key.revokedAt) return undefined;
  return keys.find(
    (k) => k.id !== key.id && k.name === key.name && Math.abs(k.createdAt - key.revokedAt!) < 5_000,
  );
}

/** A key as the dashboard lists it, with its day's use. @example keyView(meta, []).status // 'active' */
export function keyView(key: AccountKey, usage: DayUsage[], keys: readonly AccountKey[] = []): KeyView {
  const today = key.revokedAt ? 0 : (usage.at(-1)?.count ?? 0);
  const lastAt = Math.max(0, ...usage.map((d) => d.lastAt ?? 0));
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    tier: key.tier,
    status: key.revokedAt ? 'revoked' : 'active',
    created_at: iso(key.createdAt),
    revoked_at: key.revokedAt ? iso(key.revokedAt) : null,
    last_used_at: lastAt ? iso(lastAt) : null,
    today: usage.at(-1)?.count ?? 0,
    daily_limit: dailyQuota(key.tier),
    remaining: key.revokedAt ? 0 : Math.max(0, dailyQuota(key.tier) - today),
    replaced_by: replacementOf(key, keys)?.id ?? null,
    carried_today: usage.at(-1)?.inherited ?? 0,
  };
}

/** Keys whose history is shown: the live ones, and those revoked within the history. */
function shownKeys(account: Account, now: number): AccountKey[] {
  const since = now - HISTORY_DAYS * 86_400_000;
  return account.keys.filter((k) => !k.revokedAt || k.revokedAt >= since);
}

/** @example await listKeys(account, counters) */
export async function listKeys(account: Account, counters: CounterStore) {
  const now = Date.now();
  const keys = shownKeys(account, now);
  const usage = await counters.usage(
    keys.map((k) => k.keyId),
    historyDays(now),
  );
  return {
    keys: keys.map((k) => keyView(k, usage.get(k.keyId) ?? [], account.keys)),
    live_keys: account.keys.filter((k) => !k.revokedAt).length,
    key_limit: KEY_CAP,
    reset_at: iso(utcDay(new Date(now)).resetEpoch * 1000),
  };
}

/** Requests per day for the history, per key and per endpoint. @example await activity(account, counters) */
export async function activity(account: Account, counters: CounterStore) {
  const now = Date.now();
  const days = historyDays(now);
  const keys = shownKeys(account, now);
  const usage = await counters.usage(
    keys.map((k) => k.keyId),
    days,
  );
  const endpoints: Record<string, number[]> = {};
  const perKey = keys.map((key) => {
    const series = usage.get(key.keyId) ?? [];
    const byEndpoint: Record<string, number[]> = {};
    series.forEach((day, i) => {
      for (const [path, n] of Object.entries(byPath(day.endpoints))) {
        (byEndpoint[path] ??= days.map(() => 0))[i]! += n;
        (endpoints[path] ??= days.map(() => 0))[i]! += n;
      }
    });
    const view = keyView(key, series);
    return {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      status: view.status,
      daily: series.map((d) => d.count - (d.inherited ?? 0)),
      today: view.today,
      daily_limit: view.daily_limit,
      remaining: view.remaining,
      endpoints: byEndpoint,
    };
  });
  return {
    days,
    reset_at: iso(utcDay(new Date(now)).resetEpoch * 1000),
    keys: perKey,
    endpoints,
    total: perKey.reduce((n, k) => n + k.daily.reduce((a, b) => a + b, 0), 0),
  };
}
