import { describe, expect, it } from '@jest/globals';
import { apiEvent, lambdaContext, parse } from '../../tests/helpers/events.ts';
import { stackWith } from '../../tests/helpers/stack.ts';
import { MemoryCounterStore } from '../store/memory.ts';
import type { Tier } from '../store/types.ts';
import { utcDay } from '../dates.ts';
import { dailyQuotaLimit } from './daily-quota.ts';
import { stateOf, type ApiMiddleware } from './state.ts';

function asCaller(tier: Tier, keyId = `key-${tier}`): ApiMiddleware {
  return {
    before: (request) => {
      stateOf(request.event).caller = { keyId, tier, name: tier };
    },
  };
}

/** The quota alone behind a caller of this tier, counting in these counters on this clock (the real one by default). */
function quotaStack(tier: Tier, counters: MemoryCounterStore, now?: () => Date) {
  return stackWith([asCaller(tier), dailyQuotaLimit(() => counters, now)]);
}

describe('dailyQuota', () => {
  it('lets a free key through 10 times a UTC day, then answers 429 rate_limit_exceeded', async () => {
    const now = new Date('2026-11-21T22:00:00Z');
    const counters = new MemoryCounterStore();
    const h = quotaStack('free', counters, () => now);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await h(apiEvent(), lambdaContext())).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);

    const res = await h(apiEvent(), lambdaContext());
    expect(res.statusCode).toBe(429);
    expect(parse(res.body)).toEqual({ error: expect.objectContaining({ code: 'rate_limit_exceeded' }) });
    expect(res.headers?.['Retry-After']).toBe(String(2 * 3600));
    expect(res.headers?.['X-RateLimit-Remaining']).toBe('0');
  });

  it('asks again while another instance may still give a call back, instead of saying the quota is used up', async () => {
    // Prepare: a day used up by a reservation made a moment ago elsewhere, given back 200 ms later
    const counters = new MemoryCounterStore();
    const day = utcDay(new Date()).day;
    for (let i = 0; i < 10; i++) await counters.consume('key-free', day, 10);
    setTimeout(() => void counters.refund('key-free', day), 200);
    const h = quotaStack('free', counters);
    // Act
    const res = await h(apiEvent(), lambdaContext());
    // Assess: the call given back is this one's
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['X-RateLimit-Remaining']).toBe('0');
  });

  it('states a used-up day in hours and minutes, after waiting out a recent reservation', async () => {
    const counters = new MemoryCounterStore();
    const now = new Date('2026-11-21T05:24:53Z');
    for (let i = 0; i < 10; i++) await counters.consume('key-free', '2026-11-21', 10);
    const h = quotaStack('free', counters, () => now);
    const res = await h(apiEvent(), lambdaContext());
    expect(res.statusCode).toBe(429);
    expect(res.headers?.['Retry-After']).toBe('66907');
    expect((parse(res.body) as { error: { details: string } }).error.details).toMatch(
      /resets in 18 h 36 min \(66907 s\)/,
    );
  });

  it('sends limit, remaining and reset headers on every keyed response', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const h = quotaStack('basic', new MemoryCounterStore(), () => now);
    const res = await h(apiEvent(), lambdaContext());
    expect(res.headers).toMatchObject({
      'X-RateLimit-Limit': '1000',
      'X-RateLimit-Remaining': '999',
      'X-RateLimit-Reset': String(Date.UTC(2026, 10, 22) / 1000),
    });
  });

  it('starts a fresh count at UTC midnight', async () => {
    let now = new Date('2026-11-21T23:59:59Z');
    const counters = new MemoryCounterStore();
    const h = quotaStack('free', counters, () => now);
    for (let i = 0; i < 10; i++) await h(apiEvent(), lambdaContext());
    expect((await h(apiEvent(), lambdaContext())).statusCode).toBe(429);
    now = new Date('2026-11-22T00:00:00Z');
    const next = await h(apiEvent(), lambdaContext());
    expect(next.statusCode).toBe(200);
    expect(next.headers?.['X-RateLimit-Reset']).toBe(String(Date.UTC(2026, 10, 23) / 1000));
    // A clock set back (the day is worked out once a day, not once a call) counts in its own day again.
    now = new Date('2026-11-21T23:59:59.999Z');
    const back = await h(apiEvent(), lambdaContext());
    expect(back.statusCode).toBe(429);
    expect(back.headers?.['X-RateLimit-Reset']).toBe(String(Date.UTC(2026, 10, 22) / 1000));
  });

  it('counts nothing on an open route (no caller)', async () => {
    const counters = new MemoryCounterStore();
    const h = stackWith([dailyQuotaLimit(() => counters)]);
    const res = await h(apiEvent(), lambdaContext());
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['X-RateLimit-Limit']).toBeUndefined();
  });

  it('computes the UTC day and the next midnight', () => {
    expect(utcDay(new Date('2026-12-31T23:30:00Z'))).toEqual({
      day: '2026-12-31',
      resetEpoch: Date.UTC(2027, 0, 1) / 1000,
    });
  });
});
