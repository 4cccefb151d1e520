/**
 * DynamoDB stores, one table for both:
 * - `pk = COUNT#<keyId>#<day>`: the day's request count for a key, `expires_at` (epoch seconds) a few
 *   days after that UTC day so TTL deletes it. One conditional atomic update per request.
 * - `pk = KEY#<keyId>`: a key's tier and name, written by `npm run keys -- create` when the key is
 *   issued. `keyId` is the key's SHA-256: the table never holds a key.
 * - `pk = RESULT#…`: the deployment-wide result cache and its fetch lease (DynamoResultCache).
 * The AWS SDK is not bundled (Lambda's nodejs24.x runtime provides it). This module is itself imported
 * lazily (store/index.ts), so functions that never count (health) never load the SDK; those that do load
 * it while the runtime initialises them (store/index.ts starts it at module load on Lambda).
 */
import {
  BatchGetItemCommand,
  GetItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { sharedDynamoClient } from './dynamo-client.ts';
import { isConditionFailure } from './conditional.ts';
import { giveBackLease, takeLease } from './leases.ts';
import { TableStore } from './table.ts';
import { updateIf } from './update-if.ts';
import { DynamoSlotStore } from './slots.ts';
import {
  ApiKeyRecord,
  HISTORY_DAYS,
  type CachedResult,
  type CounterResult,
  type CounterStore,
  type DayUsage,
  type KeyStore,
  type ResultCache,
} from './types.ts';
import { parseExact } from '../json.ts';
import { byteBoundedCache } from '../memory-budget.ts';

/** How long a day's counter outlives its day before TTL removes it: the history shown, and a day's grace. */
export const COUNTER_TTL_DAYS = HISTORY_DAYS + 1;
/** Per-endpoint counts are attributes of the day's counter item, named by this prefix and the route's id. */
export const ENDPOINT_PREFIX = 'e:';
/** How long a Lambda container trusts a key lookup; a revoked key stops working within this time. */
export const KEY_CACHE_MS = 60_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** When TTL may delete a day's counter (epoch seconds): COUNTER_TTL_DAYS after that UTC day ends. */
const expiresAt = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400 + COUNTER_TTL_DAYS * 86_400;

export class DynamoCounterStore extends TableStore implements CounterStore {
  async consume(keyId: string, day: string, limit: number, endpoint?: string): Promise<CounterResult> {
    try {
      // The endpoint's count and the time of the call ride on the same conditional update: no second write.
      const out = await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: { S: `COUNT#${keyId}#${day}` } },
          UpdateExpression: `ADD #count :one${endpoint ? ', #endpoint :one' : ''} SET #expires = if_not_exists(#expires, :expires), #last = :now`,
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: {
            '#count': 'count',
            '#expires': 'expires_at',
            '#last': 'last_at',
            ...(endpoint ? { '#endpoint': `${ENDPOINT_PREFIX}${endpoint}` } : {}),
          },
          ExpressionAttributeValues: {
            ':one': { N: '1' },
            ':limit': { N: String(limit) },
            ':expires': { N: String(expiresAt(day)) },
            ':now': { N: String(Date.now()) },
          },
          ReturnValues: 'UPDATED_NEW',
          // A refusal brings the item's last reservation time, free: calls reserved moments ago may yet be given back.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { allowed: true, count: Number(out.Attributes?.count?.N ?? 1) };
    } catch (error) {
      if (isConditionFailure(error)) {
        const last = (error as { Item?: Record<string, AttributeValue> }).Item?.last_at?.N;
        return { allowed: false, count: limit, lastAt: last === undefined ? undefined : Number(last) };
      }
      throw error;
    }
  }

  async refund(keyId: string, day: string, endpoint?: string): Promise<void> {
    await updateIf(this.at, `COUNT#${keyId}#${day}`, {
      UpdateExpression: `ADD #count :minus${endpoint ? ', #endpoint :minus' : ''}`,
      // Only what consume counted goes back: a count never drops below the calls billed.
      ConditionExpression: `#count > :zero${endpoint ? ' AND #endpoint > :zero' : ''}`,
      ExpressionAttributeNames: {
        '#count': 'count',
        ...(endpoint ? { '#endpoint': `${ENDPOINT_PREFIX}${endpoint}` } : {}),
      },
      ExpressionAttributeValues: { ':minus': { N: '-1' }, ':zero': { N: '0' } },
    });
  }

  async inherit(keyId: string, day: string, count: number): Promise<void> {
    if (count <= 0) return;
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: { S: `COUNT#${keyId}#${day}` } },
        UpdateExpression: 'ADD #count :n, inherited :n SET #expires = if_not_exists(#expires, :expires)',
        ExpressionAttributeNames: { '#count': 'count', '#expires': 'expires_at' },
        ExpressionAttributeValues: { ':n': { N: String(count) }, ':expires': { N: String(expiresAt(day)) } },
      }),
    );
  }

  async usage(keyIds: readonly string[], days: readonly string[]): Promise<Map<string, DayUsage[]>> {
    const found = new Map<string, Record<string, AttributeValue>>();
    let pending = keyIds.flatMap((keyId) => days.map((day) => ({ pk: { S: `COUNT#${keyId}#${day}` } })));
    // BatchGetItem takes 100 keys a call and may hand some back unprocessed under load: ask again for those.
    for (let round = 0; pending.length > 0 && round < 8; round++) {
      const batches = [];
      for (let i = 0; i < pending.length; i += 100) batches.push(pending.slice(i, i + 100));
      const outs = await Promise.all(
        batches.map((Keys) =>
          this.client.send(new BatchGetItemCommand({ RequestItems: { [this.table]: { Keys } } })),
        ),
      );
      pending = [];
      for (const out of outs) {
        for (const item of out.Responses?.[this.table] ?? []) found.set(item.pk!.S!, item);
        pending.push(...((out.UnprocessedKeys?.[this.table]?.Keys ?? []) as typeof pending));
      }
    }
    if (pending.length > 0) throw new Error(`usage: ${pending.length} counters left unread`);
    return new Map(
      keyIds.map((keyId) => [keyId, days.map((day) => dayUsage(day, found.get(`COUNT#${keyId}#${day}`)))]),
    );
  }
}

