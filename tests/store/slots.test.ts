// The deployment-wide ceiling per source on dynalite: a slot at most per holder, up to the ceiling,
// freed on release or when an instance's lease runs out.
import { describe, expect, it } from '@jest/globals';
import { countRoundTrips } from '../../shared/store/round-trips.ts';
import { DynamoSlotStore, RELEASE_HOLD_MS } from '../../shared/store/slots.ts';
import { useDynalite, useStoreOn } from '../helpers/use-dynalite.ts';

const db = useDynalite();
const slots = useStoreOn(db, DynamoSlotStore);

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

  it('hands a slot taken ahead to the next acquire, with no write of its own', async () => {
    const counter = countRoundTrips(db.client);
    try {
      slots.takeAhead('src6', 1, 5_000);
      const slot = await slots.acquire('src6', 1, 'request', 5_000);
      expect(slot).toBe(0);
      expect(counter.requests).toBe(1);
      await slots.release('src6', 0, 'request'); // as the request: the slot was written by its taker
      expect(await slots.acquire('src6', 1, 'next', 5_000)).toBe(0);
    } finally {
      counter.stop();
    }
  });

  it('holds releases back until flush, and gives back a slot taken ahead and never used', async () => {
    const elsewhere = new DynamoSlotStore(db.client, db.table); // another instance's view of the table
    slots.holdReleases();
    const slot = (await slots.acquire('src7', 1, 'one', 5_000))!;
    slots.takeAhead('src8', 1, 5_000);
    await slots.release('src7', slot, 'one');
    expect(await elsewhere.acquire('src7', 1, 'two', 5_000)).toBeUndefined(); // not sent yet
    await slots.flush();
    expect(await elsewhere.acquire('src7', 1, 'two', 5_000)).toBe(0);
    expect(await elsewhere.acquire('src8', 1, 'two', 5_000)).toBe(0);
  });

  it("reuses a slot released while held for its source's next request, with no write, never for two at once", async () => {
    // Prepare
    const elsewhere = new DynamoSlotStore(db.client, db.table);
    const counter = countRoundTrips(db.client);
    try {
      slots.holdReleases();
      const first = (await slots.acquire('src10', 2, 'one', 5_000))!;
      await slots.release('src10', first, 'one');
      counter.reset();

      // Act: a sequential request, then two at once
      const next = await slots.acquire('src10', 2, 'two', 5_000);
      const writesForNext = counter.requests;
      await slots.release('src10', next!, 'two');
      const [a, b] = await Promise.all([
        slots.acquire('src10', 2, 'three', 5_000),
        slots.acquire('src10', 2, 'four', 5_000),
      ]);
      const held = await elsewhere.acquire('src10', 2, 'other', 5_000);

      // Assess: the kept slot served the next request; two at once still hold one slot each, and the
      // ceiling of 2 holds across instances
      expect([next, writesForNext]).toEqual([first, 0]);
      expect(new Set([a, b])).toEqual(new Set([0, 1]));
      expect(held).toBeUndefined();
      await slots.release('src10', a!, 'three');
      await slots.release('src10', b!, 'four');
      await slots.flush();
      expect(await elsewhere.acquire('src10', 2, 'other', 5_000)).toBeDefined();
    } finally {
      counter.stop();
    }
  });

  it('sends a held release anyway when nobody flushes', async () => {
    slots.holdReleases();
    const slot = (await slots.acquire('src9', 1, 'one', 5_000))!;
    await slots.release('src9', slot, 'one');
    await new Promise((ok) => setTimeout(ok, RELEASE_HOLD_MS + 200));
    expect(await slots.acquire('src9', 1, 'two', 5_000)).toBe(0);
  });
});
