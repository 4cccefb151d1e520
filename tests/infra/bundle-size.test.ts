// Every function's bundle, built as the stack builds it (infra/bundling.ts): within its size budget, with
// only its handlers' manifest entries, no HTML parser, json5 only where site_a photos are read; MCP's split
// so that a request loads one tool's handler (infra/mcp-bundle.ts). Bundled functions then answer in fresh
// Node processes as they do from source: an upstream route through got (whose unused features are stubs),
// its 429 naming the whole billing rule, and MCP through the SDK (whose validator is a stub).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { build, type Metafile } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  bundleFunction,
  bundleOptionsFor,
  handlerLoadersModule,
  lambdaBundleOptions,
  nodeOptionsFor,
  requestBytes,
} from '../../infra/bundling.ts';
import { bundledRoutes, readsWholeManifest } from '../../infra/route-manifest-plugin.ts';
import { startSandbox, type Sandbox } from '../../infra/sandbox/server.ts';
import { buildOpenApi, type JsonSchema } from '../../infra/openapi.ts';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { dataEntries, routeEntries, routes } from '../../shared/routes/index.ts';
import { apiEvent } from '../helpers/events.ts';
import { inPool } from '../helpers/matrix.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const KB = 1024;
/** Issue 26: every bundle within 400 KB. */
const BUDGET = 400 * KB;
/**
 * MCP's bundle holds every data route's handler, each a chunk of its own loaded on its tool's first call
 * (infra/mcp-bundle.ts). Issue 26 asks 600 KB of it, the code a request loads (`requestBytes`): the entry,
 * the SDK, zod, middy, got, the store and one tool's handler with its connector, about 456 KB for the
 * heaviest tool; the whole directory (every handler) is printed, not budgeted: it is deployed, not loaded.
 * tests/mcp/scale.test.ts holds it with the wave 3 routes.
 */
const MCP_BUDGET = 600 * KB;
const MCP = 'functions/mcp/mcp.ts';
const PHOTOS = 'functions/site-a/photos.ts';
/** site_a rooms read the booking.env rooms literal, JavaScript like the photos literal. */
const ROOMS = 'functions/site-a/hotel-rooms.ts';

const handlers = [...new Set(routeEntries.map(([, r]) => r.handler))];
const out = mkdtempSync(join(tmpdir(), 'bundles-'));
const bundles = new Map<string, { bytes: number; inputs: string[]; code: string; metafile: Metafile }>();
/** Builds at once: esbuild builds on its own threads while the plugins of another run here. */
const BUILDS_AT_ONCE = 4;

beforeAll(async () => {
  await inPool(handlers, BUILDS_AT_ONCE, async (handler) => {
    const { metafile } = await build({
      ...bundleOptionsFor(handler, join(out, handler.replace(/\.ts$/, ''))),
      logLevel: 'error',
    });
    const files = Object.keys((metafile as Metafile).outputs).filter((f) => f.endsWith('.js'));
    const load = requestBytes(
      metafile as Metafile,
      dataEntries.map(([, r]) => r.handler),
    );
    if (handler === MCP)
      console.log(
        `MCP bundle: ${(load.bytes / KB).toFixed(1)} KB loaded by one request at most (${load.largest}), ${files.length} files of ${(load.total / KB).toFixed(1)} KB in all`,
      );
    bundles.set(handler, {
      bytes: load.bytes,
      inputs: Object.keys((metafile as Metafile).inputs),
      code: files.map((f) => readFileSync(resolve(ROOT, f), 'utf8')).join('\n'),
      metafile: metafile as Metafile,
    });
  });
}, 600_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bundle sizes', () => {
  it.each(handlers)('%s is within its budget', (handler) => {
    expect(bundles.get(handler)!.bytes).toBeLessThanOrEqual(handler === MCP ? MCP_BUDGET : BUDGET);
  });

  it('bundles no HTML parser, and json5 only where site_a JavaScript literals are read (photos, rooms and MCP)', () => {
    const withPackage = (name: string) =>
      handlers.filter((h) => bundles.get(h)!.inputs.some((p) => p.includes(`node_modules/${name}/`)));
    expect(withPackage('node-html-parser')).toEqual([]);
    expect(withPackage('json5').sort()).toEqual([MCP, PHOTOS, ROOMS].sort());
  });

  it("leaves out the library features no function uses: Ajv, got's HTTP/2 client, cache and DNS cache, zod's JSON Schema", () => {
    for (const [handler, { inputs }] of bundles) {
      const packages = inputs.filter(
        (p) =>
          // A stub's input is named `unused-feature:` and the module it stands in for.
          !p.startsWith('unused-feature:') &&
          /node_modules\/(ajv|cacheable-request|keyv)\/|got\/dist\/source\/core\/utils\/(http2-client|dns-cache)|zod\/v4\/core\/to-json-schema/.test(
            p,
          ),
      );
      expect([handler, packages]).toEqual([handler, []]);
    }
  });
});

