// `sam local` against the synthesized template. SAM itself cannot run here (no Docker engine, no
// images to pull), so these check what it reads and run what it would run: the asset metadata that
// leads it to each bundle and handler, the env-vars file `npm run sam:env` writes, and each bundled
// function invoked in a child process with exactly the environment SAM would give it (the template's
// variables, overridden by the file), against the standalone sandbox of `npm run sandbox`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { matchRoute } from '../../infra/local/routing.ts';
import { sandboxOptions } from '../../infra/sandbox/main.ts';
import { SITE_HOSTS, startSandbox } from '../../infra/sandbox/server.ts';
import {
  deploymentTemplate,
  lambdaFunctions,
  LambdaFunctionResource,
  SamEnvVars,
  templateOf,
} from '../../infra/sam-env.ts';
import { routeList, type Route } from '../../shared/routes/index.ts';
import { synthesized } from '../helpers/synth.ts';
import { ProviderConfig } from '../../shared/upstream/providers.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const NODE = [process.execPath, '--disable-warning=ExperimentalWarning'] as const;
const KEY = 'sam-local-test-key';
/** Where SAM mounts a function's bundle in its container. */
const TASK_ROOT = '/var/task';

type LambdaFunction = z.infer<typeof LambdaFunctionResource>;
const Providers = z.record(z.string(), ProviderConfig);

let templatePath: string;
let functions: [string, LambdaFunction][];
/**
 * The functions behind a route: what `sam local start-api` serves. The watches' tick, check and deliver
 * functions answer a schedule and queues, which SAM does not run locally (and they use the runtime's SQS
 * client, which only Lambda's image carries).
 */
let routed: [string, LambdaFunction][];
let sandbox: ChildProcess;
let sandboxExit: Promise<number | null>;
let printedProviders: Record<string, { baseUrl: string }>;
let sandboxUrl: string;
let envFile: SamEnvVars;
let work: string;
let invocations = 0;
const madeDirs: string[] = [];

/** The template `npm run synth` made: cdk.out when current, else a synth of its own (tests/helpers/synth.ts). */
async function synthesizedTemplate(): Promise<string> {
  const { outdir, fresh } = await synthesized();
  if (fresh) madeDirs.push(outdir);
  return templateOf(outdir);
}

/** Starts `npm run sandbox`'s entry on a free loopback port and reads the PROVIDERS line it prints. */
async function startStandaloneSandbox(): Promise<void> {
  sandbox = spawn(NODE[0], [...NODE.slice(1), 'infra/sandbox/main.ts', '--port', '0'], { cwd: ROOT });
  sandboxExit = new Promise((ok) => sandbox.once('exit', (code) => ok(code)));
  let out = '';
  const line = await new Promise<string>((ok, fail) => {
    sandbox.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /^PROVIDERS='(.*)'$/m.exec(out);
      if (found) ok(found[1]!);
    });
    sandbox.once('exit', (code) => fail(new Error(`sandbox exited (${code}): ${out}`)));
  });
  printedProviders = JSON.parse(line) as typeof printedProviders;
  sandboxUrl = /providers point at (\S+)/.exec(out)![1]!;
}

/** The API Gateway REST proxy event `sam local start-api` sends for a request. */
function apiEvent(route: Route, target: string, headers: Record<string, string>): APIGatewayProxyEvent {
  const url = new URL(target, 'http://127.0.0.1:3000');
  const { params } = matchRoute(url.pathname)!;
  const query = Object.fromEntries(url.searchParams);
  const multiQuery: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (multiQuery[k] ??= []).push(v);
  const hasQuery = Object.keys(query).length > 0;
  // The MCP endpoint is asked for its tools, as an agent would.
  const mcp = route.kind === 'mcp';
  const allHeaders = {
    Host: '127.0.0.1:3000',
    'X-Forwarded-Proto': 'http',
    ...(mcp ? { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } : {}),
    ...headers,
  };
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod: route.method,
    headers: allHeaders,
    multiValueHeaders: Object.fromEntries(Object.entries(allHeaders).map(([k, v]) => [k, [v]])),
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(params).length > 0 ? params : null,
    stageVariables: null,
    body: mcp ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: '1234567890',
      httpMethod: route.method,
      path: url.pathname,
      stage: 'prod',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTimeEpoch: Date.now(),
      resourceId: '123456',
      resourcePath: route.path,
      protocol: 'HTTP/1.1',
      identity: { sourceIp: '127.0.0.1' },
    } as APIGatewayProxyEvent['requestContext'],
  };
}

