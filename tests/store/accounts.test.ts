// Accounts in DynamoDB, against dynalite on loopback: the email claimed once, verification by the latest
// nonce, the per-account key cap held under concurrent creations, revocation and rotation, sessions,
// throttle counts, keys usable by the API at once; the account rules over the table with a recording API
// Gateway (the edge side of keys), the operators' `npm run keys -- … --account`; and what a counted
// request costs: DynamoDB writes per request, measured on the real handler.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { accountCommand, listAccounts, type Deployment } from '../../infra/keys.ts';
import { sha256 } from '../../shared/accounts/crypto.ts';
import { DynamoAccountStore } from '../../shared/accounts/dynamo-store.ts';
import { ApiGatewayKeys } from '../../shared/accounts/gateway.ts';
import { SesMailer, type Mail } from '../../shared/accounts/mailer.ts';
import { signIn, signUp, verify } from '../../shared/accounts/credentials.ts';
import { createKey, deleteAccount, revokeKey, rotateKey } from '../../shared/accounts/keys.ts';
import type { Services } from '../../shared/accounts/service.ts';
import type { Account, AccountKey } from '../../shared/store/types.ts';
import { endpointCode } from '../../shared/http/daily-quota.ts';
import { routeEntries } from '../../shared/routes/index.ts';
import { useStores } from '../../shared/store/index.ts';
import { DynamoCounterStore, DynamoKeyStore, dynamoStores } from '../../shared/store/dynamodb.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';
import { apiEvent, lambdaContext } from '../helpers/events.ts';

let db: LocalDynamo;
let store: DynamoAccountStore;
const gatewayCalls: { name: string; input: Record<string, unknown> }[] = [];
const PLANS = { free: 'plan-free', basic: 'plan-basic', pro: 'plan-pro', enterprise: 'plan-ent' };
let apigw: Pick<APIGatewayClient, 'send'>;

beforeAll(async () => {
  db = await startDynalite('accounts');
  store = new DynamoAccountStore(db.client, db.table);
  let n = 0;
  apigw = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      gatewayCalls.push({ name: command.constructor.name, input: command.input });
      return command.constructor.name === 'CreateApiKeyCommand' ? { id: `gw-${++n}` } : {};
    },
  } as unknown as Pick<APIGatewayClient, 'send'>;
});
afterAll(async () => {
  await db.close();
});

let n = 0;
function account(extra: Partial<Account> = {}): Account {
  const id = `acct-${++n}`;
  return {
    id,
    email: `${id}@example.test`,
    passwordHash: 'scrypt$x',
    verified: false,
    tier: 'free',
    createdAt: Date.now(),
    verifyNonce: 'nonce-1',
    keys: [],
    ...extra,
  };
}
const key = (i: number, extra: Partial<AccountKey> = {}): AccountKey => ({
  id: String(i).padStart(16, '0'),
  keyId: sha256(`key-${n}-${i}`),
  name: `key ${i}`,
  prefix: 'abcdefgh',
  tier: 'free',
  createdAt: Date.now(),
  ...extra,
});
const DAY = 86_400_000;

