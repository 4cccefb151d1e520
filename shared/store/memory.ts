/** Embedded stores for local runs and tests: process memory, no network. */
import { createHash } from 'node:crypto';
import { Tier, type ApiKeyRecord, type CounterResult, type CounterStore, type KeyStore } from './types.ts';

/** @example hashKey('secret') // 64 hex chars; the only form in which a key is stored or logged */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export class MemoryKeyStore implements KeyStore {
  private readonly byId = new Map<string, ApiKeyRecord>();

  /** Registers a plain key; only its hash is kept. */
  add(key: string, tier: Tier, name: string = tier): ApiKeyRecord {
    const record = { keyId: hashKey(key), tier, name };
    this.byId.set(record.keyId, record);
    return record;
  }

  async lookup(keyId: string): Promise<ApiKeyRecord | undefined> {
    return this.byId.get(keyId);
  }

  /**
   * Parses `API_KEYS="key1:pro,key2:free"`.
   * @example MemoryKeyStore.fromSpec('k1:pro,k2:free')
   */
  static fromSpec(spec: string): MemoryKeyStore {
    const store = new MemoryKeyStore();
    for (const entry of spec
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const at = entry.lastIndexOf(':');
      const key = at > 0 ? entry.slice(0, at) : entry;
      const tier = Tier.safeParse(at > 0 ? entry.slice(at + 1) : 'free');
      if (!tier.success)
        throw new Error(`API_KEYS: unknown tier in entry ${at > 0 ? entry.slice(at + 1) : ''}`);
      store.add(key, tier.data);
    }
    return store;
  }
}

export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, number>();
  private day = '';

  async consume(keyId: string, day: string, limit: number): Promise<CounterResult> {
    if (day !== this.day) {
      // Earlier days can never be read again: drop them rather than grow forever.
      for (const k of this.counts.keys()) if (!k.endsWith(`#${day}`)) this.counts.delete(k);
      this.day = day;
    }
    const id = `${keyId}#${day}`;
    const count = this.counts.get(id) ?? 0;
    if (count >= limit) return { allowed: false, count };
    this.counts.set(id, count + 1);
    return { allowed: true, count: count + 1 };
  }
}