/** The bundle directory SAM mounts for a function, from its asset metadata. */
const bundleDir = (fn: LambdaFunction) => join(dirname(templatePath), fn.Metadata['aws:asset:path']!);

/** `index.handler` → the bundle file and the export Lambda's Node runtime would load. */
function handlerFile(fn: LambdaFunction): { file: string | undefined; name: string } {
  const at = fn.Properties.Handler.lastIndexOf('.');
  const base = fn.Properties.Handler.slice(0, at);
  const file = ['.mjs', '.js', '.cjs']
    .map((ext) => join(bundleDir(fn), `${base}${ext}`))
    .find((path) => existsSync(path));
  return { file, name: fn.Properties.Handler.slice(at + 1) };
}

/** The manifest route a function serves, from the description the stack gives it (`GET /path: …`). */
function routeOf(fn: LambdaFunction): Route | undefined {
  const [, method, path] = /^(\w+) (\S+): /.exec(String(fn.Properties.Description)) ?? [];
  return routeList.find((r) => r.method === method && r.path === path);
}

/**
 * The environment SAM gives a function: every variable the template declares, the file's value where
 * it has one (SAM ignores the file's other names), with the task root where SAM mounts the bundle.
 */
function samEnvironment(id: string, fn: LambdaFunction): Record<string, string> {
  const overrides = envFile[id] ?? {};
  return Object.fromEntries(
    Object.entries(fn.Properties.Environment.Variables).map(([name, value]) => {
      const v = name in overrides ? overrides[name]! : String(value);
      return [name, v.startsWith(TASK_ROOT) ? `${bundleDir(fn)}${v.slice(TASK_ROOT.length)}` : v];
    }),
  );
}

// Loads a bundle as Lambda's Node runtime does and calls its handler once with the event in argv; the
// result goes to a file, as the function's own logs go to stdout.
const INVOKE = `
const [file, name, event, out] = process.argv.slice(1);
const { writeFileSync } = await import('node:fs');
const mod = await import(file);
const context = {
  awsRequestId: 'sam-local-test', functionName: 'sam-local-test', functionVersion: '$LATEST',
  memoryLimitInMB: '1024', callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 28000,
};
writeFileSync(out, JSON.stringify(await mod[name](JSON.parse(event), context)));
process.exit(0);
`;

