/** dynalite for a store test file. */
import { afterAll, beforeAll } from '@jest/globals';
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
