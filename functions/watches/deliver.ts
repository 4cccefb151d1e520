// The delivery queue's consumer: each message one signed attempt of a delivery; a message whose attempt
// throws (the store, not the receiver: a receiver's failure is recorded and scheduled) is reported alone.
import { runDelivery, type DeliveryMessage } from '../../shared/watches/engine.ts';
import { queueConsumer } from '../../shared/watches/queue-consumer.ts';
import { deployedDeps } from './engine-deps.ts';

export const handler = queueConsumer<DeliveryMessage>(runDelivery, 'watch delivery errored', deployedDeps);
