/**
 * The stores a deployment uses. Built lazily from the environment on first use (so importing a
 * handler costs nothing); the local server and tests may install their own with `useStores`.
 */
import { MemoryCounterStore, MemoryKeyStore } from './memory.ts';
import type { Stores } from './types.ts';

let current: Stores | undefined;

/** @example const { keys, counters } = stores(); */
export function stores(): Stores {
  current ??= { keys: MemoryKeyStore.fromSpec(process.env.API_KEYS ?? ''), counters: new MemoryCounterStore() };
  return current;
}

/** Installs the stores every handler in this process uses. */
export function useStores(next: Stores): void {
  current = next;
}
