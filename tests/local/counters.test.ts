// The local server's counters over a real data folder (dynalite on disk): exact in memory under
// concurrency, refunds and carried-over calls as the conditional writes do them, and every count in
// the folder's items by the time anyone reads them or the folder closes.
import { afterEach, describe, expect, it } from '@jest/globals';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WriteBehindCounterStore } from '../../infra/local/counters.ts';
import { LOCAL_TABLE, openDataFolder, type DataFolder } from '../../infra/local/data.ts';

const DAY = '2026-11-21';
const dirs: string[] = [];
const open: DataFolder[] = [];

async function folder(dir = mkdtempSync(join(tmpdir(), 'local-counters-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const data = await openDataFolder(dir);
  open.push(data);
  return { dir, data, counters: data.stores().counters };
}

async function close(data: DataFolder) {
  open.splice(open.indexOf(data), 1);
  await data.close();
}

afterEach(async () => {
  for (const data of open.splice(0)) await data.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('WriteBehindCounterStore', () => {
  it('lets exactly the limit through of many concurrent calls, each count once', async () => {
    const { counters } = await folder();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => counters.consume('k', DAY, 25, 'abcd')),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(new Set(results.filter((r) => r.allowed).map((r) => r.count)).size).toBe(25);
    expect(results.filter((r) => !r.allowed).every((r) => r.count === 25)).toBe(true);
    const [usage] = (await counters.usage(['k'], [DAY])).get('k')!;
    expect(usage).toMatchObject({ day: DAY, count: 25, endpoints: { abcd: 25 } });
  });

  it('writes the counts to the folder: a restart goes on from them', async () => {
    const first = await folder();
    for (let i = 0; i < 7; i++) await first.counters.consume('k', DAY, 100, i % 2 ? 'aaaa' : 'bbbb');
    await first.counters.refund('k', DAY, 'aaaa');
    await close(first.data);

    const second = await folder(first.dir);
    const item = await second.data.client.send(
      new GetItemCommand({ TableName: LOCAL_TABLE, Key: { pk: { S: `COUNT#k#${DAY}` } } }),
    );
    expect(item.Item?.count?.N).toBe('6');
    expect(item.Item?.['e:aaaa']?.N).toBe('2');
    expect(item.Item?.['e:bbbb']?.N).toBe('4');
    expect(Number(item.Item?.last_at?.N)).toBeGreaterThan(Date.now() - 60_000);
    expect(Number(item.Item?.expires_at?.N)).toBeGreaterThan(Date.parse(`${DAY}T00:00:00Z`) / 1000);
    expect(await second.counters.consume('k', DAY, 100, 'aaaa')).toEqual({ allowed: true, count: 7 });
    expect(await second.counters.consume('k', DAY, 7)).toMatchObject({ allowed: false, count: 7 });
  });

  it('gives back only what was counted, as the conditional refund does', async () => {
    const { counters } = await folder();
    await counters.refund('k', DAY, 'aaaa');
    await counters.consume('k', DAY, 10, 'aaaa');
    await counters.refund('k', DAY, 'bbbb'); // that endpoint counted nothing: nothing goes back
    await counters.refund('k', DAY, 'aaaa');
    await counters.refund('k', DAY, 'aaaa');
    const [usage] = (await counters.usage(['k'], [DAY])).get('k')!;
    expect(usage).toMatchObject({ count: 0, endpoints: { aaaa: 0 } });
  });

  it('carries a rotated key’s calls over, counted against the limit', async () => {
    const { counters } = await folder();
    await counters.consume('new', DAY, 10);
    await counters.inherit('new', DAY, 8);
    expect(await counters.consume('new', DAY, 10)).toEqual({ allowed: true, count: 10 });
    expect(await counters.consume('new', DAY, 10)).toMatchObject({ allowed: false, count: 10 });
    const [usage] = (await counters.usage(['new'], [DAY])).get('new')!;
    expect(usage).toMatchObject({ count: 10, inherited: 8 });
  });

  it('answers the first call of a new folder: opening waits for dynalite to make the table ACTIVE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-counters-'));
    dirs.push(dir);
    const data = await openDataFolder(dir, 300);
    open.push(data);
    expect(await data.stores().counters.consume('first', DAY, 10)).toEqual({ allowed: true, count: 1 });
  });

  it('writes behind on its own within a moment, without a read or a close', async () => {
    const { data } = await folder();
    const counters = new WriteBehindCounterStore(data.client, LOCAL_TABLE, 20);
    await counters.consume('solo', DAY, 10);
    await new Promise((ok) => setTimeout(ok, 300));
    const item = await data.client.send(
      new GetItemCommand({ TableName: LOCAL_TABLE, Key: { pk: { S: `COUNT#solo#${DAY}` } } }),
    );
    expect(item.Item?.count?.N).toBe('1');
  });
});
