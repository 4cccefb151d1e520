/**
 * How a function is bundled for Lambda: one minified CommonJS file per handler. The CDK stack and the
 * benchmark both use these settings, so the bundle measured is the bundle deployed.
 *
 * CommonJS rather than ESM: an ESM bundle imports Node's built-in modules as ES modules, and Node builds
 * each one's ESM facade at import (node:http's alone loads the bundled fetch library through its WebSocket
 * getters), about 20–30 ms of every cold start; `require` skips the facades, and lets the lazily loaded
 * HTTP client (shared/upstream/client.ts) defer its built-ins to the first upstream request.
 */
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeEntries, type Route } from '../shared/routes/index.ts';
import { writeBundledSdk } from './dynamodb-client.ts';
import {
  handlerLoadersModule,
  handlerLoadersPlugin,
  isSplit,
  requestBytes,
  SPLIT_PACKAGE_JSON,
  splitOptionsOf,
} from './mcp-bundle.ts';

export { handlerLoadersModule, handlerLoadersPlugin, isSplit, requestBytes, writeBundledSdk };

const ROOT = resolve(import.meta.dirname, '..');
const MANIFEST = resolve(ROOT, 'shared/routes/index.ts');

export const NODE_TARGET = 'node24';

/** Beside every bundle: its `.js` files are CommonJS whatever a parent directory's package.json says. */
export const BUNDLE_PACKAGE_JSON = '{"type":"commonjs"}';

/**
 * Handlers whose bundle reads the manifest beyond the entries of the handlers it holds: the `GET /`
 * listing, the reference and error pages, and the accounts (usage names the routes of its counts). MCP
 * holds every data route's handler, so it carries their entries without reading the rest.
 * @example readsWholeManifest('functions/health/root.ts') // true
 */
export function readsWholeManifest(handler: string): boolean {
  return (
    handler === 'functions/health/root.ts' ||
    routeEntries.some(
      ([, r]) =>
        r.handler === handler && (r.kind === 'reference' || r.kind === 'account' || r.provider === 'account'),
    )
  );
}

/**
 * Shared modules a function's bundle may import the manifest from when it carries only its handlers'
 * entries: they read a route's declaration (errorSpec), or the routes of the bundle (the quota's endpoint
 * codes, the billing rule, whose billed declarations every bundle carries).
 */
const ENTRY_READERS = [
  'shared/http/daily-quota.ts',
  'shared/http/daily-quota-billing.ts',
  'shared/http/endpoint.ts',
  'shared/http/validate-request.ts',
  // The watches (#38): their errors (errorSpec), the watched route of a new watch (in MCP's bundle, every
  // data route's entry is there), and MCP's watch tools (the watch routes, whose handlers the bundle holds).
  'shared/watches/http.ts',
  'shared/watches/service.ts',
  'functions/watches/mcp-tools.ts',
];

/**
 * The manifest entries a bundle carries, by id in manifest order: the routes of the handlers it contains
 * (its own, and any it imports, as maps_reviews paginated imports reviews), and those that declare an
 * error billed, which the billing rule names in every 429 body (shared/http/daily-quota-billing.ts).
 * @example bundledRoutes(['functions/chain-a/rooms.ts']).map(([id]) => id) // ['siteGDestinations', 'chainARooms']
 */
export function bundledRoutes(handlers: readonly string[]): [string, Route][] {
  return routeEntries.filter(
    ([, r]) => handlers.includes(r.handler) || Object.values(r.errors).some((e) => e.billed),
  );
}

/**
 * A manifest entry as a function reads it: without its documentation-only text, which only the whole
 * manifest's readers (the OpenAPI builder at bundling time, the reference and error pages, `GET /`) show:
 * the summary (MCP reads it from the OpenAPI document), the example request and each error's `when`; nor
 * the handler's file, which only the bundler and the local server read (about two thirds of the bytes).
 * @example runtimeEntry(routes.chainARooms).example // undefined
 */
export function runtimeEntry(route: Route): Partial<Route> {
  const without = <T extends object>(o: T, names: readonly string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !names.includes(k))) as Partial<T>;
  return {
    ...without(route, ['summary', 'example', 'handler']),
    errors: Object.fromEntries(
      Object.entries(route.errors).map(([code, spec]) => [code, without(spec, ['when'])]),
    ) as Route['errors'],
  };
}

