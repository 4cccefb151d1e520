/**
 * How a function is bundled for Lambda: one minified CommonJS file per handler. The CDK stack and the
 * benchmark both use these settings, so the bundle measured is the bundle deployed.
 *
 * CommonJS rather than ESM: an ESM bundle imports Node's built-in modules as ES modules, and Node builds
 * each one's ESM facade at import (node:http's alone loads the bundled fetch library through its WebSocket
 * getters), about 20–30 ms of every cold start; `require` skips the facades, and lets the lazily loaded
 * HTTP client (shared/upstream/client.ts) defer its built-ins to the first upstream request.
 */
import type { BuildOptions, Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { dataEntries } from '../shared/routes/index.ts';
import { writeBundledSdk } from './dynamodb-client.ts';
import {
  handlerLoadersModule,
  handlerLoadersPlugin,
  isSplit,
  requestBytes,
  SPLIT_PACKAGE_JSON,
  splitOptionsOf,
} from './mcp-bundle.ts';
import {
  deferredAtImportPlugin,
  packageVersionPlugin,
  schemaDocsPlugin,
  unusedFeaturesPlugin,
} from './bundle-plugins.ts';
import { routeManifestPlugin } from './route-manifest-plugin.ts';

export { handlerLoadersModule, handlerLoadersPlugin, isSplit, requestBytes, writeBundledSdk };

const ROOT = resolve(import.meta.dirname, '..');

export const NODE_TARGET = 'node24';

/** Beside every bundle: its `.js` files are CommonJS whatever a parent directory's package.json says. */
export const BUNDLE_PACKAGE_JSON = '{"type":"commonjs"}';

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
  // chain_b destination slugs resolve to a search centre through it.
  'functions/chain-b/search.ts',
];

/**
 * Files a function needs beside its bundle, by handler: the embedded gazetteer index. The MCP server runs
 * every route as a tool, and the watches' check every watched route, in their own process.
 * @example assetsFor('functions/chain-b/search.ts') // ['shared/geo/data']
 */
export function assetsFor(handler: string): string[] {
  const runs =
    handler === 'functions/mcp/mcp.ts'
      ? dataEntries.map(([, r]) => r.handler)
      : handler === 'functions/watches/check.ts'
        ? dataEntries.filter(([, r]) => r.watch).map(([, r]) => r.handler)
        : [handler];
  return runs.some((h) => GAZETTEER_HANDLERS.includes(h)) ? ['shared/geo/data'] : [];
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
