/**
 * The one guard between a source's payload and the contract: a value that fails its zod schema becomes
 * an ExtractionError (the route's documented extraction code), never a ZodError and an undocumented 500.
 */
import type * as z from 'zod';
import { ExtractionError } from './errors.ts';

/** The issues of a failed check, short enough for a log line and a Problem `detail`. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const shown = error.issues
    .slice(0, max)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return error.issues.length > max ? `${shown}; and ${error.issues.length - max} more` : shown;
}

/**
 * Checks `value` against `schema` and returns the parsed value, or throws ExtractionError naming `what`
 * (and `upstreamStatus`, the HTTP status of the answer the value was read from, when given).
 * @example const room = conform('chain_a', RoomType, candidate, 'a room type', res.status);
 */
export function conform<S extends z.ZodType>(
  provider: string,
  schema: S,
  value: unknown,
  what: string,
  upstreamStatus?: number,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ExtractionError(
      provider,
      `${what} fails the contract (${describeIssues(result.error)})`,
      result.error,
      upstreamStatus,
    );
  return result.data;
}
