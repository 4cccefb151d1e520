/**
 * Builds the dashboard's assets with esbuild: `app.ts` with Chart.js into one minified script, and the
 * styles. The Lambda bundling step runs this file to write them beside the asset function's bundle
 * (`DASHBOARD_DIR`); locally the asset function calls `buildDashboard()` once, on first request.
 *
 * @example node web/dashboard/build.ts cdk.out/dashboard   # writes app.js and app.css there
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HERE = import.meta.dirname;

/** The served files by name. @example (await buildDashboard())['app.js'].length */
export async function buildDashboard(): Promise<Record<'app.js' | 'app.css', string>> {
  const out = await build({
    entryPoints: [join(HERE, 'app.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome110', 'firefox110', 'safari16'],
    platform: 'browser',
    write: false,
    legalComments: 'none',
    tsconfig: join(HERE, '../tsconfig.json'),
  });
  return { 'app.js': out.outputFiles[0]!.text, 'app.css': readFileSync(join(HERE, 'styles.css'), 'utf8') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dashboard');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(await buildDashboard())) writeFileSync(join(dir, name), text);
}
