// A search that keeps the hotels it could read and marks one it could not (chain_b: availability_status
// null when a hotel's offers failed) is a partial answer: a watch reads it as a failed source, tried again
// at the next tick, so that one hotel's glitch never reads as a change of price or availability.
import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { routes } from '../../shared/routes/index.ts';
import { hashKey } from '../../shared/hash.ts';
import { newWatchRecord, type Condition } from '../../shared/watches/model.ts';
import { checkedInTurn } from './helpers.ts';

const HOUR = 3_600_000;

interface Hotel {
  id: string;
  availability_status: 'AVAILABLE' | 'UNAVAILABLE' | null;
  best_offer: { total: number } | null;
}
const answer = (...hotels: Hotel[]): APIGatewayProxyResult => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ success: true, hotels }),
});
const hotel = (id: string, total: number): Hotel => ({
  id,
  availability_status: 'AVAILABLE',
  best_offer: { total },
});
const unread = (id: string): Hotel => ({ id, availability_status: null, best_offer: null });

/** One watch of chain_b search whose handler answers `answers` in turn, one a check. */
const run = (condition: Condition, answers: APIGatewayProxyResult[], stepMs?: number) =>
  checkedInTurn(
    routes.chainBSearch,
    newWatchRecord({
      id: 'wch_00000000000000000002',
      keyId: hashKey('partial-test'),
      tier: 'pro',
      routeId: 'chainBSearch',
      route: routes.chainBSearch.path,
      params: { destination_slug: 'paris-fr', check_in: '2030-06-01', check_out: '2030-06-03' },
      condition,
      callbackUrl: 'http://127.0.0.1:9/hooks',
      interval: 3_600,
      expiresAt: Date.now() + 30 * 24 * HOUR,
      createdAt: Date.now(),
    }),
    answers,
    stepMs,
  );

describe('a watch over a search that could not read one hotel', () => {
  it.each([[{ type: 'any_change' } as const], [{ type: 'price_at_or_under', value: 150 } as const]])(
    'records the partial answer uncompared, and fires on no glitch (%j)',
    async (condition) => {
      // Act: the cheapest hotel's offers fail once, then read again
      const { watch, posted } = await run(condition, [
        answer(hotel('AAAA', 120), hotel('BBBB', 200)),
        answer(unread('AAAA'), hotel('BBBB', 200)),
        answer(hotel('AAAA', 120), hotel('BBBB', 200)),
      ]);
      // Assess
      expect(watch.checks.map((c) => [c.outcome, c.values?.price ?? null]).reverse()).toEqual([
        ['answered', 120],
        ['partial', null],
        ['answered', 120],
      ]);
      // price_at_or_under held from the first check: told once, then never again for a glitch.
      expect(posted).toHaveLength(condition.type === 'any_change' ? 0 : 1);
    },
  );

  it('still reads a whole answer whose hotels chain_b states unavailable', async () => {
    // Act
    const { watch } = await run({ type: 'becomes_available' }, [
      answer({ id: 'AAAA', availability_status: 'UNAVAILABLE', best_offer: null }),
      answer(hotel('AAAA', 120)),
    ]);
    // Assess
    expect(watch.checks.map((c) => [c.outcome, c.fired]).reverse()).toEqual([
      ['answered', false],
      ['answered', true],
    ]);
  });

  it('checks a watch whose answers stay partial at its interval, not at every tick (each answer is billed)', async () => {
    // Act: ten ticks a minute apart, every answer partial
    const { watch } = await run(
      { type: 'any_change' },
      Array.from({ length: 10 }, () => answer(unread('AAAA'), hotel('BBBB', 200))),
      60_000,
    );
    // Assess: one call in ten minutes, for a watch checked hourly
    expect(watch.checks.map((c) => c.outcome)).toEqual(['partial']);
  });
});
