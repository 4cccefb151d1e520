/**
 * What the DynamoDB client costs a keyed function's cold start, before and after the cold-start work of
 * #26 (shared/store/dynamo-client.ts, store/index.ts), interleaved in one run against one dynalite: each
 * sample is a fresh `node` process that loads a bundle of the stores (esbuild, the Lambda settings, the SDK
 * external as on Lambda) with the Lambda environment, lets the runtime's init end (the next macrotask),
 * then makes the first request a keyed call makes (the key lookup, a GetItem).
 * - init: the bundle's `require` and what it starts before the runtime asks for the first event;
 * - first request: from the invocation to the key lookup's answer (what the first caller waits for);
 * - total: both.
 * "before" is the stores as of BASE (default: the commit before the change), "after" the working tree, and
 * "after, default chain" the working tree's stores with a client on the default credentials chain.
 * @example node --disable-warning=ExperimentalWarning tests/store/dynamo-cold.ts 15
 */
import * as esbuild from 'esbuild';
import { execFileSync, execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { lambdaBundleOptions } from '../../infra/bundling.ts';
import { startDynalite } from '../helpers/dynalite.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BASE = process.env.BASE ?? 'cfd94da';
const RUNS = Number(process.argv[2] ?? 15);
const WORK = resolve(ROOT, 'tmp/dynamo-cold');

// The stores as they were at BASE, beside the working tree's.
rmSync(WORK, { recursive: true, force: true });
mkdirSync(resolve(WORK, 'before'), { recursive: true });
execFileSync('sh', ['-c', `git archive ${BASE} shared | tar -x -C ${resolve(WORK, 'before')}`], {
  cwd: ROOT,
});

const entry = (tree: string) => `
import { stores } from '${tree}/shared/store/index.ts';
globalThis.firstRequest = async () => (await stores()).keys.lookup('0'.repeat(64));
`;
// "after, default chain": the same, with the client of before (the default credentials chain), to tell
// the credentials' share from the rest.
const defaultChain = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoStores } from '${ROOT}/shared/store/dynamodb.ts';
const stores = dynamoStores(process.env.COUNTER_TABLE, new DynamoDBClient({}));
globalThis.firstRequest = async () => stores.keys.lookup('0'.repeat(64));
`;
const bundles: Record<string, string> = {};
for (const [name, source] of [
  ['before', entry(resolve(WORK, 'before'))],
  ['after', entry(ROOT)],
  ['after, default chain', defaultChain],
] as const) {
  writeFileSync(resolve(WORK, `${name.replace(/\W+/g, '-')}-entry.ts`), source);
  await esbuild.build({
    ...lambdaBundleOptions,
    entryPoints: [resolve(WORK, `${name.replace(/\W+/g, '-')}-entry.ts`)],
    outfile: resolve(WORK, `${name.replace(/\W+/g, '-')}.cjs`),
    sourcemap: false,
    logLevel: 'error',
  });
  bundles[name] = resolve(WORK, `${name.replace(/\W+/g, '-')}.cjs`);
}

// One cold process: init (require, then the runtime's next macrotask), then the first request.
const probe = `
const t0 = performance.now();
require(process.argv[1]);
setImmediate(async () => {
  const t1 = performance.now();
  await globalThis.firstRequest();
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ init: t1 - t0, first: t2 - t1, total: t2 - t0 }));
});
`;

const db = await startDynalite('cold');
const env = {
  PATH: process.env.PATH ?? '',
  COUNTER_TABLE: db.table,
  AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'cold',
  AWS_SECRET_ACCESS_KEY: 'cold',
  AWS_SESSION_TOKEN: 'cold',
  AWS_LAMBDA_FUNCTION_NAME: 'cold',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  LOG_LEVEL: 'silent',
};

type Sample = { init: number; first: number; total: number };
const NAMES = Object.keys(bundles);
const samples: Record<string, Sample[]> = Object.fromEntries(NAMES.map((n) => [n, []]));
const run = promisify(execFile);
for (let i = 0; i < RUNS + 1; i++)
  for (const name of i % 2 ? NAMES : [...NAMES].reverse()) {
    const { stdout } = await run(process.execPath, ['-e', probe, bundles[name]!], { env, cwd: WORK });
    if (i > 0) samples[name]!.push(JSON.parse(stdout) as Sample); // the first round warms the disk cache
  }
await db.close();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 4)]!.toFixed(1)}–${s[Math.floor((3 * s.length) / 4)]!.toFixed(1)}`;
};
console.log(`DynamoDB client cold start, ${RUNS} fresh processes each, interleaved (median, quartiles), ms`);
console.log('| | init | first request | total |');
console.log('| --- | ---: | ---: | ---: |');
for (const name of NAMES) {
  const s = samples[name]!;
  const cell = (k: keyof Sample) =>
    `${median(s.map((x) => x[k])).toFixed(1)} (${quartiles(s.map((x) => x[k]))})`;
  console.log(`| ${name} | ${cell('init')} | ${cell('first')} | ${cell('total')} |`);
}
for (const name of NAMES.slice(1)) {
  const ratio = (k: keyof Sample) =>
    (median(samples[name]!.map((x) => x[k])) / median(samples.before!.map((x) => x[k]))).toFixed(2);
  console.log(
    `${name}/before: init ${ratio('init')}, first request ${ratio('first')}, total ${ratio('total')}`,
  );
}
