/**
 * A deployment-wide ceiling on concurrent upstream requests per source. On Lambda every instance has
 * its own in-process cap, so N instances could send N requests to a source at once; here a request
 * first takes one of the source's `max` slots, shared through DynamoDB. A slot is a lease: an instance
 * that dies mid-request frees it when the lease runs out. Only GetItem/UpdateItem-class actions are
 * used (UpdateItem), which keyed functions already have.
 *
 * So that the ceiling adds no round trip of its own to a miss, a slot may be taken ahead (`takeAhead`, sent
 * by the endpoint with its result lease) and handed to the request's `acquire`; and its release waits to
 * be sent with the endpoint's last write (`flush`, with the result), not on its own just before it. A slot
 * released while releases are held is kept for the next `acquire` of that source in the process, so a
 * route's sequential requests to one source (chain_a's two) share one slot instead of taking one each; its
 * parallel requests still take one each, so no more than `max` requests are ever in flight.
 */
import { randomUUID } from 'node:crypto';
import { giveBackLease, takeLease } from './leases.ts';
import { TableStore } from './table.ts';

export interface SlotStore {
  /** Takes a free slot of `provider` for `ms`; the slot's number, or undefined when all `max` are taken. */
  acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined>;
  release(provider: string, slot: number, holder: string): Promise<void>;
  /**
   * Starts taking a slot of `provider` for `ms` now, for the next `acquire` of that source in this process;
   * one taken and never asked for is given back by `flush`.
   */
  takeAhead?(provider: string, max: number, ms: number): void;
  /** Holds releases back from now until `flush`, to be sent with the caller's last write. */
  holdReleases?(): void;
  /**
   * The most slots of `provider` this process's requests used at once since `holdReleases`: how many a caller
   * running the same work again may take ahead.
   */
  peak?(provider: string): number;
  /**
   * Gives back the slots released while held (and the unused ones taken ahead); resolves when they are
   * done.
   */
  flush?(): Promise<void>;
}

/** How long a release may wait for `flush` before it is sent anyway (a caller that never flushes). */
export const RELEASE_HOLD_MS = 250;

/** How many slots one acquisition tries before it reports the ceiling reached. */
export const SLOT_TRIES = 4;

export class DynamoSlotStore extends TableStore implements SlotStore {
  /**
   * Slots this process holds and no request uses, per source: taken ahead (in the order taken), or released
   * while held (first); their holder as written, and the slot once known.
   */
  private readonly ahead = new Map<string, { holder: string; slot: Promise<number | undefined> }[]>();
  /** The holder a slot taken ahead was written with, by the holder the request acquired it as. */
  private readonly aliases = new Map<string, string>();
  private holding = false;
  /** The slots this process holds or is taking, by `provider#slot`. */
  private readonly own = new Set<string>();
  /** Slots of each source in use by this process's requests since `holdReleases`, and the most at once. */
  private readonly inUse = new Map<string, { now: number; peak: number }>();
  private timer: NodeJS.Timeout | undefined;

  async acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
    // Counted from the moment a request wants a slot: two requests sent together are two at once, however
    // long the second one's write takes.
    const use = this.holding ? (this.inUse.get(provider) ?? { now: 0, peak: 0 }) : undefined;
    if (use) {
      use.now++;
      use.peak = Math.max(use.peak, use.now);
      this.inUse.set(provider, use);
    }
    const slot = await this.acquired(provider, max, holder, ms);
    if (slot === undefined && use) use.now = Math.max(0, use.now - 1);
    return slot;
  }

  private async acquired(provider: string, max: number, holder: string, ms: number) {
    const taken = this.ahead.get(provider)?.shift();
    if (taken) {
      const slot = await taken.slot.catch(() => undefined);
      if (slot !== undefined) {
        this.aliases.set(`${provider}#${slot}#${holder}`, taken.holder);
        return slot;
      }
    }
    return this.take(provider, max, holder, ms);
  }

  async release(provider: string, slot: number, holder: string): Promise<void> {
    const alias = `${provider}#${slot}#${holder}`;
    const written = this.aliases.get(alias) ?? holder;
    this.aliases.delete(alias);
    if (!this.holding) return this.giveBack(provider, slot, written);
    const use = this.inUse.get(provider);
    if (use) use.now = Math.max(0, use.now - 1);
    // Still held (its lease runs as long as the invocation can): the next request to the source reuses it,
    // and `flush` gives it back if none does.
    this.ahead.set(provider, [
      { holder: written, slot: Promise.resolve(slot) },
      ...(this.ahead.get(provider) ?? []),
    ]);
    // A caller that never flushes: the slot goes back anyway, a little later.
    this.timer ??= setTimeout(() => void this.flush(), RELEASE_HOLD_MS).unref();
  }

  holdReleases(): void {
    this.holding = true;
    this.inUse.clear();
  }

  peak(provider: string): number {
    return this.inUse.get(provider)?.peak ?? 0;
  }

  takeAhead(provider: string, max: number, ms: number): void {
    const holder = randomUUID();
    const slot = this.take(provider, max, holder, ms);
    slot.catch(() => undefined);
    const queue = this.ahead.get(provider) ?? [];
    queue.push({ holder, slot });
    this.ahead.set(provider, queue);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.holding = false;
    const unused = [...this.ahead].flatMap(([provider, queue]) =>
      queue.map(async ({ holder, slot }) => {
        const n = await slot;
        if (n !== undefined) await this.giveBack(provider, n, holder);
      }),
    );
    this.ahead.clear();
    // A release that fails leaves the slot to its lease's end: the ceiling is only lower meanwhile.
    await Promise.all(unused.map((send) => send.catch(() => undefined)));
  }

  private async take(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
    // Start at a random slot so concurrent instances spread out instead of all racing for slot 0; and try the
    // slots this process holds or is taking last, as they would most likely cost a refused write (but may
    // have run out: a lease that expired is free).
    const start = Math.floor(Math.random() * max);
    const order = Array.from({ length: max }, (_, i) => (start + i) % max);
    const owned = (slot: number) => this.own.has(`${provider}#${slot}`);
    const tries = [...order.filter((n) => !owned(n)), ...order.filter(owned)].slice(0, SLOT_TRIES);
    for (const slot of tries) {
      const key = `${provider}#${slot}`;
      const mine = this.own.has(key);
      this.own.add(key);
      if (await takeLease(this.at, `SLOT#${key}`, holder, { ms, keepSeconds: 86_400 })) return slot;
      if (!mine) this.own.delete(key);
    }
    return undefined;
  }

  private giveBack(provider: string, slot: number, holder: string): Promise<void> {
    this.own.delete(`${provider}#${slot}`);
    return giveBackLease(this.at, `SLOT#${provider}#${slot}`, holder);
  }
}

/** The same protocol in one process (tests, and a local server that wants the ceiling enforced). */
export class MemorySlotStore implements SlotStore {
  private readonly slots = new Map<string, { holder: string; until: number }>();

  async acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
    for (let slot = 0; slot < max; slot++) {
      const key = `${provider}#${slot}`;
      const taken = this.slots.get(key);
      if (taken && taken.until > Date.now()) continue;
      this.slots.set(key, { holder, until: Date.now() + ms });
      return slot;
    }
    return undefined;
  }

  async release(provider: string, slot: number, holder: string): Promise<void> {
    const key = `${provider}#${slot}`;
    if (this.slots.get(key)?.holder === holder) this.slots.delete(key);
  }
}
