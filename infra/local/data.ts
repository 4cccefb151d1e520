/**
 * What `npm start` keeps on disk: accounts, sessions, keys and daily counters, in the data folder
 * (`DATA_DIR`, default `.data/` in the project, ignored by git). The store is dynalite, DynamoDB's API on
 * LevelDB, so the local server runs the very DynamoDB stores a deployment runs (conditional writes,
 * reserve and refund in one item), and a restart keeps what a user made, as a real database would. The
 * daily counters are the exception that keeps a keyed call cheap: counted in memory by this process,
 * which alone holds the folder, and written behind to the same items (counters.ts).
 * Delete the folder to start afresh.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoAccountStore } from '../../shared/accounts/dynamo-store.ts';
import { DynamoKeyStore } from '../../shared/store/dynamodb.ts';
import type { KeyStore, Stores } from '../../shared/store/types.ts';
import { listen } from '../listen.ts';
import { WriteBehindCounterStore } from './counters.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The table's name inside the data folder (DynamoDB wants 3 or more characters). */
export const LOCAL_TABLE = 'travel-data-api';

/**
 * LevelDB lets one process hold a folder, and dynalite ends the process when it cannot: ask first, to say why.
 * (`level` is dynalite's own LevelDB binding.)
 */
async function checkUnlocked(dir: string, path: string): Promise<void> {
  const { Level } = await import('level');
  const db = new Level(path);
  try {
    await db.open();
  } catch (error) {
    throw new Error(
      `the data folder ${dir} is in use by another process (another npm start?): stop it, or set DATA_DIR to another folder`,
      { cause: error },
    );
  }
  await db.close();
}

/**
 * dynalite answers CreateTable while the table is still CREATING and turns it ACTIVE on a timer; until
 * then every read is ResourceNotFound. Waiting for ACTIVE keeps the first call after a create from failing.
 * @example await untilTableActive(client, LOCAL_TABLE);
 */
async function untilTableActive(client: DynamoDBClient, table: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() > until) throw new Error(`table ${table} never became ACTIVE (${Table?.TableStatus})`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

/**
 * Creates a table, unless it is there already (a data folder's), and waits until it is active.
 * @example await ensureTable(client, { TableName: 'x', KeySchema: [...], AttributeDefinitions: [...] });
 */
export async function ensureTable(
  client: DynamoDBClient,
  shape: CreateTableCommandInput & { TableName: string },
): Promise<void> {
  try {
    await client.send(new CreateTableCommand(shape));
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceInUseException') throw error;
  }
  await untilTableActive(client, shape.TableName);
}

/**
 * Creates `table` in the stack's shape (on-demand, the string key pk), unless it is there already, and waits
 * until it is active.
 * @example await createStackTable(client, LOCAL_TABLE);
 */
export const createStackTable = (client: DynamoDBClient, table: string) =>
  ensureTable(client, {
    TableName: table,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  });

/** @example dataDir({}) // '<project>/.data' */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(ROOT, env.DATA_DIR || '.data');
}

export interface DataFolder {
  dir: string;
  /** The loopback DynamoDB endpoint serving the folder (other processes may use it while this one runs). */
  endpoint: string;
  client: DynamoDBClient;
  /** Stores over the folder; `keys` first asks `fixedKeys` (API_KEYS, the demo key), then the folder. */
  stores(fixedKeys?: KeyStore): Stores;
  /** Writes the counts still in memory to the folder, then closes it. */
  close(): Promise<void>;
}

/**
 * Opens (creating when new) the data folder. One process at a time: LevelDB locks the folder.
 * @example const data = await openDataFolder(dataDir()); useStores(data.stores(keys));
 */
export async function openDataFolder(
  dir: string,
  /** How long dynalite keeps a new table CREATING (tests lengthen it to show the wait). */
  createTableMs = 0,
): Promise<DataFolder> {
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, 'dynamo');
  await checkUnlocked(dir, path);
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ path, createTableMs });
  const endpoint = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await createStackTable(client, LOCAL_TABLE).catch((error: unknown) => {
    throw new Error(`the data folder ${dir} is unusable: delete it`, { cause: error });
  });
  // One counter store for the process: it is the authority over the folder's counts.
  const counters = new WriteBehindCounterStore(client, LOCAL_TABLE);
  return {
    dir,
    endpoint,
    client,
    stores(fixedKeys) {
      // One process serves the folder: a key lookup is never cached, so a revoked key is refused at once.
      const folderKeys = new DynamoKeyStore(client, LOCAL_TABLE, 0);
      return {
        keys: {
          lookup: async (keyId) => (await fixedKeys?.lookup(keyId)) ?? folderKeys.lookup(keyId),
        },
        counters,
        accounts: new DynamoAccountStore(client, LOCAL_TABLE),
      };
    },
    close: async () => {
      await counters.close().catch(() => undefined); // a failed write is logged by the store
      client.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
