// Library work moved from import to first use in bundles (infra/bundling.ts, DEFERRED_AT_IMPORT): got's
// type checks build no Intl object at import, write the same messages when a check fails, and a library
// that no longer holds the rewritten statement fails the build.
import { afterAll, describe, expect, it } from '@jest/globals';
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { deferredAtImportPlugin } from '../../infra/bundle-plugins.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'deferred-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A failed check of several types: its message lists them with the two formatters.
const ENTRY = `import is, { assert } from '@sindresorhus/is';
export function message() {
  try { assert.any([is.string, is.number], null); } catch (error) { return error.message; }
}`;

/** Bundles ENTRY (with or without the plugin) and runs it, counting the Intl.ListFormat objects made. */
async function runEntry(
  plugins: (typeof deferredAtImportPlugin)[],
): Promise<{ atImport: number; message: string }> {
  const outfile = join(dir, `entry-${plugins.length}.cjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'silent',
    plugins,
  });
  const script = `let made = 0;
const Real = Intl.ListFormat;
Intl.ListFormat = class extends Real { constructor(...a) { super(...a); made++; } };
const m = require(${JSON.stringify(outfile)});
const atImport = made;
process.stdout.write(JSON.stringify({ atImport, message: m.message() }));`;
  const { stdout } = await run(process.execPath, ['-e', script]);
  return JSON.parse(stdout) as { atImport: number; message: string };
}

describe('work deferred from import to first use', () => {
  it("builds no Intl.ListFormat when got's type checks load, and writes the same message", async () => {
    // Act: the library as published, then as bundled for Lambda.
    const [published, bundled] = await Promise.all([runEntry([]), runEntry([deferredAtImportPlugin])]);
    // Assess
    expect(published.atImport).toBe(2);
    expect(bundled.atImport).toBe(0);
    expect(bundled.message).toBe(published.message);
    expect(bundled.message).toMatch(/`string` or `number`/);
  }, 60_000);

  it('fails the build when the library no longer holds the statement', async () => {
    // Prepare: a package at the path the rule names, without the statement.
    const lib = join(dir, 'project/node_modules/@sindresorhus/is/distribution');
    mkdirSync(lib, { recursive: true });
    writeFileSync(join(lib, '../package.json'), '{"name":"@sindresorhus/is","main":"distribution/index.js"}');
    writeFileSync(join(lib, 'index.js'), 'module.exports = { changed: true };');
    // Act / Assess
    await expect(
      build({
        stdin: { contents: "require('@sindresorhus/is');", resolveDir: join(dir, 'project'), loader: 'js' },
        bundle: true,
        platform: 'node',
        write: false,
        logLevel: 'silent',
        plugins: [deferredAtImportPlugin],
      }),
    ).rejects.toThrow(/no longer holds .*DEFERRED_AT_IMPORT/);
  }, 60_000);
});
