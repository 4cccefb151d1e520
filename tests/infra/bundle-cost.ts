/**
 * What infra/bundling.ts's plugins and source-map choice save, measured in one run: each function bundled
 * without the plugins (the whole manifest, every library feature) and with them (lambdaBundleOptions), then
 * the CPU of `require(bundle)` in fresh Node processes, interleaved, medians: without plugins, with them,
 * and with them under `--enable-source-maps`; and the CPU of the first error stack with and without it.
 * CPU rather than wall time: on a shared machine it is the steadier of the two.
 *
 * @example node tests/infra/bundle-cost.ts functions/chain-b/search.ts functions/mcp/mcp.ts
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUNDLE_PACKAGE_JSON, handlerLoadersPlugin, lambdaBundleOptions } from '../../infra/bundling.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 21);
const handlers = process.argv.slice(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const out = mkdtempSync(join(tmpdir(), 'bundle-cost-'));

/** CPU milliseconds of a snippet run after `require(file)`'s own, in a fresh process. */
function cpu(file: string, flags: string[], after = ''): number {
  const script = `const c = process.cpuUsage(); const m = require(${JSON.stringify(file)}); ${after}; const d = process.cpuUsage(c); process.stdout.write(String((d.user + d.system) / 1000));`;
  const r = spawnSync(process.execPath, [...flags, '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout);
}

for (const handler of handlers) {
  const files: Record<'before' | 'after', string> = { before: '', after: '' };
  for (const variant of ['before', 'after'] as const) {
    const dir = join(out, variant, handler.replace(/\W/g, '_'));
    const outfile = join(dir, 'index.js');
    await build({
      ...lambdaBundleOptions,
      // The handler loaders in both: without them MCP's bundle would hold no handler.
      plugins: variant === 'before' ? [handlerLoadersPlugin] : lambdaBundleOptions.plugins,
      entryPoints: [resolve(ROOT, handler)],
      absWorkingDir: ROOT,
      outfile,
      logLevel: 'silent',
    });
    writeFileSync(join(dir, 'package.json'), BUNDLE_PACKAGE_JSON);
    files[variant] = outfile;
  }
  const t = { before: [] as number[], after: [] as number[], maps: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    t.before.push(cpu(files.before, []));
    t.after.push(cpu(files.after, []));
    t.maps.push(cpu(files.after, ['--enable-source-maps']));
  }
  // The stack of an error thrown in the bundle's code (middy refusing a null middleware), timed alone.
  const stack = `let e; try { m.handler.use(null); } catch (x) { e = x; } const s = process.cpuUsage(); e.stack; const z = process.cpuUsage(s); process.stdout.write(String((z.user + z.system) / 1000)); process.exit(0)`;
  const stackCpu = (flags: string[]) => {
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = spawnSync(
        process.execPath,
        [...flags, '-e', `const m = require(${JSON.stringify(files.after)}); ${stack}`],
        {
          encoding: 'utf8',
          env: { ...process.env, LOG_LEVEL: 'silent' },
        },
      );
      xs.push(Number(r.stdout));
    }
    return median(xs);
  };
  const kb = (file: string) => `${(statSync(file).size / 1024).toFixed(1)} KB`;
  const paired = (a: number[], b: number[]) => median(a.map((x, i) => x - b[i]!)).toFixed(1);
  console.log(
    `${handler}: ${kb(files.before)} -> ${kb(files.after)}; import CPU median ${median(t.before).toFixed(1)} -> ${median(t.after).toFixed(1)} ms (paired ${paired(t.before, t.after)} ms saved); ` +
      `with --enable-source-maps ${median(t.maps).toFixed(1)} ms (paired +${paired(t.maps, t.after)} ms); first error stack ${stackCpu([]).toFixed(1)} ms, with source maps ${stackCpu(['--enable-source-maps']).toFixed(1)} ms`,
  );
}
rmSync(out, { recursive: true, force: true });
