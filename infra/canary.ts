/**
 * `npm run canary [-- --provider site_a] [--profile live] [--json]`: one request per upstream-backed route of the
 * manifest (its example request), through the real Lambda handlers in-process, and per route whether
 * the source was reached, its answer parsed and the response contract-valid, with the time taken.
 * Any failure exits 1, so a scheduled check can run it.
 *
 * Providers: `--profile live` (the live profile's enabled providers and its example requests, secrets
 * from `PROVIDER_SECRET_<NAME>`), or `PROVIDERS` (JSON, as the functions take it), for operators checking
 * live sources; otherwise the embedded sandbox, against which every route must pass.
 *
 * @example npm run canary -- --provider site_a --provider maps_reviews
 * @example PROVIDERS="$(cat providers.json)" npm run -s canary -- --json > canary.json
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import {
  documentedErrors,
  routeEntries,
  type Dialect,
  type Route,
  type RouteId,
} from '../shared/routes/index.ts';
import { STATUS } from '../shared/errors.ts';
import { parseExact } from '../shared/json.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../shared/store/memory.ts';
import { useStores } from '../shared/store/index.ts';
import { clearCache } from '../shared/upstream/cache.ts';
import { describeIssues } from '../shared/extraction/conform.ts';
import {
  ProviderConfig,
  secretVariable,
  useProviders,
  type Providers,
} from '../shared/upstream/providers.ts';
import { invoke, loadHandler, toEvent, INVOCATION_BUDGET_MS } from './local/lambda.ts';
import { matchRoute } from './local/routing.ts';
import { exitCode, formatReport, type CanaryReport, type RouteResult } from './canary-report.ts';
import { DEFAULT_PROFILE_PATH, loadProfile, profileProviders } from './live-profile.ts';
import { startSandbox, type Sandbox } from './sandbox/server.ts';

export interface CanaryOptions {
  /** The providers to check (from `PROVIDERS` or a live profile); unset: the embedded sandbox. */
  providers?: Providers;
  /** A running sandbox to check against instead of starting one (tests inject faults into it). */
  sandbox?: Sandbox;
  /** Only routes whose upstream is one of these provider tokens; all upstream routes when empty. */
  only?: readonly string[];
  /** The Lambda time budget of each request. */
  budgetMs?: number;
  /** Example requests by route id, over the manifest's (which name sandbox hosts and ids). */
  examples?: Record<string, string>;
}

const Providers = z.record(z.string(), ProviderConfig);

/** Provider tokens some route calls, in manifest order. */
export const UPSTREAM_PROVIDERS = [...new Set(routeEntries.flatMap(([, r]) => r.upstream ?? []))];

type Verdict = Pick<RouteResult, 'reached' | 'parsed' | 'valid' | 'note'> & { code?: string };

interface ErrorBody {
  code: string;
  dialect: Dialect;
  detail: string;
  upstreamStatus?: number;
}

/** The code, dialect and detail of an error body, whichever of the contract's bodies it came in. */
function errorOf(body: unknown): ErrorBody {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof b.error_code === 'string') {
    const status = b.upstream_status;
    return {
      code: b.error_code,
      dialect: 'problem',
      detail: String(b.detail ?? ''),
      ...(typeof status === 'number' ? { upstreamStatus: status } : {}),
    };
  }
  if (Array.isArray(b.detail))
    return { code: 'detail', dialect: 'detail-array', detail: 'invalid parameters' };
  const error = (b.error ?? {}) as Record<string, unknown>;
  return { code: String(error.code), dialect: 'global', detail: String(error.message ?? '') };
}

// ExtractionError's message (shared/extraction/errors.ts): a lost structure on a route whose extraction
// code is the generic UPSTREAM_ERROR, which carries no upstream_status when the reader did not know it.
const LOST_STRUCTURE = /no longer has the expected structure/;

/**
 * Judges one answer of a route: reached, parsed and contract-valid, from its status and body alone, so
 * the same reading holds against the sandbox and against live sources.
 * @example judge(routes.siteAPhotos, 504, { error_code: 'UPSTREAM_TIMEOUT', ... }, schema).reached // false
 */
