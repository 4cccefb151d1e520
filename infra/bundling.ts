/**
 * How a function is bundled for Lambda: one minified ESM file per handler. The CDK stack and the
 * benchmark both use these settings, so the bundle measured is the bundle deployed.
 */
import type { BuildOptions } from 'esbuild';

export const NODE_TARGET = 'node24';

/** Lets bundled CommonJS dependencies call `require` inside an ESM bundle. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** @example await esbuild.build({ ...lambdaBundleOptions, entryPoints: ['functions/health/health.ts'], outfile: 'out/index.mjs' }) */
export const lambdaBundleOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: NODE_TARGET,
  minify: true,
  sourcemap: 'external',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  legalComments: 'none',
  metafile: true,
  // Lambda's nodejs24.x runtime ships the AWS SDK v3: bundling it would only add weight and cold start.
  external: ['@aws-sdk/*'],
};

/** Files a function needs beside its bundle, by handler (the embedded gazetteer index). */
export function assetsFor(handler: string): string[] {
  return handler === 'functions/meta/coordinates-lookup.ts' ? ['shared/geo/data'] : [];
}
