// No timing oracle: forgot-password and sign-up answer in the same time whether or not the email is
// registered. The store answers each call after 5 ms and the mailer after 25 ms, about what DynamoDB and SES
// take deployed, so any work done before the answer for one kind of email and not the other shows in the
// medians. Requests go in interleaved pairs (known and unknown, the order alternating), each pair from the
// same loopback address, so that drift of the machine's load falls on both alike.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { useMailer, type Mail } from '../../shared/accounts/mailer.ts';
import { MemoryAccountStore } from '../../shared/accounts/memory-store.ts';
import { LambdaOutbox, outboxSettled, type MailJob } from '../../shared/accounts/outbox.ts';
import { SIGNUPS_PER_ADDRESS } from '../../shared/accounts/service.ts';
import type { AccountStore } from '../../shared/store/types.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const STORE_MS = 5;
const MAIL_MS = 25;
const PAIRS = 60;
const PASSWORD = 'correct horse battery staple';

let api: TestServer;
const outbox: Mail[] = [];
beforeAll(async () => {
  api = await startTestServer();
  const keys = new MemoryKeyStore();
  const memory = new MemoryAccountStore(keys);
  // Every store call answers after STORE_MS, as a table would.
  const slow = new Proxy(memory, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await sleep(STORE_MS);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as AccountStore;
  useStores({ keys, counters: new MemoryCounterStore(), accounts: slow });
  useMailer({
    send: async (mail) => {
      await sleep(MAIL_MS);
      outbox.push(mail);
    },
  });
});
afterAll(() => api.close());

interface Client {
  address: string;
  cookie: string;
  csrf: string;
}

function send(
  client: Client,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; ms: number; setCookie: string[]; json: { csrf_token?: string } }> {
  const url = new URL(api.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        localAddress: client.address,
        agent: false,
        headers: {
          ...(client.cookie ? { cookie: client.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'x-csrf-token': client.csrf } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            setCookie: res.headers['set-cookie'] ?? [],
            json: text ? JSON.parse(text) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let addresses = 0;
/** A signed-out browser on an address of its own, with its pre-session CSRF token. */
async function browser(): Promise<Client> {
  const client = {
    address: `127.3.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
    cookie: '',
    csrf: '',
  };
  const session = await send(client, 'GET', '/account/session');
  client.cookie = session.setCookie.map((c) => c.split(';')[0]).join('; ');
  client.csrf = session.json.csrf_token!;
  return client;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Times `pairs` interleaved pairs of one request for a registered email and one for an unknown one, a new
 * address every few pairs (each address may send SIGNUPS_PER_ADDRESS of them an hour).
 */
async function pairs(
  path: string,
  bodyOf: (email: string) => unknown,
  registered: string,
  count: number,
): Promise<{ known: number[]; unknown: number[]; statuses: Set<number> }> {
  const known: number[] = [];
  const unknown: number[] = [];
  const statuses = new Set<number>();
  let client = await browser();
  const perAddress = Math.floor(SIGNUPS_PER_ADDRESS / 2);
  for (let i = -3; i < count; i++) {
    if ((i + 3) % perAddress === 0) client = await browser();
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      const email = which === 'known' ? registered : `nobody${i}-${Date.now()}@example.test`;
      const res = await send(client, 'POST', path, bodyOf(email));
      statuses.add(res.status);
      // The first pairs warm the route up and are not counted.
      if (i >= 0) (which === 'known' ? known : unknown).push(res.ms);
    }
  }
  return { known, unknown, statuses };
}

/** A verified account. */
async function registered(): Promise<string> {
  const client = await browser();
  const email = `timing-${Date.now()}@example.test`;
  await send(client, 'POST', '/account/signup', { email, password: PASSWORD });
  await outboxSettled();
  const token = new URL(outbox.filter((m) => m.to === email).at(-1)!.link!).hash.replace('#verify=', '');
  expect((await send(client, 'POST', '/account/verify', { token })).status).toBe(200);
  return email;
}

describe('no timing oracle', () => {
  it(`answers forgot-password as fast for a registered email as for an unknown one (medians of ${PAIRS} interleaved pairs)`, async () => {
    // Prepare
    const email = await registered();
    const mailed = outbox.length;
    // Act
    const { known, unknown, statuses } = await pairs(
      '/account/password/forgot',
      (e) => ({ email: e }),
      email,
      PAIRS,
    );
    await outboxSettled();
    // Assess: the same answer; the medians within noise (a store call less than the gap a lookup, a link and a
    // mail would open); the registered email was mailed every time, after the answers
    const [a, b] = [median(known), median(unknown)];
    console.log(`forgot-password medians: registered ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`);
    expect([...statuses]).toEqual([202]);
    expect(Math.abs(a - b)).toBeLessThan(Math.max(STORE_MS * 0.75, 0.1 * Math.min(a, b)));
    expect(outbox.length - mailed).toBe(PAIRS + 3);
  });

  it('answers sign-up as fast for a registered email as for a new one (medians of 50 interleaved pairs)', async () => {
    // Prepare
    const email = await registered();
    const mailed = outbox.length;
    // Act
    const { known, unknown, statuses } = await pairs(
      '/account/signup',
      (e) => ({ email: e, password: PASSWORD }),
      email,
      50,
    );
    await outboxSettled();
    // Assess: the password hash (about 0.1 s, on a shared machine) dominates both and is noisy, so the
    // pairs are compared with each other (the median of each pair's difference) as well as by medians; two
    // store writes before the answer (a new account, its link) would show on one side
    const [a, b] = [median(known), median(unknown)];
    const paired = median(known.map((k, i) => k - unknown[i]!));
    console.log(
      `sign-up medians: registered ${a.toFixed(2)} ms, new ${b.toFixed(2)} ms, of pair differences ${paired.toFixed(2)} ms`,
    );
    expect([...statuses]).toEqual([202]);
    // (the medians themselves drift apart by up to 10 ms on a loaded machine: the pairs' differences do not)
    expect(Math.abs(paired)).toBeLessThan(STORE_MS * 1.5);
    expect(outbox.length - mailed).toBe(2 * 53);
  });
});

describe('the outbox deployed', () => {
  it('queues a job as an asynchronous invocation of the function itself, which the handler then runs', async () => {
    // Prepare: the Lambda client recorded; the forgot-password handler as deployed
    const sent: { input: Record<string, unknown> }[] = [];
    class InvokeCommand {
      readonly input: Record<string, unknown>;
      constructor(input: object) {
        this.input = input as Record<string, unknown>;
      }
    }
    const outboxed = new LambdaOutbox('TravelDataApi-AccountPasswordForgot', undefined, async () => ({
      LambdaClient: class {
        async send(command: unknown) {
          sent.push(command as InvokeCommand);
          return {};
        }
      },
      InvokeCommand,
    }));
    const email = await registered();
    const job: MailJob = { kind: 'forgot', email, base: api.url };
    const { handler } = await import('../../functions/account/password-forgot.ts');
    // Act
    await outboxed.post(job);
    const event = JSON.parse(Buffer.from(sent[0]!.input.Payload as Uint8Array).toString('utf8'));
    await (handler as unknown as (e: unknown) => Promise<unknown>)(event);
    // Assess
    expect(sent[0]!.input).toMatchObject({
      FunctionName: 'TravelDataApi-AccountPasswordForgot',
      InvocationType: 'Event',
    });
    expect(event).toEqual({ outbox: job });
    expect(outbox.at(-1)).toMatchObject({ to: email, link: expect.stringMatching(/#reset=[\w-]{43}$/) });
  });
});
