/**
 * How long each kind of data stays fresh, shared by the in-process cache and the deployment-wide result
 * cache: ids and URLs rarely change, prices do.
 */
export const DEFAULT_TTL_SECONDS = {
  ids: 24 * 3600,
  search: 600,
  reviews: 600,
  prices: 120,
  none: 0,
} as const;
export type CacheKind = keyof typeof DEFAULT_TTL_SECONDS;

/**
 * The freshness of a result built from answers of these kinds: the shortest of them.
 * @example resultTtlSeconds(['ids', 'prices']) // 120
 */
export function resultTtlSeconds(kinds: readonly CacheKind[]): number {
  return kinds.length === 0 ? 0 : Math.min(...kinds.map((k) => DEFAULT_TTL_SECONDS[k]));
}
