/** Calendar days as the API counts them: `YYYY-MM-DD` strings in UTC. */

const DAY_MS = 86_400_000;

/** Today's date, YYYY-MM-DD in UTC. @example todayUtc(new Date('2030-06-10T23:00:00Z')) // '2030-06-10' */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before it when negative). @example addDays('2026-03-01', -1) // '2026-02-28' */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** @example utcDay(new Date('2026-11-21T23:59:59Z')) // { day: '2026-11-21', resetEpoch: 1763769600 } */
export function utcDay(now: Date): { day: string; resetEpoch: number } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day: todayUtc(now), resetEpoch: midnight / 1000 };
}
