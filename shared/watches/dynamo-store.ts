/**
 * Watches on the deployment's one table:
 * - `pk = WATCH#<id>`: the watch (`doc`, its JSON), `version` (every write conditional on it), and while
 *   active `due_pk` (`DUE#<shard>`) and `due_at` (epoch ms): the keys of the sparse due-time index
 *   (`DUE_INDEX`), which a paused or ended watch leaves.
 * - `pk = WATCHES#<keyId>`: the ids of a key's watches (a string set, its size the tier's limit).
 * - `pk = DELIVERY#<webhook id>`: a delivery's body and attempts, in the due index while a retry waits.
 * A due watch is claimed by one conditional update of its due time: of many schedulers that found it due,
 * one moves it; the index is read eventually consistently, the claim against the item itself.
 */
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { written } from '../store/conditional.ts';
import { pagedItems } from '../store/pages.ts';
import { TableStore } from '../store/table.ts';
import { updateIf } from '../store/update-if.ts';
import type { WatchRecord } from './model.ts';
import type { DeliveryRecord, Due, WatchStore } from './store-types.ts';

/** The due-time index: partition `due_pk`, sort `due_at`, with `interval_s` projected. */
export const DUE_INDEX = 'due';
/** How long a delivery's body and attempts are kept. */
export const DELIVERY_TTL_DAYS = 30;
/** Partitions of the due index, so that thousands of due items spread over more than one. */
export const DUE_SHARDS = 4;

const shardOf = (id: string) => createHash('sha256').update(id).digest()[0]! % DUE_SHARDS;
const n = (v: number) => ({ N: String(v) });

/** @example new DynamoWatchStore(client, 'travel-data-api') */
export class DynamoWatchStore extends TableStore implements WatchStore {
  private item(w: WatchRecord, version: number): Record<string, AttributeValue> {
    const doc: Partial<WatchRecord> = { ...w };
    delete doc.version;
    delete doc.dueAt;
    return {
      pk: { S: `WATCH#${w.id}` },
      doc: { S: JSON.stringify(doc) },
      version: n(version),
      owner: { S: w.keyId },
      interval_s: n(w.interval),
      due_at: n(w.dueAt),
      ...(w.status === 'active' ? { due_pk: { S: `DUE#${shardOf(w.id)}` } } : {}),
    };
  }

  private record(item: Record<string, AttributeValue>): WatchRecord {
    return {
      ...(JSON.parse(item.doc!.S!) as Omit<WatchRecord, 'version' | 'dueAt'>),
      version: Number(item.version!.N),
      dueAt: Number(item.due_at!.N),
    };
  }

