// 1,000 watches due in the same minute, two schedulers on one dynalite (issue #38): each scheduler has its
// own DynamoDB client, store and queues, as two processes would, and both tick at once. Each watch must be
// claimed and checked exactly once in that tick, and the owner key's quota must count each check once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { ensureWatchTable } from '../../infra/local/watches.ts';
import { hashKey } from '../../shared/hash.ts';
import { DynamoCounterStore } from '../../shared/store/dynamodb.ts';
import { MemoryKeyStore } from '../../shared/store/memory.ts';
import { useStores } from '../../shared/store/index.ts';
import { DynamoWatchStore } from '../../shared/watches/dynamo-store.ts';
import { localEngine } from '../../shared/watches/local.ts';
import type { WatchRecord } from '../../shared/watches/model.ts';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoClient, startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';
import { startReceiver, type Receiver } from './helpers.ts';

const WATCHES = 1_000;
const TABLE = 'watches-scale';
let dynamo: LocalDynamo;
let sandbox: Sandbox;
let receiver: Receiver;
const key = 'scale-enterprise-key';

beforeAll(async () => {
  dynamo = await startDynalite('counters');
  await ensureWatchTable(dynamo.client, TABLE);
  const keys = new MemoryKeyStore();
  keys.add(key, 'enterprise');
  useStores({
    keys,
    counters: new DynamoCounterStore(countingSends(dynamoClient(dynamo.endpoint)), dynamo.table),
  });
  sandbox = await startSandbox();
  useProviders(sandbox.providers());
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
  await dynamo.close();
});

/** Counts each command a client sends, by name (the bench's DynamoDB requests). */
const sent = new Map<string, number>();
function countingSends(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.set(context.commandName!, (sent.get(context.commandName!) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
  return client;
}
const total = () => [...sent.values()].reduce((a, b) => a + b, 0);
const byCommand = () => [...sent].map(([c, n]) => `${c.replace('Command', '')} ${n}`).join(', ');

function watch(i: number, now: number): WatchRecord {
  return {
    id: `wch_${i.toString(16).padStart(20, '0')}`,
    keyId: hashKey(key),
    tier: 'enterprise',
    routeId: 'chainBHotelRooms',
    route: '/v1/chain_b/hotel/rooms',
    params: { hotel_id: '9WT3', check_in: '2030-06-10', check_out: '2030-06-12', adults: '2' },
    condition: { type: 'any_change' },
    callbackUrl: receiver.url,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    interval: 3_600,
    expiresAt: now + 86_400_000,
    createdAt: now,
    status: 'active',
    reason: null,
    // Due at different moments of the same minute.
    dueAt: now - (i % 60) * 1_000,
    baseline: null,
    last: null,
    holding: false,
    checks: [],
    deliveries: [],
    version: 0,
  };
}

describe('1,000 watches due in one minute, two schedulers', () => {
  it('checks each exactly once in that tick, and counts each check once against the key', async () => {
    // Prepare
    const now = Date.now();
    const seed = new DynamoWatchStore(dynamo.client, TABLE);
    for (let i = 0; i < WATCHES; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, WATCHES - i) }, (_, j) => seed.create(watch(i + j, now), 2_500)),
      );
    const engines = [0, 1].map(() =>
      localEngine({
        store: new DynamoWatchStore(countingSends(dynamoClient(dynamo.endpoint)), TABLE),
        clock: () => now,
        route: watchedRoute,
      }),
    );

    // Act: both tick at once, then work their queues
    sent.clear();
    sandbox.resetLog();
    const ticks = await Promise.all(engines.map((e) => e.tick()));
    await Promise.all(engines.map((e) => e.idle()));
    const tickCost = { dynamo: total(), commands: byCommand(), upstream: sandbox.requests().length };
    const again = await Promise.all(engines.map((e) => e.tick()));

    // Assess
    const checked = await Promise.all(
      Array.from({ length: WATCHES }, (_, i) => seed.get(watch(i, now).id).then((w) => w!.checks.length)),
    );
    const day = new Date(now).toISOString().slice(0, 10);
    const counted = (
      await new DynamoCounterStore(dynamo.client, dynamo.table).usage([hashKey(key)], [day])
    ).get(hashKey(key))![0]!;
    console.log(
      `1,000 due watches, 2 schedulers: claimed ${ticks.map((t) => t.claimed).join(' + ')} of ${ticks
        .map((t) => t.due)
        .join(' and ')} found due; quota counted ${counted.count}`,
    );
    // The bench figure (issue #38): what one tick costs per due watch, the same stay for every watch (the
    // route's result cache answers all but the first; a key lookup is the key store's, in memory here).
    console.log(
      `one tick, per due watch: ${(tickCost.dynamo / WATCHES).toFixed(2)} DynamoDB requests (${tickCost.commands}, two schedulers), ${(tickCost.upstream / WATCHES).toFixed(3)} upstream requests (${tickCost.upstream} for ${WATCHES} watches of one stay)`,
    );
    expect(ticks[0]!.claimed + ticks[1]!.claimed).toBe(WATCHES);
    expect(again.map((t) => t.claimed)).toEqual([0, 0]);
    expect(checked.filter((n) => n !== 1)).toEqual([]);
    expect(counted.count).toBe(WATCHES);
  }, 240_000);
});
