/**
 * DynamoDB stores, one table for both:
 * - `pk = COUNT#<keyId>#<day>`: the day's request count for a key, `expires_at` (epoch seconds) a few
 *   days after that UTC day so TTL deletes it. One conditional atomic update per request.
 * - `pk = KEY#<keyId>`: a key's tier and name, written by `npm run keys -- create` when the key is
 *   issued. `keyId` is the key's SHA-256: the table never holds a key.
 * - `pk = RESULT#…` and `LEASE#…`: the deployment-wide result cache (DynamoResultCache).
 * The AWS SDK is not bundled (Lambda's nodejs24.x runtime provides it) and is imported lazily, so
 * functions that never count (health) and every cold start before the first count stay light.
 */
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { giveBackLease, takeLease } from './leases.ts';
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

/** How long a day's counter outlives its day before TTL removes it: the history shown, and a day's grace. */
export const COUNTER_TTL_DAYS = HISTORY_DAYS + 1;
/** Per-endpoint counts are attributes of the day's counter item, named by this prefix and the route's id. */
export const ENDPOINT_PREFIX = 'e:';
/** How long a Lambda container trusts a key lookup; a revoked key stops working within this time. */
export const KEY_CACHE_MS = 60_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** When TTL may delete a day's counter (epoch seconds): COUNTER_TTL_DAYS after that UTC day ends. */
const expiresAt = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400 + COUNTER_TTL_DAYS * 86_400;
const sdk = () => import('@aws-sdk/client-dynamodb');

export class DynamoCounterStore implements CounterStore {
  private readonly client: DynamoDBClient;
  private readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  async consume(keyId: string, day: string, limit: number, endpoint?: string): Promise<CounterResult> {
    try {
      const { UpdateItemCommand } = await sdk();
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
        }),
      );
      return { allowed: true, count: Number(out.Attributes?.count?.N ?? 1) };
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
        return { allowed: false, count: limit };
      }
      throw error;
    }
  }

  async refund(keyId: string, day: string, endpoint?: string): Promise<void> {
    const { UpdateItemCommand } = await sdk();
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: { S: `COUNT#${keyId}#${day}` } },
          UpdateExpression: `ADD #count :minus${endpoint ? ', #endpoint :minus' : ''}`,
          // Only what consume counted goes back: a count never drops below the calls billed.
          ConditionExpression: `#count > :zero${endpoint ? ' AND #endpoint > :zero' : ''}`,
          ExpressionAttributeNames: {
            '#count': 'count',
            ...(endpoint ? { '#endpoint': `${ENDPOINT_PREFIX}${endpoint}` } : {}),
          },
          ExpressionAttributeValues: { ':minus': { N: '-1' }, ':zero': { N: '0' } },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  async inherit(keyId: string, day: string, count: number): Promise<void> {
    if (count <= 0) return;
    const { UpdateItemCommand } = await sdk();
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
    const { BatchGetItemCommand } = await sdk();
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

export class DynamoKeyStore implements KeyStore {
  private readonly cache = new Map<string, { record: ApiKeyRecord | undefined; until: number }>();
  private readonly client: DynamoDBClient;
  private readonly table: string;
  private readonly cacheMs: number;

  /** `cacheMs`: how long a lookup is trusted (the local server, one process, trusts none: a revoke acts at once). */
  constructor(client: DynamoDBClient, table: string, cacheMs = KEY_CACHE_MS) {
    this.client = client;
    this.table = table;
    this.cacheMs = cacheMs;
  }

  async lookup(keyId: string): Promise<ApiKeyRecord | undefined> {
    const hit = this.cache.get(keyId);
    if (hit && hit.until > Date.now()) return hit.record;
    const { GetItemCommand } = await sdk();
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

/**
 * Route results shared across instances, in the same table:
 * - `pk = RESULT#<sha256 of the key>`: the body, brotli-compressed JSON, `stored_at` and `expires_at`
 *   (TTL deletion; reads check it too, as TTL deletion lags);
 * - `pk = LEASE#<sha256 of the key>`: who is fetching it and until when.
 * Only GetItem and UpdateItem, the two actions keyed functions already have.
 */
export class DynamoResultCache implements ResultCache {
  readonly client: DynamoDBClient;
  readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  async get(key: string): Promise<CachedResult | undefined> {
    const { GetItemCommand } = await sdk();
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: { S: `RESULT#${digest(key)}` } } }),
    );
    const item = out.Item;
    if (!item?.body?.B || Number(item.expires_at?.N ?? 0) <= nowSeconds()) return undefined;
    const { brotliDecompressSync } = await import('node:zlib');
    return {
      // Exact: an integer beyond 2^53 (a rental listing id) comes back as written, not rounded.
      body: parseExact(brotliDecompressSync(item.body.B).toString('utf8')),
      storedAt: Number(item.stored_at?.N ?? 0),
    };
  }

  async put(key: string, result: CachedResult, ttlSeconds: number): Promise<boolean> {
    const { brotliCompressSync, constants } = await import('node:zlib');
    const body = brotliCompressSync(JSON.stringify(result.body), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    if (body.length > MAX_RESULT_BYTES) return false;
    const { UpdateItemCommand } = await sdk();
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: { S: `RESULT#${digest(key)}` } },
        UpdateExpression: 'SET #body = :body, stored_at = :stored, expires_at = :expires',
        ExpressionAttributeNames: { '#body': 'body' },
        ExpressionAttributeValues: {
          ':body': { B: body },
          ':stored': { N: String(result.storedAt) },
          ':expires': { N: String(nowSeconds() + ttlSeconds) },
        },
      }),
    );
    return true;
  }

  async lease(key: string, holder: string, ms: number): Promise<boolean> {
    return takeLease(this, `LEASE#${digest(key)}`, holder, ms, 3600);
  }

  async release(key: string, holder: string): Promise<void> {
    await giveBackLease(this, `LEASE#${digest(key)}`, holder);
  }
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** @example await dynamoStores(process.env.COUNTER_TABLE!) */
export async function dynamoStores(table: string, client?: DynamoDBClient) {
  const dynamo = client ?? new (await sdk()).DynamoDBClient({});
  return {
    keys: new DynamoKeyStore(dynamo, table),
    counters: new DynamoCounterStore(dynamo, table),
    results: new DynamoResultCache(dynamo, table),
    slots: new DynamoSlotStore(dynamo, table),
  };
}
