// A check answered with a code the route declares `unavailable` (a rental's DATES_UNAVAILABLE, a sold-out
// search's NO_RESULTS) is a state the watch follows, not a refusal: the watch reads it as nothing free
// and goes on, so that `becomes_available` fires when the stay frees up. Another refusal still ends it.
import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { routes } from '../../shared/routes/index.ts';
import { hashKey } from '../../shared/hash.ts';
import { newWatchRecord, type Condition, type WatchRecord } from '../../shared/watches/model.ts';
import { checkedInTurn } from './helpers.ts';

const HOUR = 3_600_000;

const problem = (status: number, code: string): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({
    type: `/errors/${code}`,
    title: code,
    status,
    detail: 'as the route says',
    error_code: code,
  }),
});
const priced = (total: number): APIGatewayProxyResult => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ success: true, pricing: { total } }),
});

function rentalWatch(condition: Condition, now: number): WatchRecord {
  return newWatchRecord({
    id: 'wch_00000000000000000001',
    keyId: hashKey('unavailable-test'),
    tier: 'pro',
    routeId: 'rentalPricing',
    route: routes.rentalPricing.path,
    params: { listing_id: '40000001', check_in: '2030-06-01', check_out: '2030-06-04' },
    condition,
    callbackUrl: 'http://127.0.0.1:9/hooks',
    interval: 3_600,
    expiresAt: now + 30 * 24 * HOUR,
    createdAt: now,
  });
}

/** One watch of rental pricing whose handler answers `answers` in turn, one a check. */
const run = (condition: Condition, answers: APIGatewayProxyResult[]) =>
  checkedInTurn(routes.rentalPricing, rentalWatch(condition, Date.now()), answers);

describe('a watch over a route that states when nothing is free', () => {
  it('goes on through DATES_UNAVAILABLE and fires once when the stay frees up', async () => {
    // Act
    const { watch, posted } = await run({ type: 'becomes_available' }, [
      problem(422, 'DATES_UNAVAILABLE'),
      problem(422, 'DATES_UNAVAILABLE'),
      priced(420),
      priced(410),
    ]);
    // Assess
    expect(watch.status).toBe('active');
    expect(watch.checks.map((c) => [c.outcome, c.values?.available, c.fired]).reverse()).toEqual([
      ['answered', false, false],
      ['answered', false, false],
      ['answered', true, true],
      ['answered', true, false],
    ]);
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]!).data).toMatchObject({ previous: false, current: true });
  });

  it('measures a price drop from the first price seen, not from a check with nothing free', async () => {
    const { watch, posted } = await run({ type: 'price_drop_pct', value: 10 }, [
      problem(422, 'DATES_UNAVAILABLE'),
      priced(500),
      priced(440),
    ]);
    expect(watch.baseline).toEqual({ price: 500, available: true, rating: null });
    expect(watch.checks.map((c) => c.fired).reverse()).toEqual([false, false, true]);
    expect(posted).toHaveLength(1);
  });

  it('ends on a refusal the route does not declare a state (too many guests), with its reason', async () => {
    const { watch, posted } = await run({ type: 'becomes_available' }, [problem(422, 'TOO_MANY_GUESTS')]);
    expect(watch.status).toBe('ended');
    expect(watch.reason).toContain('422 TOO_MANY_GUESTS');
    expect(watch.checks[0]).toMatchObject({ outcome: 'refused', values: null });
    expect(posted).toEqual([]);
  });
});
