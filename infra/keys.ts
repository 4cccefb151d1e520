/**
 * `npm run keys -- <create|list|revoke> [options]`: issues, lists and revokes API keys.
 *
 * With `--stack NAME` (deployed): create makes the API Gateway key, attaches it to its tier's usage
 * plan and records `KEY#<sha256>` with the tier in the counters table (how a function learns a key's
 * tier); revoke deletes the gateway key and marks the item revoked with a TTL. The key is printed
 * once and stored nowhere in plain text.
 * Without `--stack` (local): manages the `API_KEYS` line that `npm start` reads.
 *
 * With `--account EMAIL` (deployed): works on a dashboard account, by the same rules as the dashboard
 * (shared/accounts/service.ts): create and revoke its keys (on its plan's tier, within its cap, at the edge
 * and in the table), list them, and `plan --tier` to move the account and its live keys to another tier;
 * `accounts` lists the accounts.
 *
 * @example npm run keys -- create --tier pro --name acme-prod --stack TravelDataApi
 * @example npm run keys -- create --tier free --name me   # prints API_KEYS="…"
 * @example npm run keys -- plan --account ann@example.com --tier pro --stack TravelDataApi
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient, PutItemCommand, ScanCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoCounterStore } from '../shared/store/dynamodb.ts';
import { pagedItems } from '../shared/store/pages.ts';
import { DynamoAccountStore } from '../shared/accounts/dynamo-store.ts';
import { ApiGatewayKeys } from '../shared/accounts/gateway.ts';
import { LOG_MAILER } from '../shared/accounts/mailer.ts';
import { Email } from '../shared/accounts/model.ts';
import {
  createKey as createAccountKey,
  revokeKey as revokeAccountKey,
  setPlan,
} from '../shared/accounts/keys.ts';
import { AccountError, type Services } from '../shared/accounts/service.ts';
import { hashKey } from '../shared/hash.ts';
import { MemoryKeyStore } from '../shared/store/memory.ts';
import { Tier, type Account } from '../shared/store/types.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** How long a revoked key's item stays (for audit) before TTL removes it. */
const REVOKED_RETENTION_DAYS = 30;

/** A 40-character key from a CSPRNG; bytes past the last whole multiple of 62 are dropped to avoid bias. */
export function newKey(length = 40): string {
  let key = '';
  while (key.length < length) {
    for (const b of randomBytes(length)) if (b < 248 && key.length < length) key += ALPHABET[b % 62];
  }
  return key;
}

export interface Deployment {
  table: string;
  usagePlans: Record<Tier, string>;
  apigw: Pick<APIGatewayClient, 'send'>;
  dynamo: Pick<DynamoDBClient, 'send'>;
}

export interface IssuedKey {
  key: string;
  keyId: string;
  tier: Tier;
  name: string;
}

