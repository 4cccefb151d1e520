/**
 * How a function is bundled for Lambda: one minified CommonJS file per handler. The CDK stack and the
 * benchmark both use these settings, so the bundle measured is the bundle deployed.
 *
 * CommonJS rather than ESM: an ESM bundle imports Node's built-in modules as ES modules, and Node builds
 * each one's ESM facade at import (node:http's alone loads the bundled fetch library through its WebSocket
 * getters), about 20–30 ms of every cold start; `require` skips the facades, and lets the lazily loaded
 * HTTP client (shared/upstream/client.ts) defer its built-ins to the first upstream request.
 */
import type { BuildOptions } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

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
  sourcemap: 'external',
  mainFields: ['module', 'main'],
  legalComments: 'none',
  metafile: true,
  // Lambda's nodejs24.x runtime ships the AWS SDK v3: bundling it would only add weight and cold start.
  external: ['@aws-sdk/*'],
};

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
