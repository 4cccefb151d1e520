/**
 * chain_c's rooms answered for one room and for two, compared rate by rate: the extraction and the HTTP
 * tests both check that a second room changes the stay's totals and no per-night figure.
 */
import type { ChainCRate, ChainCRooms } from '../../shared/schemas/chain-c.ts';

/**
 * Each rate of `one` with the rate at the same place in `two` (same room type, same index).
 * @example ratePairs(oneRoom, twoRooms).length // the rates of oneRoom
 */
export function ratePairs(
  one: Pick<ChainCRooms, 'room_types'>,
  two: Pick<ChainCRooms, 'room_types'>,
): (readonly [ChainCRate, ChainCRate])[] {
  return one.room_types.flatMap((r, i) => r.rates.map((a, j) => [a, two.room_types[i]!.rates[j]!] as const));
}

/**
 * The figures of a rate that are per night of one room, which the number of rooms leaves alone.
 * @example expect(perNightFigures(b)).toEqual(perNightFigures(a))
 */
export function perNightFigures(r: ChainCRate) {
  return [r.per_night, r.points_per_night, r.cash_and_points, r.nightly_rates];
}