  async create(watch: WatchRecord, max: number): Promise<boolean> {
    const listed = await updateIf(this.at, `WATCHES#${watch.keyId}`, {
      UpdateExpression: 'ADD ids :id',
      ConditionExpression: 'attribute_not_exists(ids) OR size(ids) < :max',
      ExpressionAttributeValues: { ':id': { SS: [watch.id] }, ':max': n(max) },
    });
    if (!listed) return false;
    await this.client.send(
      new PutItemCommand({
        TableName: this.table,
        Item: this.item(watch, 1),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  }

  async get(id: string): Promise<WatchRecord | undefined> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: { S: `WATCH#${id}` } }, ConsistentRead: true }),
    );
    return out.Item ? this.record(out.Item) : undefined;
  }

  async listByKey(keyId: string): Promise<WatchRecord[]> {
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: { S: `WATCHES#${keyId}` } } }),
    );
    const ids = out.Item?.ids?.SS ?? [];
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found.filter((w): w is WatchRecord => w !== undefined).sort((a, b) => b.createdAt - a.createdAt);
  }

  async put(watch: WatchRecord): Promise<boolean> {
    return written(
      this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: this.item(watch, watch.version + 1),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': n(watch.version) },
        }),
      ),
    );
  }

  async delete(id: string, keyId: string): Promise<boolean> {
    const deleted = await written(
      this.client.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: { pk: { S: `WATCH#${id}` } },
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': { S: keyId } },
        }),
      ),
    );
    if (!deleted) return false;
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: { S: `WATCHES#${keyId}` } },
        UpdateExpression: 'DELETE ids :id',
        ExpressionAttributeValues: { ':id': { SS: [id] } },
      }),
    );
    return true;
  }

  /** Due items of one kind (`DUE`, `DDUE`) across the shards, earliest first. */
  private async dueIn(prefix: string, now: number, limit: number): Promise<Due[]> {
    const shards = await Promise.all(
      Array.from({ length: DUE_SHARDS }, async (_, shard) => {
        const items = await pagedItems(
          (start) =>
            this.client.send(
              new QueryCommand({
                TableName: this.table,
                IndexName: DUE_INDEX,
                KeyConditionExpression: 'due_pk = :p AND due_at <= :now',
                ExpressionAttributeValues: { ':p': { S: `${prefix}#${shard}` }, ':now': n(now) },
                Limit: limit,
                ...(start ? { ExclusiveStartKey: start } : {}),
              }),
            ),
          limit,
        );
        return items.map((item) => ({
          id: item.pk!.S!.slice(item.pk!.S!.indexOf('#') + 1),
          dueAt: Number(item.due_at!.N),
          interval: Number(item.interval_s?.N ?? 0),
        }));
      }),
    );
    return shards
      .flat()
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, limit);
  }

  due(now: number, limit: number): Promise<Due[]> {
    return this.dueIn('DUE', now, limit);
  }

  private async move(pk: string, seen: number, next: number): Promise<boolean> {
    return updateIf(this.at, pk, {
      UpdateExpression: 'SET due_at = :next ADD version :one',
      ConditionExpression: 'due_at = :seen AND attribute_exists(due_pk)',
      ExpressionAttributeValues: { ':next': n(next), ':seen': n(seen), ':one': n(1) },
    });
  }

  claim(id: string, seen: number, next: number): Promise<boolean> {
    return this.move(`WATCH#${id}`, seen, next);
  }

  async putDelivery(d: DeliveryRecord): Promise<boolean> {
    const { nextAttemptAt } = d;
    const doc: Partial<DeliveryRecord> = { ...d };
    delete doc.version;
    delete doc.nextAttemptAt;
    return written(
      this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: { S: `DELIVERY#${d.id}` },
            doc: { S: JSON.stringify(doc) },
            version: n(d.version + 1),
            due_at: n(nextAttemptAt ?? 0),
            // The table's TTL forgets a delivery 30 days after it was made (the watch keeps its summary).
            expires_at: n(Math.floor(d.createdAt / 1000) + DELIVERY_TTL_DAYS * 86_400),
            ...(d.status === 'pending' && nextAttemptAt !== null
              ? { due_pk: { S: `DDUE#${shardOf(d.id)}` } }
              : {}),
          },
          ConditionExpression: d.version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(d.version === 0 ? {} : { ExpressionAttributeValues: { ':v': n(d.version) } }),
        }),
      ),
    );
  }

  async getDelivery(id: string): Promise<DeliveryRecord | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.table,
        Key: { pk: { S: `DELIVERY#${id}` } },
        ConsistentRead: true,
      }),
    );
    if (!out.Item) return undefined;
    const doc = JSON.parse(out.Item.doc!.S!) as Omit<DeliveryRecord, 'version' | 'nextAttemptAt'>;
    const due = Number(out.Item.due_at!.N);
    return {
      ...doc,
      version: Number(out.Item.version!.N),
      nextAttemptAt: out.Item.due_pk ? due : null,
    };
  }

  dueDeliveries(now: number, limit: number): Promise<Due[]> {
    return this.dueIn('DDUE', now, limit);
  }

  claimDelivery(id: string, seen: number, next: number): Promise<boolean> {
    return this.move(`DELIVERY#${id}`, seen, next);
  }
}
