/** Small readers of the values every source's answer is made of. */
import type { ConnectorToken } from '../tokens.ts';
import { recordMissing } from './drift.ts';

/**
 * Whether `v` is a plain object (not null, not a list), whose fields can be read.
 * @example isRecord({ name: 'Lorvane' }) // true
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The value at `path` under `root`, or undefined where the path leaves the objects and lists.
 * @example valueAt({ rooms: [{ name: 'Double' }] }, 'rooms', 0, 'name') // 'Double'
 */
export function valueAt(root: unknown, ...path: PropertyKey[]): unknown {
  let here = root;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/**
 * A text trimmed, or null when absent or blank: an empty text states nothing.
 * @example text('  Lorvane ') // 'Lorvane'
 */
export const text = (s: string | null | undefined): string | null => (s?.trim() ? s.trim() : null);

/**
 * A text as the source shows it, trimmed; null when absent. One sent blank is no value either: null, and
 * counted as missing at `field` (the source no longer fills it, or never did).
 * @example shownText('dining', '  Quiet ', 'restaurantProfile.restaurant.name', 'the profile page state') // 'Quiet'
 */
export function shownText(
  provider: ConnectorToken,
  t: string | null | undefined,
  field: string,
  what: string,
): string | null {
  const value = text(t);
  if (value === null && typeof t === 'string') recordMissing(provider, field, what);
  return value;
}

/**
 * A URL a page gives absolute, protocol-relative or root-relative, made absolute on the site's `origin`;
 * null for a blank value or one that is no link (a bare word).
 * @example absoluteUrl('//images.dining.test/p/1', 'https://www.dining.test') // 'https://images.dining.test/p/1'
 */
export function absoluteUrl(raw: string | null | undefined, origin: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith('//')) return `https:${value}`;
  if (/^https?:\/\//i.test(value)) return value;
  return value.startsWith('/') ? `${origin}${value}` : null;
}

/** Money rounded to the cent. @example cents(10.005) // 10.01 */
export const cents = (n: number): number => Math.round(n * 100) / 100;