export async function createKey(d: Deployment, tier: Tier, name: string): Promise<IssuedKey> {
  const key = newKey();
  const keyId = hashKey(key);
  const created = await d.apigw.send(
    new CreateApiKeyCommand({ name, enabled: true, value: key, tags: { tier } }),
  );
  await d.apigw.send(
    new CreateUsagePlanKeyCommand({
      usagePlanId: d.usagePlans[tier],
      keyId: created.id!,
      keyType: 'API_KEY',
    }),
  );
  await d.dynamo.send(
    new PutItemCommand({
      TableName: d.table,
      Item: {
        pk: { S: `KEY#${keyId}` },
        tier: { S: tier },
        name: { S: name },
        api_key_id: { S: created.id! },
        created_at: { S: new Date().toISOString() },
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { key, keyId, tier, name };
}

export interface KeyListing {
  keyId: string;
  name: string;
  tier: string;
  created_at: string;
  revoked: boolean;
  api_key_id: string;
}

/** The table's items whose pk starts with `prefix`: a scan, an operator's command, not a request path. */
const scanned = (d: Deployment, prefix: string) =>
  pagedItems((start) =>
    d.dynamo.send(
      new ScanCommand({
        TableName: d.table,
        FilterExpression: 'begins_with(pk, :prefix)',
        ExpressionAttributeValues: { ':prefix': { S: prefix } },
        ExclusiveStartKey: start,
      }),
    ),
  );

export async function listKeys(d: Deployment): Promise<KeyListing[]> {
  const rows = (await scanned(d, 'KEY#')).map((item) => ({
    keyId: item.pk!.S!.slice(4),
    name: item.name?.S ?? '',
    tier: item.tier?.S ?? '',
    created_at: item.created_at?.S ?? '',
    revoked: item.revoked?.BOOL ?? false,
    api_key_id: item.api_key_id?.S ?? '',
  }));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

export async function revokeKey(d: Deployment, name: string): Promise<KeyListing[]> {
  const matches = (await listKeys(d)).filter((k) => k.name === name && !k.revoked);
  for (const k of matches) {
    if (k.api_key_id) await d.apigw.send(new DeleteApiKeyCommand({ apiKey: k.api_key_id }));
    await d.dynamo.send(
      new UpdateItemCommand({
        TableName: d.table,
        Key: { pk: { S: `KEY#${k.keyId}` } },
        UpdateExpression: 'SET revoked = :t, expires_at = :exp',
        ExpressionAttributeValues: {
          ':t': { BOOL: true },
          ':exp': { N: String(Math.floor(Date.now() / 1000) + REVOKED_RETENTION_DAYS * 86_400) },
        },
      }),
    );
  }
  return matches;
}

async function deployment(stack: string): Promise<Deployment> {
  const out = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stack }));
  const outputs = Object.fromEntries(
    (out.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]),
  );
  const need = (k: string) =>
    outputs[k] ??
    (() => {
      throw new Error(`stack ${stack} has no output ${k}`);
    })();
  return {
    table: need('CountersTable'),
    usagePlans: {
      free: need('UsagePlanFree'),
      basic: need('UsagePlanBasic'),
      pro: need('UsagePlanPro'),
      enterprise: need('UsagePlanEnterprise'),
    },
    apigw: new APIGatewayClient({}),
    dynamo: new DynamoDBClient({}),
  };
}

/** Local mode: the API_KEYS line after a change. Keys are `key:tier`; names are not kept locally. */
export function localKeys(command: string, current: string, tier: Tier): { line: string; key?: string } {
  const entries = current
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  MemoryKeyStore.fromSpec(current); // validates the existing line
  if (command === 'create') {
    const key = newKey();
    return { line: [...entries, `${key}:${tier}`].join(','), key };
  }
  return { line: entries.join(',') };
}

const USAGE =
  'usage: npm run keys -- create --tier <free|basic|pro|enterprise> --name <name> [--stack <stack>]\n' +
  '       npm run keys -- list [--stack <stack>]\n       npm run keys -- revoke --name <name> --stack <stack>\n' +
  '       npm run keys -- <create|revoke> --account <email> --name <name> --stack <stack>\n' +
  '       npm run keys -- list --account <email> --stack <stack>\n' +
  '       npm run keys -- plan --account <email> --tier <tier> --stack <stack>\n' +
  '       npm run keys -- accounts --stack <stack>';

/** The account rules over a deployment's table and gateway; no mail is sent from here. */
export function accountServices(d: Deployment): Services {
  return {
    store: new DynamoAccountStore(d.dynamo as DynamoDBClient, d.table),
    mailer: LOG_MAILER,
    gateway: new ApiGatewayKeys({ plans: d.usagePlans, client: d.apigw }),
    counters: new DynamoCounterStore(d.dynamo as DynamoDBClient, d.table),
  };
}

export interface AccountListing {
  email: string;
  tier: string;
  verified: boolean;
  live_keys: number;
  created_at: string;
}

/** Every account of the deployment. */
export async function listAccounts(d: Deployment): Promise<AccountListing[]> {
  const rows = (await scanned(d, 'ACCOUNT#')).map((item) => ({
    email: item.email?.S ?? '',
    tier: item.tier?.S ?? '',
    verified: item.verified?.BOOL ?? false,
    live_keys: Number(item.live_keys?.N ?? 0),
    created_at: new Date(Number(item.created_at?.N ?? 0)).toISOString(),
  }));
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * `--account` commands: the account's keys and plan. Returns the exit code.
 * @example await accountCommand(d, 'create', 'ann@example.com', { name: 'ci' }, console.log)
 */
export async function accountCommand(
  d: Deployment,
  command: string,
  email: string,
  options: { name?: string; tier?: Tier },
  print: (line: string) => void,
): Promise<number> {
  const services = accountServices(d);
  const address = Email.safeParse(email);
  const account: Account | undefined = address.success
    ? await services.store.findByEmail(address.data)
    : undefined;
  if (!account) {
    print(`no account ${email}`);
    return 1;
  }
  try {
    if (command === 'create') {
      const made = await createAccountKey(services, account, options.name!);
      print(
        `new ${made.tier} key "${made.name}" for ${account.email} (shown once, store it now): ${made.key}`,
      );
    } else if (command === 'revoke') {
      const named = account.keys.filter((k) => k.name === options.name && !k.revokedAt);
      for (const key of named) await revokeAccountKey(services, account, key.id);
      print(
        named.length
          ? `revoked ${named.length} key(s) named ${options.name}`
          : `no live key named ${options.name}`,
      );
      if (!named.length) return 1;
    } else if (command === 'plan') {
      await setPlan(services, account, options.tier!);
      print(`${account.email} is on the ${options.tier} tier, with its live keys`);
    } else {
      for (const k of account.keys)
        print(
          `${k.id}  ${k.prefix}…  ${k.tier.padEnd(10)} ${k.revokedAt ? 'revoked' : 'active '}  ${new Date(k.createdAt).toISOString()}  ${k.name}`,
        );
    }
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    print(`${error.code}: ${error.message}`);
    return 1;
  }
  return 0;
}

export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tier: { type: 'string' },
      name: { type: 'string' },
      stack: { type: 'string' },
      account: { type: 'string' },
    },
  });
  const [command] = positionals;
  const accountCommands = values.account ? ['create', 'list', 'revoke', 'plan'] : ['accounts'];
  if (!command || ![...accountCommands, 'create', 'list', 'revoke'].includes(command)) {
    print(USAGE);
    return 2;
  }
  if (command === 'plan' && !values.tier) {
    print(`--tier is required\n${USAGE}`);
    return 2;
  }
  if ((values.account || command === 'accounts') && !values.stack) {
    print(`accounts live in the deployment (locally, in npm start's memory): --stack is required\n${USAGE}`);
    return 2;
  }
  const tier = Tier.safeParse(values.tier ?? 'free');
  if (!tier.success) {
    print(`unknown tier ${values.tier}\n${USAGE}`);
    return 2;
  }
  if (
    !['list', 'plan', 'accounts'].includes(command) &&
    !values.name &&
    (command === 'revoke' || values.stack)
  ) {
    print(`--name is required\n${USAGE}`);
    return 2;
  }

  if (!values.stack) {
    const current = process.env.API_KEYS ?? '';
    if (command === 'list') {
      for (const entry of current.split(',').filter(Boolean)) {
        const at = entry.lastIndexOf(':');
        print(`${hashKey(entry.slice(0, at)).slice(0, 12)}  ${entry.slice(at + 1)}`);
      }
      return 0;
    }
    if (command === 'revoke') {
      print('revoke needs --stack; locally, remove the key from API_KEYS');
      return 2;
    }
    const { line, key } = localKeys(command, current, tier.data);
    print(`new ${tier.data} key: ${key}`);
    print(`API_KEYS="${line}"`);
    return 0;
  }

  const d = await deployment(values.stack);
  if (command === 'accounts') {
    for (const a of await listAccounts(d))
      print(
        `${a.email}  ${a.tier.padEnd(10)} ${a.verified ? 'verified  ' : 'unverified'}  ${a.live_keys} live key(s)  ${a.created_at}`,
      );
    return 0;
  }
  if (values.account)
    return accountCommand(d, command, values.account, { name: values.name, tier: tier.data }, print);
  if (command === 'create') {
    const issued = await createKey(d, tier.data, values.name!);
    print(`new ${issued.tier} key "${issued.name}" (shown once, store it now): ${issued.key}`);
  } else if (command === 'list') {
    for (const k of await listKeys(d))
      print(
        `${k.keyId.slice(0, 12)}  ${k.tier.padEnd(10)} ${k.revoked ? 'revoked' : 'active '}  ${k.created_at}  ${k.name}`,
      );
  } else {
    const revoked = await revokeKey(d, values.name!);
    print(
      revoked.length
        ? `revoked ${revoked.length} key(s) named ${values.name}`
        : `no active key named ${values.name}`,
    );
    if (!revoked.length) return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
