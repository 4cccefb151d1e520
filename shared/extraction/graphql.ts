/**
 * The envelope of a GraphQL back end's answer, as several sources give it (chain_b, chain_c, dining,
 * rental): `data` with what the route reads, and `errors[]` beside it. Each connector keeps its own
 * payload and its own reading of a refusal; only the envelope is written here.
 */
import * as z from 'zod';
import { normallyAbsent } from './schema-shape.ts';

/** One of a back end's GraphQL errors: a message, and a code where it gives one. */
export const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});
export type GraphQLError = z.infer<typeof GraphQLError>;

/**
 * An answer whose `data[key]` is what a route reads from: it has it (errors may come alongside), or it is
 * a refusal, with no such data and at least one error. An answer with neither is a changed format, never
 * "nothing found". `refused` is what `data[key]` may be in a refusal (absent or null unless given).
 * @example tolerant('chain_b', dataOrRefusal('hotel', Hotel), 'the hotel content')
 */
export function dataOrRefusal<
  K extends string,
  T extends z.ZodType,
  R extends z.ZodType = z.ZodOptional<z.ZodNull>,
>(key: K, payload: T, refused?: R) {
  const none = (refused ?? z.null().optional()) as R;
  return z.union([
    z.looseObject({
      data: z.looseObject({ [key]: payload } as Record<K, T>),
      // Errors beside the data are the exception: an answer without them is the normal one, not drift.
      errors: normallyAbsent(z.array(GraphQLError).optional()),
    }),
    z.looseObject({
      data: z.looseObject({ [key]: none } as Record<K, R>).nullish(),
      errors: z.array(GraphQLError).min(1),
    }),
  ]);
}
