/**
 * The cost of one watch tick (issue #38): N watches due in the same minute, one scheduler (as deployed: one
 * schedule rule), its checks and deliveries worked to the end, on dynalite with the DynamoDB stores and the
 * sandbox upstream. Counts every DynamoDB request by command (the watch store's and the quota's clients)
 * and every upstream request, per due watch; once with every watch on one stay (the route's result cache
 * answers all but the first) and once with a stay each (every check asks the source).
 * @example const cost = await measureWatchTick({ watches: 200, stays: 200 })
 */
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { ensureWatchTable } from '../../infra/local/watches.ts';
import { startSandbox } from '../../infra/sandbox/server.ts';
import { DynamoCounterStore } from '../../shared/store/dynamodb.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryKeyStore } from '../../shared/store/memory.ts';
import { clearCache } from '../../shared/upstream/cache.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { DynamoWatchStore } from '../../shared/watches/dynamo-store.ts';
import { localEngine } from '../../shared/watches/local.ts';
import { countingCommands, dynamoClient, startDynalite } from '../helpers/dynalite.ts';
import { createWatches, dueWatch } from '../helpers/watches.ts';

export interface TickCost {
  watches: number;
  stays: number;
  claimed: number;
  ms: number;
  dynamo: number;
  byCommand: Record<string, number>;
  upstream: number;
}

export async function measureWatchTick({
  watches,
  stays,
}: {
  watches: number;
  stays: number;
}): Promise<TickCost> {
  const dynamo = await startDynalite('counters');
  const table = 'watches-bench';
  await ensureWatchTable(dynamo.client, table);
  const sandbox = await startSandbox();
  useProviders(sandbox.providers());
  clearCache();
  const key = `bench-watch-key-${watches}-${stays}`;
  const keys = new MemoryKeyStore();
  keys.add(key, 'enterprise');
  const sent = new Map<string, number>();
  useStores({
    keys,
    counters: new DynamoCounterStore(countingCommands(dynamoClient(dynamo.endpoint), sent), dynamo.table),
  });
  const now = Date.now();
  const seed = new DynamoWatchStore(dynamo.client, table);
  // A two-night stay a watch, `stays` different ones in all.
  const day = (i: number, plus = 0) =>
    new Date(Date.UTC(2030, 0, 1) + ((i % stays) + plus) * 86_400_000).toISOString().slice(0, 10);
  const hook = 'http://127.0.0.1:9/hook';
  const watch = (n: number) =>
    dueWatch(n, { key, now, params: { check_in: day(n), check_out: day(n, 2) }, callbackUrl: hook });
  await createWatches(seed, watches, watch, 100_000);
  const engine = localEngine({
    store: new DynamoWatchStore(countingCommands(dynamoClient(dynamo.endpoint), sent), table),
    clock: () => now,
    route: watchedRoute,
  });
  sent.clear();
  sandbox.resetLog();
  const started = performance.now();
  const { claimed } = await engine.tick();
  await engine.idle();
  const ms = performance.now() - started;
  const cost: TickCost = {
    watches,
    stays,
    claimed,
    ms,
    dynamo: [...sent.values()].reduce((a, b) => a + b, 0),
    byCommand: Object.fromEntries(sent),
    upstream: sandbox.requests().length,
  };
  await sandbox.close();
  await dynamo.close();
  return cost;
}
