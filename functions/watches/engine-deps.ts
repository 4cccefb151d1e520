// The watch engine's parts as deployed: the table's store, the SQS queues the stack names in the
// environment, the real clock, and the watched routes' handlers.
import type { EngineDeps } from '../../shared/watches/engine.ts';
import { SqsQueue } from '../../shared/watches/sqs.ts';
import { watchStore } from '../../shared/watches/store.ts';
import { watchedRoute } from './handlers.ts';

let deps: Promise<EngineDeps> | undefined;

/** @example const deps = await deployedDeps(); await tick(deps); */
export function deployedDeps(): Promise<EngineDeps> {
  deps ??= (async () => ({
    store: await watchStore(),
    queues: {
      checks: new SqsQueue(process.env.CHECK_QUEUE_URL ?? ''),
      deliveries: new SqsQueue(process.env.DELIVERY_QUEUE_URL ?? ''),
    },
    clock: Date.now,
    route: watchedRoute,
  }))();
  return deps;
}
