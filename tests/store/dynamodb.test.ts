// The DynamoDB stores against dynalite on loopback: exact counting under concurrency, day rollover, TTL.
import { describe, expect, it } from '@jest/globals';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { COUNTER_TTL_DAYS, DynamoCounterStore, DynamoKeyStore } from '../../shared/store/dynamodb.ts';
import { hashKey } from '../../shared/hash.ts';
import { useDynalite, useStoreOn } from '../helpers/use-dynalite.ts';

const db = useDynalite();
const counters = useStoreOn(db, DynamoCounterStore);

describe('DynamoCounterStore', () => {
  it('lets exactly 100 of 200 concurrent calls through on a limit of 100, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 200 }, () => counters.consume(`round-${round}`, '2026-11-21', 100)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(100);
      expect(results.filter((r) => !r.allowed).every((r) => r.count === 100)).toBe(true);
      expect(new Set(results.filter((r) => r.allowed).map((r) => r.count)).size).toBe(100);
    }
  });

  it('stays exact when several processes count the same key at once', async () => {
    const run = promisify(execFile);
    const env = {
      ...process.env,
      ENDPOINT: db.endpoint,
      TABLE: db.table,
      KEY: 'multi-process',
      DAY: '2026-11-21',
      LIMIT: '100',
      CALLS: '60',
    };
    const worker = new URL('./consume-worker.ts', import.meta.url).pathname;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--disable-warning=ExperimentalWarning', worker], { env }),
      ),
    );
    const allowed = outputs.reduce((sum, o) => sum + Number(o.stdout), 0);
    expect(allowed).toBe(100);
  });

  it('starts a new count on a new UTC day', async () => {
    for (let i = 0; i < 3; i++) await counters.consume('rollover', '2026-11-21', 3);
    expect((await counters.consume('rollover', '2026-11-21', 3)).allowed).toBe(false);
    expect(await counters.consume('rollover', '2026-11-22', 3)).toEqual({ allowed: true, count: 1 });
  });

  it('sets expires_at a few days after the counted day, once', async () => {
    await counters.consume('ttl', '2026-11-21', 10);
    await counters.consume('ttl', '2026-11-21', 10);
    const item = await db.client.send(
      new GetItemCommand({ TableName: db.table, Key: { pk: { S: 'COUNT#ttl#2026-11-21' } } }),
    );
    expect(item.Item?.count?.N).toBe('2');
    expect(Number(item.Item?.expires_at?.N)).toBe(Date.UTC(2026, 10, 22) / 1000 + COUNTER_TTL_DAYS * 86_400);
  });
});

describe('DynamoKeyStore', () => {
  const put = (key: string, extra: Record<string, unknown> = {}) =>
    db.client.send(
      new PutItemCommand({
        TableName: db.table,
        Item: { pk: { S: `KEY#${hashKey(key)}` }, tier: { S: 'basic' }, name: { S: key }, ...extra } as never,
      }),
    );

  it('finds a key by its hash', async () => {
    await put('issued-key');
    const keys = new DynamoKeyStore(db.client, db.table);
    expect(await keys.lookup(hashKey('issued-key'))).toEqual({
      keyId: hashKey('issued-key'),
      tier: 'basic',
      name: 'issued-key',
    });
    expect(await keys.lookup(hashKey('never-issued'))).toBeUndefined();
  });

  it('ignores an item whose TTL has passed but which TTL has not deleted yet', async () => {
    await put('expired-key', { expires_at: { N: String(Math.floor(Date.now() / 1000) - 60) } });
    expect(await new DynamoKeyStore(db.client, db.table).lookup(hashKey('expired-key'))).toBeUndefined();
  });

  it('ignores a revoked key', async () => {
    await put('revoked-key', { revoked: { BOOL: true } });
    expect(await new DynamoKeyStore(db.client, db.table).lookup(hashKey('revoked-key'))).toBeUndefined();
  });
});
