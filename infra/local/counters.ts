/**
 * The local server's daily counters: exact in memory, written behind to the data folder.
 *
 * Deployed, every keyed call is one conditional DynamoDB write, shared by all instances. Locally one
 * process holds the data folder (LevelDB locks it), so that process's memory can be the authority: a
 * key's day is read from the folder once, then each call is counted, refused at the limit and refunded
 * in memory, exactly as the conditional writes would, and the changes reach the folder in one write per
 * key and day every FLUSH_MS, before any read of the counts, and when the server closes. A call through
 * dynalite costs about 4 ms of CPU (the SDK's request, dynalite's parsing and LevelDB); counted here it
 * costs microseconds, and every answer (X-RateLimit-* headers, 429 at the limit, usage, dashboard) is
 * the one the deployment gives.
 */
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { log } from '../../shared/log.ts';
import { COUNTER_TTL_DAYS, DynamoCounterStore, ENDPOINT_PREFIX } from '../../shared/store/dynamodb.ts';
import type { CounterResult, CounterStore, DayUsage } from '../../shared/store/types.ts';

/** How long a counted call may wait in memory before it is written to the data folder. */
export const FLUSH_MS = 500;

/** One key's day: the counts as they stand, and what of them the folder does not hold yet. */
interface Day {
  keyId: string;
  day: string;
  count: number;
  endpoints: Map<string, number>;
  pending: { count: number; endpoints: Map<string, number>; lastAt?: number };
}

/**
 * A CounterStore over the data folder's table that counts in memory and writes behind.
 * @example const counters = new WriteBehindCounterStore(client, LOCAL_TABLE); await counters.close();
 */
export class WriteBehindCounterStore implements CounterStore {
  private readonly folder: DynamoCounterStore;
  private readonly client: DynamoDBClient;
  private readonly table: string;
  private readonly flushMs: number;
  private readonly days = new Map<string, Day | Promise<Day>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(client: DynamoDBClient, table: string, flushMs = FLUSH_MS) {
    this.folder = new DynamoCounterStore(client, table);
    this.client = client;
    this.table = table;
    this.flushMs = flushMs;
  }

  /** The day's counts, read from the folder on first use; concurrent first calls share the one read. */
  private day(keyId: string, day: string): Day | Promise<Day> {
    const id = `${keyId}#${day}`;
    const known = this.days.get(id);
    if (known) return known;
    const loading = this.folder.usage([keyId], [day]).then((usage) => {
      const stored = usage.get(keyId)![0]!;
      const loaded: Day = {
        keyId,
        day,
        count: stored.count,
        endpoints: new Map(Object.entries(stored.endpoints)),
        pending: { count: 0, endpoints: new Map() },
      };
      this.days.set(id, loaded);
      return loaded;
    });
    this.days.set(id, loading);
    // A failed read is not remembered: the next call reads again.
    loading.catch(() => this.days.delete(id));
    return loading;
  }

  private changed(d: Day, endpoint: string | undefined, by: number): void {
    d.count += by;
    d.pending.count += by;
    if (endpoint) {
      d.endpoints.set(endpoint, (d.endpoints.get(endpoint) ?? 0) + by);
      d.pending.endpoints.set(endpoint, (d.pending.endpoints.get(endpoint) ?? 0) + by);
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  async consume(keyId: string, day: string, limit: number, endpoint?: string): Promise<CounterResult> {
    const known = this.day(keyId, day);
    const d = known instanceof Promise ? await known : known;
    // Checked and counted in one synchronous step: concurrent calls never let more than `limit` through.
    if (d.count >= limit) return { allowed: false, count: limit, lastAt: d.pending.lastAt };
    this.changed(d, endpoint, 1);
    d.pending.lastAt = Date.now();
    return { allowed: true, count: d.count };
  }

  async refund(keyId: string, day: string, endpoint?: string): Promise<void> {
    const d = await this.day(keyId, day);
    // As the folder's conditional update: only what was counted goes back.
    if (d.count <= 0 || (endpoint && (d.endpoints.get(endpoint) ?? 0) <= 0)) return;
    this.changed(d, endpoint, -1);
  }

  async inherit(keyId: string, day: string, count: number): Promise<void> {
    if (count <= 0) return;
    // Read first, so the day in memory is the folder's before the carried-over calls are added to both.
    const d = await this.day(keyId, day);
    await this.folder.inherit(keyId, day, count);
    d.count += count;
  }

  async usage(keyIds: readonly string[], days: readonly string[]): Promise<Map<string, DayUsage[]>> {
    await this.flush();
    return this.folder.usage(keyIds, days);
  }

  /**
   * Writes what the folder does not hold yet: one update a key and day, adding the change (an addition
   * commutes with any other, so calls counted meanwhile are not lost). A failed write is kept for the next.
   * @example await counters.flush();
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = this.flushing.then(() => this.writePending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async writePending(): Promise<void> {
    const writes: Promise<void>[] = [];
    // Yesterday stays for calls that straddle midnight; older days are read again if ever asked.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [id, d] of this.days) {
      if (d instanceof Promise) continue;
      const { pending } = d;
      if (pending.count === 0 && pending.lastAt === undefined && pending.endpoints.size === 0) {
        if (d.day < yesterday) this.days.delete(id);
        continue;
      }
      d.pending = { count: 0, endpoints: new Map() };
      writes.push(
        this.write(d.keyId, d.day, pending).catch((error: unknown) => {
          // Kept for the next flush: the counts in memory stay right, and the folder catches up.
          d.pending.count += pending.count;
          for (const [e, n] of pending.endpoints)
            d.pending.endpoints.set(e, (d.pending.endpoints.get(e) ?? 0) + n);
          d.pending.lastAt = Math.max(d.pending.lastAt ?? 0, pending.lastAt ?? 0) || undefined;
          this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
          log('error', 'local counters: write to the data folder failed', {
            error: error instanceof Error ? error.message : String(error),
          });
          throw error;
        }),
      );
    }
    await Promise.all(writes);
  }

  private async write(keyId: string, day: string, pending: Day['pending']): Promise<void> {
    const names: Record<string, string> = { '#count': 'count', '#expires': 'expires_at' };
    const values: Record<string, { N: string }> = {
      ':n': { N: String(pending.count) },
      ':expires': { N: String(Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400 + COUNTER_TTL_DAYS * 86_400) },
    };
    const adds = ['#count :n'];
    let i = 0;
    for (const [endpoint, n] of pending.endpoints) {
      names[`#e${i}`] = `${ENDPOINT_PREFIX}${endpoint}`;
      values[`:e${i}`] = { N: String(n) };
      adds.push(`#e${i} :e${i}`);
      i++;
    }
    const sets = ['#expires = if_not_exists(#expires, :expires)'];
    if (pending.lastAt !== undefined) {
      names['#last'] = 'last_at';
      values[':last'] = { N: String(pending.lastAt) };
      sets.push('#last = :last');
    }
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: { S: `COUNT#${keyId}#${day}` } },
        UpdateExpression: `ADD ${adds.join(', ')} SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  /** Writes what is left and stops the timer; the store still counts if called again. @example await counters.close(); */
  async close(): Promise<void> {
    await this.flush();
  }
}
