/**
 * How the MCP function is bundled: split (ES modules, esbuild's code splitting) into an entry and chunks,
 * each chunk read on its first import. Every data route's handler is a chunk of its own, loaded on its
 * tool's first call (functions/mcp/handlers.ts as `handlerLoadersModule`), so that a request loads the
 * entry, the protocol and one tool's handler with what it imports (`requestBytes`), however many routes
 * there are: the rest of the directory is deployed and never read by that request. The watches' check is
 * split the same way (`isSplit`); the other functions stay single CommonJS files (infra/bundling.ts).
 */
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { basename, dirname, relative, resolve } from 'node:path';
import { dataEntries } from '../shared/routes/index.ts';

const ROOT = resolve(import.meta.dirname, '..');
const HANDLER_LOADERS = resolve(ROOT, 'functions/mcp/handlers.ts');

/**
 * Whether a function's bundle is split: MCP's, and the watches' check, which runs every watched route's
 * handler (functions/watches/handlers.ts, a literal `import()` each) and loads one a check.
 * @example isSplit('functions/mcp/mcp.ts') // true
 */
export function isSplit(handler: string): boolean {
  return handler === 'functions/mcp/mcp.ts' || handler === 'functions/watches/check.ts';
}

/**
 * The MCP function's handler loaders as bundled: functions/mcp/handlers.ts's `handlers`, with a literal
 * `import()` of each data route's handler file from the manifest, so that the bundler puts every handler
 * in the bundle, each a chunk of its own (a specifier computed at run time, as the source module's, is
 * left to Node, and finds no file beside the bundle). `extra`: more loaders, [id, specifier relative to
 * functions/mcp/] (tests/mcp/scale.test.ts's stand-ins for routes not in the manifest yet).
 * @example handlerLoadersModule() // 'export const handlers = {"coordinatesLookup":() => import("../../functions/meta/coordinates-lookup.ts"), …};'
 */
export function handlerLoadersModule(extra: readonly (readonly [string, string])[] = []): string {
  const from = relative(dirname(HANDLER_LOADERS), ROOT);
  const loaders = [
    ...dataEntries.map(([id, route]) => [id, `${from}/${route.handler}`] as const),
    ...extra,
  ].map(([id, specifier]) => `${JSON.stringify(id)}: () => import(${JSON.stringify(specifier)})`);
  return `export const handlers = {\n${loaders.join(',\n')}\n};`;
}

/**
 * Bundles functions/mcp/handlers.ts as `handlerLoadersModule(extra)`.
 * @example await esbuild.build({ ...splitBundleOptions, plugins: [handlerLoaders(standIns), …] })
 */
export function handlerLoaders(extra: readonly (readonly [string, string])[] = []): Plugin {
  return {
    name: 'handler-loaders',
    setup(build) {
      build.onLoad({ filter: /[\\/]functions[\\/]mcp[\\/]handlers\.ts$/ }, ({ path }) =>
        path === HANDLER_LOADERS
          ? { contents: handlerLoadersModule(extra), loader: 'js', resolveDir: dirname(HANDLER_LOADERS) }
          : undefined,
      );
    },
  };
}

/** Bundles functions/mcp/handlers.ts as `handlerLoadersModule()`: every data route's handler, loaded on first use. */
export const handlerLoadersPlugin: Plugin = handlerLoaders();

/**
 * Node's built-ins and the AWS SDK's packages, as an ES module's `import` or `import()` names them: a split
 * bundle loads them with `require` (`requireOutsidePlugin`).
 */
const OUTSIDE = new RegExp(
  `^(node:.*|@aws-sdk/.*|${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`,
);

/**
 * In a split bundle (ES modules), what lives outside it is loaded with `require`, as in every other
 * bundle: each `import` or `import()` of a built-in or an AWS SDK package becomes a module of one
 * `module.exports = require(…)`. An ES import of a built-in builds its ES facade (node:http's loads Node's
 * fetch library, about 30 ms), and the SDK's packages are CommonJS, which an `import()` translates again.
 * The `require` is the chunk's own (`SPLIT_BANNER`).
 */
export const requireOutsidePlugin: Plugin = {
  name: 'require-outside',
  setup(build) {
    build.onResolve({ filter: OUTSIDE }, ({ path, kind }) =>
      kind === 'import-statement' || kind === 'dynamic-import'
        ? { path, namespace: 'require-outside' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'require-outside' }, ({ path }) => ({
      contents: `module.exports = require(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};

/** The `require` of an ES module chunk: Node's, for the chunk's own location (the node_modules beside it). */
const SPLIT_BANNER =
  'import{createRequire as __createRequire}from"node:module";const require=__createRequire(import.meta.url);';

/** Beside a split bundle: its `.js` files are ES modules. */
export const SPLIT_PACKAGE_JSON = '{"type":"module"}';

/**
 * A function's bundle options made split: ES modules (esbuild splits no other format), `index.js` and its
 * chunks under `chunks/`, `import()` kept (it loads a chunk), what lives outside the bundle required.
 * @example splitOptionsOf(lambdaBundleOptions).format // 'esm'
 */
export function splitOptionsOf(options: BuildOptions): BuildOptions {
  const { plugins = [], ...rest } = options;
  return {
    ...rest,
    supported: undefined,
    format: 'esm',
    splitting: true,
    entryNames: 'index',
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: SPLIT_BANNER },
    plugins: [requireOutsidePlugin, ...plugins],
  };
}

/** What one request of a function loads at most (`requestBytes`). */
export interface RequestLoad {
  /** Bytes of the code the request loads: its files, source maps left out. */
  bytes: number;
  /** Bytes of every file of the bundle: what is deployed, source maps left out. */
  total: number;
  /** Of a split bundle, the choice whose request loads the most. */
  largest?: string;
}

/**
 * The most code one request of a bundle loads. A single file: the file. A split bundle: for each choice
 * (MCP: each tool's handler, its source path as the metafile names it), every file reachable from the
 * entry (`index.js`) through static and dynamic imports without entering another choice's chunk: the
 * entry, the protocol and the SDK, the store, the upstream client, and that one handler with all it
 * imports. The largest of these is what the bundle budget holds: the code a cold instance reads,
 * compiles and keeps for one request, as it read the whole single-file bundle before. The files no
 * request reaches together (the other handlers) are in `total`: deployed, not loaded.
 * @example requestBytes(metafile, dataEntries.map(([, r]) => r.handler)).bytes
 */
export function requestBytes(metafile: Metafile, choices: readonly string[] = []): RequestLoad {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => !file.endsWith('.map'));
  const total = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
  const entry = outputs.find(([file]) => basename(file) === 'index.js');
  if (outputs.length === 1 || !entry) return { bytes: total, total };
  const byFile = new Map(outputs);
  const choiceOf = new Map(
    outputs.flatMap(([file, o]) =>
      o.entryPoint && choices.includes(o.entryPoint) ? [[file, o.entryPoint]] : [],
    ),
  );
  let most: RequestLoad = { bytes: 0, total };
  const all = new Set<string | undefined>(choiceOf.values());
  for (const choice of all.size ? all : [undefined]) {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      const output = byFile.get(file);
      if (!output || seen.has(file) || (choiceOf.has(file) && choiceOf.get(file) !== choice)) return;
      seen.add(file);
      for (const i of output.imports) if (!i.external) visit(i.path);
    };
    visit(entry[0]);
    for (const [file, source] of choiceOf) if (source === choice) visit(file);
    const bytes = [...seen].reduce((sum, file) => sum + byFile.get(file)!.bytes, 0);
    if (bytes > most.bytes) most = { bytes, total, largest: choice };
  }
  return most;
}
