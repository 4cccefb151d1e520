/**
 * What a check reads in a route's answer (the fields the route declares watchable) and whether the
 * watch's condition holds. A delivery goes when the condition starts to hold (edge-triggered): a price
 * that stays under the bound is told once, not at every check.
 */
import type { WatchFields } from '../routes/index.ts';
import type { Condition, Values } from './model.ts';

/**
 * Every value at a declared path: `a.b` one value, `a[].b` the `b` of each element of `a`.
 * @example valuesAt({ rooms: [{ total: 3 }, { total: 2 }] }, 'rooms[].total') // [3, 2]
 */
export function valuesAt(body: unknown, path: string): unknown[] {
  let here: unknown[] = [body];
  for (const part of path.split('.')) {
    const each = part.endsWith('[]');
    const name = each ? part.slice(0, -2) : part;
    const next: unknown[] = [];
    for (const value of here) {
      if (value === null || typeof value !== 'object') continue;
      const child = (value as Record<string, unknown>)[name];
      if (each) {
        if (Array.isArray(child)) next.push(...child);
      } else if (child !== undefined) next.push(child);
    }
    here = next;
  }
  return here;
}

/** Whether a stated availability reads as available; null when nothing is stated (a null states nothing). */
function availability(found: unknown[]): boolean | null {
  const stated = found.filter((v) => v !== null && v !== undefined);
  if (stated.length === 0) return null;
  return stated.some(
    (v) =>
      v === true ||
      (typeof v === 'string' && /^(available|open|bookable)$/i.test(v)) ||
      (Array.isArray(v) && v.length > 0),
  );
}

/**
 * The values a watch follows in one answer of its route.
 * @example readValues(body, { price: 'room_types[].rates[].total', ends: 'check_in' }).price
 */
export function readValues(body: unknown, fields: WatchFields): Values {
  const numbers = (path?: string) =>
    path ? valuesAt(body, path).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)) : [];
  const prices = numbers(fields.price);
  const ratings = numbers(fields.rating);
  return {
    price: prices.length > 0 ? Math.min(...prices) : null,
    available: fields.availability
      ? availability(valuesAt(body, fields.availability))
      : fields.unavailable
        ? true
        : null,
    rating: ratings.length > 0 ? ratings[0]! : null,
  };
}

/** What a check reads from an answer in which the route states nothing free for the stay (`unavailable`). */
export const NOTHING_AVAILABLE: Values = { price: null, available: false, rating: null };

/**
 * The fields a condition needs the route to declare; undefined when the route declares them.
 * @example missingField({ type: 'becomes_available' }, { price: 'x', ends: 'check_in' }) // 'availability'
 */
export function missingField(condition: Condition, fields: WatchFields): string | undefined {
  switch (condition.type) {
    case 'price_at_or_under':
    case 'price_drop_pct':
      return fields.price ? undefined : 'price';
    case 'becomes_available':
      return fields.availability || fields.unavailable ? undefined : 'availability';
    case 'any_change':
      return fields.price || fields.availability || fields.unavailable || fields.rating
        ? undefined
        : 'price, availability or rating';
  }
}

/**
 * Whether the condition holds for these values. `any_change` holds when a followed value differs from the
 * previous check's (never on the first check: nothing changed yet).
 * @example holds({ type: 'price_at_or_under', value: 100 }, { price: 90, available: true, rating: null }, null, null) // true
 */
export function holds(
  condition: Condition,
  now: Values,
  previous: Values | null,
  baseline: Values | null,
): boolean {
  switch (condition.type) {
    case 'price_at_or_under':
      return now.price !== null && now.price <= condition.value;
    case 'price_drop_pct': {
      const from = baseline?.price ?? null;
      return (
        now.price !== null && from !== null && from > 0 && now.price <= from * (1 - condition.value / 100)
      );
    }
    case 'becomes_available':
      return now.available === true;
    case 'any_change':
      return (
        previous !== null &&
        (previous.price !== now.price ||
          previous.available !== now.available ||
          previous.rating !== now.rating)
      );
  }
}

/**
 * The value a delivery reports as previous and new: the one the condition is about.
 * @example subject({ type: 'becomes_available' }, values) // values.available
 */
export function subject(condition: Condition, values: Values | null): unknown {
  if (values === null) return null;
  switch (condition.type) {
    case 'price_at_or_under':
    case 'price_drop_pct':
      return values.price;
    case 'becomes_available':
      return values.available;
    case 'any_change':
      return values;
  }
}
