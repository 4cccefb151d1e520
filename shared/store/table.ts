/** What every store kept in a DynamoDB table holds: the client and the table's name. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** A table as the helpers take it (updateIf, takeLease, giveBackLease): the client and the table's name. */
export interface TableRef {
  client: DynamoDBClient;
  table: string;
}

/**
 * A store over one table. The client and the table stay the store's own; the helpers get them explicitly
 * (`this.at`), not the store.
 * @example class DynamoCounterStore extends TableStore implements CounterStore { … }
 */
export abstract class TableStore {
  protected readonly client: DynamoDBClient;
  protected readonly table: string;
  /** The client and the table together, as this store hands them to the helpers. */
  protected readonly at: TableRef;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
    this.at = { client, table };
  }
}
