/**
 * `npm run keys -- <create|list|revoke> [options]`: issues, lists and revokes API keys.
 *
 * With `--stack NAME` (deployed): create makes the API Gateway key, attaches it to its tier's usage
 * plan and records `KEY#<sha256>` with the tier in the counters table (how a function learns a key's
 * tier); revoke deletes the gateway key and marks the item revoked with a TTL. The key is printed
 * once and stored nowhere in plain text.
 * Without `--stack` (local): manages the `API_KEYS` line that `npm start` reads.
 *
 * @example npm run keys -- create --tier pro --name acme-prod --stack TravelDataApi
 * @example npm run keys -- create --tier free --name me   # prints API_KEYS="…"
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
import { hashKey, MemoryKeyStore } from '../shared/store/memory.ts';
import { Tier } from '../shared/store/types.ts';

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

export async function listKeys(d: Deployment): Promise<KeyListing[]> {
  const rows: KeyListing[] = [];
  let start: Record<string, never> | undefined;
  do {
    const page = await d.dynamo.send(
      new ScanCommand({
        TableName: d.table,
        FilterExpression: 'begins_with(pk, :key)',
        ExpressionAttributeValues: { ':key': { S: 'KEY#' } },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      rows.push({
        keyId: item.pk!.S!.slice(4),
        name: item.name?.S ?? '',
        tier: item.tier?.S ?? '',
        created_at: item.created_at?.S ?? '',
        revoked: item.revoked?.BOOL ?? false,
        api_key_id: item.api_key_id?.S ?? '',
      });
    }
    start = page.LastEvaluatedKey as typeof start;
  } while (start);
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
  '       npm run keys -- list [--stack <stack>]\n       npm run keys -- revoke --name <name> --stack <stack>';

export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tier: { type: 'string' }, name: { type: 'string' }, stack: { type: 'string' } },
  });
  const [command] = positionals;
  if (!command || !['create', 'list', 'revoke'].includes(command)) {
    print(USAGE);
    return 2;
  }
  const tier = Tier.safeParse(values.tier ?? 'free');
  if (!tier.success) {
    print(`unknown tier ${values.tier}\n${USAGE}`);
    return 2;
  }
  if (command !== 'list' && !values.name && (command === 'revoke' || values.stack)) {
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
