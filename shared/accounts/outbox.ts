/**
 * Work that depends on whether an email is registered (looking it up, writing links, mailing) runs after
 * the answer, so sign-up and forgot-password answer in the same time for any email: the request does the
 * same work whatever the email (throttle, hash, post one job), and the job does the rest.
 * - In process (`npm start`, tests, sam local): the job runs once the answer is written, on the next turn
 *   of the event loop.
 * - Deployed (`MAIL_QUEUE=lambda`): the function invokes itself asynchronously (`InvocationType: Event`,
 *   which Lambda queues) with `{ outbox: job }`; that invocation runs the job. The request pays one
 *   Invoke call, the same for every email.
 */
import { log } from '../log.ts';

/** A job: what to do for an email, decided after the answer. */
export type MailJob =
  | { kind: 'signup'; email: string; passwordHash: string; base: string }
  | { kind: 'forgot'; email: string; base: string };

/** The event of a function invoking itself with a job. */
export interface OutboxEvent {
  outbox: MailJob;
}

export interface Outbox {
  /** Takes a job to run after the answer; resolves once it is taken, never waiting for the job. */
  post(job: MailJob): Promise<void>;
}

/** @example isOutboxEvent({ outbox: { kind: 'forgot', email, base } }) // true */
export function isOutboxEvent(event: unknown): event is OutboxEvent {
  const job = (event as { outbox?: { kind?: unknown } } | null)?.outbox;
  return !!job && (job.kind === 'signup' || job.kind === 'forgot');
}

const pending = new Set<Promise<void>>();

/**
 * Runs each job on a later turn of the event loop (setImmediate: after the promise chain that writes the
 * answer), keeping it until it ends so that tests and shutdown can wait for the mail.
 * @example const outbox = afterAnswer((job) => runMailJob(services, job)); await outbox.post(job)
 */
export function afterAnswer(run: (job: MailJob) => Promise<void>): Outbox {
  return {
    async post(job) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(job))
        .catch((error: unknown) => log('error', 'mail job failed', { kind: job.kind, error: String(error) }))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
  };
}

/** Resolves once every job posted in this process so far has run. @example await outboxSettled() */
export async function outboxSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** The part of Lambda's client the outbox uses. */
interface InvokeClient {
  send(command: unknown): Promise<unknown>;
}

/**
 * Posts each job to this very function as an asynchronous invocation. The Lambda SDK comes with Lambda's
 * runtime and is loaded on first use (as SES's is); `client` and `commands` are for tests.
 * @example await new LambdaOutbox(process.env.AWS_LAMBDA_FUNCTION_NAME!).post(job)
 */
export class LambdaOutbox implements Outbox {
  private readonly functionName: string;
  private client: InvokeClient | undefined;
  private readonly sdk: () => Promise<{
    LambdaClient: new (config: object) => InvokeClient;
    InvokeCommand: new (input: object) => unknown;
  }>;

  constructor(
    functionName: string,
    client?: InvokeClient,
    sdk?: () => Promise<{
      LambdaClient: new (config: object) => InvokeClient;
      InvokeCommand: new (input: object) => unknown;
    }>,
  ) {
    this.functionName = functionName;
    this.client = client;
    // A name the bundler leaves alone: the runtime's SDK, not a copy in the bundle.
    const name = '@aws-sdk/client-lambda';
    this.sdk = sdk ?? (() => import(name));
  }

  async post(job: MailJob): Promise<void> {
    const { LambdaClient, InvokeCommand } = await this.sdk();
    this.client ??= new LambdaClient({});
    await this.client.send(
      new InvokeCommand({
        FunctionName: this.functionName,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify({ outbox: job } satisfies OutboxEvent)),
      }),
    );
  }
}
