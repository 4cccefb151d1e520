// The DynamoDB round trips of a deployed-style call (dynalite, the DynamoDB stores, a warm instance: its key
// lookup already made), counted on the client: a hit makes one, a miss at most three, with or without the
// deployment's per-source ceiling; and what they stand for still holds (slots freed, the quota's 429 first).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutItemCommand, ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { handler } from '../../functions/site-a/url-to-id.ts';
import { utcDay } from '../../shared/dates.ts';
import { hashKey } from '../../shared/hash.ts';
import { dynamoStores } from '../../shared/store/dynamodb.ts';
import { useStores } from '../../shared/store/index.ts';
import { countRoundTrips, type RoundTripCounter } from '../../shared/store/round-trips.ts';
import { clearCache } from '../../shared/upstream/cache.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { apiEvent, lambdaContext } from '../helpers/events.ts';
import { dynamoClient, startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';

const KEY = 'round-trip-key';
const FREE_KEY = 'round-trip-free-key';

let db: LocalDynamo;
let client: DynamoDBClient;
let counter: RoundTripCounter;
let sandbox: Sandbox;
beforeAll(async () => {
  db = await startDynalite();
  sandbox = await startSandbox();
  for (const [key, tier] of [
    [KEY, 'enterprise'],
    [FREE_KEY, 'free'],
  ] as const)
    await db.client.send(
      new PutItemCommand({
        TableName: db.table,
        Item: { pk: { S: `KEY#${hashKey(key)}` }, tier: { S: tier }, name: { S: 'test' } },
      }),
    );
  client = dynamoClient(db.endpoint);
  counter = countRoundTrips(client);
  useStores(dynamoStores(db.table, client));
});
afterAll(async () => {
  counter.stop();
  client.destroy();
  clearCache();
  await sandbox.close();
  await db.close();
});

const hotelRef = (i: number) => {
  const h = getWorld().hotels[i]!;
  return `${h.city.country.toLowerCase()}/${h.slug}`;
};

/** One call of site_a url-to-id, and the round trips and operations it made. */
async function call(ref: string, key = KEY) {
  counter.reset();
  const res = await handler(
    apiEvent({ path: '/v1/site_a/hotel/url-to-id', query: { url: ref }, headers: { 'x-api-key': key } }),
    lambdaContext(),
  );
  return {
    status: res.statusCode,
    cache: res.headers?.['X-Cache'],
    roundTrips: counter.roundTrips,
    requests: counter.requests,
    operations: [...counter.operations].sort(),
  };
}

const pageFetches = () => sandbox.requests('site_a').filter((r) => r.path.startsWith('/hotel/')).length;

describe.each([
  { ceiling: undefined, first: 1 },
  { ceiling: 4, first: 4 },
])('a warm instance, per-source ceiling $ceiling', ({ ceiling, first }) => {
  beforeAll(async () => {
    const providers = sandbox.providers();
    if (ceiling) providers.site_a = { ...providers.site_a!, maxConcurrent: ceiling };
    useProviders(providers);
    clearCache();
    // Warm: the key lookup is made (and kept for a minute) by a first call of another request.
    expect((await call(hotelRef(first + 10))).status).toBe(200);
  });

  it('answers a miss in at most three round trips, then a hit in one', async () => {
    // Prepare
    const ref = hotelRef(first);
    const fetchesBefore = pageFetches();

    // Act
    const miss = await call(ref);
    const hit = await call(ref);
    clearCache(); // another instance: nothing in process, the result in the shared cache
    const sharedHit = await call(ref);

    // Assess
    expect(miss).toMatchObject({ status: 200, cache: 'MISS' });
    expect(pageFetches()).toBe(fetchesBefore + 1);
    // The quota's write with the result's read; the lease (with the slot taken ahead); the result's write,
    // which ends the lease (with the slot's release).
    expect(miss.roundTrips).toBeLessThanOrEqual(3);
    expect(miss.requests).toBe(ceiling ? 6 : 4);
    // In process: only the quota's write.
    expect(hit).toEqual({
      status: 200,
      cache: 'HIT',
      roundTrips: 1,
      requests: 1,
      operations: ['UpdateItem'],
    });
    // Shared: the quota's write and the result's read, sent together.
    expect(sharedHit).toEqual({
      status: 200,
      cache: 'HIT',
      roundTrips: 1,
      requests: 2,
      operations: ['GetItem', 'UpdateItem'],
    });
    expect(pageFetches()).toBe(fetchesBefore + 1);
  });

  it('gives back every slot it took by the time it answers', async () => {
    await call(hotelRef(first + 1));
    const out = await db.client.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: 'begins_with(pk, :slot) AND lease_until > :now',
        ExpressionAttributeValues: { ':slot': { S: 'SLOT#' }, ':now': { N: String(Date.now()) } },
      }),
    );
    expect(out.Items ?? []).toEqual([]);
  });
});

describe('the quota, overlapped with the cache read', () => {
  it('still answers 429 to a key at its limit, on a kept result, in one round trip', async () => {
    // Prepare: a result kept in process, and the free key's day used up
    useProviders(sandbox.providers());
    const ref = hotelRef(20);
    expect((await call(ref)).status).toBe(200);
    const { counters } = dynamoStores(db.table, db.client);
    const { day } = utcDay(new Date());
    for (let i = 0; i < 10; i++) await counters.consume(hashKey(FREE_KEY), day, 10);
    const uncached = await call(hotelRef(21), FREE_KEY); // the key lookup, made once

    // Act
    const refused = await call(ref, FREE_KEY);

    // Assess: a refusal wins over a kept result, and over a read sent with it, leaving none in flight
    expect(refused).toMatchObject({ status: 429, cache: undefined, roundTrips: 1, requests: 1 });
    expect(uncached).toMatchObject({ status: 429, cache: undefined, roundTrips: 2 });
    expect(uncached.operations).toEqual(['GetItem', 'GetItem', 'UpdateItem']);
  });
});
