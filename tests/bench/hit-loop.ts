/**
 * Child of the handler-hit benchmark: a route's bundle answering its example from the in-process cache,
 * against a minimal handler returning the same JSON (no middy, no checks), with EMF metrics off and on;
 * the three interleaved batch by batch. Each call gets a fresh event, as from the Lambda runtime. Writes
 * the CPU and wall µs per call of every batch, as JSON, to BENCH_OUT.
 * @example BENCH_BUNDLE=… BENCH_EVENT='{…}' BENCH_OUT=/tmp/hit.json node tests/bench/hit-loop.ts
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

type Result = { statusCode: number; headers?: Record<string, unknown>; body?: string };
type Handler = (event: unknown, context: unknown) => Promise<Result>;

const base = JSON.parse(process.env.BENCH_EVENT!) as {
  headers: Record<string, string>;
  queryStringParameters: Record<string, string> | null;
  pathParameters: Record<string, string> | null;
};
const fresh = () => ({
  ...base,
  headers: { ...base.headers },
  queryStringParameters: base.queryStringParameters && { ...base.queryStringParameters },
  pathParameters: base.pathParameters && { ...base.pathParameters },
});
const context = { getRemainingTimeInMillis: () => 28_000, awsRequestId: 'bench', functionName: 'bench' };

const { handler } = (await import(pathToFileURL(process.env.BENCH_BUNDLE!).href)) as { handler: Handler };
const first = await handler(fresh(), context);
const again = await handler(fresh(), context);
if (first.statusCode !== 200 || again.statusCode !== 200)
  throw new Error(`the route answered ${first.statusCode}: ${first.body}`);
const value = JSON.parse(again.body!) as unknown;
const minimal: Handler = async () => ({
  statusCode: 200,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});

const rounds = Number(process.env.BENCH_HIT_ROUNDS ?? 15);
/** CPU ms a batch should take: the kernel's CPU accounting is tick-grained, so a batch spans many ticks. */
const BATCH_CPU_MS = Number(process.env.BENCH_HIT_BATCH_MS ?? 100);
const variants: Record<string, { fn: Handler; metrics: boolean; batch: number }> = {
  minimal: { fn: minimal, metrics: false, batch: 0 },
  handler: { fn: handler, metrics: false, batch: 0 },
  handlerEmf: { fn: handler, metrics: true, batch: 0 },
};
// CPU µs per call (what a loaded machine distorts least), and wall µs per call beside it.
const perCall: Record<string, number[]> = { minimal: [], handler: [], handlerEmf: [] };
const wall: Record<string, number[]> = { minimal: [], handler: [], handlerEmf: [] };
const names = Object.keys(variants);
let cache: unknown = null;
// Calls of the route that were not in-process hits (an expired entry refetched): reported, they distort.
let misses = 0;

async function runBatch(name: string, calls: number): Promise<{ cpuUs: number; wallUs: number }> {
  const { fn, metrics } = variants[name]!;
  if (metrics) process.env.METRICS = 'emf';
  else delete process.env.METRICS;
  const t = performance.now();
  const c = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const r = await fn(fresh(), context);
    if (name !== 'minimal') {
      cache = r.headers?.['X-Cache'] ?? null;
      if (cache !== 'HIT') misses++;
    }
  }
  const cpu = process.cpuUsage(c);
  return { cpuUs: (cpu.user + cpu.system) / calls, wallUs: ((performance.now() - t) * 1000) / calls };
}

// Warm-up, which also sizes each variant's batch to about BATCH_CPU_MS of CPU.
for (const name of names) {
  await runBatch(name, 500);
  const { cpuUs } = await runBatch(name, 2000);
  variants[name]!.batch = Math.min(
    50_000,
    Math.max(50, Math.ceil((BATCH_CPU_MS * 1000) / Math.max(cpuUs, 0.5))),
  );
}
for (let round = 0; round < rounds; round++) {
  // Rotated so that no variant always runs right after the same other one.
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length]!;
    const { cpuUs, wallUs } = await runBatch(name, variants[name]!.batch);
    perCall[name]!.push(cpuUs);
    wall[name]!.push(wallUs);
  }
}
delete process.env.METRICS;
writeFileSync(
  process.env.BENCH_OUT!,
  JSON.stringify({
    perCall,
    wall,
    cache,
    misses,
    heapMb: process.memoryUsage().heapUsed / 2 ** 20,
    bytes: again.body!.length,
  }),
);
process.exit(0);
