// A queue consumer of the watch engine (the check and the delivery queues): each message one job on the
// engine's parts, which the handler hands in (functions/watches/engine-deps.ts when deployed); a message
// whose job throws is reported alone (partial batch failure), received again, and after its last receive
// kept in the dead-letter queue.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../log.ts';
import type { EngineDeps } from './engine.ts';

/**
 * The Lambda handler that runs `job` on each message's body; `failure` is the log line of a job that threw.
 * `parts` are the engine's parts: the deployed ones in a handler, a test's own in a test.
 * @example export const handler = queueConsumer<CheckMessage>(runCheck, 'watch check failed', deployedDeps);
 */
export function queueConsumer<M>(
  job: (deps: EngineDeps, message: M) => Promise<void>,
  failure: string,
  parts: () => Promise<EngineDeps>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const deps = await parts();
    const failed = await Promise.all(
      event.Records.map(async (record) => {
        try {
          await job(deps, JSON.parse(record.body) as M);
          return undefined;
        } catch (error) {
          log('error', failure, { message: record.messageId, error: String(error) });
          return { itemIdentifier: record.messageId };
        }
      }),
    );
    return { batchItemFailures: failed.filter((f) => f !== undefined) };
  };
}
