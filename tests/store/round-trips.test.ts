// The DynamoDB round trips of a deployed-style call (dynalite, the DynamoDB stores), counted on the client: in
// a warm instance (its key lookup already made) a hit makes one, a miss at most three; so does a miss on a new
// instance's first call (key lookup included), with or without the deployment's per-source ceiling, for a
// route that asks its source twice (chain_a rooms); and what they stand for still holds (the call billed once,
// slots and leases freed, the 401 before anything, the quota's 429 first).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutItemCommand, ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { handler } from '../../functions/site-a/url-to-id.ts';
import { ChainARoomsResponse, handler as chainARooms } from '../../functions/chain-a/rooms.ts';
import { ChainARoomsQuery } from '../../shared/schemas/chain-a.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainA } from '../../shared/providers/chain-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { nights } from '../../shared/schemas/params.ts';
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
/** Each send's start and end, since the last `sent.length = 0`. */
const sent: { start: number; end: number }[] = [];
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
  client.middlewareStack.add(
    (next) => async (args) => {
      const send = { start: performance.now(), end: Infinity };
      sent.push(send);
      try {
        return await next(args);
      } finally {
        send.end = performance.now();
      }
    },
    { step: 'deserialize', priority: 'low', name: 'timedSends' },
  );
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
  sent.length = 0;
  const res = await handler(
    apiEvent({ path: '/v1/site_a/hotel/url-to-id', query: { url: ref }, headers: { 'x-api-key': key } }),
    lambdaContext(),
  );
  return {
    status: res.statusCode,
    cache: res.headers?.['X-Cache'],
    roundTrips: counter.roundTrips,
    inSeries: inSeries(),
    requests: counter.requests,
    operations: [...counter.operations].sort(),
  };
}

/** The items of `prefix` (slots, results) whose lease still runs. */
async function leasesHeld(prefix: string) {
  const out = await db.client.send(
    new ScanCommand({
      TableName: db.table,
      FilterExpression: 'begins_with(pk, :prefix) AND lease_until > :now',
      ExpressionAttributeValues: { ':prefix': { S: prefix }, ':now': { N: String(Date.now()) } },
    }),
  );
  return (out.Items ?? []).map((item) => item.pk!.S);
}

/** A new instance: no key lookup, result or slot kept in process (the stores' caches are per instance). */
function newInstance() {
  clearCache();
  useStores(dynamoStores(db.table, client));
}

/**
 * The longest chain of sends each sent after the one before it came back: the round trips the caller waited
 * for in series, whatever overlapped (countRoundTrips counts busy periods, where a send that depends on one
 * read but goes while another is still in flight joins its round).
 */
function inSeries(): number {
  const depths: number[] = [];
  for (const [i, send] of sent.entries())
    depths[i] =
      1 + Math.max(0, ...sent.flatMap((before, j) => (before.end <= send.start ? [depths[j] ?? 0] : [])));
  return Math.max(0, ...depths);
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
    expect(miss.inSeries).toBe(3);
    expect(miss.requests).toBe(ceiling ? 6 : 4);
    // In process: only the quota's write.
    expect(hit).toEqual({
      status: 200,
      cache: 'HIT',
      roundTrips: 1,
      inSeries: 1,
      requests: 1,
      operations: ['UpdateItem'],
    });
    // Shared: the quota's write and the result's read, sent together.
    expect(sharedHit).toEqual({
      status: 200,
      cache: 'HIT',
      roundTrips: 1,
      inSeries: 1,
      requests: 2,
      operations: ['GetItem', 'UpdateItem'],
    });
    expect(pageFetches()).toBe(fetchesBefore + 1);
  });

  it('gives back every slot it took by the time it answers', async () => {
    await call(hotelRef(first + 1));
    expect(await leasesHeld('SLOT#')).toEqual([]);
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
    // The key lookup, made once: its read goes with the lookup, the lease with the quota's write, and the
    // refusal gives the lease back before it answers.
    const uncached = await call(hotelRef(21), FREE_KEY);

    // Act
    const refused = await call(ref, FREE_KEY);

    // Assess: a refusal wins over a kept result, and over a read sent with it, leaving none in flight
    expect(refused).toMatchObject({ status: 429, cache: undefined, roundTrips: 1, requests: 1 });
    expect(uncached).toMatchObject({ status: 429, cache: undefined });
    expect(uncached.roundTrips).toBeLessThanOrEqual(3);
    expect(uncached.operations).toEqual(['GetItem', 'GetItem', 'UpdateItem', 'UpdateItem', 'UpdateItem']);
    expect(await leasesHeld('RESULT#')).toEqual([]);
  });
});

