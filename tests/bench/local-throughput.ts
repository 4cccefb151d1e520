/**
 * The local server against a bare `node:http` server sending the same bytes on the same path, interleaved:
 * each round loads the local server, then the bare one, for a few seconds each (autocannon), and the
 * figure is the median of the per-round throughput ratios, so machine load drifting between rounds
 * weighs on both sides alike. Both servers run in their own process, as `npm start` runs.
 *
 * Run alone: `node_modules/.bin/node --disable-warning=ExperimentalWarning tests/bench/local-throughput.ts`
 * (LOCAL_BENCH_ROUNDS, LOCAL_BENCH_SECONDS and LOCAL_BENCH_LOG_LEVEL change the defaults).
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
  /** Interleaved rounds per path (local, then bare, each round). */
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

async function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString();
      if (ready.test(seen)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // later output (access lines at info) must not block the child
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited early (${code})`)));
  });
  return child;
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
  const local = await startChild(
    [entry],
    {
      PORT: '3911',
      API_KEYS: `${KEY}:enterprise`,
      ENTERPRISE_DAILY_QUOTA: '1000000000',
      LOG_LEVEL: logLevel,
      DATA_DIR: dataDir,
      PROVIDERS: '',
    },
    /listening/,
  );
  const figures: LocalThroughputFigure[] = [];
  try {
    for (const path of paths) {
      const url = `http://127.0.0.1:3911${path}`;
      let sample = '';
      for (let i = 0; i < 3; i++) {
        const res = await fetch(url, { headers: { 'x-api-key': KEY } });
        sample = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${sample.slice(0, 200)}`);
      }
      const bare = await startChild(
        [resolve(ROOT, 'tests/bench/bare-server.ts')],
        { PORT: '3912', BARE_BODY: sample },
        /ready/,
      );
      const perRound: LocalThroughputFigure['rounds'] = [];
      const p50s = { local: [] as number[], bare: [] as number[] };
      try {
        // A short warm-up of each, so the first round does not measure the JIT.
        await load(url, 1, connections, local);
        await load(`http://127.0.0.1:3912${path}`, 1, connections, bare);
        for (let r = 0; r < rounds; r++) {
          const ours = await load(url, seconds, connections, local);
          const base = await load(`http://127.0.0.1:3912${path}`, seconds, connections, bare);
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

if (import.meta.main) {
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
