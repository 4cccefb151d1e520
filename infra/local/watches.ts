/**
 * Watches under `npm start` (issue #38): the table they are kept in on the data folder's dynalite, and the
 * same scheduler and queues a deployment runs (shared/watches/engine.ts), in this process, ticking on the
 * real clock. A watch made locally is checked and delivered locally.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { DUE_INDEX, DynamoWatchStore } from '../../shared/watches/dynamo-store.ts';
import { localEngine, type LocalEngine } from '../../shared/watches/local.ts';
import { useSigningKey } from '../../shared/watches/signing.ts';
import { useWatchStore } from '../../shared/watches/store.ts';
import { ensureTable } from './data.ts';

/**
 * The table of the watches on a dynalite, made with the due-time index when new. Deployed, the index is on
 * the one table (infra/stack.ts); dynalite cannot add an index to a table made without it (a data folder of
 * an older `npm start`), so locally the watches have a table of their own, with the same items.
 * @example await ensureWatchTable(client, 'travel-data-api-watches')
 */
export function ensureWatchTable(client: DynamoDBClient, table: string): Promise<void> {
  return ensureTable(client, {
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
  });
}

/** The local tick: four times the deployed period, so a new watch is checked within a minute of its making. */
export const LOCAL_TICK_MS = 15_000;

/** The watches' table in the data folder's dynalite. */
export const LOCAL_WATCH_TABLE = 'travel-data-api-watches';

/**
 * The data folder's webhook signing key: 32 random bytes made on first start (readable by its owner
 * only), so that a restart derives the same secret for each watch kept.
 * @example useSigningKey(await localSigningKey(data.dir))
 */
export async function localSigningKey(dir: string): Promise<Buffer> {
  const path = join(dir, 'webhook-signing.key');
  try {
    await writeFile(path, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(path);
}

/**
 * Starts the watches of `npm start`: their table in the data folder, the store every watch route of this
 * process uses, the data folder's signing key, and the engine ticking every LOCAL_TICK_MS.
 * @example const watches = await startLocalWatches(data.client, data.dir); … watches.stop();
 */
export async function startLocalWatches(client: DynamoDBClient, dir: string): Promise<LocalEngine> {
  await ensureWatchTable(client, LOCAL_WATCH_TABLE);
  useSigningKey(await localSigningKey(dir));
  const store = new DynamoWatchStore(client, LOCAL_WATCH_TABLE);
  useWatchStore(store);
  const engine = localEngine({ store, clock: Date.now, route: watchedRoute });
  engine.start(LOCAL_TICK_MS);
  return engine;
}