describe('DynamoAccountStore', () => {
  it('claims an email once; an unverified claim past its life can be taken again', async () => {
    const first = account({ email: 'claimed@example.test' });
    const expired = account({ email: 'lapsed@example.test' });
    expect(await store.createAccount(first, Date.now() + DAY)).toBe('created');
    expect(await store.createAccount(account({ email: 'claimed@example.test' }), Date.now() + DAY)).toBe(
      'exists',
    );
    await store.createAccount(expired, Date.now() - 1000);
    expect(await store.findByEmail('lapsed@example.test')).toBeUndefined();
    expect(await store.createAccount(account({ email: 'lapsed@example.test' }), Date.now() + DAY)).toBe(
      'created',
    );
    expect((await store.findByEmail('claimed@example.test'))?.id).toBe(first.id);
  });

  it('verifies only with the latest nonce, and keeps a verified account for good', async () => {
    const a = account();
    await store.createAccount(a, Date.now() + DAY);
    await store.restartUnverified(a.id, 'scrypt$y', 'nonce-2', Date.now() + DAY);
    expect(await store.markVerified(a.id, 'nonce-1')).toBe(false);
    expect(await store.markVerified(a.id, 'nonce-2')).toBe(true);
    const claim = await db.client.send(
      new GetItemCommand({ TableName: db.table, Key: { pk: { S: `EMAIL#${sha256(a.email)}` } } }),
    );
    expect(claim.Item?.expires_at).toBeUndefined();
    expect(await store.getAccount(a.id)).toMatchObject({ verified: true, passwordHash: 'scrypt$y' });
  });

  it('spends the nonce on verification: the same link verifies once, no other link after', async () => {
    const a = account();
    await store.createAccount(a, Date.now() + DAY);
    expect(await store.markVerified(a.id, a.verifyNonce)).toBe(true);
    expect(await store.markVerified(a.id, a.verifyNonce)).toBe(false);
  });

  it('keeps one live reset link an account: a newer one or a used one ends the others; peeking spends nothing', async () => {
    // Prepare: two links of one account
    const a = account();
    await store.createAccount(a, Date.now() + DAY);
    await store.putReset('r1', a.id, 'n1', Date.now() + 60_000);
    await store.putReset('r2', a.id, 'n2', Date.now() + 60_000);
    // Act
    const peeked = [await store.peekReset('r2'), await store.peekReset('r2')];
    const older = await store.setPassword(a.id, 'scrypt$old', Date.now(), 'n1');
    const taken = await store.takeReset('r2');
    const newer = await store.setPassword(a.id, 'scrypt$new', Date.now(), 'n2');
    const again = await store.setPassword(a.id, 'scrypt$again', Date.now(), 'n2');
    // Assess
    expect(peeked).toEqual([
      { accountId: a.id, nonce: 'n2' },
      { accountId: a.id, nonce: 'n2' },
    ]);
    expect([older, newer, again]).toEqual([false, true, false]);
    expect(taken).toEqual({ accountId: a.id, nonce: 'n2' });
    expect(await store.takeReset('r2')).toBeUndefined();
    const after = await store.getAccount(a.id);
    expect(after).toMatchObject({ passwordHash: 'scrypt$new', verified: true });
    expect(after?.resetNonce).toBeUndefined();
  });

  it('keeps a device cookie by hash for its account until it expires', async () => {
    await store.putDevice('d1', 'acct-d', Date.now() + 60_000);
    await store.putDevice('d2', 'acct-d', Date.now() - 1_000);
    expect(await store.getDevice('d1')).toBe('acct-d');
    expect(await store.getDevice('d2')).toBeUndefined();
    expect(await store.getDevice('d3')).toBeUndefined();
  });

  it('lets exactly the cap of keys through when 25 are added at once', async () => {
    const a = account();
    await store.createAccount(a, Date.now() + DAY);
    const results = await Promise.all(Array.from({ length: 25 }, (_v, i) => store.addKey(a.id, key(i), 10)));
    expect(results.filter((r) => r === 'done')).toHaveLength(10);
    expect((await store.getAccount(a.id))!.keys).toHaveLength(10);
  });

  it('revokes a key once; rotation revokes and adds in one change, the live count unchanged', async () => {
    const a = account();
    await store.createAccount(a, Date.now() + DAY);
    await store.addKey(a.id, key(1), 2);
    await store.addKey(a.id, key(2), 2);
    expect(await store.revokeKey(a.id, key(1).id, Date.now())).toBe('done');
    expect(await store.revokeKey(a.id, key(1).id, Date.now())).toBe('revoked already');
    expect(await store.revokeKey(a.id, key(9).id, Date.now())).toBe('missing');
    expect(await store.replaceKey(a.id, key(2).id, key(3), Date.now())).toBe('done');
    expect(await store.replaceKey(a.id, key(2).id, key(4), Date.now())).toBe('revoked already');
    expect(await store.addKey(a.id, key(5), 2)).toBe('done');
    expect(await store.addKey(a.id, key(6), 2)).toBe('cap');
    const keys = (await store.getAccount(a.id))!.keys;
    expect(keys.filter((k) => !k.revokedAt).map((k) => k.id)).toEqual([key(3).id, key(5).id]);
  });

  it('makes a key usable by the API at once and refuses it once disabled', async () => {
    const k = key(1, { tier: 'basic' });
    await store.enableKey({
      keyId: k.keyId,
      tier: 'basic',
      name: 'ci',
      accountId: 'acct-x',
      gatewayId: 'gw-x',
    });
    expect(await new DynamoKeyStore(db.client, db.table).lookup(k.keyId)).toEqual({
      keyId: k.keyId,
      tier: 'basic',
      name: 'ci',
      accountId: 'acct-x',
    });
    await store.disableKey(k.keyId);
    expect(await new DynamoKeyStore(db.client, db.table).lookup(k.keyId)).toBeUndefined();
  });

  it('keeps sessions, verification tokens (taken once) and throttle counts by hash', async () => {
    await store.putSession('s1', { accountId: 'a', csrf: 'c', expiresAt: Date.now() + 1000 });
    expect(await store.getSession('s1')).toMatchObject({ accountId: 'a', csrf: 'c' });
    await store.deleteSession('s1');
    expect(await store.getSession('s1')).toBeUndefined();
    await store.putVerification('v1', 'a', 'nonce', Date.now() + 1000);
    expect(await store.takeVerification('v1')).toEqual({ accountId: 'a', nonce: 'nonce' });
    expect(await store.takeVerification('v1')).toBeUndefined();
    await store.putVerification('v2', 'a', 'nonce', Date.now() - 1000);
    expect(await store.takeVerification('v2')).toBeUndefined();
    const window = Math.floor(Date.now() / 60_000) * 60_000;
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => store.addAttempt('who', window, 60_000)),
    );
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await store.attempts('who', window)).toBe(5);
    expect(await store.attempts('who', window + 60_000)).toBe(0);
  });

  it("keeps the times of a throttle for its sliding window: any 15 minutes, not the clock's quarter hours", async () => {
    // Prepare: five times either side of a quarter hour, and one long before
    const quarter = Math.ceil(Date.now() / 900_000) * 900_000;
    await store.record('sliding', quarter - 3_600_000, 900_000);
    const at = [-6_000, -4_000, -2_000, 1_000, 3_000].map((d) => quarter + d);
    for (const t of at.slice(0, -1)) await store.record('sliding', t, 900_000);
    // Act
    const recorded = await store.record('sliding', at.at(-1)!, 900_000);
    // Assess: all five count in the window across the quarter hour; the old one does not
    expect(recorded).toEqual(at);
    expect(await store.recent('sliding', at.at(-1)! - 900_000)).toEqual(at);
    expect(await store.recent('sliding', at[2]!)).toEqual(at.slice(2));
  });
});

