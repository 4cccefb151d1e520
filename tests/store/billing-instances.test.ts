// Exact billing across instances: two processes serving the API on one DynamoDB table (dynalite), each
// reserving a call in the key's day item before it runs and refunding it in the same item when the outcome
// is not billable. 200 concurrent calls on a fresh free key (10 a day) let exactly 10 answers through.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { utcDay } from '../../shared/dates.ts';
import { hashKey } from '../../shared/hash.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';

let db: LocalDynamo;
const workers: ChildProcess[] = [];
const urls: string[] = [];

function startWorker(): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', new URL('./serve-worker.ts', import.meta.url).pathname],
    { env: { ...process.env, ENDPOINT: db.endpoint, TABLE: db.table, PROVIDERS: '{}' } },
  );
  workers.push(child);
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) ok(out.trim());
    });
    child.once('exit', (code) => fail(new Error(`worker exited with ${code}`)));
  });
}

/** A free key known to the table, as `npm run keys -- create` or the dashboard writes it. */
async function freeKey(name: string): Promise<string> {
  const key = `billing-${name}-${Math.random().toString(36).slice(2)}`;
  await db.client.send(
    new PutItemCommand({
      TableName: db.table,
      Item: { pk: { S: `KEY#${hashKey(key)}` }, tier: { S: 'free' }, name: { S: name } },
    }),
  );
  return key;
}

async function counted(key: string): Promise<number> {
  const { Item } = await db.client.send(
    new GetItemCommand({
      TableName: db.table,
      Key: { pk: { S: `COUNT#${hashKey(key)}#${utcDay(new Date()).day}` } },
      ConsistentRead: true,
    }),
  );
  return Number(Item?.count?.N ?? 0);
}

/** `n` calls at once, alternating between the two instances. */
const burst = (n: number, key: string, path: (i: number) => string) =>
  Promise.all(
    Array.from({ length: n }, (_v, i) =>
      fetch(`${urls[i % urls.length]}${path(i)}`, { headers: { 'x-api-key': key } }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }),
    ),
  );

beforeAll(async () => {
  db = await startDynalite();
  urls.push(...(await Promise.all([startWorker(), startWorker()])));
}, 60_000);
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGTERM');
  await db.close();
});

describe('billing across two instances on one table', () => {
  it('lets exactly 10 of 200 concurrent calls on a fresh free key through', async () => {
    // Prepare
    const key = await freeKey('exact');
    // Act
    const statuses = await burst(200, key, () => '/v1/meta/coordinates-lookup?term=paris&limit=1');
    // Assess
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    expect(await counted(key)).toBe(10);
  });

  it('counts exactly the answers when input errors are refunded among them', async () => {
    // Prepare
    const key = await freeKey('mixed');
    // Act: every other call is a typo (an empty term), refunded in the same item it reserved
    const statuses = await burst(200, key, (i) => `/v1/meta/coordinates-lookup?term=${i % 2 ? '' : 'paris'}`);
    // Assess: the quota is never exceeded, and the count is the answers given, to the call
    const answers = statuses.filter((s) => s === 200).length;
    expect(answers).toBeGreaterThan(0);
    expect(answers).toBeLessThanOrEqual(10);
    expect(statuses.every((s) => [200, 400, 429].includes(s))).toBe(true);
    expect(await counted(key)).toBe(answers);
  });
});
