// GET /v1/account/usage: the calling key's tier and today's quota (used, remaining, limit, when it resets
// and when the period began), with its requests per UTC day for the last 30 days, per endpoint; beside it,
// for a key of a dashboard account, the account's totals over all its keys. Keyed, and not counted against
// the quota: it reads the day's counters without spending them.
import * as z from 'zod';
import { accountStore } from '../../shared/accounts/index.ts';
import { activity, byPath, historyDays } from '../../shared/accounts/usage.ts';
import { utcDay } from '../../shared/dates.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { stateOf } from '../../shared/http/state.ts';
import { routes } from '../../shared/routes/index.ts';
import { stores } from '../../shared/store/index.ts';
import { dailyQuota, Tier } from '../../shared/store/types.ts';

export const UsageResponse = z.object({
  success: z.literal(true),
  tier: Tier,
  used: z.number().int().min(0).meta({ description: 'Requests counted today (UTC day)' }),
  remaining: z.number().int().min(0),
  limit: z.number().int().min(0).meta({ description: "The tier's requests per UTC day" }),
  reset_at: z.iso.datetime().meta({ description: 'When the count starts again: the next UTC midnight' }),
  period_start: z.iso.datetime().meta({ description: "The start of today's period: the last UTC midnight" }),
  history: z
    .array(
      z.object({
        date: z.iso.date(),
        requests: z.number().int().min(0),
        endpoints: z
          .record(z.string(), z.number().int().min(0))
          .meta({ description: 'Requests per endpoint path that day' }),
      }),
    )
    .meta({ description: 'The last 30 UTC days, oldest first, today last' }),
  account: z
    .object({
      used: z
        .number()
        .int()
        .min(0)
        .meta({ description: "Requests billed today over all the account's keys" }),
      keys: z.array(
        z.object({
          name: z.string(),
          prefix: z.string(),
          status: z.enum(['active', 'revoked']),
          used: z.number().int().min(0).meta({ description: 'Requests billed today with this key' }),
        }),
      ),
      history: z
        .array(z.object({ date: z.iso.date(), requests: z.number().int().min(0) }))
        .meta({ description: 'Requests per UTC day over all keys, the last 30 days, today last' }),
    })
    .nullable()
    .meta({ description: "The account's totals (keys made in the dashboard); null for an operator's key" }),
});

/** The account's totals beside the key's: every key it shows, calls billed (a rotation's carried count once). */
async function accountTotals(accountId: string | undefined) {
  const account = accountId ? await (await accountStore()).getAccount(accountId) : undefined;
  if (!account) return null;
  const seen = await activity(account, (await stores()).counters);
  return {
    used: seen.keys.reduce((n, k) => n + (k.daily.at(-1) ?? 0), 0),
    keys: seen.keys.map((k) => ({
      name: k.name,
      prefix: k.prefix,
      status: k.status,
      used: k.daily.at(-1) ?? 0,
    })),
    history: seen.days.map((date, i) => ({
      date,
      requests: seen.keys.reduce((n, k) => n + (k.daily[i] ?? 0), 0),
    })),
  };
}

export const handler = endpoint({
  route: routes.accountUsage,
  response: UsageResponse,
  run: async (_input, ctx) => {
    const caller = stateOf(ctx.event).caller!;
    const now = Date.now();
    const days = historyDays(now);
    const usage = (await (await stores()).counters.usage([caller.keyId], days)).get(caller.keyId) ?? [];
    const used = usage.at(-1)?.count ?? 0;
    const limit = dailyQuota(caller.tier);
    const { resetEpoch } = utcDay(new Date(now));
    // The quota middleware leaves this route alone (it spends nothing): the headers come from the same read.
    ctx.setHeader('X-RateLimit-Limit', String(limit));
    ctx.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - used)));
    ctx.setHeader('X-RateLimit-Reset', String(resetEpoch));
    return {
      success: true as const,
      tier: caller.tier,
      used,
      remaining: Math.max(0, limit - used),
      limit,
      reset_at: new Date(resetEpoch * 1000).toISOString(),
      period_start: new Date((resetEpoch - 86_400) * 1000).toISOString(),
      history: usage.map((d) => ({ date: d.day, requests: d.count, endpoints: byPath(d.endpoints) })),
      account: await accountTotals(caller.accountId),
    };
  },
});
