// One scheduler process of the scale test (scale.test.ts): its own DynamoDB clients, stores, queues and
// route caches, on the test's dynalite and sandbox. It says `ready`, ticks once at the given time when told
// `go` on stdin, works its queues, and prints what its tick found and claimed and the DynamoDB requests it sent.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createInterface } from 'node:readline';
import { watchedRoute } from '../../functions/watches/handlers.ts';
import { DynamoCounterStore } from '../../shared/store/dynamodb.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryKeyStore } from '../../shared/store/memory.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { DynamoWatchStore } from '../../shared/watches/dynamo-store.ts';
import { localEngine } from '../../shared/watches/local.ts';
import { countingCommands, dynamoClient } from '../helpers/dynalite.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const sent = new Map<string, number>();
const client = (): DynamoDBClient => countingCommands(dynamoClient(env('SCALE_DYNAMO')), sent);

const keys = new MemoryKeyStore();
keys.add(env('SCALE_KEY'), 'enterprise');
useStores({ keys, counters: new DynamoCounterStore(client(), env('SCALE_COUNTER_TABLE')) });
useProviders(JSON.parse(env('SCALE_PROVIDERS')));
const now = Number(env('SCALE_NOW'));
const engine = localEngine({
  store: new DynamoWatchStore(client(), env('SCALE_WATCH_TABLE')),
  clock: () => now,
  route: watchedRoute,
});

console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'go') continue;
  const first = await engine.tick();
  await engine.idle();
  console.log(JSON.stringify({ pid: process.pid, tick: first, commands: Object.fromEntries(sent) }));
  break;
}
process.exit(0);
