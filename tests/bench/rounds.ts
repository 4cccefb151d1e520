/**
 * Round trips counted from when requests were in flight, for the bench (lib.ts, round-trips.ts) and the
 * Lambda instance it plays (invoke.ts): it imports nothing, so an instance loads nothing more for it.
 */

/**
 * How many round trips a list of requests took in series: the busy periods of the server (requests
 * sent at once overlap and count once; a request that starts while another is awaited shares its trip).
 * @example serialRounds([{ start: 0, end: 2 }, { start: 1, end: 3 }]) // 1
 */
export function serialRounds(requests: readonly { start: number; end?: number }[]): number {
  let rounds = 0;
  let busyUntil = -Infinity;
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    if (r.start > busyUntil) rounds++;
    busyUntil = Math.max(busyUntil, r.end ?? Infinity);
  }
  return rounds;
}
