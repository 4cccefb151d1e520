// The delivery queue's consumer: each message one signed attempt of a delivery; a message whose attempt
// throws (the store, not the receiver: a receiver's failure is recorded and scheduled) is reported alone.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../../shared/log.ts';
import { runDelivery, type DeliveryMessage } from '../../shared/watches/engine.ts';
import { deployedDeps } from './engine-deps.ts';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const deps = await deployedDeps();
  const failed = await Promise.all(
    event.Records.map(async (record) => {
      try {
        await runDelivery(deps, JSON.parse(record.body) as DeliveryMessage);
        return undefined;
      } catch (error) {
        log('error', 'watch delivery errored', { message: record.messageId, error: String(error) });
        return { itemIdentifier: record.messageId };
      }
    }),
  );
  return { batchItemFailures: failed.filter((f) => f !== undefined) };
};