/**
 * The manifest module of a bundle that carries only `bundledRoutes(handlers)`: the same exports as
 * shared/routes/index.ts, the entries inlined as the data they are, as functions read them (`runtimeEntry`).
 * @example manifestModule(['functions/chain-a/rooms.ts']) // 'export { AUTH_ERRORS, … } from "./types.ts"; …'
 */
export function manifestModule(handlers: readonly string[]): string {
  const routes = Object.fromEntries(bundledRoutes(handlers).map(([id, route]) => [id, runtimeEntry(route)]));
  return [
    `export { AUTH_ERRORS, CSRF_ERRORS, SESSION_ERRORS, UPSTREAM_ERRORS } from './types.ts';`,
    `export { documentedErrors, errorSpec, statusesOf } from './errors.ts';`,
    `export const routes = ${JSON.stringify(routes)};`,
    'export const routeList = Object.values(routes);',
    'export const routeEntries = Object.entries(routes);',
    'export const operationEntries = routeEntries.filter(([, r]) => r.kind === undefined);',
    'export const operationList = operationEntries.map(([, r]) => r);',
    'export const dataEntries = operationEntries.filter(([, r]) => r.auth && r.counted !== false);',
  ].join('\n');
}

const isHandler = (file: string) => routeEntries.some(([, r]) => r.handler === file);

/** The one handler an esbuild build bundles, relative to the project root (undefined for any other build). */
function handlerOf(options: BuildOptions): string | undefined {
  const entries = Array.isArray(options.entryPoints) ? options.entryPoints : [];
  const [entry] = entries;
  if (entries.length !== 1 || typeof entry !== 'string') return undefined;
  const file = relative(ROOT, resolve(options.absWorkingDir ?? process.cwd(), entry));
  return isHandler(file) ? file : undefined;
}

/**
 * Bundles the route manifest (about 30 KB minified, most of it other routes' summaries and error texts) as
 * only the entries of the handlers in the bundle (`manifestModule`), unless the handler reads the whole
 * manifest. Which handlers the bundle holds is read from a first pass over our own modules (packages
 * left out: a few milliseconds). A module that is neither a handler nor one of `ENTRY_READERS` and imports
 * the manifest fails the build: it may read any route's entry, so its function is to be added to
 * `readsWholeManifest`.
 */
export const routeManifestPlugin: Plugin = {
  name: 'route-manifest',
  setup(build) {
    const handler = handlerOf(build.initialOptions);
    if (!handler || readsWholeManifest(handler)) return;
    let handlers: Promise<string[]> | undefined;
    const handlersInBundle = () =>
      (handlers ??= build.esbuild
        .build({
          entryPoints: [resolve(ROOT, handler)],
          absWorkingDir: ROOT,
          bundle: true,
          write: false,
          metafile: true,
          packages: 'external',
          platform: 'node',
          format: 'esm',
          logLevel: 'silent',
          // MCP's handlers, as its bundle holds them.
          plugins: [handlerLoadersPlugin],
        })
        .then(({ metafile }) => Object.keys(metafile.inputs).filter(isHandler)));
    build.onResolve({ filter: /\/routes\/index\.ts$/ }, async ({ path, resolveDir, importer }) => {
      if (resolve(resolveDir, path) !== MANIFEST) return undefined;
      const reader = relative(ROOT, importer);
      if (!ENTRY_READERS.includes(reader) && !(await handlersInBundle()).includes(reader))
        return {
          errors: [
            {
              text: `${reader} imports the route manifest in ${handler}'s bundle, which carries only its handlers' entries: add the function to readsWholeManifest (infra/bundling.ts), or the module to ENTRY_READERS if it reads only the bundle's routes`,
            },
          ],
        };
      return { path: MANIFEST, namespace: 'route-manifest' };
    });
    build.onLoad({ filter: /.*/, namespace: 'route-manifest' }, async () => ({
      contents: manifestModule(await handlersInBundle()),
      loader: 'js',
      resolveDir: dirname(MANIFEST),
    }));
  },
};