export function judge(route: Route, status: number, body: unknown, response?: z.ZodType): Verdict {
  if (status === 200) {
    if (!response) return { reached: true, parsed: true, valid: false, note: 'no response schema' };
    const checked = response.safeParse(body);
    return checked.success
      ? { reached: true, parsed: true, valid: true, note: '' }
      : {
          reached: true,
          parsed: true,
          valid: false,
          note: `200 fails the contract: ${describeIssues(checked.error)}`,
        };
  }
  const { code, dialect, detail, upstreamStatus } = errorOf(body);
  const said = `${code}: ${detail}`;
  const failed = (reached: boolean) => ({ code, reached, parsed: false, valid: false, note: said });
  if (code === 'UPSTREAM_TIMEOUT') return failed(false);
  if (code === route.extraction) return failed(true);
  if (code === 'UPSTREAM_ERROR') return failed(upstreamStatus !== undefined || LOST_STRUCTURE.test(detail));
  if (code === 'UPSTREAM_UNAVAILABLE' || code === route.rateLimited || status >= 500) return failed(true);
  // Refused before any source was asked: the key, the quota, or the example's own parameters.
  const validation = route.validation;
  const rejected =
    status === STATUS.unauthorized ||
    status === STATUS.tooManyRequests ||
    status === STATUS.badRequest ||
    (validation.kind !== 'detail-array' && validation.status === status && validation.code === code);
  if (rejected) return { ...failed(false), note: `rejected before the source: ${said}` };
  // The source answered something the contract foresees for this request (no such hotel, no results…).
  const documented = documentedErrors(route).some(
    (e) => e.status === status && e.code === code && e.dialect === dialect,
  );
  return documented
    ? { code, reached: true, parsed: true, valid: true, note: `documented ${status} ${said}` }
    : { code, reached: true, parsed: true, valid: false, note: `undocumented ${status} ${said}` };
}

/** Every secret the run could know, so no note ever prints one. */
function redactor(providers: Providers | undefined, apiKey: string): (text: string) => string {
  const secrets = new Set([apiKey]);
  for (const [name, value] of Object.entries(process.env))
    if (name.startsWith(secretVariable('')) && value) secrets.add(value);
  // Inline values a configuration may carry: every parameter (where a search API's key goes), and the
  // headers named like credentials (Origin, Referer and the like are public).
  for (const config of Object.values(providers ?? {})) {
    const headers = Object.entries(config.headers ?? {}).filter(([name]) =>
      /auth|key|token|cookie|secret/i.test(name),
    );
    for (const value of [...Object.values(config.params ?? {}), ...headers.map(([, v]) => v)])
      if (typeof value === 'string') secrets.add(value);
  }
  const long = [...secrets].filter((s) => s.length >= 4);
  return (text) =>
    long.reduce((out, secret) => out.split(secret).join('***'), text).replace(/\/\/[^/@\s]+@/g, '//***@');
}

async function check(
  id: RouteId,
  route: Route,
  apiKey: string,
  budgetMs: number,
  redact: (text: string) => string,
  example = route.example,
): Promise<RouteResult> {
  const url = new URL(example, 'http://canary.local');
  const params = matchRoute(url.pathname)?.params ?? {};
  const event = toEvent(
    {
      method: route.method,
      rawHeaders: ['Host', url.host, 'x-api-key', apiKey],
      headers: { host: url.host },
    },
    route,
    params,
    url,
  );
  const { handler } = await loadHandler(route);
  const started = performance.now();
  let result: APIGatewayProxyResult;
  try {
    result = await invoke(route, event, budgetMs);
  } catch (error) {
    // The handler itself threw: a defect of ours, reported as such rather than ending the run.
    result = {
      statusCode: 500,
      body: JSON.stringify({
        error_code: 'INTERNAL_ERROR',
        detail: error instanceof Error ? error.message : '',
      }),
    };
  }
  const ms = Math.round(performance.now() - started);
  let body: unknown;
  try {
    // Exact: a rental listing id above 2^53 is checked as the digits the route wrote, not a rounded double.
    body = parseExact(result.body);
  } catch {
    body = undefined;
  }
  const verdict = judge(route, result.statusCode, body, handler.schemas?.response);
  return {
    route: id,
    path: route.path,
    upstream: route.upstream ?? [],
    status: result.statusCode,
    ...(verdict.code === undefined ? {} : { code: verdict.code }),
    reached: verdict.reached,
    parsed: verdict.parsed,
    valid: verdict.valid,
    ok: verdict.reached && verdict.parsed && verdict.valid,
    ms,
    note: redact(verdict.note),
  };
}

/**
 * Runs the canary against a provider configuration: the seam for `PROVIDERS`, a live profile or the
 * sandbox. Requests go one at a time, so a live source sees one caller and each time is its own.
 * @example const report = await checkProviders(JSON.parse(process.env.PROVIDERS!), { only: ['site_a'] });
 */
