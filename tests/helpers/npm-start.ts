/** `npm start` itself (its entry, in a child process) and Chromium, for a browser test file. */
import { afterAll, beforeAll } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { lateBound } from './late-bound.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The Debian package (`.ci/run` installs it), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface NpmStart {
  /** The dashboard URL the process printed. */
  dashboard: string;
  browser: Browser;
  /** Waits until the process has printed a line matching `pattern`; its first group. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * `npm start` on a free port with a data folder of its own (the developer's accounts in .data/ stay
 * untouched, and a running `npm start` does not make the test fail), and Chromium: started before the
 * file's tests, stopped and removed after them.
 * @example const app = useNpmStart('dashboard'); it('…', async () => (await app.browser.newPage()).goto(app.dashboard));
 */
export function useNpmStart(name: string): NpmStart {
  const dataDir = mkdtempSync(join(tmpdir(), `travel-data-${name}-`));
  let server: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  let output = '';
  let started: NpmStart | undefined;

  const printed = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((ok, fail) => {
      const check = () => {
        const found = pattern.exec(output);
        if (!found) return false;
        clearInterval(timer);
        ok(found[1]!);
        return true;
      };
      const since = Date.now();
      const timer = setInterval(() => {
        if (!check() && Date.now() - since > timeoutMs) {
          clearInterval(timer);
          fail(new Error(`npm start never printed ${pattern}:\n${output}`));
        }
      }, 50);
    });

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'infra/local/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    });
    server = child;
    exited = new Promise((ok) => child.once('exit', (code) => ok(code)));
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const dashboard = await printed(/^dashboard: (\S+)/m);
    started = { dashboard, browser: await chromium.launch({ executablePath: CHROMIUM }), printed };
  }, 60_000);

  afterAll(async () => {
    await started?.browser.close();
    if (server && server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  return lateBound(() => started, 'npm start starts in beforeAll: use it inside a test');
}
