/** What every store kept in a DynamoDB table holds: the client and the table's name. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * A store over one table; the lease functions (leases.ts) take it as it is.
 * @example class DynamoCounterStore extends TableStore implements CounterStore { … }
 */
export abstract class TableStore {
  readonly client: DynamoDBClient;
  readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }
}
