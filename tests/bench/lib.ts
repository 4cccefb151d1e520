/**
 * What the benchmark's sections share: statistics, the API Gateway event of a route's example, bundles
 * built as the stack builds them, a dynalite that counts the requests it answers, and the deployed-style
 * environment of a keyed function.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { Route } from '../../shared/routes/index.ts';
import { createStackTable, listenDynalite } from '../helpers/dynalite.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const OUT = resolve(ROOT, 'tests/bench/out');
/** The key every bench request carries; stored as the stack stores keys (its SHA-256, enterprise tier). */
export const BENCH_KEY = 'bench-first-invocation-key';

/** @example median([3, 1, 2]) // 2 */
export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Half the spread between the first and third quartile: the noise figure of a median. @example iqrHalf([1, 2, 3, 4]) */
export const iqrHalf = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]!;
  return (q(0.75) - q(0.25)) / 2;
};
/** @example kb(2048) // '2.0 KB' */
export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
/** @example ms(1.234) // '1.2 ms' */
export const ms = (n: number): string => `${n.toFixed(1)} ms`;

/**
 * The API Gateway (REST, v1) proxy event of a GET request, path parameters matched against the route's
 * path template, with the bench key when the route is keyed.
 * @example apiEvent(route, route.example)
 */
export function apiEvent(route: Route, target: string) {
  const url = new URL(target, 'http://bench.local');
  const names: string[] = [];
  const pattern = new RegExp(
    `^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => (names.push(name), '([^/]+)'))}$`,
  );
  const match = pattern.exec(url.pathname);
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod: 'GET',
    headers: route.auth ? { 'x-api-key': BENCH_KEY } : {},
    multiValueHeaders: {},
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    multiValueQueryStringParameters: null,
    pathParameters:
      match && names.length ? Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) : null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { domainName: 'bench.local', stage: 'prod', path: `/prod${url.pathname}` },
  };
}

export interface Bundle {
  name: string;
  outfile: string;
  /** The code one request loads at most: the file, or of a split bundle (MCP) its `requestBytes`. */
  bytes: number;
  /** Every file of the bundle (source maps left out): `bytes` but for a split bundle. */
  total: number;
  metafile: Metafile;
  /** What the deployed function finds in its environment about its own files (gazetteer, generated). */
  env: Record<string, string>;
}

const bundles = new Map<string, Promise<Bundle>>();

/** A tree's own bundling settings (infra/bundling.ts), so another checkout is bundled as it deploys. */
interface Bundling {
  lambdaBundleOptions: BuildOptions;
  /** A function's options as deployed, split for MCP (trees that split it). */
  bundleOptionsFor?(handler: string, outputDir: string): BuildOptions;
  packageJsonFor?(handler: string): string;
  requestBytes?(metafile: Metafile, choices: readonly string[]): { bytes: number; total: number };
  /** Writes the bundled DynamoDB client beside the bundle (trees that deploy one). */
  writeBundledSdk?(metafile: Metafile, outputDir: string): Promise<string[]>;
  assetsFor(handler: string): string[];
  generatedFor(
    handler: string,
    root: string,
  ): { variable: string; path: string; command(outputDir: string): string }[];
}

/**
 * The route's handler bundled with its tree's settings into `<root>/tests/bench/out`, with its assets and
 * generated files beside it; built once per run. `root`: another checkout (the "before" tree) or this one;
 * `routes`: that tree's, whose data handlers are MCP's choices (`requestBytes`).
 * @example const { outfile } = await bundleOf(route);
 */
