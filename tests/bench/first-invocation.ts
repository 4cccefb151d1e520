/**
 * A keyed function's first invocation on a cold result cache: import plus the first call with the
 * route's example, each run a fresh process and a fresh dynalite (nothing cached anywhere), against the
 * sandbox, with the stack's NODE_OPTIONS (when it sets any) and without; trees, routes and variants
 * interleaved run by run, so the machine's load weighs on all alike.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  apiEvent,
  BENCH_KEY,
  bundleOf,
  deployedNodeOptions,
  iqrHalf,
  lambdaEnv,
  median,
  ms,
  OUT,
  startCountingDynamo,
  startInstance,
  type Bundle,
  type CallFigures,
  type Side,
} from './lib.ts';
import { writeSdkPackages } from '../../infra/dynamodb-client.ts';

export interface FirstInvocationResult {
  side: string;
  /** Median over every run of every route, with the tree's deployed NODE_OPTIONS. */
  median: number;
  noise: number;
  /** The same runs' CPU (import + first call), median and noise. */
  cpuMedian: number;
  cpuNoise: number;
  lines: string[];
}

/** The floor every keyed first invocation stands on: the card's DynamoDB client alone. */
export interface FloorResult {
  median: number;
  noise: number;
  cpuMedian: number;
  importMedian: number;
}

/** Which copy of the card's client a tree deploys: the runtime's (node_modules) or its bundled one. */
export type FloorKind = 'runtime' | 'bundled';

/** A tree deploys the bundled client when it has infra/dynamodb-client.ts. */
export const floorKindOf = (root: string): FloorKind =>
  existsSync(resolve(root, 'infra/dynamodb-client.ts')) ? 'bundled' : 'runtime';

/**
 * A function that does only what every keyed first invocation must: load `@aws-sdk/client-dynamodb` (the
 * runtime's copy from node_modules, or this tree's bundled one beside it: infra/dynamodb-client.ts), build
 * its client the way shared/store/dynamo-client.ts does on Lambda, and send one GetItem (the key lookup) to
 * the table. Nothing of ours, no got, no zod.
 */
async function floorBundle(kind: FloorKind): Promise<Bundle> {
  const dir = resolve(OUT, kind === 'runtime' ? 'floor' : 'floor-bundled');
  mkdirSync(dir, { recursive: true });
  rmSync(resolve(dir, 'node_modules'), { recursive: true, force: true });
  if (kind === 'bundled') await writeSdkPackages(dir);
  const outfile = resolve(dir, 'index.cjs');
  writeFileSync(
    outfile,
    `const { DynamoDBClient, GetItemCommand } = require('@aws-sdk/client-dynamodb');
const { fromEnv } = require('@aws-sdk/credential-provider-env');
const { createHash } = require('node:crypto');
const client = new DynamoDBClient({ endpointDiscoveryEnabled: false, credentials: fromEnv() });
exports.handler = async () => {
  const pk = 'KEY#' + createHash('sha256').update(${JSON.stringify(BENCH_KEY)}).digest('hex');
  const { Item } = await client.send(new GetItemCommand({ TableName: process.env.COUNTER_TABLE, Key: { pk: { S: pk } } }));
  return { statusCode: Item ? 200 : 404, headers: {}, body: '' };
};
`,
  );
  return {
    name: `floor (${kind})`,
    outfile,
    bytes: 0,
    total: 0,
    metafile: { inputs: {}, outputs: {} },
    env: {},
  };
}

/**
 * @example const [after] = await measureFirstInvocation(sides, TYPICAL, sandbox.providers(), 5);
 */