describe('schema documentation', () => {
  /** Every description the OpenAPI document takes from the schemas: parameters, and the answers' fields. */
  function schemaDescriptions(schema: unknown, into: Set<string>): Set<string> {
    if (Array.isArray(schema)) for (const item of schema) schemaDescriptions(item, into);
    else if (schema && typeof schema === 'object')
      for (const [key, value] of Object.entries(schema as JsonSchema)) {
        // As the bundle writes a string: printable ASCII without quotes or escapes stays as written.
        if (key === 'description' && typeof value === 'string' && /^[ !#-&(-[\]-~]{12,}$/.test(value))
          into.add(value);
        else schemaDescriptions(value, into);
      }
    return into;
  }

  it('is in the OpenAPI document and in no bundle (only the document builder reads it)', async () => {
    const doc = await buildOpenApi();
    const parameters = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.parameters),
    );
    const descriptions = schemaDescriptions([parameters, doc.components.schemas], new Set());
    expect(descriptions.size).toBeGreaterThan(300);
    // Dining's times are described through a helper's argument (timeParam), which stays: only the
    // `.meta(…)` calls are left out.
    const helperArguments = /24-hour HH:MM/;
    for (const [handler, { code }] of bundles)
      expect([
        handler,
        [...descriptions].filter((d) => code.includes(d) && !helperArguments.test(d)),
      ]).toEqual([handler, []]);
  }, 60_000);
});

