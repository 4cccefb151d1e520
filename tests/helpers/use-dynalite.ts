/** dynalite for a store test file. */
import { afterAll, beforeAll } from '@jest/globals';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynalite, type LocalDynamo } from './dynalite.ts';
import { lateBound } from './late-bound.ts';

/**
 * dynalite with the stack's table, started before the file's tests and closed after them.
 * @example const db = useDynalite(); it('…', async () => { const slots = new DynamoSlotStore(db.client, db.table); });
 */
export function useDynalite(): LocalDynamo {
  let db: LocalDynamo | undefined;
  beforeAll(async () => {
    db = await startDynalite();
  });
  afterAll(() => db?.close());
  return lateBound(() => db, 'dynalite starts in beforeAll: use it inside a test');
}

/**
 * The file's store of class `Store` on `db`'s client and table, made once dynalite has started.
 * @example const db = useDynalite(); const slots = useStoreOn(db, DynamoSlotStore);
 */
export function useStoreOn<T extends object>(
  db: LocalDynamo,
  Store: new (client: DynamoDBClient, table: string) => T,
): T {
  let store: T | undefined;
  beforeAll(() => {
    store = new Store(db.client, db.table);
  });
  return lateBound(() => store, 'the store is made in beforeAll: use it inside a test');
}
