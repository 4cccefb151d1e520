/**
 * The local server against a bare `node:http` server sending the same bytes on the same path, interleaved:
 * each round loads the local server and the bare one (which goes first alternating by round) for a few
 * seconds each (autocannon), and the figure is the median of the per-round throughput ratios, so machine
 * load drifting between rounds weighs on both sides alike. Both servers run in their own process, as `npm start` runs.
 *
 * `measureHandlerHit` times one route's Lambda handler on a cache hit against a minimal handler (no middy)
 * returning the same JSON, in interleaved batches, with the EMF metrics off and on (as on Lambda).
 *
 * Run alone: `node_modules/.bin/node --disable-warning=ExperimentalWarning tests/bench/local-throughput.ts`
 * (LOCAL_BENCH_ROUNDS, LOCAL_BENCH_SECONDS and LOCAL_BENCH_LOG_LEVEL change the defaults).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'local-bench-key';

/** The paths measured by default: an open route and a keyed upstream route answered from the cache. */
export const DEFAULT_PATHS = [
  '/health',
  '/v1/maps_reviews/reviews?data_id=0x47e67d23e9013691:0x8a0000000865e28&sort_by=newest',
] as const;

export interface LocalThroughputOptions {
  /** Paths to load, each answered 200 (a keyed route gets the bench key). */
  paths?: readonly string[];
  /** Interleaved rounds per path (local and bare each round, the first alternating). */
  rounds?: number;
  /** Seconds of load per server per round. */
  seconds?: number;
  connections?: number;
  /** The local server's LOG_LEVEL (`silent` as in `npm run bench`; `info` logs an access line a request). */
  logLevel?: string;
  /** The script that starts the local server (by default `infra/local/main.ts`, as `npm start`). */
  entry?: string;
}

export interface LocalThroughputFigure {
  path: string;
  /** Bytes of the body both servers send. */
  bodyBytes: number;
  /** Median requests per second over the rounds. */
  localRps: number;
  bareRps: number;
  /** Median of the per-round ratios local / bare, and half its interquartile spread (the noise). */
  ratio: number;
  ratioNoise: number;
  localP50Ms: number;
  bareP50Ms: number;
  /**
   * Median CPU time (user + system) each server process spent per request answered, in µs: steadier
   * than throughput on a shared machine, where a server may wait for a core. Null where /proc is missing.
   */
  localCpuUs: number | null;
  bareCpuUs: number | null;
  rounds: {
    localRps: number;
    bareRps: number;
    ratio: number;
    localCpuUs: number | null;
    bareCpuUs: number | null;
  }[];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const iqrHalf = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]!;
  return (q(0.75) - q(0.25)) / 2;
};

const cpuMedian = (xs: (number | null)[]): number | null =>
  xs.every((x) => x !== null) ? median(xs as number[]) : null;

/**
 * A server in its own process on a free port (PORT=0): resolves with the port its `ready` line names, so
 * that runs on the same machine never share one.
 */
