// The deployed queue alone (shared/watches/sqs.ts): ten messages a batch, a batch's refused entries sent
// again once, and a send that fails when SQS still refuses them. SQS itself is the client's `send`, replaced.
import { afterEach, describe, expect, it } from '@jest/globals';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SqsQueue } from '../../shared/watches/sqs.ts';

const realSend = SQSClient.prototype.send;
afterEach(() => {
  SQSClient.prototype.send = realSend;
});

/** Replaces SQS: records each batch, and refuses the entries whose body `refuse` names. */
function fakeSqs(refuse: (body: string, seenBefore: boolean) => boolean) {
  const batches: { url: string; bodies: string[] }[] = [];
  const seen = new Set<string>();
  SQSClient.prototype.send = (async (command: SendMessageBatchCommand) => {
    const { QueueUrl, Entries } = command.input;
    batches.push({ url: QueueUrl!, bodies: Entries!.map((e) => e.MessageBody!) });
    const failed = Entries!.filter((e) => refuse(e.MessageBody!, seen.has(e.MessageBody!)));
    for (const e of Entries!) seen.add(e.MessageBody!);
    return { Failed: failed.map((e) => ({ Id: e.Id })) };
  }) as never;
  return batches;
}

describe('the SQS queue of the watches', () => {
  it('sends ten messages a batch, and a refused entry once more', async () => {
    // Prepare: SQS refuses the third entry of each batch the first time it is sent
    const batches = fakeSqs((body, seenBefore) => !seenBefore && /"w(2|12|22)"/.test(body));
    const messages = Array.from({ length: 23 }, (_, i) => ({ watchId: `w${i}`, tick: 1 }));
    // Act
    await new SqsQueue<(typeof messages)[number]>('https://sqs.test/checks').send(messages);
    // Assess: batches of 10, 10 and 3, each followed by its refused entry alone
    expect(batches.map((b) => b.bodies.length)).toEqual([10, 1, 10, 1, 3, 1]);
    expect(batches.every((b) => b.url === 'https://sqs.test/checks')).toBe(true);
    expect(JSON.parse(batches[1]!.bodies[0]!)).toEqual({ watchId: 'w2', tick: 1 });
  });

  it('fails the send when SQS refuses an entry twice', async () => {
    fakeSqs(() => true);
    await expect(new SqsQueue('https://sqs.test/checks').send([{ a: 1 }, { b: 2 }])).rejects.toThrow(
      'SQS refused 2 messages',
    );
  });
});
