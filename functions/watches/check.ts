// The check queue's consumer: each message one claimed check (one billed call of the watched route on
// behalf of the key); a message whose check throws is reported alone (shared/watches/queue-consumer.ts).
import { runCheck, type CheckMessage } from '../../shared/watches/engine.ts';
import { queueConsumer } from '../../shared/watches/queue-consumer.ts';
import { deployedDeps } from './engine-deps.ts';

export const handler = queueConsumer<CheckMessage>(runCheck, 'watch check failed', deployedDeps);
