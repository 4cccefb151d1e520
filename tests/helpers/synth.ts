/**
 * The synthesized cloud assembly, for the tests that read it: cdk.out as `npm run synth` (part of `npm test`)
 * wrote it, when that is newer than every source it depends on; otherwise a synth of its own, as
 * `npm run synth` makes it, in a directory of its own (a test file run alone, or after an edit).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where `npm run synth` writes the cloud assembly. */
export const CDK_OUT = join(ROOT, 'cdk.out');

/** The newest source the synthesized assembly depends on (ms since the epoch). */
export function newestSource(root = ROOT): number {
  let newest = 0;
  const walk = (dir: string, only?: RegExp) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'data') walk(path, only);
      } else if (!only || only.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['infra', 'functions', 'shared']) walk(join(root, dir), /\.ts$/);
  // The dashboard's script and styles are bundled into its asset function.
  walk(join(root, 'web'));
  for (const file of ['cdk.json', 'package-lock.json'])
    newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/** Whether `outdir` holds an assembly synthesized after the last change to its sources. */
export function isCurrent(outdir: string, root = ROOT): boolean {
  const manifest = join(outdir, 'manifest.json');
  return existsSync(manifest) && statSync(manifest).mtimeMs > newestSource(root);
}

let synth: Promise<{ outdir: string; fresh: boolean }> | undefined;

/**
 * The cloud assembly `npm run synth` makes: cdk.out when current, else synthesized afresh (once a process)
 * into a temporary directory, which `fresh` says the caller may remove.
 * @example const { outdir } = await synthesized(); const template = join(outdir, 'TravelDataApi.template.json');
 */
export function synthesized(): Promise<{ outdir: string; fresh: boolean }> {
  synth ??= (async () => {
    if (isCurrent(CDK_OUT)) return { outdir: CDK_OUT, fresh: false };
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-synth-'));
    await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'node_modules/aws-cdk/bin/cdk'), 'synth', '--quiet', '--no-notices', '--output', outdir],
      // cdk.json's app command runs `node`: the pinned one, as under npm.
      {
        cwd: ROOT,
        env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { outdir, fresh: true };
  })();
  return synth;
}
