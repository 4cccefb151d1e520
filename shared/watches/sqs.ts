/**
 * The engine's queues deployed: SQS, sent ten messages a batch (SQS's most), each batch's refused entries
 * sent again once before the send fails (the tick then fails, and its claims stay claimed: the next due
 * time of each is an interval away, as a check that ran). The client is the runtime's (`@aws-sdk/*` is
 * not bundled), built on first use.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Queue } from './engine.ts';

let client: SQSClient | undefined;

/** @example await new SqsQueue(process.env.CHECK_QUEUE_URL!).send([{ watchId, tick }]) */
export class SqsQueue<T> implements Queue<T> {
  private readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  async send(messages: T[]): Promise<void> {
    client ??= new SQSClient({});
    for (let i = 0; i < messages.length; i += 10) {
      let entries = messages
        .slice(i, i + 10)
        .map((m, j) => ({ Id: String(j), MessageBody: JSON.stringify(m) }));
      for (let attempt = 0; attempt < 2 && entries.length > 0; attempt++) {
        const out = await client.send(new SendMessageBatchCommand({ QueueUrl: this.url, Entries: entries }));
        const failed = new Set((out.Failed ?? []).map((f) => f.Id));
        entries = entries.filter((e) => failed.has(e.Id));
      }
      if (entries.length > 0) throw new Error(`SQS refused ${entries.length} messages`);
    }
  }
}
