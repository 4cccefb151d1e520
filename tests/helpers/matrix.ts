/**
 * Running a test matrix's cases side by side. Most of a matrix case's time is waiting (a simulated deadline,
 * a pause for requests to settle, the sandbox's chunked pages), so cases that cannot disturb each other run
 * at once: the matrix runs its cases before its tests, and each test then assesses its own case's outcome.
 */

/** Runs one step of a lane, in the round of steps it waits for. */
export type Step = <R>(work: () => Promise<R>) => Promise<R>;

/**
 * Runs lanes side by side in lock step: a round starts once every lane still running has asked for its
 * next step, `between` runs then (no step is in flight: it may reset what the lanes share), and the round's
 * steps run at once. A lane's own state (a source's fault, breaker and log) is only its own if no other lane
 * uses that source: `lanes` groups the cases so.
 * @example await inLockStep(lanes.map((cases) => async (step) => { for (const c of cases) await step(() => run(c)); }), reset);
 */
export async function inLockStep(
  lanes: ((step: Step) => Promise<void>)[],
  between: () => void,
): Promise<void> {
  let running = lanes.length;
  let waiting: (() => void)[] = [];
  const startRound = () => {
    if (waiting.length === 0 || waiting.length < running) return;
    const round = waiting;
    waiting = [];
    between();
    for (const start of round) start();
  };
  const step: Step = (work) =>
    new Promise((resolve, reject) => {
      waiting.push(() => void work().then(resolve, reject));
      startRound();
    });
  await Promise.all(
    lanes.map(async (lane) => {
      try {
        await lane(step);
      } finally {
        running--;
        startRound();
      }
    }),
  );
}

/**
 * Groups items into lanes: two items that share a key (a source, a route) are in the same lane, in their
 * order, so that lanes run side by side without sharing one.
 * @example lanes(pairs, ([route, provider]) => [route.path, provider])
 */
export function lanes<T>(items: readonly T[], keysOf: (item: T) => string[]): T[][] {
  let groups: { keys: Set<string>; at: number[] }[] = [];
  items.forEach((item, at) => {
    const keys = keysOf(item);
    const joined = groups.filter((g) => keys.some((k) => g.keys.has(k)));
    groups = groups.filter((g) => !joined.includes(g));
    groups.push({
      keys: new Set([...keys, ...joined.flatMap((g) => [...g.keys])]),
      at: [...joined.flatMap((g) => g.at), at].sort((a, b) => a - b),
    });
  });
  return groups.map((g) => g.at.map((at) => items[at]!));
}

/**
 * Groups items into rounds, each item in the first round that holds none of its keys (a source, a route):
 * the items of a round share none and can run at once, with what they share reset between rounds. Items
 * with the same keys keep their order across rounds.
 * @example rounds(cases, ([, route, provider]) => [route.path, provider])
 */
export function rounds<T>(items: readonly T[], keysOf: (item: T) => string[]): T[][] {
  const out: { keys: Set<string>; items: T[] }[] = [];
  for (const item of items) {
    const keys = keysOf(item);
    const round = out.find((r) => !keys.some((k) => r.keys.has(k)));
    if (round) {
      round.items.push(item);
      for (const k of keys) round.keys.add(k);
    } else out.push({ keys: new Set(keys), items: [item] });
  }
  return out.map((r) => r.items);
}

/**
 * Runs `work` on every item, at most `limit` at a time, and gives the results in the items' order.
 * @example const metafiles = await inPool(handlers, 4, (handler) => bundle(handler));
 */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Whether the test name pattern jest was given (`-t`, which jest.config.js passes on as TEST_NAME_PATTERN)
 * picks a test: a matrix runs only the cases of the tests that run.
 * @example const chosen = cases.filter(([name]) => picked(`fault matrix ${name}`));
 */
export function picked(fullName: string, pattern = process.env.TEST_NAME_PATTERN): boolean {
  return pattern === undefined || new RegExp(pattern, 'i').test(fullName);
}