describe('route manifest', () => {
  it("puts every data route's handler, as the manifest names it, in MCP's bundle (no loader written by hand)", () => {
    const { inputs } = bundles.get(MCP)!;
    const missing = dataEntries.filter(([, r]) => !inputs.includes(r.handler)).map(([id]) => id);
    expect(missing).toEqual([]);
    expect(handlerLoadersModule()).toContain(`import("../../${routes.chainARooms.handler}")`);
  });

  it("splits MCP's bundle so that a request loads one tool's handler: each handler a chunk of its own", () => {
    // Prepare: the bundle as built above
    const { metafile } = bundles.get(MCP)!;
    const outputs = Object.values(metafile.outputs);
    const chunkOf = (handler: string) => outputs.filter((o) => o.entryPoint === handler);
    // Act
    const load = requestBytes(
      metafile,
      dataEntries.map(([, r]) => r.handler),
    );
    // Assess: one chunk a handler, none of them in the entry; a request loads far less than the whole
    expect(dataEntries.filter(([, r]) => chunkOf(r.handler).length !== 1).map(([id]) => id)).toEqual([]);
    const entry = Object.entries(metafile.outputs).find(([f]) => f.endsWith('/index.js'))![1];
    expect(Object.keys(entry.inputs).filter((p) => dataEntries.some(([, r]) => r.handler === p))).toEqual([]);
    expect(load.bytes).toBeLessThan(load.total * 0.8);
    expect(load.bytes).toBeGreaterThan(100 * KB);
  });

  it("carries a data function's own entries and the billed ones, not the manifest's area files", () => {
    const { inputs, code } = bundles.get(routes.chainARooms.handler)!;
    expect(inputs.filter((p) => /^shared\/routes\/(?!types|errors)/.test(p))).toEqual([]);
    expect(bundledRoutes([routes.chainARooms.handler]).map(([id]) => id)).toEqual([
      'siteGDestinations',
      'chainARooms',
    ]);
    expect(code).toContain(`path:"${routes.chainARooms.path}"`);
    expect(code).not.toContain(`path:"${routes.chainBSearch.path}"`);
  });

  it('carries the entries as functions read them: no summary, example, handler file or error `when`', () => {
    const { code } = bundles.get(routes.chainARooms.handler)!;
    const notFound = routes.chainARooms.errors.HOTEL_NOT_FOUND!;
    expect(code).toContain(`HOTEL_NOT_FOUND:{status:${notFound.status}}`);
    for (const text of [
      routes.chainARooms.summary,
      routes.chainARooms.example,
      routes.chainARooms.handler,
      notFound.when,
    ])
      expect(code).not.toContain(text);
  });

  it("carries, with a handler, the entries of the handlers it imports (search-by-url imports site_a search's)", () => {
    const { code } = bundles.get(routes.siteASearchByUrl.handler)!;
    expect(code).toContain(`path:"${routes.siteASearchByUrl.path}"`);
    expect(code).toContain(`path:"${routes.siteASearch.path}"`);
    expect(code).not.toContain(`path:"${routes.mapsHotelsSearch.path}"`);
  });

  it('carries no sibling entry where a handler imports no other handler (paginated reviews)', () => {
    const { code } = bundles.get(routes.mapsReviewsPaginated.handler)!;
    expect(code).toContain(`path:"${routes.mapsReviewsPaginated.path}"`);
    expect(code).not.toContain(`path:"${routes.mapsReviews.path}"`);
  });

  it('carries the whole manifest where the function reads it: the / listing, the reference, the accounts', () => {
    for (const handler of [
      'functions/health/root.ts',
      'functions/docs/errors.ts',
      routes.accountUsage.handler,
    ]) {
      expect(readsWholeManifest(handler)).toBe(true);
      expect(bundles.get(handler)!.code).toContain(routes.chainBSearch.summary);
    }
  });

  it('fails the build when another module imports the manifest in a bundle that carries only its entries', async () => {
    const failing = build({
      ...lambdaBundleOptions,
      entryPoints: [resolve(ROOT, routes.chainARooms.handler)],
      absWorkingDir: ROOT,
      outfile: join(out, 'refused.js'),
      write: false,
      logLevel: 'silent',
      // The listing's handler imported by a data function: it reads every entry.
      inject: [resolve(ROOT, 'functions/health/root.ts')],
    });
    await expect(failing).rejects.toThrow(/functions\/health\/root\.ts imports the route manifest/);
  });
});

const run = promisify(execFile);

describe('source maps', () => {
  /** The stack of an error thrown in the bundle's code (middy refusing a null middleware), under NODE_OPTIONS. */
  async function stackOf(nodeOptions: string | undefined): Promise<string> {
    const file = join(out, routes.chainARooms.handler.replace(/\.ts$/, ''), 'index.js');
    const script = `try { require(${JSON.stringify(file)}).handler.use(null); } catch (e) { process.stdout.write(e.stack); }`;
    const { stdout } = await run(process.execPath, ['-e', script], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'silent',
        ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      },
    });
    return stdout;
  }

  it('are enabled at debug only: a stack then names the sources, otherwise the bundle', async () => {
    expect(nodeOptionsFor('info')).toBeUndefined();
    expect(await stackOf(nodeOptionsFor('info'))).toMatch(/chain-a\/rooms\/index\.js:\d+:\d+/);
    expect(await stackOf(nodeOptionsFor('debug'))).toMatch(/node_modules\/@middy\/core\/index\.js:\d+:\d+/);
  });
});

