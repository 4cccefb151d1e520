/**
 * The contract's snake_case parameters under the names the connectors take (`check_in` → `checkIn`), so
 * that a handler hands its validated query to its connector in one step.
 */

/** A snake_case name in camelCase. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** An object's keys in camelCase, each with its value's type (and optionality). */
export type CamelKeys<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };

/**
 * The query's parameters under the connector's names, values untouched.
 * @example camelKeys({ radius_km: 25, check_in: '2030-06-01' }) // { radiusKm: 25, checkIn: '2030-06-01' }
 */
export function camelKeys<T extends object>(query: T): CamelKeys<T> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  ) as CamelKeys<T>;
}
