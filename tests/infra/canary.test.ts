// The canary: offline against the sandbox every upstream route passes; a fault in one source fails
// that source's route (and so the run); `npm run canary` prints the table and exits 0.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { exitCode, type RouteResult } from '../../infra/canary-report.ts';
import { judge, main, runCanary } from '../../infra/canary.ts';
import { startSandbox, type Fault, type Sandbox } from '../../infra/sandbox/server.ts';
import { routeList, routes } from '../../shared/routes/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const upstreamPaths = routeList.filter((r) => r.upstream?.length).map((r) => r.path);
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.clearFaults());

const verdict = ({ reached, parsed, valid, ok }: RouteResult) => ({ reached, parsed, valid, ok });

describe('canary', () => {
  it('reaches, parses and validates every upstream route offline', async () => {
    // Act
    const report = await runCanary({ sandbox });

    // Assess
    expect(report.results.map((r) => r.path)).toEqual(upstreamPaths);
    for (const result of report.results) {
      expect({ path: result.path, status: result.status, note: result.note }).toEqual({
        path: result.path,
        status: 200,
        note: '',
      });
      expect(verdict(result)).toEqual({ reached: true, parsed: true, valid: true, ok: true });
    }
    expect(report).toMatchObject({ against: 'sandbox', ok: true, failed: 0 });
    expect(exitCode(report)).toBe(0);
  });

  it.each<[string, Fault, { status: number; code: string; reached: boolean }]>([
    ['an HTTP 500', { kind: 'status', status: 500 }, { status: 502, code: 'UPSTREAM_ERROR', reached: true }],
    ['a contract drift', { kind: 'contract-drift' }, { status: 502, code: 'UPSTREAM_ERROR', reached: true }],
    ['a connection reset', { kind: 'reset' }, { status: 502, code: 'UPSTREAM_ERROR', reached: false }],
  ])('reports the route of a source answering %s as failed', async (_name, fault, expected) => {
    // Prepare
    sandbox.inject('site_g', fault);

    // Act
    const report = await runCanary({ sandbox, only: ['site_g', 'site_a'] });

    // Assess
    const failed = report.results.filter((r) => !r.ok);
    expect(failed.map((r) => [r.path, r.status, r.code, r.reached, r.parsed, r.valid])).toEqual([
      [routes.siteGDestinations.path, expected.status, expected.code, expected.reached, false, false],
    ]);
    expect(failed[0]!.note).toContain('site_g');
    // Every site_a route still passes.
    expect(report.results.filter((r) => r.ok).map((r) => r.path)).toEqual(
      routeList.filter((r) => r.upstream?.join() === 'site_a').map((r) => r.path),
    );
    expect(report).toMatchObject({ ok: false, failed: 1 });
    expect(exitCode(report)).toBe(1);
  });

  it.each([
    ['a 200 that fails the response schema', 200, { success: 'yes' }, [true, true, false]],
    [
      'a documented 404 of the source',
      404,
      { error_code: 'HOTEL_NOT_FOUND', status: 404, detail: 'no such hotel' },
      [true, true, true],
    ],
    [
      'an example rejected as invalid input',
      400,
      { error_code: 'INVALID_HOTEL_ID', status: 400, detail: 'not numeric' },
      [false, false, false],
    ],
    [
      'a timeout',
      504,
      { error_code: 'UPSTREAM_TIMEOUT', status: 504, detail: 'late' },
      [false, false, false],
    ],
    [
      'the extraction code',
      500,
      { error_code: 'CONTENT_EXTRACTION_FAILED', status: 500, detail: 'lost' },
      [true, false, false],
    ],
    ['an undocumented error', 409, { error_code: 'CONFLICT', status: 409, detail: '?' }, [true, true, false]],
  ] as const)('judges %s', async (_name, status, body, [reached, parsed, valid]) => {
    // Prepare
    const { handler } = await import('../../functions/site-a/photos.ts');

    // Act
    const result = judge(routes.siteAPhotos, status, body, handler.schemas.response);

    // Assess
    expect([result.reached, result.parsed, result.valid]).toEqual([reached, parsed, valid]);
  });

  it('prints one line per route and a summary from npm run canary -- --provider site_a', () => {
    // Prepare: npm's own CLI run by the pinned Node, as `npm run test:jest` ran; else `npm` from PATH.
    const execPath = process.env.npm_execpath;
    const [command, ...npm] = execPath
      ? [join(ROOT, 'node_modules/.bin/node'), join(dirname(execPath), 'npm-cli.js')]
      : ['npm'];
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
    delete env.PROVIDERS;

    // Act
    const run = spawnSync(command!, [...npm, 'run', '--silent', 'canary', '--', '--provider', 'site_a'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 25_000,
    });

    // Assess
    expect({ status: run.status, stderr: run.stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({
      status: 0,
      stderr: '',
    });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^route\s+upstream\s+status\s+reached\s+parsed\s+valid\s+ms\s+note$/);
    const sitePaths = routeList.filter((r) => r.upstream?.includes('site_a')).map((r) => r.path);
    expect(lines.slice(1, -1).map((l) => l.split(/\s+/).slice(0, 6))).toEqual(
      sitePaths.map((p) => [p, 'site_a', '200', 'yes', 'yes', 'yes']),
    );
    const n = sitePaths.length;
    expect(lines.at(-1)).toMatch(
      new RegExp(`^canary: ${n}/${n} routes passed against the embedded sandbox in \\d+ ms$`),
    );
  });

  it('checks the live profile with its own examples, and names a missing secret without a network call', async () => {
    // Prepare: no PROVIDER_SECRET_SERP_API_KEY, so the SERP-backed routes fail before any request.
    const env: NodeJS.ProcessEnv = {};
    const out: string[] = [];
    const err: string[] = [];

    // Act
    const status = await main(
      ['--profile', 'live', '--provider', 'web_search', '--json'],
      env,
      (t) => out.push(t),
      (t) => err.push(t),
    );

    // Assess
    expect(status).toBe(1);
    const report = JSON.parse(out.join('\n')) as { against: string; results: RouteResult[] };
    expect(report.against).toBe('providers');
    expect(report.results.map((r) => r.path)).toEqual(
      routeList.filter((r) => r.upstream?.includes('web_search')).map((r) => r.path),
    );
    for (const r of report.results) {
      expect(verdict(r)).toEqual({ reached: false, parsed: false, valid: false, ok: false });
      expect(r.note).toMatch(/secret serp_api_key is not set/);
    }
  });

  it('refuses a profile that does not load, with exit status 2', async () => {
    const err: string[] = [];
    expect(
      await main(
        ['--profile', '/nonexistent.json'],
        {},
        () => undefined,
        (t) => err.push(t),
      ),
    ).toBe(2);
    expect(err.join('')).toMatch(/the profile does not load/);
  });
});