export function bundleOf(route: Route, root = ROOT, routes: readonly Route[] = []): Promise<Bundle> {
  const name = route.handler.replace(/^functions\//, '').replace(/\.ts$/, '');
  let done = bundles.get(`${root} ${name}`);
  if (!done) {
    done = (async () => {
      const bundling = (await import(pathToFileURL(resolve(root, 'infra/bundling.ts')).href)) as Bundling;
      const { lambdaBundleOptions, writeBundledSdk, assetsFor, generatedFor } = bundling;
      const dir = resolve(root, 'tests/bench/out', name);
      rmSync(dir, { recursive: true, force: true });
      // As the tree deploys it: its own options when it has them (index.js beside the package.json that
      // says its module system, split for MCP), else one CommonJS file.
      const deployed = bundling.bundleOptionsFor?.(route.handler, dir);
      const outfile = resolve(dir, deployed ? 'index.js' : 'index.cjs');
      const result = await build({
        ...(deployed ?? { ...lambdaBundleOptions, entryPoints: [resolve(root, route.handler)], outfile }),
        logLevel: 'silent',
      });
      if (deployed) writeFileSync(resolve(dir, 'package.json'), bundling.packageJsonFor!(route.handler));
      const handlers = routes.filter((r) => r.auth && r.kind === undefined).map((r) => r.handler);
      const load = bundling.requestBytes?.(result.metafile!, handlers);
      rmSync(resolve(dir, 'node_modules'), { recursive: true, force: true });
      await writeBundledSdk?.(result.metafile!, dir);
      for (const asset of assetsFor(route.handler))
        cpSync(resolve(root, asset), resolve(dir, 'data'), { recursive: true });
      const env: Record<string, string> = {};
      if (assetsFor(route.handler).length) env.GAZETTEER_DIR = resolve(dir, 'data');
      for (const file of generatedFor(route.handler, root)) {
        spawnSync('bash', ['-c', file.command(dir)], { stdio: 'ignore' });
        env[file.variable] = resolve(dir, file.path);
      }
      const bytes = readFileSync(outfile).length;
      return {
        name,
        outfile,
        bytes: load?.bytes ?? bytes,
        total: load?.total ?? bytes,
        metafile: result.metafile!,
        env,
      };
    })();
    bundles.set(`${root} ${name}`, done);
  }
  return done;
}

/** A tree the bench measures: this one ("after"), or BENCH_BEFORE's checkout ("before"), with its routes. */
export interface Side {
  label: string;
  root: string;
  routes: readonly Route[];
  /** The route of a handler in this tree. */
  route(handler: string): Route;
}

/** @example const sides = await sidesOf(process.env.BENCH_BEFORE); */
export async function sidesOf(before: string | undefined, routes: readonly Route[]): Promise<Side[]> {
  const side = (label: string, root: string, list: readonly Route[]): Side => ({
    label,
    root,
    routes: list,
    route(handler) {
      const found = list.find((r) => r.handler === handler);
      if (!found) throw new Error(`${label}: no route for ${handler}`);
      return found;
    },
  });
  const sides = [side('after', ROOT, routes)];
  if (before) {
    const root = resolve(before);
    const { routeList } = (await import(pathToFileURL(resolve(root, 'shared/routes/index.ts')).href)) as {
      routeList: Route[];
    };
    sides.unshift(side('before', root, routeList));
  }
  return sides;
}

/** One request dynalite answered: its operation and when it was in flight (this process's clock). */
export interface DynamoRequest {
  op: string;
  start: number;
  end?: number;
}

export interface CountingDynamo {
  endpoint: string;
  table: string;
  /** Every request answered since start, in arrival order. */
  requests: DynamoRequest[];
  /** Resolves once no request has been in flight for `quietMs`. */
  idle(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * dynalite with the stack's table shape and the bench key stored, counting at its HTTP server every
 * request a DynamoDB client sends it (whatever client, in whatever process).
 * @example const db = await startCountingDynamo(); … db.requests.length
 */
export async function startCountingDynamo(table = 'counters'): Promise<CountingDynamo> {
  const { server, endpoint } = await listenDynalite();
  const requests: DynamoRequest[] = [];
  let inFlight = 0;
  let lastChange = performance.now();
  server.on('request', (req, res) => {
    const record: DynamoRequest = {
      op: String(req.headers['x-amz-target'] ?? '?').replace(/^DynamoDB_\d+\./, ''),
      start: performance.now(),
    };
    requests.push(record);
    inFlight++;
    lastChange = record.start;
    res.once('close', () => {
      record.end = performance.now();
      inFlight--;
      lastChange = record.end;
    });
  });
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
  });
  await createStackTable(client, table);
  const keyId = createHash('sha256').update(BENCH_KEY).digest('hex');
  await client.send(
    new PutItemCommand({
      TableName: table,
      Item: { pk: { S: `KEY#${keyId}` }, tier: { S: 'enterprise' }, name: { S: 'bench' } },
    }),
  );
  client.destroy();
  requests.length = 0;
  return {
    endpoint,
    table,
    requests,
    async idle(quietMs = 150) {
      while (inFlight > 0 || performance.now() - lastChange < quietMs)
        await new Promise((ok) => setTimeout(ok, 20));
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * The deployment-wide ceilings of the live profile, per provider (what the stack deploys as maxConcurrent).
 * @example liveCeilings().site_a // 6
 */
export function liveCeilings(root = ROOT): Record<string, number> {
  const file = resolve(root, 'infra/live-profile.json');
  if (!existsSync(file)) return {};
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    providers?: Record<string, { maxConcurrent?: number }>;
  };
  return Object.fromEntries(
    Object.entries(profile.providers ?? {}).flatMap(([p, c]) =>
      c.maxConcurrent ? [[p, c.maxConcurrent]] : [],
    ),
  );
}

/**
 * The NODE_OPTIONS the tree's stack gives a function at the default log level (`info`), so a cold start
 * here pays what a deployed one pays: the tree's `nodeOptionsFor` when it has one, else the literal its
 * function construct sets.
 * @example await deployedNodeOptions() // '' (source maps only at debug)
 */
export async function deployedNodeOptions(root = ROOT): Promise<string> {
  const bundling = (await import(pathToFileURL(resolve(root, 'infra/bundling.ts')).href)) as {
    nodeOptionsFor?: (logLevel: string) => string | undefined;
  };
  if (typeof bundling.nodeOptionsFor === 'function') return bundling.nodeOptionsFor('info') ?? '';
  const file = resolve(root, 'infra/constructs/api-function.ts');
  if (!existsSync(file)) return '';
  return /NODE_OPTIONS:\s*'([^']*)'/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
}

/**
 * The environment of a keyed function on Lambda, against dynalite and the sandbox: its table, the
 * runtime's credentials and function name (so the EMF metrics are on, as deployed).
 * @example lambdaEnv(db, providers)
 */
export function lambdaEnv(
  db: { endpoint: string; table: string },
  providers: unknown,
): Record<string, string> {
  return {
    PROVIDERS: JSON.stringify(providers),
    COUNTER_TABLE: db.table,
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_SESSION_TOKEN: 'bench',
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    ENTERPRISE_DAILY_QUOTA: '100000000',
    LOG_LEVEL: 'silent',
  };
}

/** One call's figures, as tests/bench/invoke.ts reports them. */
export interface CallFigures {
  status: number;
  cache: string | null;
  importMs: number;
  handlerMs: number;
  totalMs: number;
  cpuMs: number;
  dynamoMs: number;
  upstreamMs: number;
  eitherMs: number;
  firstDynamoAt: number | null;
  firstUpstreamAt: number | null;
  dynamoRequests: number;
  upstreamRequests: number;
  /** Stepwise only: DynamoDB sends of the call, the round trips they took in series, their operations. */
  sends: number;
  sendRounds: number;
  /** The longest chain of its DynamoDB sends, each sent after the one before it came back. */
  sendDepth: number;
  sendOps: string[];
}

export interface Instance {
  /** Makes the next call (BENCH_WAIT mode) and resolves with its figures. */
  call(): Promise<CallFigures>;
  /** Resolves with every call's figures once the instance has made them all and exited. */
  done: Promise<CallFigures[]>;
}

/**
 * A fresh node process running the bench script `script` (in tests/bench/) on `bundle`: the bundle's
 * function environment and then `env` added to this process's, its standard streams piped.
 * @example const child = benchChild('hit-loop.ts', bundle, { BENCH_OUT: out });
 */
export function benchChild(script: string, bundle: Bundle, env: Record<string, string>) {
  return spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', resolve(ROOT, 'tests/bench', script)],
    {
      env: { ...process.env, ...bundle.env, ...env, BENCH_BUNDLE: bundle.outfile },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}

/**
 * A fresh process playing one Lambda instance of `bundle` (tests/bench/invoke.ts), calling it with
 * `events`; `stepwise`: one call each time `call()` is asked.
 * @example const figures = await startInstance(bundle, [event], env).done;
 */
export function startInstance(
  bundle: Bundle,
  events: unknown[],
  env: Record<string, string>,
  { stepwise = false, nodeOptions = '' }: { stepwise?: boolean; nodeOptions?: string } = {},
): Instance {
  const child = benchChild('invoke.ts', bundle, {
    ...env,
    NODE_OPTIONS: nodeOptions,
    BENCH_EVENTS: JSON.stringify(events),
    BENCH_WAIT: stepwise ? '1' : '0',
    BENCH_DYNAMO: env.AWS_ENDPOINT_URL_DYNAMODB?.replace(/^https?:\/\//, '') ?? '',
  });
  const figures: CallFigures[] = [];
  const waiting: ((f: CallFigures) => void)[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('BENCH ')) return;
    const f = JSON.parse(line.slice(6)) as CallFigures;
    figures.push(f);
    waiting.shift()?.(f);
  });
  const done = new Promise<CallFigures[]>((ok, fail) =>
    child.once('exit', (code) =>
      code === 0 && figures.length === events.length
        ? ok(figures)
        : fail(
            new Error(
              `instance of ${bundle.name} exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
            ),
          ),
    ),
  );
  done.catch(() => undefined);
  return {
    call: () =>
      new Promise<CallFigures>((ok, fail) => {
        waiting.push(ok);
        child.stdin.write('go\n');
        done.catch(fail);
      }),
    done,
  };
}