export async function checkProviders(
  providers: Providers,
  {
    only = [],
    budgetMs = INVOCATION_BUDGET_MS,
    examples = {},
  }: Omit<CanaryOptions, 'providers' | 'sandbox'> = {},
  against: CanaryReport['against'] = 'providers',
): Promise<CanaryReport> {
  useProviders(providers);
  // A key of this run only, in memory: the canary never counts against a deployment's keys or table.
  const apiKey = `canary_${randomBytes(16).toString('hex')}`;
  const keys = new MemoryKeyStore();
  keys.add(apiKey, 'enterprise', 'canary');
  useStores({ keys, counters: new MemoryCounterStore() });
  // Each run measures the sources, not answers cached by an earlier run in this process.
  clearCache();
  const redact = redactor(providers, apiKey);
  const chosen = routeEntries.filter(
    ([, r]) => r.upstream?.length && (only.length === 0 || r.upstream.some((p) => only.includes(p))),
  );
  const results: RouteResult[] = [];
  for (const [id, route] of chosen)
    results.push(await check(id, route, apiKey, budgetMs, redact, examples[id]));
  const passed = results.filter((r) => r.ok).length;
  return { against, ok: passed === results.length, passed, failed: results.length - passed, results };
}

/**
 * The canary: against `providers` when given, else against a sandbox (the one passed, or an embedded
 * one started and stopped for the run).
 * @example const { ok, results } = await runCanary({ only: ['site_a'] });
 */
export async function runCanary(options: CanaryOptions = {}): Promise<CanaryReport> {
  if (options.providers) return checkProviders(options.providers, options);
  const sandbox = options.sandbox ?? (await startSandbox());
  try {
    return await checkProviders(sandbox.providers(), options, 'sandbox');
  } finally {
    if (!options.sandbox) await sandbox.close();
  }
}

const USAGE = `usage: npm run canary -- [--provider ${UPSTREAM_PROVIDERS[0]}]... [--profile live|<file>] [--json]`;

/**
 * The command: parses flags, picks the providers, prints the table (to stderr with `--json`, which puts
 * the JSON report on stdout) and returns the exit status: 0 all passed, 1 a route failed, 2 bad usage.
 * @example process.exitCode = await main(['--provider', 'site_a'], process.env);
 */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void = (text) => void process.stdout.write(`${text}\n`),
  err: (text: string) => void = (text) => void process.stderr.write(`${text}\n`),
): Promise<number> {
  let values: { provider?: string[]; json?: boolean; profile?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        provider: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        profile: { type: 'string' },
      },
    }));
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const only = values.provider ?? [];
  const unknown = only.filter((p) => !UPSTREAM_PROVIDERS.some((token) => token === p));
  if (unknown.length > 0) {
    err(`no route calls ${unknown.join(', ')}; providers: ${UPSTREAM_PROVIDERS.join(', ')}\n${USAGE}`);
    return 2;
  }
  let providers: Providers | undefined;
  let examples: Record<string, string> = {};
  if (values.profile) {
    // The live profile's enabled providers and its example requests for real sources; secrets from
    // PROVIDER_SECRET_<NAME> variables.
    try {
      const profile = loadProfile(values.profile === 'live' ? DEFAULT_PROFILE_PATH : values.profile);
      providers = profileProviders(profile);
      examples = profile.canary.examples;
    } catch (error) {
      err(
        `the profile does not load: ${error instanceof z.ZodError ? describeIssues(error) : String(error)}`,
      );
      return 2;
    }
  } else if (env.PROVIDERS) {
    let raw: unknown;
    try {
      raw = JSON.parse(env.PROVIDERS);
    } catch {
      // Not the parser's message: it quotes the text, which may hold a key.
      err('PROVIDERS is not valid JSON');
      return 2;
    }
    const parsed = Providers.safeParse(raw);
    if (!parsed.success) {
      err(`PROVIDERS is not a provider configuration: ${describeIssues(parsed.error)}`);
      return 2;
    }
    providers = raw as Providers;
  }
  const report = await runCanary({ ...(providers ? { providers } : {}), only, examples });
  const table = formatReport(report).join('\n');
  if (values.json) {
    err(table);
    out(JSON.stringify(report, null, 2));
  } else out(table);
  return exitCode(report);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Handler logs would interleave with the table; LOG_LEVEL=error shows them.
  process.env.LOG_LEVEL ??= 'silent';
  process.exitCode = await main(process.argv.slice(2), process.env);
}
