/** A conditional update of one item by its key `pk`, as the stores that load the SDK up front write it. */
import { UpdateItemCommand, type UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { written } from './conditional.ts';
import type { TableRef } from './table.ts';

/**
 * Updates the item `pk` of the table when the change's condition holds; whether it was written.
 * @example await updateIf({ client, table }, 'SLOT#site_a#3', { UpdateExpression: 'SET lease_until = :zero', ConditionExpression: 'holder = :holder', ExpressionAttributeValues })
 */
export function updateIf(
  { client, table }: TableRef,
  pk: string,
  change: Omit<UpdateItemCommandInput, 'TableName' | 'Key'>,
): Promise<boolean> {
  return written(client.send(new UpdateItemCommand({ TableName: table, Key: { pk: { S: pk } }, ...change })));
}
