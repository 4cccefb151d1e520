// The card's DynamoDB client as keyed functions deploy it (infra/dynamodb-client.ts): bundled once,
// beside each function that requires it, with every command the stores send; a bundled function then
// answers against DynamoDB (dynalite) from a directory with no other node_modules, as on Lambda.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { bundleFunction } from '../../infra/bundling.ts';
import { BUNDLED_SDK_EXPORTS, bundledSdkSource } from '../../infra/dynamodb-client.ts';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { routes } from '../../shared/routes/index.ts';
import { apiEvent } from '../helpers/events.ts';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const CLIENT = 'node_modules/@aws-sdk/client-dynamodb/index.js';

/** Every `.ts` file under a directory of the project. */
function sources(dir: string): string[] {
  return readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => resolve(ROOT, dir, f))
    .filter((f) => statSync(f).isFile());
}

/** Runs `script` (CommonJS) in a fresh Node process in `cwd`, with a Lambda environment; parses its last line. */
async function node<T>(cwd: string, script: string, env: Record<string, string>): Promise<T> {
  const { stdout } = await run(process.execPath, ['-e', script], {
    cwd,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'silent',
      AWS_LAMBDA_FUNCTION_NAME: 'dynamodb-client-test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      ...env,
    },
    timeout: 60_000,
  });
  // The last line: the EMF metrics lines of a function on Lambda come first.
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}

describe('the bundled DynamoDB client', () => {
  let dir: string;
  let db: LocalDynamo;
  let sandbox: Sandbox;
  const key = 'bundled-client-test-key';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bundled-sdk-'));
    [db, sandbox] = await Promise.all([startDynalite(), startSandbox()]);
    const keyId = createHash('sha256').update(key).digest('hex');
    await db.client.send(
      new PutItemCommand({
        TableName: db.table,
        Item: { pk: { S: `KEY#${keyId}` }, tier: { S: 'free' }, name: { S: 'test' } },
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([db?.close(), sandbox?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every client and command a function uses', () => {
    // Prepare: the runtime exports of the real client, and the names the functions' sources use.
    const real = Object.keys(createRequire(import.meta.url)('@aws-sdk/client-dynamodb') as object);
    const used = new Set<string>();
    for (const file of [...sources('shared'), ...sources('functions')]) {
      const text = readFileSync(file, 'utf8');
      if (!/@aws-sdk\/client-dynamodb|store\/dynamo-client/.test(text)) continue;
      for (const [name] of text.matchAll(/\b[A-Z]\w*(?:Command|Client)\b/g))
        if (real.includes(name)) used.add(name);
      if (/\bfromEnv\(/.test(text)) used.add('fromEnv');
    }
    // Assess: the stores' commands are found (the scan works), and all of them are bundled.
    expect([...used]).toEqual(
      expect.arrayContaining(['DynamoDBClient', 'GetItemCommand', 'UpdateItemCommand']),
    );
    const bundled: string[] = Object.values(BUNDLED_SDK_EXPORTS).flat();
    expect([...used].filter((name) => !bundled.includes(name))).toEqual([]);
  });

  it('is built once per installed SDK, without the default chain, and read from its cache after', async () => {
    // Act: a build into an empty cache, then the same call again
    const cache = join(dir, 'cache');
    const built = await bundledSdkSource(ROOT, cache);
    const [file] = readdirSync(cache);
    const again = await bundledSdkSource(ROOT, cache);
    // Assess: one file in the cache, the same source both times, naming the SDK's version, with the
    // commands, and the default chain's place taken by the refusal
    expect(readdirSync(cache)).toEqual([file]);
    expect(again).toBe(built);
    expect(readFileSync(join(cache, file!), 'utf8')).toBe(built);
    const version = (
      createRequire(import.meta.url)('@aws-sdk/client-dynamodb/package.json') as { version: string }
    ).version;
    expect(built.split('\n', 1)[0]).toContain(`@aws-sdk/client-dynamodb@${version}`);
    expect(built).toContain('default credentials chain is not bundled');
    expect(built).not.toMatch(/credential-provider-(sso|ini|process|web-identity)/);
  }, 120_000);

  it('goes beside a keyed function, which answers from its own directory against DynamoDB', async () => {
    // Prepare: the function bundled as the stack deploys it, outside the project's node_modules.
    const out = join(dir, 'reviews');
    await bundleFunction(routes.mapsReviews.handler, out);
    const { example } = routes.mapsReviews;
    const url = new URL(example, 'http://api.example.test');
    const event = apiEvent({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { 'x-api-key': key },
    });
    // Act
    const result = await node<{ resolved: string; statusCode: number }>(
      out,
      `const { handler } = require('./index.js');
handler(${JSON.stringify(event)}, { getRemainingTimeInMillis: () => 28000, awsRequestId: 'x' }).then((r) =>
  process.stdout.write(JSON.stringify({ resolved: require.resolve('@aws-sdk/client-dynamodb', { paths: [process.cwd()] }), statusCode: r.statusCode }), () => process.exit(0)));`,
      {
        COUNTER_TABLE: db.table,
        AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
        PROVIDERS: JSON.stringify(sandbox.providers()),
      },
    );
    // Assess: the bundled copy answered the key lookup and the quota (a 401 or 500 otherwise).
    expect(result).toEqual({ resolved: join(out, CLIENT), statusCode: 200 });
    expect(statSync(join(out, CLIENT)).size).toBeLessThan(260 * 1024);
  }, 120_000);

  it('is left out of a function that never counts', async () => {
    const out = join(dir, 'page');
    await bundleFunction(routes.docs.handler, out);
    expect(existsSync(join(out, 'index.js'))).toBe(true);
    expect(existsSync(join(out, 'node_modules'))).toBe(false);
  }, 120_000);

  it("reports a failed condition by the error's name, and refuses the default credentials chain", async () => {
    const out = join(dir, 'reviews');
    const names = await node<string[]>(
      out,
      `const { DynamoDBClient, UpdateItemCommand } = require('@aws-sdk/client-dynamodb');
const { fromEnv } = require('@aws-sdk/credential-provider-env');
const update = new UpdateItemCommand({ TableName: ${JSON.stringify(db.table)}, Key: { pk: { S: 'absent' } },
  UpdateExpression: 'SET n = :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': { N: '1' } } });
const settle = (p) => p.then(() => 'sent', (e) => e.name + ': ' + e.message);
Promise.all([
  settle(new DynamoDBClient({ credentials: fromEnv() }).send(update)),
  settle(new DynamoDBClient({}).send(update)),
]).then((r) => process.stdout.write(JSON.stringify(r), () => process.exit(0)));`,
      { AWS_ENDPOINT_URL_DYNAMODB: db.endpoint },
    );
    expect(names[0]).toMatch(/^ConditionalCheckFailedException: /);
    expect(names[1]).toMatch(/default credentials chain is not bundled/);
  }, 120_000);
});
