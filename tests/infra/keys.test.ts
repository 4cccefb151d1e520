// The keys command: its table side against dynalite, its API Gateway side against a recording client
// (API Gateway has no local stand-in), and its local API_KEYS mode.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import {
  createKey,
  listKeys,
  localKeys,
  main,
  newKey,
  revokeKey,
  type Deployment,
} from '../../infra/keys.ts';
import { DynamoKeyStore } from '../../shared/store/dynamodb.ts';
import { hashKey } from '../../shared/hash.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';

let db: LocalDynamo;
const sent: { name: string; input: Record<string, unknown> }[] = [];
let deployment: Deployment;

beforeAll(async () => {
  db = await startDynalite('keys');
  let n = 0;
  const apigw = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      return command.constructor.name === 'CreateApiKeyCommand' ? { id: `apikey-${++n}` } : {};
    },
  } as unknown as Pick<APIGatewayClient, 'send'>;
  deployment = {
    table: db.table,
    usagePlans: { free: 'plan-free', basic: 'plan-basic', pro: 'plan-pro', enterprise: 'plan-ent' },
    apigw,
    dynamo: db.client,
  };
});
afterAll(async () => {
  await db.close();
});

describe('keys', () => {
  it('creates a gateway key on its tier plan and records only its hash with the tier', async () => {
    const issued = await createKey(deployment, 'pro', 'acme');
    expect(issued.key).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(sent.map((s) => s.name)).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand']);
    expect(sent[0]!.input).toMatchObject({ name: 'acme', value: issued.key, enabled: true });
    expect(sent[1]!.input).toEqual({ usagePlanId: 'plan-pro', keyId: 'apikey-1', keyType: 'API_KEY' });
    const store = new DynamoKeyStore(db.client, db.table);
    expect(await store.lookup(hashKey(issued.key))).toEqual({
      keyId: hashKey(issued.key),
      tier: 'pro',
      name: 'acme',
    });
    const listed = await listKeys(deployment);
    expect(JSON.stringify(listed)).not.toContain(issued.key);
  });

  it('revokes by name: deletes the gateway key and the functions stop accepting it', async () => {
    const issued = await createKey(deployment, 'free', 'to-revoke');
    const revoked = await revokeKey(deployment, 'to-revoke');
    expect(revoked).toHaveLength(1);
    expect(sent.at(-1)).toEqual({ name: 'DeleteApiKeyCommand', input: { apiKey: revoked[0]!.api_key_id } });
    expect(await new DynamoKeyStore(db.client, db.table).lookup(hashKey(issued.key))).toBeUndefined();
    expect((await listKeys(deployment)).find((k) => k.name === 'to-revoke')?.revoked).toBe(true);
  });

  it('makes unbiased 40-character keys that differ', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newKey()));
    expect(keys.size).toBe(200);
  });

  it('locally, appends a key to the API_KEYS line', () => {
    const { line, key } = localKeys('create', 'a:free', 'basic');
    expect(line).toBe(`a:free,${key}:basic`);
  });

  it('refuses unknown commands and tiers with usage', async () => {
    const out: string[] = [];
    expect(await main(['bogus'], (l) => out.push(l))).toBe(2);
    expect(await main(['create', '--tier', 'gold'], (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toMatch(/usage: npm run keys/);
  });
});
