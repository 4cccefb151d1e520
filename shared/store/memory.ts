/** Embedded stores for local runs and tests: process memory, no network. */
import { addDays } from '../dates.ts';
import { hashKey } from '../hash.ts';
import {
  HISTORY_DAYS,
  Tier,
  type ApiKeyRecord,
  type CounterResult,
  type CounterStore,
  type DayUsage,
  type KeyStore,
} from './types.ts';

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

  /** Registers a key known only by its hash (an account's key): usable at once. */
  put(record: ApiKeyRecord): void {
    this.byId.set(record.keyId, { ...record });
  }

  /** Forgets a key: refused from the next request on. */
  remove(keyId: string): void {
    this.byId.delete(keyId);
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
  private readonly days = new Map<string, DayUsage>();
  private newest = '';

  async consume(keyId: string, day: string, limit: number, endpoint?: string): Promise<CounterResult> {
    if (day > this.newest) {
      // Days past the history shown can never be read again: drop them rather than grow forever.
      const oldest = addDays(day, -HISTORY_DAYS);
      for (const [k, v] of this.days) if (v.day <= oldest) this.days.delete(k);
      this.newest = day;
    }
    const id = `${keyId}#${day}`;
    const usage = this.days.get(id) ?? { day, count: 0, endpoints: {} };
    if (usage.count >= limit) return { allowed: false, count: usage.count, lastAt: usage.lastAt };
    usage.count += 1;
    if (endpoint) usage.endpoints[endpoint] = (usage.endpoints[endpoint] ?? 0) + 1;
    usage.lastAt = Date.now();
    this.days.set(id, usage);
    return { allowed: true, count: usage.count };
  }

  async refund(keyId: string, day: string, endpoint?: string): Promise<void> {
    const usage = this.days.get(`${keyId}#${day}`);
    if (!usage || usage.count <= 0) return;
    usage.count -= 1;
    if (endpoint && usage.endpoints[endpoint]) usage.endpoints[endpoint] -= 1;
  }

  async inherit(keyId: string, day: string, count: number): Promise<void> {
    if (count <= 0) return;
    const id = `${keyId}#${day}`;
    const usage = this.days.get(id) ?? { day, count: 0, endpoints: {} };
    usage.count += count;
    usage.inherited = (usage.inherited ?? 0) + count;
    this.days.set(id, usage);
  }

  async usage(keyIds: readonly string[], days: readonly string[]): Promise<Map<string, DayUsage[]>> {
    return new Map(
      keyIds.map((keyId) => [
        keyId,
        days.map((day) =>
          structuredClone(this.days.get(`${keyId}#${day}`) ?? { day, count: 0, endpoints: {} }),
        ),
      ]),
    );
  }
}
