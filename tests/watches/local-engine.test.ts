// The engine in one process alone (shared/watches/local.ts): started, it ticks on the real clock until
// stopped, as `npm start` runs it.
import { describe, expect, it } from '@jest/globals';
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { localEngine } from '../../shared/watches/local.ts';
import { MemoryWatchStore } from '../../shared/watches/store.ts';

describe('the engine in one process', () => {
  it('ticks every period once started, and not after it is stopped', async () => {
    // Prepare: a store that counts the ticks' look-ups of due watches
    const store = new MemoryWatchStore();
    let looked = 0;
    const due = store.due.bind(store);
    store.due = (...args: Parameters<typeof store.due>) => {
      looked += 1;
      return due(...args);
    };
    const engine = localEngine({ store, clock: Date.now, route: watchedRoute, random: Math.random });
    // Act: run until three ticks have looked (a loaded machine delays timers; it never hastens them)
    const started = Date.now();
    engine.start(10);
    engine.start(10); // a second start keeps the one timer
    while (looked < 3 && Date.now() - started < 5_000) await new Promise((ok) => setTimeout(ok, 10));
    engine.stop();
    await engine.idle();
    const elapsed = Date.now() - started;
    const atStop = looked;
    await new Promise((ok) => setTimeout(ok, 60));
    // Assess: at most one tick a period (two timers would tick twice as often), none after the stop
    expect(atStop).toBeGreaterThanOrEqual(3);
    expect(atStop).toBeLessThanOrEqual(Math.floor(elapsed / 10) + 1);
    expect(looked).toBe(atStop);
  });
});
