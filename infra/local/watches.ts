/**
 * Watches under `npm start` (issue #38): the table they are kept in on the data folder's dynalite, and the
 * same scheduler and queues a deployment runs (shared/watches/engine.ts), in this process, ticking on the
 * real clock. A watch made locally is checked and delivered locally.
 */
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DUE_INDEX } from '../../shared/watches/dynamo-store.ts';
import { untilTableActive } from './data.ts';

/**
 * The table of the watches on a dynalite, made with the due-time index when new. Deployed, the index is on
 * the one table (infra/stack.ts); dynalite cannot add an index to a table made without it (a data folder of
 * an older `npm start`), so locally the watches have a table of their own, with the same items.
 * @example await ensureWatchTable(client, 'travel-data-api-watches')
 */
export async function ensureWatchTable(client: DynamoDBClient, table: string): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'due_pk', AttributeType: 'S' },
          { AttributeName: 'due_at', AttributeType: 'N' },
        ],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: DUE_INDEX,
            KeySchema: [
              { AttributeName: 'due_pk', KeyType: 'HASH' },
              { AttributeName: 'due_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['interval_s'] },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceInUseException') throw error;
  }
  await untilTableActive(client, table);
}
