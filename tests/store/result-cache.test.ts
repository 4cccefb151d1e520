// The deployment-wide result cache on dynalite: the store itself, and four processes (four Lambda
// instances) asking for the same result at once: one upstream request, the rest served from its result.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { DynamoResultCache, MAX_RESULT_BYTES } from '../../shared/store/dynamodb.ts';
import { hashKey } from '../../shared/hash.ts';
import { useDynalite, useStoreOn } from '../helpers/use-dynalite.ts';

const db = useDynalite();
const cache = useStoreOn(db, DynamoResultCache);

describe('DynamoResultCache', () => {
  it('keeps a result compressed and gives it back with its time', async () => {
    const body = { hotels: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Hotel ${i}` })) };
    const before = Date.now();
    expect(await cache.put('route a', { body, storedAt: 1_000 }, 60)).toBe(true);
    const back = await cache.get('route a');
    expect(back).toEqual({ body, storedAt: 1_000, freshUntil: expect.any(Number) });
    expect(back!.freshUntil).toBeGreaterThanOrEqual(before + 60_000);
    expect(back!.freshUntil).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await cache.get('route b')).toBeUndefined();
  });

  it('gives back an integer above 2^53 digit for digit (a rental listing id)', async () => {
    // Prepare: the body as the rental routes leave it, the id as raw JSON
    const body = { success: true, listing_id: JSON.rawJSON('1234567890123456789') };
    // Act
    await cache.put('big id', { body, storedAt: 1 }, 60);
    const back = await cache.get('big id');
    // Assess
    expect(JSON.stringify(back!.body)).toBe('{"success":true,"listing_id":1234567890123456789}');
  });

  it('treats an item past its TTL as absent, before TTL deletion removes it', async () => {
    await cache.put('expired', { body: { x: 1 }, storedAt: 1 }, -1);
    expect(await cache.get('expired')).toBeUndefined();
  });

  it('skips a result that does not fit an item', async () => {
    // Random bytes do not compress: base64 of them stays above the limit once brotli is done.
    const random = randomBytes(Math.ceil(MAX_RESULT_BYTES * 1.2)).toString('base64');
    expect(await cache.put('huge', { body: random, storedAt: 1 }, 60)).toBe(false);
    expect(await cache.get('huge')).toBeUndefined();
  });

  it('gives a lease to one holder at a time, back on release, and to anyone once it expires', async () => {
    // Long enough to outlast a loaded machine's dynalite; the expiry is seen with a short lease below.
    expect(await cache.lease('k', 'one', 5_000)).toBe(true);
    expect(await cache.lease('k', 'two', 200)).toBe(false);
    await cache.release('k', 'two'); // not the holder: no effect
    expect(await cache.lease('k', 'three', 200)).toBe(false);
    await cache.release('k', 'one');
    expect(await cache.lease('k', 'two', 50)).toBe(true);
    await new Promise((ok) => setTimeout(ok, 80));
    expect(await cache.lease('k', 'three', 50)).toBe(true);
  });

  it('ends the lease in the write that keeps the result, and refuses a lease while the result is fresh', async () => {
    expect(await cache.lease('one write', 'holder', 10_000)).toBe(true);
    expect(await cache.get('one write')).toBeUndefined(); // a lease is no result
    await cache.put('one write', { body: { x: 1 }, storedAt: Date.now() }, 60);
    expect(await cache.lease('one write', 'other', 10_000)).toBe(false); // fresh: read it instead
    await cache.put('stale', { body: { x: 1 }, storedAt: 1 }, -1);
    expect(await cache.lease('stale', 'other', 10_000)).toBe(true); // stale: fetch it again
  });

  it('tells a waiter, in the read that looks for the result, whether a lease still runs', async () => {
    const none = await cache.watch('watched');
    await cache.lease('watched', 'holder', 10_000);
    const held = await cache.watch('watched');
    await cache.release('watched', 'holder');
    const givenBack = await cache.watch('watched');
    await cache.lease('watched', 'holder', 10_000);
    await cache.put('watched', { body: { x: 1 }, storedAt: Date.now() }, 60);
    const delivered = await cache.watch('watched');
    expect([none, held, givenBack]).toEqual([{ leased: false }, { leased: true }, { leased: false }]);
    expect(delivered).toMatchObject({ result: { body: { x: 1 } }, leased: false });
  });
});

describe('across processes', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('makes one upstream request for 12 identical cold calls from 4 processes; another process then hits', async () => {
    // Prepare: a key in the table, a source slow enough for the calls to overlap.
    const key = 'multi-instance-key';
    await db.client.send(
      new PutItemCommand({
        TableName: db.table,
        Item: { pk: { S: `KEY#${hashKey(key)}` }, tier: { S: 'enterprise' }, name: { S: 'test' } },
      }),
    );
    const h = getWorld().hotels[5]!;
    const ref = `${h.city.country.toLowerCase()}/${h.slug}`;
    sandbox.inject('site_a', { kind: 'latency', ms: 600 });
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      COUNTER_TABLE: db.table,
      AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      PROVIDERS: JSON.stringify(sandbox.providers()),
      KEY: key,
      URL_PARAM: ref,
    };
    const worker = new URL('./result-worker.ts', import.meta.url).pathname;
    const run = (calls: number) =>
      promisify(execFile)(process.execPath, ['--disable-warning=ExperimentalWarning', worker], {
        env: { ...env, CALLS: String(calls) },
      }).then((o) => JSON.parse(o.stdout) as { status: number; cache: string; age: string; body: string }[]);

    // Act
    const first = (await Promise.all(Array.from({ length: 4 }, () => run(3)))).flat();
    sandbox.clearFaults();
    const again = await run(1);

    // Assess
    const pageFetches = sandbox.requests('site_a').filter((r) => r.path.startsWith('/hotel/'));
    expect(pageFetches).toHaveLength(1);
    expect(first.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(first.filter((a) => a.cache === 'MISS')).toHaveLength(1);
    expect(first.filter((a) => a.cache === 'HIT')).toHaveLength(11);
    expect(new Set(first.map((a) => JSON.parse(a.body).hotel_id))).toEqual(new Set([String(h.ids.site_a)]));
    expect(again).toEqual([expect.objectContaining({ status: 200, cache: 'HIT' })]);
    expect(Number(again[0]!.age)).toBeGreaterThanOrEqual(0);
    expect(sandbox.requests('site_a').filter((r) => r.path.startsWith('/hotel/'))).toHaveLength(1);
  }, 60_000);
});