/**
 * The project's package.json as functions read it: its version (shared/version.ts) and nothing else, so no
 * bundle carries the scripts and dependency lists (3 KB).
 */
export const packageVersionPlugin: Plugin = {
  name: 'package-version',
  setup(build) {
    const file = resolve(ROOT, 'package.json');
    build.onLoad({ filter: /[\\/]package\.json$/ }, ({ path }) => {
      if (path !== file) return undefined;
      const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
      return { contents: JSON.stringify({ version }), loader: 'json' };
    });
  },
};

/**
 * The offset of the `closer` that ends the code starting at `from`, past nested brackets, strings, template
 * literals (and their `${…}`) and comments. Regular expression literals are not told from division: the
 * arguments of a schema's `.meta(…)` are object literals of strings (tests/infra/schema-docs.test.ts checks
 * every source against TypeScript's parser).
 */
function codeEnd(source: string, from: number, closer: string): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '`') {
      for (i++; i < source.length && source[i] !== '`'; i++) {
        if (source[i] === '\\') i++;
        else if (source.startsWith('${', i)) {
          i = codeEnd(source, i + 2, '}');
          if (i < 0) return -1;
        }
      }
    } else if (source.startsWith('//', i)) {
      i = source.indexOf('\n', i);
      if (i < 0) return -1;
    } else if (source.startsWith('/*', i)) {
      i = source.indexOf('*/', i + 2) + 1;
      if (i === 0) return -1;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return c === closer ? i : -1;
      depth--;
    }
  }
  return -1;
}

/**
 * The `.meta(…)` calls with arguments in a module's source, as [start, end) offsets from the dot to past
 * the closing parenthesis: a zod schema's documentation (description, example, the OpenAPI type, format
 * and pattern), which only the OpenAPI builder reads, from the sources. `.meta()` without arguments, which
 * reads it, is left.
 * @example metaCalls("z.string().meta({ description: 'Id (required)' })") // [[10, 49]]
 */
export function metaCalls(source: string): [number, number][] {
  const calls: [number, number][] = [];
  for (const match of source.matchAll(/\??\.meta\((?!\s*\))/g)) {
    const open = match.index + match[0].length - 1;
    const close = codeEnd(source, open + 1, ')');
    if (close < 0) throw new Error(`a .meta( call at offset ${match.index} does not close`);
    // A call inside another's arguments goes with it.
    if (calls.length && match.index < calls.at(-1)![1]) continue;
    calls.push([match.index, close + 1]);
  }
  return calls;
}

/**
 * A module's source without its schemas' `.meta(…)` documentation (`metaCalls`), each call blanked to
 * spaces with its line breaks kept, so that every line and column, and the source map, stay as written.
 * @example withoutSchemaDocs("z.string().meta({ description: 'Id' })") // 'z.string()' followed by spaces
 */
export function withoutSchemaDocs(source: string): string {
  let out = '';
  let last = 0;
  for (const [start, end] of metaCalls(source)) {
    out += source.slice(last, start) + source.slice(start, end).replace(/[^\r\n]/g, ' ');
    last = end;
  }
  return out + source.slice(last);
}

/**
 * Bundles our modules without their schemas' documentation (`withoutSchemaDocs`): the descriptions,
 * examples and OpenAPI hints of every parameter and answer field (about 27 KB of MCP's bundle, which
 * holds every route's schemas, and up to 4 KB of each other function's). No function reads them: the
 * OpenAPI document is built from the sources at bundling time (generatedFor), zod's conversion to JSON
 * Schema is left out of bundles (unusedFeaturesPlugin), and `.meta()` adds nothing to what a schema
 * accepts. The source map's copy of such a module shows the calls blanked, at their own lines.
 */
