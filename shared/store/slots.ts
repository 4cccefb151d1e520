/**
 * A deployment-wide ceiling on concurrent upstream requests per source. On Lambda every instance has
 * its own in-process cap, so N instances could send N requests to a source at once; here a request
 * first takes one of the source's `max` slots, shared through DynamoDB. A slot is a lease: an instance
 * that dies mid-request frees it when the lease runs out. Only GetItem/UpdateItem-class actions are
 * used (UpdateItem), which keyed functions already have.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { giveBackLease, takeLease } from './leases.ts';

export interface SlotStore {
  /** Takes a free slot of `provider` for `ms`; the slot's number, or undefined when all `max` are taken. */
  acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined>;
  release(provider: string, slot: number, holder: string): Promise<void>;
}

/** How many slots one acquisition tries before it reports the ceiling reached. */
export const SLOT_TRIES = 4;

export class DynamoSlotStore implements SlotStore {
  readonly client: DynamoDBClient;
  readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  async acquire(provider: string, max: number, holder: string, ms: number): Promise<number | undefined> {
    // Start at a random slot so concurrent instances spread out instead of all racing for slot 0.
    const start = Math.floor(Math.random() * max);
    for (let i = 0; i < Math.min(max, SLOT_TRIES); i++) {
      const slot = (start + i) % max;
      if (await takeLease(this, `SLOT#${provider}#${slot}`, holder, ms, 86_400)) return slot;
    }
    return undefined;
  }

  async release(provider: string, slot: number, holder: string): Promise<void> {
    await giveBackLease(this, `SLOT#${provider}#${slot}`, holder);
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
