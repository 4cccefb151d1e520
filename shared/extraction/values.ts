/** Small readers of the values every source's answer is made of. */

/**
 * Whether `v` is a plain object (not null, not a list), whose fields can be read.
 * @example isRecord({ name: 'Lorvane' }) // true
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A text trimmed, or null when absent or blank: an empty text states nothing.
 * @example text('  Lorvane ') // 'Lorvane'
 */
export const text = (s: string | null | undefined): string | null => (s?.trim() ? s.trim() : null);
