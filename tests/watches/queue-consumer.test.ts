// The watch engine's queue consumers (shared/watches/queue-consumer.ts): each message one job, and only
// the messages whose job threw reported back (partial batch failure), so SQS receives just those again.
import { describe, expect, it } from '@jest/globals';
import type { SQSEvent } from 'aws-lambda';
import { queueConsumer } from '../../shared/watches/queue-consumer.ts';
import type { EngineDeps } from '../../shared/watches/engine.ts';

const parts = { clock: () => 0 } as unknown as EngineDeps;

/** An SQS event of one record a body, with message ids m0, m1, ... */
const eventOf = (bodies: object[]): SQSEvent =>
  ({
    Records: bodies.map((body, i) => ({ messageId: `m${i}`, body: JSON.stringify(body) })),
  }) as SQSEvent;

describe('a watch queue consumer', () => {
  it('runs every message and reports only the one whose job threw', async () => {
    // Prepare
    const seen: string[] = [];
    const handler = queueConsumer<{ watchId: string }>(
      async (deps, message) => {
        expect(deps).toBe(parts);
        seen.push(message.watchId);
        if (message.watchId === 'w1') throw new Error('store unreachable');
      },
      'watch check failed',
      async () => parts,
    );
    // Act
    const result = await handler(eventOf([{ watchId: 'w0' }, { watchId: 'w1' }, { watchId: 'w2' }]));
    // Assess
    expect(seen.sort()).toEqual(['w0', 'w1', 'w2']);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
  });

  it('reports no failure when every job succeeds, and a body that is not JSON as a failure', async () => {
    // Prepare
    const handler = queueConsumer<object>(
      async () => undefined,
      'watch delivery errored',
      async () => parts,
    );
    const broken = eventOf([{ watchId: 'w0' }]);
    broken.Records.push({ ...broken.Records[0]!, messageId: 'm1', body: '{not json' });
    // Act
    const allGood = await handler(eventOf([{ watchId: 'w0' }, { watchId: 'w1' }]));
    const oneBroken = await handler(broken);
    // Assess
    expect(allGood).toEqual({ batchItemFailures: [] });
    expect(oneBroken).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
  });
});