describe('the account rules over DynamoDB, with API Gateway', () => {
  const mails: Mail[] = [];
  let services: Services;
  beforeAll(() => {
    services = {
      store,
      mailer: { send: async (mail) => void mails.push(mail) },
      gateway: new ApiGatewayKeys({ plans: PLANS, client: apigw }),
      counters: new DynamoCounterStore(db.client, db.table),
    };
  });

  it('signs up, verifies, signs in, and makes a key at the edge on its plan, removed from both on revocation', async () => {
    // Prepare
    await signUp(
      services,
      { email: 'dana@example.test', password: 'a long enough passphrase' },
      { base: 'https://x', address: '192.0.2.1' },
    );
    await verify(services, new URL(mails.at(-1)!.link!).hash.slice('#verify='.length));
    const { account: signedIn } = await signIn(
      services,
      { email: 'dana@example.test', password: 'a long enough passphrase' },
      '192.0.2.1',
    );
    gatewayCalls.length = 0;
    // Act
    const made = await createKey(services, signedIn, 'ci');
    const afterCreate = gatewayCalls.splice(0);
    const rotated = await rotateKey(services, (await store.getAccount(signedIn.id))!, made.id);
    const afterRotate = gatewayCalls.splice(0);
    await revokeKey(services, (await store.getAccount(signedIn.id))!, rotated.id);
    const afterRevoke = gatewayCalls.splice(0);
    // Assess
    expect(afterCreate).toEqual([
      { name: 'CreateApiKeyCommand', input: expect.objectContaining({ value: made.key, enabled: true }) },
      {
        name: 'CreateUsagePlanKeyCommand',
        input: { usagePlanId: 'plan-free', keyId: 'gw-1', keyType: 'API_KEY' },
      },
    ]);
    expect(afterRotate.map((c) => c.name)).toEqual([
      'CreateApiKeyCommand',
      'CreateUsagePlanKeyCommand',
      'DeleteUsagePlanKeyCommand',
      'DeleteApiKeyCommand',
    ]);
    expect(afterRotate[3]!.input).toEqual({ apiKey: 'gw-1' });
    expect(afterRevoke).toEqual([
      { name: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'plan-free', keyId: 'gw-2' } },
      { name: 'DeleteApiKeyCommand', input: { apiKey: 'gw-2' } },
    ]);
    const keys = new DynamoKeyStore(db.client, db.table);
    expect(await keys.lookup(sha256(made.key))).toBeUndefined();
    expect(await keys.lookup(sha256(rotated.key))).toBeUndefined();
  });

  it('deletes an account with its keys, in the table and at the edge', async () => {
    // Prepare: a verified account with two live keys and a revoked one
    const credentials = { email: 'erin@example.test', password: 'a long enough passphrase' };
    await signUp(services, credentials, { base: 'https://x', address: '192.0.2.2' });
    await verify(services, new URL(mails.at(-1)!.link!).hash.slice('#verify='.length));
    const { account } = await signIn(services, credentials, '192.0.2.2');
    const kept = [await createKey(services, account, 'a'), await createKey(services, account, 'b')];
    const gone = await createKey(services, account, 'c');
    await revokeKey(services, (await store.getAccount(account.id))!, gone.id);
    gatewayCalls.length = 0;
    // Act
    await deleteAccount(services, (await store.getAccount(account.id))!, credentials.password);
    // Assess: each live key's gateway key leaves its usage plan and is deleted; the revoked one is not touched
    const keys = new DynamoKeyStore(db.client, db.table);
    const deleted = gatewayCalls.filter((c) => c.name === 'DeleteApiKeyCommand').map((c) => c.input.apiKey);
    expect(deleted).toHaveLength(2);
    expect(gatewayCalls.filter((c) => c.name === 'DeleteUsagePlanKeyCommand')).toHaveLength(2);
    for (const key of [...kept, gone]) expect(await keys.lookup(sha256(key.key))).toBeUndefined();
    expect(await store.getAccount(account.id)).toBeUndefined();
  });

  it("npm run keys: an operator makes an account's key, moves the account to pro, and lists the accounts", async () => {
    // Prepare
    const d: Deployment = { table: db.table, usagePlans: PLANS, apigw, dynamo: db.client };
    const lines: string[] = [];
    const print = (line: string) => void lines.push(line);
    // Act
    const created = await accountCommand(d, 'create', 'Dana@example.test', { name: 'ops' }, print);
    gatewayCalls.length = 0;
    const planned = await accountCommand(d, 'plan', 'dana@example.test', { tier: 'pro' }, print);
    const moves = gatewayCalls.splice(0);
    const unknown = await accountCommand(d, 'list', 'nobody@example.test', {}, print);
    const accounts = await listAccounts(d);
    // Assess
    expect([created, planned, unknown]).toEqual([0, 0, 1]);
    const key = /: ([A-Za-z0-9]{40})$/.exec(lines[0]!)![1]!;
    expect(await new DynamoKeyStore(db.client, db.table).lookup(sha256(key))).toMatchObject({ tier: 'pro' });
    expect(moves.map((c) => [c.name, c.input.usagePlanId])).toEqual([
      ['DeleteUsagePlanKeyCommand', 'plan-free'],
      ['CreateUsagePlanKeyCommand', 'plan-pro'],
    ]);
    expect(accounts.find((a) => a.email === 'dana@example.test')).toMatchObject({
      tier: 'pro',
      verified: true,
      live_keys: 1,
    });
  });
});

