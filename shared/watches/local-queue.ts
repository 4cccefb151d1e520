/**
 * A queue in this process, for `npm start` and the tests: what SQS does deployed, in small. Messages are
 * worked a few at a time; a message whose work throws is received again, up to `maxReceives` times, then
 * kept aside as its dead letter (and logged), as the deployed queues' redrive policy does.
 */
import { log } from '../log.ts';
import type { Queue } from './engine.ts';

/** @example const q = new LocalQueue('checks', (m) => runCheck(deps, m)); await q.send([m]); await q.idle(); */
export class LocalQueue<T> implements Queue<T> {
  private readonly waiting: { message: T; receives: number }[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  /** Messages that failed every receive. */
  readonly deadLetters: T[] = [];

  private readonly name: string;
  private readonly work: (message: T) => Promise<void>;
  private readonly concurrency: number;
  private readonly maxReceives: number;

  constructor(name: string, work: (message: T) => Promise<void>, concurrency = 8, maxReceives = 3) {
    this.name = name;
    this.work = work;
    this.concurrency = concurrency;
    this.maxReceives = maxReceives;
  }

  async send(messages: T[]): Promise<void> {
    for (const message of messages) this.waiting.push({ message, receives: 0 });
    this.pump();
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      this.running++;
      next.receives++;
      void this.work(next.message)
        .catch((error: unknown) => {
          if (next.receives < this.maxReceives) this.waiting.push(next);
          else {
            this.deadLetters.push(next.message);
            log('error', 'watch message dead-lettered', { queue: this.name, error: String(error) });
          }
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0)
            for (const wake of this.idleWaiters.splice(0)) wake();
        });
    }
  }

  /** Whether a message waits or runs. */
  get busy(): boolean {
    return this.running > 0 || this.waiting.length > 0;
  }

  /** Resolves when nothing waits or runs. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((ok) => this.idleWaiters.push(ok));
  }
}
