/**
 * The counters table as the account store reads and writes it: one item by `pk`, read consistently, an
 * item past its TTL read as gone, and conditional writes that answer false when their condition fails.
 * The SDK is loaded on first use.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { written } from '../store/conditional.ts';
import { TableStore } from '../store/table.ts';

/** The SDK, loaded on first use. @example const { GetItemCommand } = await sdk() */
export const sdk = () => import('@aws-sdk/client-dynamodb');
export type Item = Record<string, AttributeValue>;

/** Epoch milliseconds as the epoch seconds TTL reads. @example seconds(1_500) // 2 */
export const seconds = (ms: number) => Math.ceil(ms / 1000);
/** A string attribute. @example S('abc') // { S: 'abc' } */
export const S = (value: string) => ({ S: value });
/** A number attribute. @example N(3) // { N: '3' } */
export const N = (value: number) => ({ N: String(value) });
/**
 * Items past their TTL that TTL has not deleted yet are treated as gone.
 * @example alive({ pk: S('x'), expires_at: N(0) }) // undefined
 */
export const alive = (item: Item | undefined) =>
  item && !(item.expires_at?.N && Number(item.expires_at.N) * 1000 <= Date.now()) ? item : undefined;

/** One table's items by `pk`: what the account store's parts share. */
export abstract class DynamoTable extends TableStore {
  protected async get(pk: string): Promise<Item | undefined> {
    const { GetItemCommand } = await sdk();
    const out = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: { pk: S(pk) }, ConsistentRead: true }),
    );
    return alive(out.Item);
  }

  /** Deletes the item, answering it as it was when alive: a one-time link is taken once. */
  protected async take(pk: string): Promise<Item | undefined> {
    const { DeleteItemCommand } = await sdk();
    const out = await this.client.send(
      new DeleteItemCommand({ TableName: this.table, Key: { pk: S(pk) }, ReturnValues: 'ALL_OLD' }),
    );
    return alive(out.Attributes);
  }

  protected async put(item: Item, condition?: { expression: string; values?: Item }): Promise<boolean> {
    const { PutItemCommand } = await sdk();
    return written(
      this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: item,
          ...(condition
            ? { ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values }
            : {}),
        }),
      ),
    );
  }

  /** One UpdateItem; false when its condition fails. */
  protected async update(
    pk: string,
    expression: string,
    options: { condition?: string; names?: Record<string, string>; values?: Item } = {},
  ): Promise<boolean> {
    const { UpdateItemCommand } = await sdk();
    return written(
      this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: S(pk) },
          UpdateExpression: expression,
          ConditionExpression: options.condition,
          ExpressionAttributeNames: options.names,
          ExpressionAttributeValues: options.values,
        }),
      ),
    );
  }
}
