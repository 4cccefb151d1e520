/**
 * A deployment-wide ceiling on concurrent upstream requests per source. On Lambda every instance has
 * its own in-process cap, so N instances could send N requests to a source at once; here a request
 * first takes one of the source's `max` slots, shared through DynamoDB. A slot is a lease: an instance
 * that dies mid-request frees it when the lease runs out. Only GetItem/UpdateItem-class actions are
 * used (UpdateItem), which keyed functions already have.
 *
 * So that the ceiling adds no round trip of its own to a miss, a slot may be taken ahead (`takeAhead`, sent
 * by the endpoint with its result lease) and handed to the request's `acquire`; and its release waits to
 * be sent with the endpoint's last write (`flush`, with the result), not on its own just before it.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { giveBackLease, takeLease } from './leases.ts';

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
  /** Sends the releases held back (and gives back unused slots taken ahead); resolves when they are done. */
  flush?(): Promise<void>;
}

/** How long a release may wait for `flush` before it is sent anyway (a caller that never flushes). */
export const RELEASE_HOLD_MS = 250;

/** How many slots one acquisition tries before it reports the ceiling reached. */
export const SLOT_TRIES = 4;

export class DynamoSlotStore implements SlotStore {
  readonly client: DynamoDBClient;
  readonly table: string;
  /** Slots taken ahead, per source, in the order taken: their holder, and the slot once known. */
  private readonly ahead = new Map<string, { holder: string; slot: Promise<number | undefined> }[]>();
  /** The holder a slot taken ahead was written with, by the holder the request acquired it as. */
  private readonly aliases = new Map<string, string>();
  private held: (() => Promise<void>)[] = [];
  private holding = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  async acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
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
    const send = () => giveBackLease(this, `SLOT#${provider}#${slot}`, written);
    if (!this.holding) return send();
    this.held.push(send);
    // A caller that never flushes: the release goes anyway, a little later.
    this.timer ??= setTimeout(() => void this.flush(), RELEASE_HOLD_MS).unref();
  }

  holdReleases(): void {
    this.holding = true;
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
      queue.map(({ holder, slot }) => async () => {
        const n = await slot;
        if (n !== undefined) await giveBackLease(this, `SLOT#${provider}#${n}`, holder);
      }),
    );
    this.ahead.clear();
    const sends = [...this.held, ...unused];
    this.held = [];
    // A release that fails leaves the slot to its lease's end: the ceiling is only lower meanwhile.
    await Promise.all(sends.map((send) => send().catch(() => undefined)));
  }

  private async take(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
    // Start at a random slot so concurrent instances spread out instead of all racing for slot 0.
    const start = Math.floor(Math.random() * max);
    for (let i = 0; i < Math.min(max, SLOT_TRIES); i++) {
      const slot = (start + i) % max;
      if (await takeLease(this, `SLOT#${provider}#${slot}`, holder, ms, 86_400)) return slot;
    }
    return undefined;
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
