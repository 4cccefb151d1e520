/**
 * The account store and key gateway this process uses. Deployed (`COUNTER_TABLE` set) the accounts live
 * in the counters table and keys are also made at API Gateway (`REST_API_ID`); locally they live in
 * memory beside the embedded key store, so a key made in the dashboard works at once under `npm start`.
 */
import { stores } from '../store/index.ts';
import { MemoryKeyStore } from '../store/memory.ts';
import type { Stores, AccountStore } from '../store/types.ts';
import { ApiGatewayKeys, NO_GATEWAY, type KeyGateway } from './gateway.ts';
import { mailer } from './mailer.ts';
import { MemoryAccountStore } from './memory-store.ts';
import { afterAnswer, LambdaOutbox, type Outbox } from './outbox.ts';
import { runMailJob } from './mail-jobs.ts';
import type { Services } from './service.ts';

const derived = new WeakMap<Stores, AccountStore>();

/** @example const store = await accountStore(); await store.getAccount(id) */
export async function accountStore(): Promise<AccountStore> {
  const current = await stores();
  if (current.accounts) return current.accounts;
  let store = derived.get(current);
  if (!store) {
    const table = process.env.COUNTER_TABLE;
    if (table) {
      const [{ DynamoAccountStore }, { sharedDynamoClient }] = await Promise.all([
        import('./dynamo-store.ts'),
        import('../store/dynamo-client.ts'),
      ]);
      // The process's client: Lambda's credentials from the environment, as the bundled SDK expects.
      store = new DynamoAccountStore(sharedDynamoClient(), table);
    } else if (current.keys instanceof MemoryKeyStore) store = new MemoryAccountStore(current.keys);
    else throw new Error('accounts need COUNTER_TABLE or the embedded key store');
    derived.set(current, store);
  }
  return store;
}

let gateway: KeyGateway | undefined;

/** @example const id = await keyGateway().create(name, key, 'free') */
export function keyGateway(): KeyGateway {
  gateway ??= process.env.REST_API_ID
    ? new ApiGatewayKeys({ restApiId: process.env.REST_API_ID, stage: process.env.API_STAGE ?? 'prod' })
    : NO_GATEWAY;
  return gateway;
}

/** Installs the gateway of this process (the operators' command names the stack's plans; tests record). */
export function useKeyGateway(next: KeyGateway): void {
  gateway = next;
}

let outbox: Outbox | undefined;

/**
 * Deployed (`MAIL_QUEUE=lambda`), jobs are queued as asynchronous invocations of this function; under sam
 * local (`MAIL_QUEUE=inline`) none: they run before the answer, as a container may stop once it has
 * answered; otherwise (`npm start`, tests) they run in this process once the answer is written.
 * @example await mailOutbox()?.post(job)
 */
export function mailOutbox(): Outbox | undefined {
  if (process.env.MAIL_QUEUE === 'inline') return undefined;
  outbox ??=
    process.env.MAIL_QUEUE === 'lambda' && process.env.AWS_LAMBDA_FUNCTION_NAME
      ? new LambdaOutbox(process.env.AWS_LAMBDA_FUNCTION_NAME)
      : afterAnswer(async (job) => runMailJob(await services(), job));
  return outbox;
}

/** Everything the account rules use, as this process has it. @example await signUp(await services(), body, where) */
export async function services(): Promise<Services> {
  return {
    store: await accountStore(),
    mailer: mailer(),
    gateway: keyGateway(),
    counters: (await stores()).counters,
    ...(mailOutbox() ? { outbox: mailOutbox() } : {}),
  };
}
