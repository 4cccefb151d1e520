// The deployment-wide ceiling per source on dynalite: a slot at most per holder, up to the ceiling,
// freed on release or when an instance's lease runs out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DynamoSlotStore } from '../../shared/store/slots.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';

let db: LocalDynamo;
let slots: DynamoSlotStore;
beforeAll(async () => {
  db = await startDynalite();
  slots = new DynamoSlotStore(db.client, db.table);
});
afterAll(async () => {
  await db.close();
});

describe('DynamoSlotStore', () => {
  it('hands out each of the ceiling slots once, then refuses', async () => {
    const taken = await Promise.all(['a', 'b', 'c'].map((h) => slots.acquire('src1', 3, h, 5_000)));
    expect(new Set(taken)).toEqual(new Set([0, 1, 2]));
    expect(await slots.acquire('src1', 3, 'd', 5_000)).toBeUndefined();
  });

  it('frees a slot on release by its holder only', async () => {
    const slot = (await slots.acquire('src2', 1, 'one', 5_000))!;
    await slots.release('src2', slot, 'someone-else');
    expect(await slots.acquire('src2', 1, 'two', 5_000)).toBeUndefined();
    await slots.release('src2', slot, 'one');
    expect(await slots.acquire('src2', 1, 'two', 5_000)).toBe(0);
  });

  it("frees a dead holder's slot when its lease runs out", async () => {
    await slots.acquire('src3', 1, 'dead', 40);
    await new Promise((ok) => setTimeout(ok, 60));
    expect(await slots.acquire('src3', 1, 'alive', 5_000)).toBe(0);
  });

  it('keeps sources apart', async () => {
    await slots.acquire('src4', 1, 'x', 5_000);
    expect(await slots.acquire('src5', 1, 'x', 5_000)).toBe(0);
  });
});