export const schemaDocsPlugin: Plugin = {
  name: 'schema-docs',
  setup(build) {
    build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`) || !path.startsWith(ROOT + sep)) return undefined;
      const source = await readFile(path, 'utf8');
      return source.includes('.meta(') ? { contents: withoutSchemaDocs(source), loader: 'ts' } : undefined;
    });
  },
};

/** Why a feature a stub stands for is refused, should anything reach it. */
const NOT_BUNDLED = (feature: string) =>
  `const refuse = () => { throw new Error(${JSON.stringify(`${feature} is not in this bundle (infra/bundling.ts: unusedFeaturesPlugin)`)}); };`;

/**
 * A stub with every export of the real module (read at build time), each throwing if called, but for
 * `kept`, re-exported from the real module, and `factories`, which return a throwing function.
 */
async function stubOf(real: string, kept: string[], factories: string[] = []): Promise<string> {
  const names = Object.keys((await import(pathToFileURL(real).href)) as object);
  const lines = names
    .filter((name) => !kept.includes(name))
    .map((name) => `export const ${name} = ${factories.includes(name) ? '() => refuse' : 'refuse'};`);
  if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(real)};`);
  return lines.join('\n');
}

/**
 * Library modules whose feature no function uses, each with the stub bundled instead: its exports, which
 * throw if reached. got's HTTP/2 client (got is called without `http2`) and RFC 7234 cache (without
 * `cache`: shared/upstream caches what it extracted), the MCP SDK's JSON Schema validator (Ajv, for the
 * answers to elicitations and the output schemas of tool calls made by a client; our server makes none),
 * and zod's conversion to JSON Schema (the OpenAPI document is built at bundling time; a schema's checks
 * summary, `aggregateChecks`, stays).
 */
const UNUSED_FEATURES: {
  filter: RegExp;
  feature: string;
  stub: string | ((real: string) => Promise<string>);
}[] = [
  {
    filter: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]utils[\\/]http2-client\.js$/,
    feature: "got's HTTP/2 client",
    stub: 'export default { get globalAgent() { return refuse(); }, auto: refuse };',
  },
  {
    filter: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]utils[\\/]dns-cache\.js$/,
    feature: "got's DNS cache (the `dnsCache` option)",
    stub: 'export default class DnsCache { constructor() { refuse(); } }',
  },
  {
    filter: /^cacheable-request$/,
    feature: "got's HTTP cache (the `cache` option)",
    stub: 'export default class CacheableRequest { constructor() { refuse(); } }\nexport class CacheError extends Error {}',
  },
  {
    filter: /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]validation[\\/]ajv-provider\.js$/,
    feature: "The MCP SDK's JSON Schema validator",
    stub: 'export class AjvJsonSchemaValidator { getValidator() { return refuse(); } }',
  },
  {
    filter: /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/,
    feature: "zod's conversion to JSON Schema",
    stub: (real) => stubOf(real, ['aggregateChecks']),
  },
  {
    filter: /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/,
    feature: "zod's conversion to JSON Schema",
    stub: (real) => stubOf(real, [], ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']),
  },
];

/**
 * Bundles a stub in place of each of `UNUSED_FEATURES`' modules (about 50 KB of got in every upstream
 * bundle, 130 KB of Ajv in MCP's). tests/infra/bundle-size.test.ts runs bundled functions through these
 * libraries.
 */