export async function measureFirstInvocation(
  sides: readonly Side[],
  handlers: readonly string[],
  providers: unknown,
  runs: number,
): Promise<{ results: FirstInvocationResult[]; floors: Map<FloorKind, FloorResult> }> {
  const figures = new Map<string, CallFigures[]>();
  const kinds: FloorKind[] = ['runtime', 'bundled'];
  const floorRuns = new Map<FloorKind, CallFigures[]>(kinds.map((k) => [k, []]));
  const floorOf = new Map<FloorKind, Bundle>();
  for (const kind of kinds) floorOf.set(kind, await floorBundle(kind));
  const deployedOf = new Map<string, string>();
  for (const side of sides) deployedOf.set(side.label, await deployedNodeOptions(side.root));
  // What a deployed function runs with, and (when that is anything) the same without it.
  const variantsOf = (side: Side) => [...new Set([deployedOf.get(side.label)!, ''])];
  // Run 0 warms the sandbox's pages and the file cache; it is not counted.
  for (let run = 0; run <= runs; run++) {
    // The floor, interleaved with the functions (once a run and route, as often as each of them).
    for (let i = 0; i < handlers.length; i++) {
      for (const kind of kinds) {
        const db = await startCountingDynamo();
        try {
          const [f] = await startInstance(floorOf.get(kind)!, [{}], lambdaEnv(db, providers)).done;
          if (f!.status !== 200) throw new Error(`floor (${kind}): status ${f!.status}`);
          if (run > 0) floorRuns.get(kind)!.push(f!);
        } finally {
          await db.close();
        }
      }
    }
    for (const handler of handlers) {
      for (const side of sides) {
        for (const variant of variantsOf(side)) {
          const route = side.route(handler);
          const db = await startCountingDynamo();
          try {
            const bundle = await bundleOf(route, side.root);
            const [f] = await startInstance(
              bundle,
              [apiEvent(route, route.example)],
              lambdaEnv(db, providers),
              { nodeOptions: variant },
            ).done;
            if (f!.status !== 200) throw new Error(`${side.label} ${route.example}: status ${f!.status}`);
            const key = `${side.label} ${handler} ${variant}`;
            if (run > 0) figures.set(key, [...(figures.get(key) ?? []), f!]);
          } finally {
            await db.close();
          }
        }
      }
    }
  }
  const results = sides.map((side) => {
    const deployed = deployedOf.get(side.label)!;
    const lines: string[] = [];
    lines.push(
      `| ${side.label}: function | first invocation${deployed ? ` (NODE_OPTIONS=${deployed}, as deployed)` : ''} | ±noise | CPU |${deployed ? ' without NODE_OPTIONS |' : ''} import | handler | before 1st DynamoDB request | DynamoDB in flight | upstream in flight | neither in flight (our code, got, zod) | DynamoDB / upstream requests |`,
    );
    lines.push(
      `| --- | ---: | ---: | ---: |${deployed ? ' ---: |' : ''} ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    );
    const all: number[] = [];
    const cpu: number[] = [];
    for (const handler of handlers) {
      const f = figures.get(`${side.label} ${handler} ${deployed}`)!;
      const bare = figures.get(`${side.label} ${handler} `)!;
      const m = (pick: (x: CallFigures) => number) => ms(median(f.map(pick)));
      all.push(...f.map((x) => x.totalMs));
      cpu.push(...f.map((x) => x.cpuMs));
      lines.push(
        `| ${handler.replace(/^functions\//, '').replace(/\.ts$/, '')} | ${m((x) => x.totalMs)} | ${ms(iqrHalf(f.map((x) => x.totalMs)))} | ${m((x) => x.cpuMs)} |${deployed ? ` ${ms(median(bare.map((x) => x.totalMs)))} |` : ''} ${m((x) => x.importMs)} | ${m((x) => x.handlerMs)} | ${m((x) => x.firstDynamoAt ?? 0)} | ${m((x) => x.dynamoMs)} | ${m((x) => x.upstreamMs)} | ${m((x) => x.handlerMs - x.eitherMs)} | ${median(f.map((x) => x.dynamoRequests))} / ${median(f.map((x) => x.upstreamRequests))} |`,
      );
    }
    return {
      side: side.label,
      median: median(all),
      noise: iqrHalf(all),
      cpuMedian: median(cpu),
      cpuNoise: iqrHalf(cpu),
      lines,
    };
  });
  const floors = new Map(
    [...floorRuns].map(([kind, runs_]) => [
      kind,
      {
        median: median(runs_.map((f) => f.totalMs)),
        noise: iqrHalf(runs_.map((f) => f.totalMs)),
        cpuMedian: median(runs_.map((f) => f.cpuMs)),
        importMedian: median(runs_.map((f) => f.importMs)),
      },
    ]),
  );
  return { results, floors };
}
