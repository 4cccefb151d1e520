/** dynalite (DynamoDB in memory, on loopback) with the stack's table shape, for store tests. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createStackTable } from '../../infra/local/data.ts';
export { createStackTable } from '../../infra/local/data.ts';
import type { AddressInfo } from 'node:net';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  table: string;
  close(): Promise<void>;
}

/**
 * A client of the local DynamoDB at `endpoint`.
 * @example const client = dynamoClient('http://127.0.0.1:8000');
 */
export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * `client`, counting the commands it sends by name into `sent`.
 * @example const sent = new Map<string, number>(); const client = countingCommands(dynamoClient(endpoint), sent);
 */
export function countingCommands(client: DynamoDBClient, sent: Map<string, number>): DynamoDBClient {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.set(context.commandName!, (sent.get(context.commandName!) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
  return client;
}

/**
 * Starts a dynalite server on a free loopback port, tables made at once.
 * @example const { server, endpoint } = await listenDynalite(); // endpoint 'http://127.0.0.1:…'
 */
export async function listenDynalite(): Promise<{ server: ReturnType<typeof dynalite>; endpoint: string }> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startDynalite(table = 'counters'): Promise<LocalDynamo> {
  const { server, endpoint } = await listenDynalite();
  const client = dynamoClient(endpoint);
  await createStackTable(client, table);
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
