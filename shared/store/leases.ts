/**
 * Leases on DynamoDB items: an item held by one holder until a time, taken when free or expired, given
 * back early by its holder. The result cache's fetch leases and the per-source slots are both this.
 * Only UpdateItem, which keyed functions already may call.
 */
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

const conditionFailed = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

export interface LeaseTable {
  client: DynamoDBClient;
  table: string;
}

/**
 * Takes the item's lease for `ms` when it is free or expired; true when `holder` now holds it. The item
 * itself expires (TTL) `keepSeconds` after the lease.
 * @example await takeLease({ client, table }, 'SLOT#site_a#3', holder, 30_000, 86_400)
 */
export async function takeLease(
  { client, table }: LeaseTable,
  pk: string,
  holder: string,
  ms: number,
  keepSeconds: number,
): Promise<boolean> {
  const now = Date.now();
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { pk: { S: pk } },
        UpdateExpression: 'SET holder = :holder, lease_until = :until, expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(lease_until) OR lease_until < :now',
        ExpressionAttributeValues: {
          ':holder': { S: holder },
          ':until': { N: String(now + ms) },
          ':now': { N: String(now) },
          ':expires': { N: String(Math.ceil((now + ms) / 1000) + keepSeconds) },
        },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** Gives the lease back early; a no-op when another holder has taken it over. @example await giveBackLease(t, pk, holder) */
export async function giveBackLease(
  { client, table }: LeaseTable,
  pk: string,
  holder: string,
): Promise<void> {
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { pk: { S: pk } },
        UpdateExpression: 'SET lease_until = :zero',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':zero': { N: '0' }, ':holder': { S: holder } },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}
