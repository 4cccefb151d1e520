/**
 * How dining's persisted GraphQL queries refuse (research §16 dining), the same for each operation: a 409
 * when the operation name and the persisted query disagree, `PersistedQueryNotFound` in `errors[]` when the
 * hash is stale, another refusal status, or errors without data. Each failure names the operation, and the
 * ones an operator can fix name the setting to update.
 */
import * as z from 'zod';
import { GraphQLError } from '../../extraction/graphql.ts';
import { UpstreamError } from '../../upstream/errors.ts';

/** A persisted query as its refusals name it. */
export interface PersistedQuery {
  /** The operation's name, as the source knows it. */
  operation: string;
  /** The configuration setting that holds its hash. */
  setting: string;
  /** The field under `data` that it answers. */
  field: string;
  /** Whether `data.<field>: null` is an answer (no such restaurant) rather than no data. */
  nullIsAnswer?: boolean;
}

const stale = (e: GraphQLError) =>
  /PersistedQueryNotFound|PERSISTED_QUERY_NOT_FOUND/i.test(`${e.message} ${e.extensions?.code ?? ''}`);

/** Only what a refusal needs: the errors, and whether data came under `field`. */
const refusalSchema = (field: string) =>
  z.looseObject({
    data: z.looseObject({ [field]: z.unknown() }).nullish(),
    errors: z.array(GraphQLError).optional(),
  });
// Built once per field (a handful of operations), not on every answer.
const refusals = new Map<string, ReturnType<typeof refusalSchema>>();
const refusalOf = (field: string) => {
  let schema = refusals.get(field);
  if (!schema) refusals.set(field, (schema = refusalSchema(field)));
  return schema;
};

/**
 * The failure an answer of `q` stands for, if any, as an upstream error; undefined when it has data to read.
 * @example persistedQueryFailure({ operation: 'ReviewSearchResults', setting: 'operations.reviews', field: 'restaurant' }, 409, {}, 'abc')?.status // 409
 */
export function persistedQueryFailure(
  q: PersistedQuery,
  status: number,
  body: unknown,
  hash: string,
): UpstreamError | undefined {
  const answer = refusalOf(q.field).safeParse(body);
  const errors = answer.success ? (answer.data.errors ?? []) : [];
  const update = `update ${q.setting}`;
  if (errors.some(stale))
    return new UpstreamError(
      'dining',
      `the persisted query hash ${hash} of ${q.operation} is unknown to the source (PersistedQueryNotFound); ${update}`,
      status,
    );
  if (status === 409)
    return new UpstreamError(
      'dining',
      `it refused ${q.operation} (HTTP 409: operation name and persisted query ${hash} do not match); ${update}`,
      status,
    );
  if (status !== 200) return new UpstreamError('dining', `${q.operation} answered HTTP ${status}`, status);
  const data = answer.data?.data?.[q.field];
  const noData = q.nullIsAnswer ? data === undefined : !data;
  if (errors.length > 0 && noData)
    return new UpstreamError(
      'dining',
      `${q.operation} answered an error: ${errors[0]!.message.slice(0, 200)}`,
      status,
    );
  return undefined;
}
