/**
 * Where watches and their deliveries are kept: one interface, a memory implementation (tests, and a
 * process without a table) and a DynamoDB one (dynamo-store.ts: deployed, and `npm start` on its dynalite
 * folder). Every write of a watch is conditional on its version, so a check, a delivery and the owner's
 * pause never overwrite each other; a due watch is claimed by moving its due time with a conditional
 * write, so of the processes that find it due in one tick, exactly one checks it.
 */
import type { WatchRecord } from './model.ts';
import type { DeliveryRecord, Due, WatchStore } from './store-types.ts';

const clone = <T>(value: T): T => structuredClone(value);

/** The earliest `limit` of the items due by `now`; `due` reads an item's due time, undefined when it waits on none. */
function earliestDue<T extends { id: string }>(
  items: Iterable<T>,
  now: number,
  limit: number,
  due: (item: T) => { dueAt: number; interval: number } | undefined,
): Due[] {
  return [...items]
    .flatMap((item) => {
      const when = due(item);
      return when && when.dueAt <= now ? [{ id: item.id, ...when }] : [];
    })
    .sort((a, b) => a.dueAt - b.dueAt)
    .slice(0, limit);
}

/**
 * Moves an item's due time (`key`) from `seen` to `next`, as the table's conditional write does: false when
 * the item is gone, not waiting, or moved meanwhile (another process claimed it).
 */
function claimed<K extends string, T extends Record<K, number | null> & { version: number }>(
  item: T | undefined,
  key: K,
  seen: number,
  next: number,
): boolean {
  if (!item || item[key] !== seen) return false;
  (item as Record<K, number>)[key] = next;
  item.version++;
  return true;
}

/**
 * Watches in this process's memory.
 * @example const store = new MemoryWatchStore(); await store.create(watch, 3)
 */
export class MemoryWatchStore implements WatchStore {
  private readonly watches = new Map<string, WatchRecord>();
  private readonly byKey = new Map<string, Set<string>>();
  private readonly deliveries = new Map<string, DeliveryRecord>();

  async create(watch: WatchRecord, max: number): Promise<boolean> {
    const ids = this.byKey.get(watch.keyId) ?? new Set<string>();
    if (ids.size >= max) return false;
    ids.add(watch.id);
    this.byKey.set(watch.keyId, ids);
    this.watches.set(watch.id, clone({ ...watch, version: 1 }));
    return true;
  }

  async get(id: string): Promise<WatchRecord | undefined> {
    const w = this.watches.get(id);
    return w && clone(w);
  }

  async listByKey(keyId: string): Promise<WatchRecord[]> {
    return [...(this.byKey.get(keyId) ?? [])]
      .map((id) => clone(this.watches.get(id)!))
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  async put(watch: WatchRecord): Promise<boolean> {
    const kept = this.watches.get(watch.id);
    if (!kept || kept.version !== watch.version) return false;
    this.watches.set(watch.id, clone({ ...watch, version: watch.version + 1 }));
    return true;
  }

  async delete(id: string, keyId: string): Promise<boolean> {
    const kept = this.watches.get(id);
    if (!kept || kept.keyId !== keyId) return false;
    this.watches.delete(id);
    this.byKey.get(keyId)?.delete(id);
    return true;
  }

  async due(now: number, limit: number): Promise<Due[]> {
    return earliestDue(this.watches.values(), now, limit, (w) =>
      w.status === 'active' ? { dueAt: w.dueAt, interval: w.interval } : undefined,
    );
  }

  async claim(id: string, seen: number, next: number): Promise<boolean> {
    const w = this.watches.get(id);
    return claimed(w?.status === 'active' ? w : undefined, 'dueAt', seen, next);
  }

  async putDelivery(delivery: DeliveryRecord): Promise<boolean> {
    const kept = this.deliveries.get(delivery.id);
    if (kept ? kept.version !== delivery.version : delivery.version !== 0) return false;
    this.deliveries.set(delivery.id, clone({ ...delivery, version: delivery.version + 1 }));
    return true;
  }

  async getDelivery(id: string): Promise<DeliveryRecord | undefined> {
    const d = this.deliveries.get(id);
    return d && clone(d);
  }

  async dueDeliveries(now: number, limit: number): Promise<Due[]> {
    return earliestDue(this.deliveries.values(), now, limit, (d) =>
      d.status === 'pending' && d.nextAttemptAt !== null
        ? { dueAt: d.nextAttemptAt, interval: 0 }
        : undefined,
    );
  }

  async claimDelivery(id: string, seen: number, next: number): Promise<boolean> {
    const d = this.deliveries.get(id);
    return claimed(d?.status === 'pending' ? d : undefined, 'nextAttemptAt', seen, next);
  }
}

/**
 * Reads, changes and writes a watch until the write lands on the version it read (a claim or another
 * writer moved it meanwhile: read again). Returns the watch as written, or undefined when it is gone.
 * @example await updateWatch(store, id, (w) => { w.status = 'paused'; })
 */
export async function updateWatch(
  store: WatchStore,
  id: string,
  change: (watch: WatchRecord) => void | false,
  /** The watch as just read, when the caller has it: tried first, saving a read when nothing moved it. */
  read?: WatchRecord,
): Promise<WatchRecord | undefined> {
  for (let i = 0; i < 20; i++) {
    const watch = i === 0 && read ? structuredClone(read) : await store.get(id);
    if (!watch) return undefined;
    if (change(watch) === false) return watch;
    if (await store.put(watch)) return { ...watch, version: watch.version + 1 };
  }
  throw new Error(`watch ${id}: too many concurrent writes`);
}

/** As updateWatch, for a delivery. @example await updateDelivery(store, id, (d) => { d.status = 'failed'; }) */
export async function updateDelivery(
  store: WatchStore,
  id: string,
  change: (delivery: DeliveryRecord) => void | false,
): Promise<DeliveryRecord | undefined> {
  for (let i = 0; i < 20; i++) {
    const d = await store.getDelivery(id);
    if (!d) return undefined;
    if (change(d) === false) return d;
    if (await store.putDelivery(d)) return { ...d, version: d.version + 1 };
  }
  throw new Error(`delivery ${id}: too many concurrent writes`);
}

let current: Promise<WatchStore> | undefined;

/**
 * The process's watch store: DynamoDB on the deployment's table when `COUNTER_TABLE` names one, memory
 * otherwise; `npm start` and the tests install theirs with `useWatchStore`.
 * @example const store = await watchStore();
 */
export function watchStore(): Promise<WatchStore> {
  current ??= (async () => {
    const table = process.env.COUNTER_TABLE;
    if (!table) return new MemoryWatchStore();
    const [{ DynamoWatchStore }, { sharedDynamoClient }] = await Promise.all([
      import('./dynamo-store.ts'),
      import('../store/dynamo-client.ts'),
    ]);
    return new DynamoWatchStore(sharedDynamoClient(), table);
  })();
  return current;
}

/** Installs the watch store of this process. @example useWatchStore(new MemoryWatchStore()) */
export function useWatchStore(store: WatchStore): void {
  current = Promise.resolve(store);
}
