/**
 * The DynamoDB requests of a deployed-style hit and miss, counted at dynalite's HTTP server: one
 * instance (a fresh process running the bundle, stepwise) makes its first call (a miss: key lookup
 * included), the same call again (a hit in a warm instance), and another request of the route (a miss in
 * a warm instance); a second instance then asks the first call's request (a hit in the shared cache).
 * Round trips are counted as the caller waits: the longest chain of the instance's DynamoDB sends, each
 * sent after the one before it came back; its busy periods, the server's and the request count are shown
 * beside them.
 */
import type { Route } from '../../shared/routes/index.ts';
import {
  apiEvent,
  bundleOf,
  lambdaEnv,
  liveCeilings,
  startCountingDynamo,
  startInstance,
  type CallFigures,
  type CountingDynamo,
  type Instance,
} from './lib.ts';
import { serialRounds } from './rounds.ts';

export interface Step {
  label: string;
  status: number;
  cache: string | null;
  requests: number;
  /** Round trips as the caller waits: the longest chain of its sends, each sent after the last came back. */
  rounds: number;
  /** The instance's busy periods (sends awaited together count once): a lower bound when chains overlap. */
  busyPeriods: number;
  /** Busy periods of the server: an upper bound (a send made at once may reach it after another ended). */
  serverRounds: number;
  /** Requests that started before the handler's answer reached the bench. */
  beforeAnswer: number;
  ops: string;
}

/**
 * A second request of the route: the example with one parameter changed (a distinct cache key).
 * @example otherRequest(chainARooms) // '/v1/chain_a/rooms?hotel_code=ASPAR0&…&adults=1'
 */
export function otherRequest(route: Route): string {
  const url = new URL(route.example, 'http://x');
  const swaps: Record<string, [string, string]> = {
    sort_by: ['newest', 'most_relevant'],
    adults: ['2', '1'],
    party_size: ['2', '3'],
    language: ['fr', 'en'],
  };
  for (const [name, [from, to]] of Object.entries(swaps))
    if (url.searchParams.get(name) === from) {
      url.searchParams.set(name, to);
      return `${url.pathname}${url.search}`;
    }
  throw new Error(`no second request known for ${route.path}`);
}

async function step(db: CountingDynamo, instance: Instance, label: string): Promise<Step> {
  await db.idle();
  const from = db.requests.length;
  const f: CallFigures = await instance.call();
  const answered = performance.now();
  await db.idle();
  const mine = db.requests.slice(from);
  const ops = new Map<string, number>();
  for (const r of mine) ops.set(r.op, (ops.get(r.op) ?? 0) + 1);
  return {
    label,
    status: f.status,
    cache: f.cache,
    requests: mine.length,
    rounds: f.sendDepth,
    busyPeriods: f.sendRounds,
    serverRounds: serialRounds(mine),
    beforeAnswer: mine.filter((r) => r.start <= answered).length,
    ops: [...ops].map(([op, n]) => `${op}${n > 1 ? ` ×${n}` : ''}`).join(', '),
  };
}

/**
 * `root`: the tree whose bundle and live profile are used (this one by default).
 * @example const steps = await measureRoundTrips(route, sandbox.providers(), true);
 */
export async function measureRoundTrips(
  route: Route,
  providers: Record<string, Record<string, unknown>>,
  withCeilings: boolean,
  root?: string,
): Promise<Step[]> {
  const ceilings = liveCeilings(root);
  const configured = withCeilings
    ? Object.fromEntries(
        Object.entries(providers).map(([p, c]) => [
          p,
          ceilings[p] ? { ...c, maxConcurrent: ceilings[p] } : c,
        ]),
      )
    : providers;
  const db = await startCountingDynamo();
  try {
    const bundle = await bundleOf(route, root);
    const env = lambdaEnv(db, configured);
    const first = apiEvent(route, route.example);
    const a = startInstance(bundle, [first, first, apiEvent(route, otherRequest(route))], env, {
      stepwise: true,
    });
    const steps = [
      await step(db, a, 'new instance, miss (first call: key lookup included)'),
      await step(db, a, 'warm instance, hit (same request again)'),
      await step(db, a, 'warm instance, miss (another request)'),
    ];
    await a.done;
    const b = startInstance(bundle, [first], env, { stepwise: true });
    steps.push(await step(db, b, 'new instance, hit in the shared cache (key lookup included)'));
    await b.done;
    return steps;
  } finally {
    await db.close();
  }
}
