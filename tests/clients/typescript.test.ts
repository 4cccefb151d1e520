// The client package (issue #40), as a user gets it: `npm pack` in clients/typescript (which generates its
// types from the OpenAPI document first) gives a tarball that installs in an empty folder; code written
// against it compiles (and a wrong read of a field does not), and it calls three routes of `npm start`:
// two answers and one error, each in its documented, typed body.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE = resolve(ROOT, 'clients/typescript');
const WORK = mkdtempSync(join(tmpdir(), 'travel-client-'));
const APP = join(WORK, 'app');
const KEY = 'client-package-test-key';
const run = promisify(execFile);

/** npm as `npm run test:jest` ran it: its own CLI on the pinned Node, else the one on PATH. */
function npm(args: string[], cwd: string) {
  const cli = process.env.npm_execpath;
  return cli
    ? run(process.execPath, [cli, ...args], { cwd, timeout: 120_000 })
    : run('npm', args, { cwd, timeout: 120_000 });
}

// Three calls, typed by the package alone: a list, a stay with prices, and a documented error.
const USE = `import { createClient } from 'travel-data-api-client';

declare const process: { env: Record<string, string | undefined> };

const api = createClient({ baseUrl: process.env.BASE_URL!, apiKey: process.env.KEY! });

const places = await api.GET('/v1/meta/coordinates-lookup', { params: { query: { term: 'paris', limit: 3 } } });
const latitude: number | undefined = places.data?.locations[0]?.latitude;

const hotels = await api.GET('/v1/maps_hotels/search', {
  params: { query: { location: 'Paris', check_in: '2030-06-10', check_out: '2030-06-12', currency: 'EUR' } },
});
const names: string[] = hotels.data?.hotels.map((h) => h.name) ?? [];

const bad = await api.GET('/v1/meta/coordinates-lookup', { params: { query: { term: '' } } });
const code: string | undefined = bad.error && 'error_code' in bad.error ? bad.error.error_code : undefined;

console.log(JSON.stringify({ latitude, hotels: names.length, status: bad.response.status, code }));
`;

// The control: the same latitude read as a string must not compile, or the check above proves nothing.
const WRONG = `import { createClient } from 'travel-data-api-client';

const api = createClient({ apiKey: 'k' });
const places = await api.GET('/v1/meta/coordinates-lookup', { params: { query: { term: 'paris' } } });
export const latitude: string | undefined = places.data?.locations[0]?.latitude;
`;

function diagnostics(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
    return `${d.file?.fileName.split('/').pop()}:${line} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

let server: ChildProcess;
let exited: Promise<number | null>;
let base = '';

beforeAll(async () => {
  // Prepare: the tarball, installed in an empty folder; npm start with a key of ours
  await npm(['pack', '--pack-destination', WORK], PACKAGE);
  const tarball = readdirSync(WORK).find((f) => f.endsWith('.tgz'))!;
  mkdirSync(APP);
  writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(WORK, tarball)], APP);
  writeFileSync(join(APP, 'use.ts'), USE);
  writeFileSync(join(APP, 'wrong.ts'), WRONG);

  let output = '';
  server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'infra/local/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(WORK, 'data'),
      API_KEYS: `${KEY}:pro`,
    },
  });
  exited = new Promise((ok) => server.once('exit', ok));
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = await new Promise<string>((ok, fail) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const found = /listening on (\S+)/.exec(output);
      if (found) {
        clearInterval(timer);
        ok(found[1]!);
      } else if (Date.now() - started > 30_000) {
        clearInterval(timer);
        fail(new Error(`npm start did not listen: ${output}`));
      }
    }, 50);
  });
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  await exited;
  rmSync(WORK, { recursive: true, force: true });
});

describe('the TypeScript client package', () => {
  it('installs from its tarball with its types and its one dependency', () => {
    const installed = readdirSync(join(APP, 'node_modules/travel-data-api-client')).sort();
    expect(installed).toEqual(['README.md', 'api.d.ts', 'index.d.ts', 'index.js', 'package.json']);
    expect(readdirSync(join(APP, 'node_modules'))).toContain('openapi-fetch');
  });

  it('types calls end to end: the use compiles, a wrong read of a field does not', () => {
    expect(diagnostics(join(APP, 'use.ts'))).toEqual([]);
    expect(diagnostics(join(APP, 'wrong.ts'))).toEqual([
      expect.stringMatching(
        /^wrong\.ts:5 TS2322 Type 'number \| undefined' is not assignable to type 'string \| undefined'/,
      ),
    ]);
  });

  it('calls three routes of npm start and gets their documented answers', async () => {
    // Act
    const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'use.ts'], {
      cwd: APP,
      env: { ...process.env, BASE_URL: base, KEY },
    });
    // Assess
    const seen = JSON.parse(stdout) as { latitude: number; hotels: number; status: number; code: string };
    expect(seen.latitude).toBeCloseTo(48.85, 1);
    expect(seen.hotels).toBeGreaterThan(0);
    expect([seen.status, seen.code]).toEqual([400, 'INVALID_INPUT']);
  });
});