/** A day's counter item as usage: its total, its per-endpoint attributes, its last call. */
function dayUsage(day: string, item: Record<string, AttributeValue> | undefined): DayUsage {
  const endpoints: Record<string, number> = {};
  for (const [name, value] of Object.entries(item ?? {}))
    if (name.startsWith(ENDPOINT_PREFIX) && value.N)
      endpoints[name.slice(ENDPOINT_PREFIX.length)] = Number(value.N);
  const lastAt = item?.last_at?.N ? Number(item.last_at.N) : undefined;
  const inherited = Number(item?.inherited?.N ?? 0);
  return {
    day,
    count: Number(item?.count?.N ?? 0),
    endpoints,
    ...(lastAt ? { lastAt } : {}),
    ...(inherited ? { inherited } : {}),
  };
}

export class DynamoKeyStore extends TableStore implements KeyStore {
  // Bounded by bytes (0.5 % of the function's memory): lookups of unknown keys are kept too.
  private readonly cache = byteBoundedCache<string, { record: ApiKeyRecord | undefined; until: number }>(
    0.005,
  );
  private readonly cacheMs: number;

  /** `cacheMs`: how long a lookup is trusted (the local server, one process, trusts none: a revoke acts at once). */
  constructor(client: DynamoDBClient, table: string, cacheMs = KEY_CACHE_MS) {
    super(client, table);
    this.cacheMs = cacheMs;
  }

  async lookup(keyId: string): Promise<ApiKeyRecord | undefined> {
    const hit = this.cache.get(keyId);
    if (hit && hit.until > Date.now()) return hit.record;
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: { S: `KEY#${keyId}` } }, ConsistentRead: true }),
    );
    const record = toKeyRecord(keyId, out.Item);
    if (this.cacheMs > 0) this.cache.set(keyId, { record, until: Date.now() + this.cacheMs });
    return record;
  }
}