describe('the edge and the mail, deployed', () => {
  it("finds this API stage's usage plans by tier, across pages, and ignores other APIs' plans", async () => {
    // Prepare: two pages of plans, one of another API and one of another stage
    const plan = (id: string, name: string, apiId = 'api-1', stage = 'prod') => ({
      id,
      name,
      apiStages: [{ apiId, stage }],
    });
    const pages: Record<string, { items: unknown[]; position?: string }> = {
      first: {
        items: [plan('p-free', 'travel-data-api-free'), plan('x-pro', 'travel-data-api-pro', 'api-2')],
        position: 'next',
      },
      next: {
        items: [plan('p-pro', 'travel-data-api-pro'), plan('d-pro', 'travel-data-api-pro', 'api-1', 'dev')],
      },
    };
    const calls: { name: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        calls.push({ name: command.constructor.name, input: command.input });
        if (command.constructor.name === 'GetUsagePlansCommand')
          return pages[String(command.input.position ?? 'first')];
        return command.constructor.name === 'CreateApiKeyCommand' ? { id: 'gw-new' } : {};
      },
    } as unknown as Pick<APIGatewayClient, 'send'>;
    const gateway = new ApiGatewayKeys({ restApiId: 'api-1', stage: 'prod', client });
    // Act
    await gateway.create('account-a-k', 'x'.repeat(40), 'pro');
    await gateway.create('account-a-k2', 'y'.repeat(40), 'free');
    // Assess: the plans are looked up once, then each key goes on its tier's plan of this API stage
    expect(calls.filter((c) => c.name === 'GetUsagePlansCommand')).toHaveLength(2);
    expect(
      calls.filter((c) => c.name === 'CreateUsagePlanKeyCommand').map((c) => c.input.usagePlanId),
    ).toEqual(['p-pro', 'p-free']);
    await expect(gateway.create('k3', 'z'.repeat(40), 'enterprise')).rejects.toThrow(
      /no usage plan for tier enterprise/,
    );
  });

  it('mails through SES from the configured sender', async () => {
    const sent: Record<string, unknown>[] = [];
    const ses = {
      send: async (command: { input: Record<string, unknown> }) => void sent.push(command.input),
    };
    await new SesMailer('no-reply@mail.example.test', ses as never).send({
      to: 'ann@example.test',
      subject: 'Verify',
      text: 'Open https://x/dashboard#verify=t',
    });
    expect(sent).toEqual([
      {
        FromEmailAddress: 'no-reply@mail.example.test',
        Destination: { ToAddresses: ['ann@example.test'] },
        Content: {
          Simple: {
            Subject: { Data: 'Verify', Charset: 'UTF-8' },
            Body: { Text: { Data: 'Open https://x/dashboard#verify=t', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });
});

describe('a counted request', () => {
  it('costs one DynamoDB write, which carries the per-endpoint count and the time of the call', async () => {
    // Prepare: the real coordinates handler on the DynamoDB stores, every command the client sends counted
    const client = db.client as DynamoDBClient;
    const sent: Record<string, number> = {};
    let units = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent[context.commandName!] = (sent[context.commandName!] ?? 0) + 1;
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
        units += consumed?.CapacityUnits ?? 0;
        return out;
      },
      { step: 'initialize', name: 'countCommands' },
    );
    useStores(await dynamoStores(db.table, client));
    const issued = key(1, { tier: 'pro' });
    const apiKey = 'a-counted-key-for-the-measurement';
    await store.enableKey({ keyId: sha256(apiKey), tier: 'pro', name: issued.name, accountId: 'acct-m' });
    const { handler } = await import('../../functions/meta/coordinates-lookup.ts');
    const call = () =>
      handler(
        apiEvent({
          path: '/v1/meta/coordinates-lookup',
          query: { term: 'paris', limit: '1' },
          headers: { 'x-api-key': apiKey },
        }),
        lambdaContext(),
      );
    await call(); // the key lookup, cached for a minute afterwards
    for (const k of Object.keys(sent)) delete sent[k];
    units = 0;
    // Act
    const REQUESTS = 50;
    const statuses = [];
    for (let i = 0; i < REQUESTS; i++) statuses.push((await call()).statusCode);
    // Assess
    expect(statuses).toEqual(Array(REQUESTS).fill(200));
    expect(sent).toEqual({ UpdateItemCommand: REQUESTS });
    expect(units / REQUESTS).toBe(1); // one write capacity unit: the item stays far below 1 KB
    console.log(
      `a counted request: ${JSON.stringify(sent)} over ${REQUESTS} requests, ${units / REQUESTS} WCU each`,
    );
    const usage = await new DynamoCounterStore(client, db.table).usage(
      [sha256(apiKey)],
      [new Date().toISOString().slice(0, 10)],
    );
    expect(usage.get(sha256(apiKey))![0]).toMatchObject({
      count: REQUESTS + 1,
      endpoints: { [endpointCode('coordinatesLookup')]: REQUESTS + 1 },
      lastAt: expect.any(Number),
    });
    // Even a key that calls every endpoint in a day keeps its item under 1 KB: still one unit a write.
    units = 0;
    const ids = routeEntries.map(([id]) => endpointCode(id));
    for (const id of ids)
      await new DynamoCounterStore(client, db.table).consume('every-endpoint', '2026-01-01', 1000, id);
    expect(units / ids.length).toBe(1);
  });

  it('reads 30 days of several keys in batches of 100, days without requests as zero', async () => {
    const counters = new DynamoCounterStore(db.client, db.table);
    const days = Array.from({ length: 30 }, (_v, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    await counters.consume('k1', '2026-01-03', 10, '/v1/a');
    await counters.consume('k1', '2026-01-03', 10, '/v1/b');
    await counters.consume('k4', '2026-01-30', 10);
    const usage = await counters.usage(['k1', 'k2', 'k3', 'k4'], days);
    expect(usage.get('k1')![2]).toMatchObject({
      day: '2026-01-03',
      count: 2,
      endpoints: { '/v1/a': 1, '/v1/b': 1 },
    });
    expect(usage.get('k2')!.every((d) => d.count === 0)).toBe(true);
    expect(usage.get('k4')!.at(-1)!.count).toBe(1);
  });
});