export const unusedFeaturesPlugin: Plugin = {
  name: 'unused-features',
  setup(build) {
    build.onResolve({ filter: /^cacheable-request$|\.js$/ }, ({ path, resolveDir, namespace }) => {
      // A stub's own import of the module it stands in for is the real module.
      if (namespace === 'unused-feature') return undefined;
      const target = path.endsWith('.js') ? resolve(resolveDir, path) : path;
      const index = UNUSED_FEATURES.findIndex(({ filter }) => filter.test(target));
      return index < 0 ? undefined : { path: target, namespace: 'unused-feature', pluginData: index };
    });
    build.onLoad({ filter: /.*/, namespace: 'unused-feature' }, async ({ path, pluginData }) => {
      const { feature, stub } = UNUSED_FEATURES[pluginData as number]!;
      const code = typeof stub === 'string' ? stub : await stub(path);
      return { contents: `${NOT_BUNDLED(feature)}\n${code}`, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

/**
 * Library code that runs at import but is needed only later, each rewritten to run on first use: the
 * bundled module's text, the statement made lazy, and what replaces it. got's type checks
 * (`@sindresorhus/is`) build two `Intl.ListFormat`s at import for their error messages; the first Intl
 * object of a process loads ICU's data, about 22 ms of every cold start (`npm run bench`, the first
 * invocation), for a message that is only written when a check fails.
 */
export const DEFERRED_AT_IMPORT: { filter: RegExp; statement: RegExp; lazy: string }[] = [
  {
    filter: /[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/,
    statement:
      /const (andFormatter|orFormatter) = new Intl\.ListFormat\(('en', \{ style: 'long', type: '(?:conjunction|disjunction)' \})\);/g,
    lazy: 'const $1 = { format: (list) => new Intl.ListFormat($2).format(list) };',
  },
];

/**
 * Rewrites `DEFERRED_AT_IMPORT`'s statements in the modules they name; a module that no longer holds its
 * statement fails the build, so that a library's update is looked at, not silently paid for.
 */
export const deferredAtImportPlugin: Plugin = {
  name: 'deferred-at-import',
  setup(build) {
    for (const { filter, statement, lazy } of DEFERRED_AT_IMPORT)
      build.onLoad({ filter }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const rewritten = source.replace(statement, lazy);
        if (rewritten === source)
          return {
            errors: [
              { text: `${path} no longer holds ${statement} (infra/bundling.ts: DEFERRED_AT_IMPORT)` },
            ],
          };
        return { contents: rewritten, loader: 'js' };
      });
  },
};

/** @example await esbuild.build({ ...lambdaBundleOptions, entryPoints: ['functions/health/health.ts'], outfile: 'out/index.cjs' }) */
export const lambdaBundleOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: NODE_TARGET,
  minify: true,
  // Linked: the bundle names its map, which Node reads when NODE_OPTIONS enables source maps (nodeOptionsFor).
  sourcemap: 'linked',
  mainFields: ['module', 'main'],
  // A dynamic `import()` of a module left outside the bundle becomes a `require`: importing a built-in
  // builds its ES module facade (node:http's loads Node's bundled fetch library, about 30 ms), and the
  // SDK's packages are CommonJS.
  supported: { 'dynamic-import': false },
  legalComments: 'none',
  metafile: true,
  // The SDK stays out of the function's bundle: the DynamoDB client goes beside it, bundled once for all
  // functions (writeBundledSdk), and the clients only accounts use come from Lambda's runtime.
  external: ['@aws-sdk/*'],
  plugins: [
    handlerLoadersPlugin,
    routeManifestPlugin,
    unusedFeaturesPlugin,
    deferredAtImportPlugin,
    packageVersionPlugin,
    schemaDocsPlugin,
  ],
};

/** `lambdaBundleOptions` for a split bundle (infra/mcp-bundle.ts). */
export const splitBundleOptions: BuildOptions = splitOptionsOf(lambdaBundleOptions);

/**
 * esbuild's options for a function's bundle in `outputDir`, as it is deployed: `index.js` and its map,
 * or, split, `index.js`, its chunks and their maps.
 * @example await esbuild.build(bundleOptionsFor('functions/mcp/mcp.ts', 'cdk.out/bundle-mcp'))
 */
export function bundleOptionsFor(handler: string, outputDir: string): BuildOptions {
  const entry = { entryPoints: [resolve(ROOT, handler)], absWorkingDir: ROOT };
  return isSplit(handler)
    ? { ...splitBundleOptions, ...entry, outdir: outputDir }
    : { ...lambdaBundleOptions, ...entry, outfile: resolve(outputDir, 'index.js') };
}

/** @example packageJsonFor('functions/mcp/mcp.ts') // '{"type":"module"}' */
export function packageJsonFor(handler: string): string {
  return isSplit(handler) ? SPLIT_PACKAGE_JSON : BUNDLE_PACKAGE_JSON;
}

/** Handlers that read the embedded gazetteer index. */
const GAZETTEER_HANDLERS = [
  'functions/meta/coordinates-lookup.ts',
  // The MCP server runs the coordinates lookup as a tool.
  'functions/mcp/mcp.ts',
  // chain_b destination slugs resolve to a search centre through it.
  'functions/chain-b/search.ts',
];

/**
 * Files a function needs beside its bundle, by handler: the embedded gazetteer index.
 * @example assetsFor('functions/chain-b/search.ts') // ['shared/geo/data']
 */
export function assetsFor(handler: string): string[] {
  return GAZETTEER_HANDLERS.includes(handler) ? ['shared/geo/data'] : [];
}

/** A file made at bundling time beside a function's bundle, and the variable that tells the function where. */
export interface GeneratedFile {
  /** The environment variable that names it, as `/var/task/<path>`. */
  variable: string;
  /** Its path in the bundle directory. */
  path: string;
  /** The shell command that writes it into the bundle directory. */
  command(outputDir: string): string;
}

const q = (s: string) => JSON.stringify(s);

/**
 * Files made at bundling time, by handler: the OpenAPI document (served by /openapi.json, the MCP tools'
 * schemas), built once here so that no function imports the builder at cold start, Swagger UI's files, and
 * the dashboard's bundled script and styles.
 * @example generatedFor('functions/docs/openapi.ts', ROOT).map((f) => f.variable) // ['OPENAPI_DOCUMENT']
 */
export function generatedFor(handler: string, root: string): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  if (handler === 'functions/docs/openapi.ts' || handler === 'functions/mcp/mcp.ts') {
    files.push({
      variable: 'OPENAPI_DOCUMENT',
      path: 'openapi.json',
      // The Node running the CDK app (the pinned 24, which runs the TypeScript builder).
      command: (out) =>
        `${q(process.execPath)} --disable-warning=ExperimentalWarning ${q(`${root}/infra/openapi.ts`)} ${q(`${out}/openapi.json`)}`,
    });
  }
  if (handler === 'functions/account/dashboard-asset.ts') {
    // The dashboard's script (its code and Chart.js, one esbuild bundle) and styles: built here, not at cold start.
    files.push({
      variable: 'DASHBOARD_DIR',
      path: 'dashboard',
      command: (out) =>
        `${q(process.execPath)} --disable-warning=ExperimentalWarning ${q(`${root}/web/dashboard/build.ts`)} ${q(`${out}/dashboard`)}`,
    });
  }
  if (handler === 'functions/docs/asset.ts') {
    const dist = dirname(createRequire(`${root}/package.json`).resolve('swagger-ui-dist/package.json'));
    files.push({
      variable: 'SWAGGER_UI_DIR',
      path: 'swagger-ui',
      command: (out) =>
        `mkdir -p ${q(`${out}/swagger-ui`)} && cp ${q(`${dist}/swagger-ui.css`)} ${q(`${dist}/swagger-ui-bundle.js`)} ${q(`${out}/swagger-ui/`)}`,
    });
  }
  return files;
}

/**
 * Bundles a function into a directory as Lambda runs it, the way the CDK stack deploys it: `index.js` and
 * its source map (lambdaBundleOptions with its plugins; split, its chunks too: `bundleOptionsFor`), the
 * package.json that says which module system they are, the bundled DynamoDB
 * client when it uses one, its assets and its generated files. Returns esbuild's metafile.
 * @example await bundleFunction('functions/health/health.ts', 'cdk.out/bundle-health')
 */
export async function bundleFunction(handler: string, outputDir: string): Promise<Metafile> {
  const { build } = await import('esbuild');
  const result = await build({ ...bundleOptionsFor(handler, outputDir), logLevel: 'error' });
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(resolve(outputDir, 'package.json'), packageJsonFor(handler));
  await writeBundledSdk(result.metafile!, outputDir);
  for (const asset of assetsFor(handler))
    cpSync(resolve(ROOT, asset), resolve(outputDir, 'data'), { recursive: true });
  for (const file of generatedFor(handler, ROOT))
    execFileSync('bash', ['-c', file.command(outputDir)], { stdio: 'inherit' });
  return result.metafile!;
}

/**
 * NODE_OPTIONS for a function at a log level: source-mapped stack traces at `debug` only. With them, Node
 * reads the bundle's map (1–2 MB) at import, about 40–90 % more import CPU, and maps the first stack for
 * about as much again; at other levels a logged stack names
 * places in the minified bundle, which the `index.js.map` deployed beside it resolves.
 * @example nodeOptionsFor('debug') // '--enable-source-maps'
 */
export function nodeOptionsFor(logLevel: string | undefined): string | undefined {
  return logLevel === 'debug' ? '--enable-source-maps' : undefined;
}
