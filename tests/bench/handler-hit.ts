/**
 * Handler µs per in-process cached hit against a minimal handler returning the same JSON, EMF metrics
 * off and on (on, as on Lambda), interleaved in one fresh process (tests/bench/hit-loop.ts) whose stdout,
 * where the metrics go, is a pipe this process drains, as Lambda's runtime does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from '../../shared/routes/index.ts';
import { apiEvent, BENCH_KEY, benchChild, bundleOf, iqrHalf, median } from './lib.ts';

/** CPU µs per call (medians over the rounds), and the ratios to the minimal handler. */
export interface HitResult {
  minimalUs: number;
  handlerUs: number;
  handlerEmfUs: number;
  /** Wall µs per call: minimal, handler, handler with EMF. */
  wallUs: number[];
  /** Median of the per-round ratios, and half their interquartile range. */
  ratio: number;
  ratioNoise: number;
  ratioEmf: number;
  ratioEmfNoise: number;
  cache: string | null;
  bytes: number;
  /** Per-round CPU µs per call, to pool rounds of several processes. */
  rounds: { minimal: number[]; handler: number[]; handlerEmf: number[] };
  /** Per-round wall µs per call. */
  wallRounds: { minimal: number[]; handler: number[]; handlerEmf: number[] };
}

/** The figures of several processes' rounds together. @example pooled([a, b]) */
export function pooled(results: readonly HitResult[]): HitResult {
  const cat = (pick: (r: HitResult) => { minimal: number[]; handler: number[]; handlerEmf: number[] }) => ({
    minimal: results.flatMap((r) => pick(r).minimal),
    handler: results.flatMap((r) => pick(r).handler),
    handlerEmf: results.flatMap((r) => pick(r).handlerEmf),
  });
  return summarise(
    cat((r) => r.rounds),
    cat((r) => r.wallRounds),
    results[0]!.cache,
    results[0]!.bytes,
  );
}

/**
 * One fresh process's figures; `root`: the tree whose bundle is measured (this one by default).
 * @example const hit = await measureHandlerHit(route, sandbox.providers());
 */
export async function measureHandlerHit(route: Route, providers: unknown, root?: string): Promise<HitResult> {
  const bundle = await bundleOf(route, root);
  const dir = mkdtempSync(join(tmpdir(), 'bench-hit-'));
  const out = join(dir, 'hit.json');
  const child = benchChild('hit-loop.ts', bundle, {
    // In-process stores: the key and the quota in memory, no DynamoDB, so the hit is all in-process work.
    COUNTER_TABLE: '',
    API_KEYS: `${BENCH_KEY}:enterprise`,
    ENTERPRISE_DAILY_QUOTA: '100000000',
    PROVIDERS: JSON.stringify(providers),
    LOG_LEVEL: 'silent',
    NODE_OPTIONS: '',
    BENCH_EVENT: JSON.stringify(apiEvent(route, route.example)),
    BENCH_OUT: out,
  });
  // The loop reads no input.
  child.stdin.end();
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((ok) => child.once('exit', ok));
  if (code !== 0)
    throw new Error(`hit loop for ${route.path} failed: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const { perCall, wall, cache, bytes } = JSON.parse(readFileSync(out, 'utf8')) as {
    perCall: { minimal: number[]; handler: number[]; handlerEmf: number[] };
    wall: { minimal: number[]; handler: number[]; handlerEmf: number[] };
    cache: string | null;
    bytes: number;
  };
  rmSync(dir, { recursive: true, force: true });
  return summarise(perCall, wall, cache, bytes);
}

function summarise(
  perCall: HitResult['rounds'],
  wall: HitResult['rounds'],
  cache: string | null,
  bytes: number,
): HitResult {
  const ratios = perCall.handler.map((h, i) => h / perCall.minimal[i]!);
  const ratiosEmf = perCall.handlerEmf.map((h, i) => h / perCall.minimal[i]!);
  return {
    minimalUs: median(perCall.minimal),
    handlerUs: median(perCall.handler),
    handlerEmfUs: median(perCall.handlerEmf),
    wallUs: [median(wall.minimal), median(wall.handler), median(wall.handlerEmf)],
    ratio: median(ratios),
    ratioNoise: iqrHalf(ratios),
    ratioEmf: median(ratiosEmf),
    ratioEmfNoise: iqrHalf(ratiosEmf),
    cache,
    bytes,
    rounds: perCall,
    wallRounds: wall,
  };
}
