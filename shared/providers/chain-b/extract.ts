/**
 * chain_b's readers, one module per answer: the search index (search-index.ts), the offers (offers.ts) and
 * the hotel content (content.ts). Here, what they share: coordinates as numbers or numeric strings,
 * `{code, label}` pairs, the back end's GraphQL errors, and texts read as null when blank.
 */
import * as z from 'zod';

/**
 * A latitude (limit 90) or longitude (limit 180): numbers or numeric strings; out of range, they place
 * nothing anywhere.
 * @example coordinate(90).parse('48.85') // 48.85
 */
export const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));

/** A code with its label, as the back end pairs them (amenities, policies). */
export const CodeLabel = z.looseObject({ code: z.string(), label: z.string() });
