/**
 * The stores a deployment uses: DynamoDB when `COUNTER_TABLE` names a table (deployed), embedded
 * memory otherwise (local runs and tests). Built on first use, so importing a handler costs nothing;
 * except on Lambda with a table, where they are started as this module loads: the SDK then loads and the
 * client is built while the runtime initialises the function (init is not billed and runs at full CPU),
 * not in its first invocation. The local server and tests may install their own with `useStores`.
 */
import { MemoryCounterStore, MemoryKeyStore } from './memory.ts';
import type { Stores } from './types.ts';

let current: Promise<Stores> | undefined;

async function fromEnvironment(): Promise<Stores> {
  const table = process.env.COUNTER_TABLE;
  if (table) {
    const { dynamoStores } = await import('./dynamodb.ts');
    return dynamoStores(table);
  }
  return { keys: MemoryKeyStore.fromSpec(process.env.API_KEYS ?? ''), counters: new MemoryCounterStore() };
}

if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.COUNTER_TABLE) {
  current = fromEnvironment();
  // Awaited by the first request, which sees the error if there is one; never an unhandled rejection here.
  current.catch(() => undefined);
}

/** @example const { keys, counters } = await stores(); */
export function stores(): Promise<Stores> {
  current ??= fromEnvironment();
  return current;
}

/** Installs the stores every handler in this process uses. */
export function useStores(next: Stores): void {
  current = Promise.resolve(next);
}
