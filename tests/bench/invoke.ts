/**
 * One Lambda instance, for the bench: imports a bundle and calls its handler with each event in turn,
 * writing one `BENCH {json}` line a call (status, X-Cache, and where the time went: import, handler,
 * DynamoDB and upstream requests in flight, seen through node:http's diagnostics channels). With
 * BENCH_WAIT=1 it waits for a line on stdin before each call, so the parent can count what each call sent.
 * @example BENCH_BUNDLE=out/x/index.cjs BENCH_EVENTS='[…]' node tests/bench/invoke.ts
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { serialRounds } from './rounds.ts';

interface Span {
  dynamo: boolean;
  start: number;
  end?: number;
}
const spans: Span[] = [];
// host:port of the DynamoDB endpoint; every other request goes upstream (the sandbox).
const dynamoHost = process.env.BENCH_DYNAMO ?? '';
subscribe('http.client.request.start', (message) => {
  const { request } = message as { request: ClientRequest };
  const span: Span = { dynamo: String(request.getHeader('host')) === dynamoHost, start: performance.now() };
  spans.push(span);
  const done = () => (span.end ??= performance.now());
  request.once('error', done);
  request.once('close', done);
  request.once('response', (response: IncomingMessage) => response.once('end', done));
});

/** Wall time covered by at least one of the spans, between `from` and `to`. */
function covered(list: Span[], from: number, to: number): number {
  let total = 0;
  let reach = from;
  for (const s of [...list].sort((a, b) => a.start - b.start)) {
    const start = Math.max(s.start, reach);
    const end = Math.min(s.end ?? to, to);
    if (end > start) total += end - start;
    reach = Math.max(reach, end);
  }
  return total;
}

/**
 * Stepwise (the round-trip count), each DynamoDB `send` of the instance as its caller waits for it: the
 * SDK is not bundled, so the bundle's client class is the one this process resolves beside it. Not done
 * for a first invocation, whose import of the SDK it would move ahead of the clock.
 */
const sends: { op: string; start: number; end?: number }[] = [];
if (process.env.BENCH_WAIT === '1') {
  const sdk = createRequire(process.env.BENCH_BUNDLE!)('@aws-sdk/client-dynamodb') as {
    DynamoDBClient: { prototype: { send(command: object, ...rest: unknown[]): Promise<unknown> } };
  };
  const proto = sdk.DynamoDBClient.prototype;
  const original = proto.send;
  proto.send = function send(this: unknown, command: object, ...rest: unknown[]) {
    const span: (typeof sends)[number] = {
      op: command.constructor.name.replace(/Command$/, ''),
      start: performance.now(),
    };
    sends.push(span);
    const done = original.call(this, command, ...rest);
    void done.then(
      () => (span.end = performance.now()),
      () => (span.end = performance.now()),
    );
    return done;
  };
}

/**
 * The longest chain of sends, each sent after the one before it came back: the round trips the caller
 * waits in series. Busy periods (`serial`) under-count it when two chains overlap (the key lookup and
 * quota beside the result read and lease).
 */
function depth(list: { start: number; end?: number }[]): number {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  const depths: number[] = [];
  sorted.forEach((s, i) => {
    let before = 0;
    for (let j = 0; j < i; j++)
      if ((sorted[j]!.end ?? Infinity) <= s.start) before = Math.max(before, depths[j]!);
    depths.push(before + 1);
  });
  return Math.max(0, ...depths);
}

const events = JSON.parse(process.env.BENCH_EVENTS ?? '[]') as unknown[];
const lines =
  process.env.BENCH_WAIT === '1'
    ? createInterface({ input: process.stdin })[Symbol.asyncIterator]()
    : undefined;
const write = (value: unknown) =>
  new Promise<void>((ok) => process.stdout.write(`BENCH ${JSON.stringify(value)}\n`, () => ok()));

const t0 = performance.now();
const cpu0 = process.cpuUsage();
// Loaded as Lambda's runtime loads the deployed index.js (CommonJS, its package.json says so): require(),
// not import(), which adds the ESM loader's translation of a CommonJS module to the clock.
const mod = createRequire(import.meta.url)(process.env.BENCH_BUNDLE!) as {
  handler: (
    event: unknown,
    context: unknown,
  ) => Promise<{ statusCode: number; headers?: Record<string, unknown> }>;
};
const imported = performance.now();
for (const [i, event] of events.entries()) {
  if (lines) await lines.next();
  const started = performance.now();
  const cpuStart = i === 0 ? cpu0 : process.cpuUsage();
  const from = spans.length;
  const fromSend = sends.length;
  const result = await mod.handler(event, {
    getRemainingTimeInMillis: () => 28_000,
    awsRequestId: `bench-${i}`,
    functionName: 'bench',
    callbackWaitsForEmptyEventLoop: true,
  });
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  const mine = spans.slice(from);
  const dynamo = mine.filter((s) => s.dynamo);
  // Sends still running after the answer (work left behind) finish before they are counted.
  if (lines) await new Promise((ok) => setTimeout(ok, 200));
  const mySends = sends.slice(fromSend);
  const upstream = mine.filter((s) => !s.dynamo);
  await write({
    status: result.statusCode,
    cache: result.headers?.['X-Cache'] ?? result.headers?.['x-cache'] ?? null,
    importMs: i === 0 ? imported - t0 : 0,
    handlerMs: ended - started,
    totalMs: ended - (i === 0 ? t0 : started),
    // CPU of this process over the same span (all threads): what the machine's load stretches least.
    cpuMs: (cpu.user + cpu.system) / 1000,
    dynamoMs: covered(dynamo, started, ended),
    upstreamMs: covered(upstream, started, ended),
    eitherMs: covered(mine, started, ended),
    firstDynamoAt: dynamo.length ? dynamo[0]!.start - started : null,
    firstUpstreamAt: upstream.length ? upstream[0]!.start - started : null,
    dynamoRequests: dynamo.length,
    upstreamRequests: upstream.length,
    sends: mySends.length,
    sendRounds: serialRounds(mySends),
    sendDepth: depth(mySends),
    sendOps: mySends.map((x) => x.op),
  });
}
process.exit(0);
