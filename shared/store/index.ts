/**
 * The stores a deployment uses: DynamoDB when `COUNTER_TABLE` names a table (deployed), embedded
 * memory otherwise (local runs and tests). Built lazily on first use, so importing a handler costs
 * nothing; the local server and tests may install their own with `useStores`.
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

/** @example const { keys, counters } = await stores(); */
export function stores(): Promise<Stores> {
  current ??= fromEnvironment();
  return current;
}

/** Installs the stores every handler in this process uses. */
export function useStores(next: Stores): void {
  current = Promise.resolve(next);
}
