/**
 * Bundles one function into a directory (infra/bundling.ts `bundleFunction`): what the CDK stack runs for
 * each function at synth time, in a process of its own because CDK's local bundling is synchronous and
 * esbuild's plugins need its asynchronous API.
 *
 * @example node infra/bundle-function.ts functions/health/health.ts /tmp/health
 */
import { bundleFunction } from './bundling.ts';

const [handler, outputDir] = process.argv.slice(2);
if (!handler || !outputDir) {
  console.error('usage: node infra/bundle-function.ts <handler> <output directory>');
  process.exit(2);
}
await bundleFunction(handler, outputDir);
