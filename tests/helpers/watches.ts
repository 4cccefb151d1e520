/**
 * Batches of watches due in one minute, for the watch scale test and the tick bench: apart from the
 * webhook receiver (tests/watches/helpers.ts), so the bench loads no receiver or standardwebhooks.
 */
import { hashKey } from '../../shared/hash.ts';
import { newWatchRecord, type WatchRecord } from '../../shared/watches/model.ts';
import type { WatchStore } from '../../shared/watches/store-types.ts';

/**
 * Watch number `n` of a batch on chain_b's rooms for an enterprise `key`: any change, hourly, for a day, and
 * due in the minute before `now` (each at its own second); `params` are the stay's beside the hotel.
 * @example dueWatch(7, { key, now, params: { check_in: '2030-06-10', check_out: '2030-06-12' }, callbackUrl })
 */
export function dueWatch(
  n: number,
  {
    key,
    now,
    params,
    callbackUrl,
  }: { key: string; now: number; params: Record<string, string>; callbackUrl: string },
): WatchRecord {
  const made = newWatchRecord({
    id: `wch_${n.toString(16).padStart(20, '0')}`,
    keyId: hashKey(key),
    tier: 'enterprise',
    routeId: 'chainBHotelRooms',
    route: '/v1/chain_b/hotel/rooms',
    params: { hotel_id: '9WT3', ...params },
    condition: { type: 'any_change' },
    callbackUrl,
    interval: 3_600,
    expiresAt: now + 86_400_000,
    createdAt: now,
  });
  return { ...made, dueAt: now - (n % 60) * 1_000 };
}

/**
 * Creates watches 0 to `count - 1` (`watchOf` each) in `store`, fifty at a time, under a cap of `max` a key.
 * @example await createWatches(store, 1_000, (n) => dueWatch(n, batch), 2_500)
 */
export async function createWatches(
  store: WatchStore,
  count: number,
  watchOf: (n: number) => WatchRecord,
  max: number,
): Promise<void> {
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) => store.create(watchOf(i + j), max)),
    );
}