async function invoke(
  id: string,
  fn: LambdaFunction,
  event: APIGatewayProxyEvent,
): Promise<{ statusCode: number; headers?: Record<string, string>; body: string }> {
  const { file, name } = handlerFile(fn);
  const out = join(work, `${id}-${++invocations}.json`);
  await run(
    process.execPath,
    ['--input-type=module', '-e', INVOKE, pathToFileURL(file!).href, name, JSON.stringify(event), out],
    // Exactly SAM's variables: nothing of this process's environment leaks in.
    { env: samEnvironment(id, fn), cwd: work, maxBuffer: 32 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(out, 'utf8')) as {
    statusCode: number;
    headers?: Record<string, string>;
    body: string;
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sam-local-'));
  madeDirs.push(work);
  [templatePath] = await Promise.all([synthesizedTemplate(), startStandaloneSandbox()]);
  functions = lambdaFunctions(deploymentTemplate(templatePath));
  routed = functions.filter(([, fn]) => routeOf(fn));
  await run(
    NODE[0],
    [
      ...NODE.slice(1),
      'infra/sam-env.ts',
      '--template',
      templatePath,
      '--providers',
      JSON.stringify(printedProviders),
      '--keys',
      `${KEY}:pro`,
      '--out',
      join(work, 'sam-env.json'),
    ],
    { cwd: ROOT },
  );
  envFile = SamEnvVars.parse(JSON.parse(readFileSync(join(work, 'sam-env.json'), 'utf8')));
}, 240_000);

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) sandbox.kill('SIGTERM');
  await sandboxExit;
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the synthesized template, as SAM reads it', () => {
  it('has one function per manifest route', () => {
    expect(routed.map(([, fn]) => routeOf(fn)!.path).sort()).toEqual(routeList.map((r) => r.path).sort());
    expect(functions.length - routed.length).toBe(3); // the watches' tick, check and deliver
  });

  it('points every function at a bundle directory, by asset metadata, that exports its handler', async () => {
    for (const [id, fn] of routed) {
      expect({ id, property: fn.Metadata['aws:asset:property'] }).toEqual({ id, property: 'Code' });
      expect(existsSync(bundleDir(fn))).toBe(true);
      expect({ id, file: handlerFile(fn).file }).toEqual({ id, file: expect.any(String) });
    }
    // Import every bundle in one process: the handler each names must be a function.
    const check = `
      const out = {};
      for (const [id, file, name] of JSON.parse(process.argv[1])) out[id] = typeof (await import(file))[name];
      process.stdout.write(JSON.stringify(out), () => process.exit(0));`;
    const targets = routed.map(([id, fn]) => [
      id,
      pathToFileURL(handlerFile(fn).file!).href,
      handlerFile(fn).name,
    ]);
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', check, JSON.stringify(targets)],
      {
        env: { PROVIDERS: '{}', LOG_LEVEL: 'silent' },
      },
    );
    expect(JSON.parse(stdout)).toEqual(Object.fromEntries(routed.map(([id]) => [id, 'function'])));
  });
});

describe('npm run sandbox', () => {
  it('prints PROVIDERS pointing every provider at itself', async () => {
    expect(Object.keys(printedProviders).sort()).toEqual(Object.keys(SITE_HOSTS).sort());
    for (const [provider, config] of Object.entries(printedProviders))
      expect(config.baseUrl).toBe(`${sandboxUrl}/${provider}`);
    const res = await fetch(`${printedProviders.site_a!.baseUrl}/hotel/fr/aurelia-suites-paris.html`);
    expect(res.status).toBe(200);
  });

  it('hands out links on its public URL when one is given, as containers reach it', async () => {
    const local = await startSandbox({ port: 0, publicUrl: 'http://host.docker.internal:3100/' });
    try {
      expect(local.providers().site_a!.baseUrl).toBe('http://host.docker.internal:3100/site_a');
      const body = await (
        await fetch(`http://127.0.0.1:${local.port}/site_a/hotel/fr/aurelia-suites-paris.html`)
      ).text();
      expect(body).toContain('http://host.docker.internal:3100/site_a_images/');
      expect(body).not.toContain('127.0.0.1');
    } finally {
      await local.close();
    }
  });

  it('takes host and port from flags before SANDBOX_HOST and SANDBOX_PORT, loopback by default', () => {
    expect(sandboxOptions([], {})).toEqual({ host: '127.0.0.1', port: 3100 });
    expect(sandboxOptions([], { SANDBOX_HOST: '0.0.0.0', SANDBOX_PORT: '4000' })).toEqual({
      host: '0.0.0.0',
      port: 4000,
    });
    expect(
      sandboxOptions(['--host', '::', '--port', '0', '--public-url', 'http://host.docker.internal:4000'], {
        SANDBOX_PORT: '4000',
      }),
    ).toEqual({ host: '::', port: 0, publicUrl: 'http://host.docker.internal:4000' });
    expect(() => sandboxOptions(['--port', 'eighty'], {})).toThrow(/not a port/);
    expect(() => sandboxOptions(['--public-url', 'host.docker.internal'], {})).toThrow(/not an http/);
  });
});