/** A key item, unless absent, revoked, or past its TTL (TTL deletion lags, so reads check it too). */
export function toKeyRecord(
  keyId: string,
  item: Record<string, AttributeValue> | undefined,
): ApiKeyRecord | undefined {
  if (!item) return undefined;
  const expires = item.expires_at?.N;
  if (expires && Number(expires) <= nowSeconds()) return undefined;
  if (item.revoked?.BOOL) return undefined;
  const parsed = ApiKeyRecord.safeParse({
    keyId,
    tier: item.tier?.S,
    name: item.name?.S ?? '',
    ...(item.account_id?.S ? { accountId: item.account_id.S } : {}),
  });
  return parsed.success ? parsed.data : undefined;
}

/** DynamoDB's item limit is 400 KB; a compressed result bigger than this is not kept. */
export const MAX_RESULT_BYTES = 350 * 1024;
/** How long a lease item outlives its lease before TTL removes it. */
const LEASE_KEEP_SECONDS = 3600;

/**
 * Route results shared across instances, in the same table, one item per result key
 * (`pk = RESULT#<sha256 of the key>`) holding both:
 * - the result: `body` (brotli-compressed JSON), `stored_at`, and `fresh_until` (epoch ms), which reads
 *   check, as TTL deletion (`expires_at`, epoch seconds) lags;
 * - the fetch lease: `holder` and `lease_until` (epoch ms).
 * One item for both is what makes a miss cheap: the lease is refused in the same conditional write that
 * finds a fresh result, and the result is written and the lease given back in one write.
 * Only GetItem and UpdateItem, the two actions keyed functions already have.
 */
export class DynamoResultCache extends TableStore implements ResultCache {
  async get(key: string): Promise<CachedResult | undefined> {
    return (await this.watch(key)).result;
  }

  async watch(key: string): Promise<{ result?: CachedResult; leased: boolean }> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: { S: `RESULT#${digest(key)}` } } }),
    );
    const item = out.Item;
    const now = Date.now();
    const leased = Number(item?.lease_until?.N ?? 0) > now;
    const freshUntil = Number(item?.fresh_until?.N ?? 0);
    if (!item?.body?.B || freshUntil <= now) return { leased };
    return {
      result: {
        // Exact: an integer beyond 2^53 (a rental listing id) comes back as written, not rounded.
        body: parseExact(brotliDecompressSync(item.body.B).toString('utf8')),
        storedAt: Number(item.stored_at?.N ?? 0),
        freshUntil,
      },
      leased,
    };
  }

  /** Writes the result and, in the same write, ends any lease on the key: whoever waits finds the result. */
  async put(key: string, result: CachedResult, ttlSeconds: number): Promise<boolean> {
    const body = brotliCompressSync(JSON.stringify(result.body), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    if (body.length > MAX_RESULT_BYTES) return false;
    const freshUntil = Date.now() + ttlSeconds * 1000;
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: { S: `RESULT#${digest(key)}` } },
        UpdateExpression:
          'SET #body = :body, stored_at = :stored, fresh_until = :fresh, expires_at = :expires REMOVE holder, lease_until',
        ExpressionAttributeNames: { '#body': 'body' },
        ExpressionAttributeValues: {
          ':body': { B: body },
          ':stored': { N: String(result.storedAt) },
          ':fresh': { N: String(freshUntil) },
          ':expires': { N: String(Math.ceil(freshUntil / 1000)) },
        },
      }),
    );
    return true;
  }

  /** Refused while another holder's lease runs, and while the item holds a fresh result. */
  lease(key: string, holder: string, ms: number): Promise<boolean> {
    // A result found stale or absent is what the lease is for: its item may go with the lease.
    return takeLease(this.at, `RESULT#${digest(key)}`, holder, {
      ms,
      keepSeconds: LEASE_KEEP_SECONDS,
      also: 'attribute_not_exists(fresh_until) OR fresh_until <= :now',
    });
  }

  async release(key: string, holder: string): Promise<void> {
    await giveBackLease(this.at, `RESULT#${digest(key)}`, holder);
  }
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The stores of a deployment on one table, sharing one client (by default the process's, see
 * dynamo-client.ts).
 * @example dynamoStores(process.env.COUNTER_TABLE!)
 */
export function dynamoStores(table: string, client: DynamoDBClient = sharedDynamoClient()) {
  return {
    keys: new DynamoKeyStore(client, table),
    counters: new DynamoCounterStore(client, table),
    results: new DynamoResultCache(client, table),
    slots: new DynamoSlotStore(client, table),
  };
}
