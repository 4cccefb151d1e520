// The check queue's consumer: each message one claimed check (one billed call of the watched route on
// behalf of the key); a message whose check throws is reported alone (partial batch failure), received
// again, and after its last receive kept in the dead-letter queue.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../../shared/log.ts';
import { runCheck, type CheckMessage } from '../../shared/watches/engine.ts';
import { deployedDeps } from './engine-deps.ts';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const deps = await deployedDeps();
  const failed = await Promise.all(
    event.Records.map(async (record) => {
      try {
        await runCheck(deps, JSON.parse(record.body) as CheckMessage);
        return undefined;
      } catch (error) {
        log('error', 'watch check failed', { message: record.messageId, error: String(error) });
        return { itemIdentifier: record.messageId };
      }
    }),
  );
  return { batchItemFailures: failed.filter((f) => f !== undefined) };
};