async function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((ok, fail) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString();
      const m = ready.exec(seen);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // later output (access lines at info) must not block the child
        ok(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited early (${code})`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}

/** CPU time a process has used so far, in µs (Linux: utime + stime of /proc/<pid>/stat); null elsewhere. */
function cpuUs(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

async function load(url: string, seconds: number, connections: number, server: ChildProcess) {
  const before = cpuUs(server.pid!);
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'x-api-key': KEY } });
  const after = cpuUs(server.pid!);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`load on ${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpu =
    before === null || after === null || r.requests.total === 0 ? null : (after - before) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, cpuUs: cpu };
}

/**
 * Loads the local server (`infra/local/main.ts`, embedded sandbox, enterprise key) and a bare node:http
 * server answering the local server's own body, in interleaved rounds; a first request warms the route
 * (and fills the cache of an upstream route), so the rounds measure cache hits.
 * @example const [health] = await measureLocalThroughput({ paths: ['/health'], rounds: 3, seconds: 2 });
 */
export async function measureLocalThroughput({
  paths = DEFAULT_PATHS,
  rounds = 5,
  seconds = 2,
  connections = 10,
  logLevel = 'silent',
  entry = resolve(ROOT, 'infra/local/main.ts'),
}: LocalThroughputOptions = {}): Promise<LocalThroughputFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-bench-data-'));
  const { child: local, port } = await startChild(
    [entry],
    {
      API_KEYS: `${KEY}:enterprise`,
      ENTERPRISE_DAILY_QUOTA: '1000000000',
      LOG_LEVEL: logLevel,
      DATA_DIR: dataDir,
      PROVIDERS: '',
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  const figures: LocalThroughputFigure[] = [];
  try {
    for (const path of paths) {
      const url = `http://127.0.0.1:${port}${path}`;
      let sample = '';
      for (let i = 0; i < 3; i++) {
        const res = await fetch(url, { headers: { 'x-api-key': KEY } });
        sample = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${sample.slice(0, 200)}`);
      }
      const { child: bare, port: barePort } = await startChild(
        [resolve(ROOT, 'tests/bench/bare-server.ts')],
        { BARE_BODY: sample },
        /ready on port (\d+)/,
      );
      const perRound: LocalThroughputFigure['rounds'] = [];
      const p50s = { local: [] as number[], bare: [] as number[] };
      try {
        // A short warm-up of each, so the first round does not measure the JIT.
        await load(url, 1, connections, local);
        await load(`http://127.0.0.1:${barePort}${path}`, 1, connections, bare);
        for (let r = 0; r < rounds; r++) {
          // Which server goes first alternates by round, so neither always follows the other's load.
          const bareLoad = () => load(`http://127.0.0.1:${barePort}${path}`, seconds, connections, bare);
          const localLoad = () => load(url, seconds, connections, local);
          const [ours, base] =
            r % 2 === 0
              ? [await localLoad(), await bareLoad()]
              : await bareLoad().then(async (b) => [await localLoad(), b] as const);
          perRound.push({
            localRps: ours.rps,
            bareRps: base.rps,
            ratio: ours.rps / base.rps,
            localCpuUs: ours.cpuUs,
            bareCpuUs: base.cpuUs,
          });
          p50s.local.push(ours.p50);
          p50s.bare.push(base.p50);
        }
      } finally {
        await stop(bare);
      }
      const ratios = perRound.map((r) => r.ratio);
      figures.push({
        path,
        bodyBytes: Buffer.byteLength(sample),
        localRps: median(perRound.map((r) => r.localRps)),
        bareRps: median(perRound.map((r) => r.bareRps)),
        ratio: median(ratios),
        ratioNoise: iqrHalf(ratios),
        localP50Ms: median(p50s.local),
        bareP50Ms: median(p50s.bare),
        localCpuUs: cpuMedian(perRound.map((r) => r.localCpuUs)),
        bareCpuUs: cpuMedian(perRound.map((r) => r.bareCpuUs)),
        rounds: perRound,
      });
    }
  } finally {
    await stop(local);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export interface HandlerHitOptions {
  /** The request (path and query) of a keyed upstream route, answered from the cache after the first call. */
  target?: string;
  /** Interleaved batches, and calls per batch. */
  rounds?: number;
  calls?: number;
}

export interface HandlerHitFigure {
  target: string;
  metrics: 'off' | 'emf';
  /** µs per call (the median call of a batch, then the median over the batches) of the route's handler on a hit, and of the minimal handler. */
  handlerUs: number;
  minimalUs: number;
  /** Median of the per-batch ratios handler / minimal, and half its interquartile spread. */
  ratio: number;
  ratioNoise: number;
}

interface HitChildResult {
  handlerUs: number[];
  minimalUs: number[];
}

/**
 * The route's handler on a cache hit against a minimal handler returning the same JSON, each batch of
 * `calls` given prebuilt events (Lambda hands each invocation a new one), in a child process per
 * metrics setting: the sandbox upstream, an enterprise key, in-memory counters.
 * @example const [off, emf] = await measureHandlerHit({ rounds: 9, calls: 500 });
 */
export async function measureHandlerHit({
  target = DEFAULT_PATHS[1],
  rounds = 9,
  calls = 500,
}: HandlerHitOptions = {}): Promise<HandlerHitFigure[]> {
  const figures: HandlerHitFigure[] = [];
  for (const metrics of ['off', 'emf'] as const) {
    const child = fork(import.meta.filename, [], {
      execArgv: ['--disable-warning=ExperimentalWarning'],
      env: {
        ...process.env,
        LOCAL_BENCH_HIT_CHILD: JSON.stringify({ target, rounds, calls }),
        LOG_LEVEL: 'silent',
        ...(metrics === 'emf' ? { METRICS: 'emf' } : {}),
      },
      // stdout is a pipe, as Lambda's is: the EMF lines are written for real, and drained here.
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    child.stdout!.resume();
    const result = await new Promise<HitChildResult>((ok, fail) => {
      child.once('message', (m) => ok(m as HitChildResult));
      child.once('exit', (code) => fail(new Error(`handler-hit child exited (${code})`)));
    });
    child.kill();
    const ratios = result.handlerUs.map((h, i) => h / result.minimalUs[i]!);
    figures.push({
      target,
      metrics,
      handlerUs: median(result.handlerUs),
      minimalUs: median(result.minimalUs),
      ratio: median(ratios),
      ratioNoise: iqrHalf(ratios),
    });
  }
  return figures;
}

/** The child of measureHandlerHit: one metrics setting, its batches sent back over IPC. */
async function handlerHitChild({ target, rounds, calls }: Required<HandlerHitOptions>): Promise<void> {
  const { startSandbox } = await import('../../infra/sandbox/server.ts');
  const [{ loadHandler, toEvent }, { matchRoute }] = await Promise.all([
    import('../../infra/local/lambda.ts'),
    import('../../infra/local/routing.ts'),
  ]);
  const { useProviders } = await import('../../shared/upstream/providers.ts');
  const { useStores } = await import('../../shared/store/index.ts');
  const { MemoryCounterStore, MemoryKeyStore } = await import('../../shared/store/memory.ts');
  process.env.ENTERPRISE_DAILY_QUOTA = '1000000000';
  const sandbox = await startSandbox();
  useProviders(sandbox.providers());
  const keys = new MemoryKeyStore();
  keys.add(KEY, 'enterprise');
  useStores({ keys, counters: new MemoryCounterStore() });
  const url = new URL(target, 'http://127.0.0.1');
  const match = matchRoute(url.pathname, 'GET')!;
  const { handler } = await loadHandler(match.route);
  const source = {
    method: 'GET',
    rawHeaders: ['Host', '127.0.0.1:3000', 'x-api-key', KEY, 'accept', '*/*', 'user-agent', 'bench'],
    headers: { host: '127.0.0.1:3000' },
  };
  const event = () => toEvent(source, match.route, match.params, url);
  const context = {
    functionName: 'bench',
    awsRequestId: 'bench',
    getRemainingTimeInMillis: () => 28_000,
    callbackWaitsForEmptyEventLoop: false,
  } as never;
  let body = '';
  for (let i = 0; i < 3; i++) {
    const r = await handler(event(), context, () => undefined);
    if (!r || r.statusCode !== 200) throw new Error(`${target}: ${r?.statusCode} ${r?.body.slice(0, 200)}`);
    body = r.body;
  }
  const value: unknown = JSON.parse(body);
  const minimal = async (_event: unknown) => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(value),
  });
  const batch = async (call: (e: ReturnType<typeof event>) => unknown) => {
    const events = Array.from({ length: calls }, event);
    // The median call of the batch: on a shared machine a call may wait for a core (or a collection of
    // the whole heap), and a mean would measure the machine's load rather than the handler.
    const times: number[] = [];
    for (const e of events) {
      const started = performance.now();
      await call(e);
      times.push((performance.now() - started) * 1000);
    }
    return median(times);
  };
  const out: HitChildResult = { handlerUs: [], minimalUs: [] };
  await batch((e) => handler(e, context, () => undefined)); // warm-up
  await batch(minimal);
  for (let r = 0; r < rounds; r++) {
    out.handlerUs.push(await batch((e) => handler(e, context, () => undefined)));
    out.minimalUs.push(await batch(minimal));
  }
  await sandbox.close();
  process.send!(out);
}

if (process.env.LOCAL_BENCH_HIT_CHILD) {
  await handlerHitChild(JSON.parse(process.env.LOCAL_BENCH_HIT_CHILD) as Required<HandlerHitOptions>);
} else if (import.meta.main) {
  const hits = await measureHandlerHit({
    rounds: Number(process.env.LOCAL_BENCH_ROUNDS ?? 9),
  });
  console.log(
    '| handler on a cache hit | metrics | handler µs/call | minimal µs/call | ratio (median ± IQR/2) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const h of hits) {
    console.log(
      `| ${h.target} | ${h.metrics} | ${h.handlerUs.toFixed(1)} | ${h.minimalUs.toFixed(1)} | ${h.ratio.toFixed(1)} ± ${h.ratioNoise.toFixed(1)} |`,
    );
  }
  console.log();
  const figures = await measureLocalThroughput({
    rounds: Number(process.env.LOCAL_BENCH_ROUNDS ?? 5),
    seconds: Number(process.env.LOCAL_BENCH_SECONDS ?? 2),
    logLevel: process.env.LOCAL_BENCH_LOG_LEVEL ?? 'silent',
    ...(process.env.LOCAL_BENCH_ENTRY ? { entry: resolve(process.env.LOCAL_BENCH_ENTRY) } : {}),
  });
  const us = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(0)} µs`);
  console.log(
    '| path | body | local req/s | bare req/s | ratio (median ± IQR/2) | local p50 | bare p50 | local CPU/req | bare CPU/req |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const f of figures) {
    console.log(
      `| ${f.path} | ${f.bodyBytes} B | ${f.localRps.toFixed(0)} | ${f.bareRps.toFixed(0)} | ${f.ratio.toFixed(2)} ± ${f.ratioNoise.toFixed(2)} | ${f.localP50Ms} ms | ${f.bareP50Ms} ms | ${us(f.localCpuUs)} | ${us(f.bareCpuUs)} |`,
    );
  }
}