describe("a new instance's first call", () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const rooms = (adults: number, key = KEY) =>
    apiEvent({
      path: '/v1/chain_a/rooms',
      query: { hotel_code: 'ASPAR0', check_in: day(60), check_out: day(62), adults: String(adults) },
      headers: { 'x-api-key': key },
    });
  const urlToId = (ref: string, key = KEY) =>
    apiEvent({ path: '/v1/site_a/hotel/url-to-id', query: { url: ref }, headers: { 'x-api-key': key } });
  const counted = async (
    run: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
    event: APIGatewayProxyEvent,
  ) => {
    counter.reset();
    sent.length = 0;
    const res = await run(event, lambdaContext());
    return {
      status: res.statusCode,
      body: res.body,
      cache: res.headers?.['X-Cache'],
      roundTrips: counter.roundTrips,
      inSeries: inSeries(),
      operations: [...counter.operations].sort(),
    };
  };
  const billed = async (key: string) => {
    const { day: today } = utcDay(new Date());
    const usage = await dynamoStores(db.table, db.client).counters.usage([hashKey(key)], [today]);
    return usage.get(hashKey(key))![0]!.count;
  };
  const addKey = (key: string) =>
    db.client.send(
      new PutItemCommand({
        TableName: db.table,
        Item: { pk: { S: `KEY#${hashKey(key)}` }, tier: { S: 'basic' }, name: { S: 'test' } },
      }),
    );
  /** The sandbox's providers, `provider` capped at `ceiling` (as deployed) when one is given. */
  const capped = (provider: string, ceiling?: number) => {
    const providers = sandbox.providers();
    if (ceiling) providers[provider] = { ...providers[provider]!, maxConcurrent: ceiling };
    useProviders(providers);
  };
  // chain_a rooms asks for its cash and its points offers at once: two slots of chain_a at once. Declared
  // (as the route's handler does), they are taken with the lease from the first call; undeclared (this
  // copy), from the instance's second miss on.
  const undeclaredRooms = endpoint({
    route: routes.chainARooms,
    query: ChainARoomsQuery,
    response: ChainARoomsResponse,
    run: async ({ query }, ctx) => {
      const { check_in: checkIn, check_out: checkOut, adults, children, rooms: count } = query;
      const stay = await chainA.rooms(ctx, {
        hotelCode: query.hotel_code,
        ...{ checkIn, checkOut, nights: nights(checkIn, checkOut), adults, children, rooms: count },
      });
      return {
        success: true as const,
        hotel_code: query.hotel_code,
        ...stay!,
        total: stay!.room_types.length,
      };
    },
  });

  it.each([{ ceiling: undefined }, { ceiling: 4 }])(
    'answers a miss in at most three round trips, key lookup included, ceiling $ceiling; billed once, leases freed',
    async ({ ceiling }) => {
      // Prepare
      capped('site_a', ceiling);
      newInstance();
      const key = `first-call-site-a-${ceiling}`;
      await addKey(key);
      const fetchesBefore = pageFetches();

      // Act
      const first = await counted(handler, urlToId(hotelRef(30 + (ceiling ?? 0)), key));

      // Assess: the key lookup with the result's read; the quota's write with the lease (and the slot taken
      // ahead); the result's write (with the slot's release).
      expect([first.status, first.cache]).toEqual([200, 'MISS']);
      expect(pageFetches()).toBe(fetchesBefore + 1);
      expect(first.roundTrips).toBeLessThanOrEqual(3);
      expect(first.inSeries).toBe(3);
      expect(first.operations).toEqual([
        'GetItem',
        'GetItem',
        ...Array<string>(ceiling ? 5 : 3).fill('UpdateItem'),
      ]);
      expect(await billed(key)).toBe(1);
      expect(await leasesHeld('SLOT#')).toEqual([]);
      expect(await leasesHeld('RESULT#')).toEqual([]);
    },
  );

  it.each([{ ceiling: undefined }, { ceiling: 2 }])(
    'answers a miss of a route asking its source twice at once in at most three round trips, ceiling $ceiling',
    async ({ ceiling }) => {
      // Prepare
      capped('chain_a', ceiling);
      const key = `first-call-chain-a-${ceiling}`;
      await addKey(key);
      const fetchesBefore = sandbox.requests('chain_a').length;
      const shift = ceiling ? 3 : 0; // other parameters than the other case's: no result kept

      // Act: a new instance of the route with its two slots declared; one without (first and second miss)
      newInstance();
      const declared = await counted(chainARooms, rooms(1 + shift, key));
      newInstance();
      const undeclared = await counted(undeclaredRooms, rooms(2 + shift, key));
      const learned = await counted(undeclaredRooms, rooms(3 + shift, key));

      // Assess
      for (const res of [declared, undeclared, learned])
        expect([res.status, res.cache]).toEqual([200, 'MISS']);
      expect(sandbox.requests('chain_a').length - fetchesBefore).toBe(6);
      expect(Math.max(declared.roundTrips, learned.roundTrips)).toBeLessThanOrEqual(3);
      expect([declared.inSeries, learned.inSeries]).toEqual([3, 3]);
      // Undeclared, the first miss takes its second slot when it asks for it: one more round trip.
      expect(undeclared.inSeries).toBe(ceiling ? 4 : 3);
      expect(await billed(key)).toBe(3);
      expect(await leasesHeld('SLOT#')).toEqual([]);
      expect(await leasesHeld('RESULT#')).toEqual([]);
    },
  );

  it('answers an unknown key 401 before anything: no write, invalid parameters or not', async () => {
    // Prepare
    useProviders(sandbox.providers());
    const fetchesBefore = sandbox.requests('chain_a').length;
    const invalid = rooms(1, 'no-such-key');
    invalid.queryStringParameters!.adults = '99';

    // Act
    newInstance();
    const unknown = await counted(chainARooms, rooms(1, 'no-such-key'));
    newInstance();
    const unknownAndInvalid = await counted(chainARooms, invalid);
    const missingAndInvalid = await counted(chainARooms, { ...invalid, headers: {} });

    // Assess: 401 wins over the 400; only reads were sent (the key, and the result's when the request is valid)
    for (const res of [unknown, unknownAndInvalid, missingAndInvalid])
      expect([res.status, JSON.parse(res.body).error.code]).toEqual([401, 'unauthorized']);
    expect(unknown.operations).toEqual(['GetItem', 'GetItem']);
    expect(unknownAndInvalid.operations).toEqual(['GetItem']);
    expect(missingAndInvalid.operations).toEqual([]);
    expect(sandbox.requests('chain_a').length).toBe(fetchesBefore);
  });

  it('answers a used-up key 429 over an invalid parameter, and a valid key 400 unbilled', async () => {
    // Prepare: the free key's day used up
    useProviders(sandbox.providers());
    const { counters } = dynamoStores(db.table, db.client);
    const { day: today } = utcDay(new Date());
    for (let i = 0; i < 10; i++) await counters.consume(hashKey(FREE_KEY), today, 10);
    const invalid = (key: string) => {
      const event = rooms(1, key);
      event.queryStringParameters!.adults = '99';
      return event;
    };
    const before = await billed(KEY);

    // Act
    newInstance();
    const over = await counted(chainARooms, invalid(FREE_KEY));
    newInstance();
    const input = await counted(chainARooms, invalid(KEY));

    // Assess
    expect([over.status, JSON.parse(over.body).error.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(input.status).toBe(400);
    expect(await billed(KEY)).toBe(before);
  });
});
