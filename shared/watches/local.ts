/**
 * The engine in one process (`npm start`, tests): the tick, the check queue and the delivery queue, with
 * the same code a deployment runs on EventBridge Scheduler and SQS, on whatever clock it is given.
 */
import { runCheck, runDelivery, tick, TICK_MS, type EngineDeps, type TickResult } from './engine.ts';
import { LocalQueue } from './local-queue.ts';

export interface LocalEngine {
  deps: EngineDeps;
  /** One tick at the clock's time. */
  tick(): Promise<TickResult>;
  /** Resolves when no check or delivery waits or runs. */
  idle(): Promise<void>;
  /** Ticks every `periodMs` on the real clock until `stop`. */
  start(periodMs?: number): void;
  stop(): void;
}

/** @example const engine = localEngine({ store, clock: () => now, route }); await engine.tick(); await engine.idle(); */
export function localEngine(options: Omit<EngineDeps, 'queues'>): LocalEngine {
  const deps = { ...options } as EngineDeps;
  const checks = new LocalQueue('checks', (m: { watchId: string; tick: number }) => runCheck(deps, m));
  const deliveries = new LocalQueue('deliveries', (m: { deliveryId: string }) => runDelivery(deps, m));
  deps.queues = { checks, deliveries };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    deps,
    tick: () => tick(deps),
    async idle() {
      // A check may queue a delivery: wait until both are empty together.
      await running;
      do {
        await checks.idle();
        await deliveries.idle();
      } while (checks.busy || deliveries.busy);
    },
    start(periodMs = TICK_MS) {
      timer ??= setInterval(() => {
        running = running.then(() => tick(deps)).catch(() => undefined);
      }, periodMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
