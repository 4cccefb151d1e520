// 1,000 watches due in the same minute, two scheduler processes on one dynalite (issue #38): each process
// (scheduler-process.ts) has its own DynamoDB clients, stores, queues and caches, and both tick at once. Each watch must be
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
import type { TickResult } from '../../shared/watches/engine.ts';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { WatchRecord } from '../../shared/watches/model.ts';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';
import { createWatches, dueWatch } from '../helpers/watches.ts';
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
    counters: new DynamoCounterStore(dynamo.client, dynamo.table),
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

/** Watch `i` of the thousand, on one stay: its check lands on the receiver. */
const watch = (i: number, now: number): WatchRecord =>
  dueWatch(i, {
    key,
    now,
    params: { check_in: '2030-06-10', check_out: '2030-06-12', adults: '2' },
    callbackUrl: receiver.url,
  });

/** A scheduler in a process of its own (scheduler-process.ts), ready to tick when told. */
interface SchedulerProcess {
  go(): void;
  result: Promise<{ tick: TickResult; commands: Record<string, number> }>;
}

async function schedulerProcess(now: number): Promise<SchedulerProcess> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(import.meta.dirname, 'scheduler-process.ts')],
    {
      env: {
        ...process.env,
        SCALE_DYNAMO: dynamo.endpoint,
        SCALE_COUNTER_TABLE: dynamo.table,
        SCALE_WATCH_TABLE: TABLE,
        SCALE_KEY: key,
        SCALE_NOW: String(now),
        SCALE_PROVIDERS: JSON.stringify(sandbox.providers()),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await iterator.next();
    if (done) throw new Error(`scheduler ${child.pid} ended early (exit ${child.exitCode})`);
    return value as string;
  };
  expect(await next()).toBe('ready');
  return { go: () => child.stdin!.write('go\n'), result: next().then((line) => JSON.parse(line)) };
}

describe('1,000 watches due in one minute, two scheduler processes', () => {
  it('checks each exactly once in that tick, and counts each check once against the key', async () => {
    // Prepare
    const now = Date.now();
    const seed = new DynamoWatchStore(dynamo.client, TABLE);
    await createWatches(seed, WATCHES, (n) => watch(n, now), 2_500);
    const schedulers = await Promise.all([schedulerProcess(now), schedulerProcess(now)]);

    // Act: both tick at once, then work their queues; then a third scheduler ticks at the same time
    sandbox.resetLog();
    for (const s of schedulers) s.go();
    const results = await Promise.all(schedulers.map((s) => s.result));
    const upstream = sandbox.requests().length;
    const again = await localEngine({ store: seed, clock: () => now, route: watchedRoute }).tick();

    // Assess
    const ticks = results.map((r) => r.tick);
    // Read back fifty at a time: a thousand reads at once reset dynalite's sockets on a loaded machine.
    const checked: number[] = [];
    for (let i = 0; i < WATCHES; i += 50)
      checked.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, WATCHES - i) }, (_, j) =>
            seed.get(watch(i + j, now).id).then((w) => w!.checks.length),
          ),
        )),
      );
    const day = new Date(now).toISOString().slice(0, 10);
    const counted = (
      await new DynamoCounterStore(dynamo.client, dynamo.table).usage([hashKey(key)], [day])
    ).get(hashKey(key))![0]!;
    console.log(
      `1,000 due watches, 2 scheduler processes: claimed ${ticks.map((t) => t.claimed).join(' + ')} of ${ticks
        .map((t) => t.due)
        .join(' and ')} found due; quota counted ${counted.count}`,
    );
    // The bench figure (issue #38): what one tick costs per due watch, the same stay for every watch (each
    // process's route cache answers all but its first; a key lookup is the key store's, in memory here).
    const commands = new Map<string, number>();
    for (const r of results)
      for (const [name, n] of Object.entries(r.commands)) commands.set(name, (commands.get(name) ?? 0) + n);
    const dynamoRequests = [...commands.values()].reduce((a, b) => a + b, 0);
    console.log(
      `one tick, per due watch: ${(dynamoRequests / WATCHES).toFixed(2)} DynamoDB requests (${[...commands]
        .map(([c, n]) => `${c.replace('Command', '')} ${n}`)
        .join(
          ', ',
        )}, two processes), ${(upstream / WATCHES).toFixed(3)} upstream requests (${upstream} for ${WATCHES} watches of one stay)`,
    );
    expect(ticks[0]!.claimed + ticks[1]!.claimed).toBe(WATCHES);
    expect(again.claimed).toBe(0);
    expect(checked.filter((n) => n !== 1)).toEqual([]);
    expect(counted.count).toBe(WATCHES);
  }, 240_000);
});
