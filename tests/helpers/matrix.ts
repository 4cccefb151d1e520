/**
 * Running a test matrix's cases side by side. Most of a matrix case's time is waiting (a simulated deadline,
 * a pause for requests to settle, the sandbox's chunked pages), so cases that cannot disturb each other run
 * at once: the matrix runs its cases before its tests, and each test then assesses its own case's outcome.
 */

/**
 * Runs `work` on every item, at most `limit` at a time, and gives the results in the items' order.
 * @example const answers = await inPool(routes, 4, (route) => api.get(route.example));
 */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
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
 * The test name pattern jest was given (`-t`, `--testNamePattern`), when the file runs in jest's own process
 * (as one file does): a matrix then runs only the cases the pattern picks. In a worker the pattern is not in
 * sight and every case runs, as every test does.
 * @example const wanted = cases.filter(([name]) => picked(`fault matrix ${name}`));
 */
export function picked(fullName: string, args: readonly string[] = process.argv): boolean {
  const at = args.findIndex((a) => a === '-t' || a === '--testNamePattern');
  const inline = args.find((a) => a.startsWith('--testNamePattern='));
  const pattern = at >= 0 ? args[at + 1] : inline?.slice('--testNamePattern='.length);
  return pattern === undefined || new RegExp(pattern, 'i').test(fullName);
}
