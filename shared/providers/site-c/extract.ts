/**
 * site_c's readers: here the batch envelope every answer comes in (one answer per query entry, in order,
 * each `{data}` or `{errors}`); each entry's data is read by the module of its answer: the review list
 * (review-list.ts), a price poll's offers (offers.ts), the locations (locations.ts) and a hotel's details
 * (details.ts).
 */
import * as z from 'zod';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
const GraphqlError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

/** The batch answer: one entry per query sent, in the order sent. */
export const BatchAnswer = z.array(
  z.looseObject({ data: z.unknown().optional(), errors: z.array(GraphqlError).nullish() }),
);
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** A query of the batch, by its configuration name and the id sent. */
export interface SentQuery {
  name: string;
  id: string;
}

const isStale = (e: z.infer<typeof GraphqlError>) =>
  e.message === 'PersistedQueryNotFound' || e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND';

/**
 * The `data` of entry `index`. A `PersistedQueryNotFound` is the source no longer knowing the configured id:
 * an upstream error naming the operation and the id, so an operator knows what to update.
 * @example entryData([{ data: { x: 1 } }], 0, { name: 'reviews', id: 'ab12' }) // { x: 1 }
 */
export function entryData(answer: BatchAnswer, index: number, query: SentQuery, status = 200): unknown {
  const entry = answer[index];
  if (!entry)
    throw new ExtractionError('site_c', `the batch answer has no entry for the ${query.name} query`);
  const errors = entry.errors ?? [];
  if (errors.some(isStale))
    throw new UpstreamError(
      'site_c',
      `the pre-registered query ${query.id} (operations.${query.name}) is unknown to the source ` +
        `(PersistedQueryNotFound); configure its current id`,
      status,
    );
  if (errors.length && entry.data == null)
    throw new UpstreamError(
      'site_c',
      `the ${query.name} query failed (${errors.map((e) => e.message).join('; ')})`,
      status,
    );
  return entry.data;
}