describe('npm run sam:env', () => {
  it("covers exactly the template's functions, each with only variables it declares", () => {
    expect(Object.keys(envFile).sort()).toEqual(functions.map(([id]) => id).sort());
    for (const [id, fn] of functions) {
      const declared = Object.keys(fn.Properties.Environment.Variables);
      // SAM ignores a file variable the template does not declare.
      expect({ id, names: Object.keys(envFile[id]!).filter((n) => !declared.includes(n)) }).toEqual({
        id,
        names: [],
      });
      if (declared.includes('PROVIDERS'))
        expect(JSON.parse(envFile[id]!.PROVIDERS!)).toEqual(Providers.parse(printedProviders));
    }
    // Every function that reaches a source gets the sandbox's providers.
    const upstream = functions.filter(([, fn]) => 'PROVIDERS' in fn.Properties.Environment.Variables);
    expect(upstream.length).toBeGreaterThanOrEqual(routeList.filter((r) => r.upstream?.length).length);
  });

  it('overrides every table reference with the embedded store, and gives keyed functions the local keys', () => {
    for (const [id, fn] of routed) {
      const variables = fn.Properties.Environment.Variables;
      // A value SAM would have to resolve (a table's Ref) must not reach the function.
      const intrinsics = Object.keys(variables).filter((n) => typeof variables[n] !== 'string');
      for (const name of intrinsics)
        expect({ id, name, value: envFile[id]![name] }).toEqual({ id, name, value: '' });
      if ('COUNTER_TABLE' in variables) {
        expect(envFile[id]!.COUNTER_TABLE).toBe('');
        expect(envFile[id]!.API_KEYS).toBe(`${KEY}:pro`);
      }
    }
  });
});

describe('a function run with the environment SAM would give it', () => {
  it('answers its route against the standalone sandbox', async () => {
    const results: { id: string; path: string; status: number; expected: number; body?: string }[] = [];
    // The dashboard's session routes refuse a request without a session (401) or a CSRF token (403).
    // A watch's example is made without its JSON body (400) and names a watch no key has (404).
    const expectedStatus = (route: Route) =>
      route.kind === 'watch'
        ? route.method === 'POST'
          ? 400
          : route.path.includes('{')
            ? 404
            : 200
        : route.kind !== 'account'
          ? 200
          : 'NOT_SIGNED_IN' in route.errors
            ? 401
            : route.method === 'POST'
              ? 403
              : 200;
    const queue = [...routed];
    // A few at a time: each is its own Node process, as each is its own container under SAM.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [id, fn] = next;
          const route = routeOf(fn)!;
          const result = await invoke(
            id,
            fn,
            apiEvent(route, route.example, route.auth ? { 'x-api-key': KEY } : {}),
          );
          results.push({
            id,
            path: route.example,
            status: result.statusCode,
            expected: expectedStatus(route),
            // The body says why when it is not the answer expected.
            ...(result.statusCode !== expectedStatus(route) ? { body: result.body } : {}),
          });
        }
      }),
    );
    expect(results.filter((r) => r.status !== r.expected)).toEqual([]);
    expect(results).toHaveLength(routed.length);
  }, 120_000);

  it('answers 401 to a key the file does not list', async () => {
    const [id, fn] = functions.find(([, f]) => routeOf(f)?.path === '/v1/meta/coordinates-lookup')!;
    const route = routeOf(fn)!;
    const result = await invoke(id, fn, apiEvent(route, route.example, { 'x-api-key': 'not-a-listed-key' }));
    expect(result.statusCode).toBe(401);
  });
});

describe('npm run sandbox, stopping', () => {
  it('stops cleanly on SIGTERM', async () => {
    sandbox.kill('SIGTERM');
    expect(await sandboxExit).toBe(0);
  });
});
