/** dynalite (DynamoDB in memory, on loopback) with the stack's table shape, for store tests. */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { untilTableActive } from '../../infra/local/data.ts';
import type { AddressInfo } from 'node:net';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  table: string;
  close(): Promise<void>;
}

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynalite(table = 'counters'): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = dynamoClient(endpoint);
  await client.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
  await untilTableActive(client, table);
  return {
    endpoint,
    client,
    table,
    close: async () => {
      client.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