describe('bundled functions', () => {
  let sandbox: Sandbox;
  let dir: string;

  /** Imports a bundle in a fresh Node process, as Lambda does, and answers the events one after the other. */
  async function invoke(
    handler: string,
    events: APIGatewayProxyEvent[],
    env: Record<string, string>,
  ): Promise<{ statusCode: number; body: string }[]> {
    const bundle = join(dir, handler.replace(/\.ts$/, ''));
    await bundleFunction(handler, bundle);
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(bundle, 'index.js')).href)});
const out = [];
for (const e of ${JSON.stringify(events)}) out.push(await m.handler(e, { getRemainingTimeInMillis: () => 28000, awsRequestId: 'bundle-test' }));
process.stdout.write(JSON.stringify(out), () => process.exit(0));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'silent',
        PROVIDERS: JSON.stringify(sandbox.providers()),
        API_KEYS: 'bundle-test-key:enterprise',
        GAZETTEER_DIR: join(bundle, 'data'),
        OPENAPI_DOCUMENT: join(bundle, 'openapi.json'),
        ...env,
      },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as { statusCode: number; body: string }[];
  }

  const example = (route: { example: string; path: string }) => {
    const url = new URL(route.example, 'http://api.example.test');
    return apiEvent({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { 'x-api-key': 'bundle-test-key' },
    });
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    dir = mkdtempSync(join(tmpdir(), 'bundled-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an upstream route, refuses a bad parameter as documented, and its 429 names the billing rule as the source states it', async () => {
    const event = example(routes.chainARooms);
    const invalid = {
      ...event,
      queryStringParameters: { ...event.queryStringParameters, hotel_code: 'A-1' },
    };
    const [bad, answer, refused] = await invoke(routes.chainARooms.handler, [invalid, event, event], {
      ENTERPRISE_DAILY_QUOTA: '1',
    });
    // Validated as from source (the schemas' documentation is not bundled), and not billed.
    expect(bad!.statusCode).toBe(400);
    expect(JSON.parse(bad!.body)).toMatchObject({ error_code: 'INVALID_PARAMETERS', status: 400 });
    expect(answer!.statusCode).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ hotel_code: 'ASPAR0' });
    expect(refused!.statusCode).toBe(429);
    expect(JSON.parse(refused!.body).error).toMatchObject({
      code: 'rate_limit_exceeded',
      details: expect.stringContaining(BILLING_RULE),
    });
  }, 120_000);

  it('serves MCP: the tool list, and a tool call through the bundled route handler', async () => {
    const rpc = (id: number, method: string, params: unknown) => ({
      ...apiEvent({
        path: '/mcp',
        headers: {
          'x-api-key': 'bundle-test-key',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      }),
      httpMethod: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    // Arguments as JSON has them: a whole number as a number (MCP refuses a string where its schema says integer).
    const query = Object.fromEntries(
      [...new URL(routes.chainARooms.example, 'http://x').searchParams].map(([k, v]) => [
        k,
        /^\d+$/.test(v) ? Number(v) : v,
      ]),
    );
    const [list, call] = await invoke(
      MCP,
      [rpc(1, 'tools/list', {}), rpc(2, 'tools/call', { name: 'chainARooms', arguments: query })],
      {},
    );
    expect(list!.statusCode).toBe(200);
    const tools = JSON.parse(list!.body).result.tools as { name: string }[];
    expect(tools.map((t) => t.name)).toContain('chainARooms');
    expect(call!.statusCode).toBe(200);
    const result = JSON.parse(call!.body).result as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBeFalsy();
    expect(result.content[0]!.text).toContain('ASPAR0');
  }, 300_000);
});
