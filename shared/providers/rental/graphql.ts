/**
 * What rental's persisted GraphQL queries share (real-sources §16 rental): the `www` origin's
 * `/api/v3/<operation>/<sha256>` with `operationName`, `locale` and `currency` in the query; the web app's
 * key (the provider's session) and its GraphQL platform headers, whose prefix names the brand (configuration:
 * `operations.graphql_header_prefix`); the hash from configuration, as it rotates. A GET carries its `variables` and `extensions` as JSON in the query, a POST in its body.
 *
 * Stale hashes are told by what the source answers: `errors[]` with `PersistedQueryNotFound` (calendar,
 * reviews; some clients see HTTP 422 alike), or HTTP 200 with `data: null` and a `ValidationError`
 * classification (search). Each is the 502 that names the setting to update, raised as an extraction
 * failure so that the source's format alarm fires, and counted as drift (the answer lost its data).
 */
import * as z from 'zod';
import type { SourceRequest } from '../../upstream/client.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { requiredOperation } from '../../upstream/providers.ts';
import { recordMissing } from '../../extraction/tolerant.ts';

/** Prices are parsed as this locale writes them. */
export const LOCALE = 'en';

/**
 * The headers the web app sends with every persisted query.
 * @example graphqlHeaders()['content-type'] // 'application/json'
 */
export function graphqlHeaders(): Record<string, string> {
  const prefix = requiredOperation('rental', 'graphql_header_prefix');
  return {
    [`${prefix}-platform`]: 'web',
    [`${prefix}-platform-client`]: 'minimalist-niobe',
    'content-type': 'application/json',
  };
}

/** The configuration names of the rotating hashes, by operation. */
export const OPERATIONS = {
  PdpAvailabilityCalendar: 'pdp_availability_calendar',
  StaysPdpReviewsQuery: 'stays_pdp_reviews',
  StaysSearch: 'stays_search',
} as const;
export type Operation = keyof typeof OPERATIONS;

/** The configured hash of an operation. @example operationHash('StaysSearch') */
export function operationHash(operation: Operation): string {
  return requiredOperation('rental', OPERATIONS[operation]);
}

/**
 * A persisted query sent by GET: its variables and extensions as JSON in the query.
 * @example graphqlGet('PdpAvailabilityCalendar', { request: { count: 12 } }, 'USD', 'prices').path // '/api/v3/PdpAvailabilityCalendar/<hash>'
 */
export function graphqlGet(
  operation: Operation,
  variables: unknown,
  currency: string,
  cache: SourceRequest['cache'],
): SourceRequest {
  const hash = operationHash(operation);
  return {
    provider: 'rental',
    path: `/api/v3/${operation}/${hash}`,
    query: {
      operationName: operation,
      locale: LOCALE,
      currency,
      variables: JSON.stringify(variables),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    },
    headers: graphqlHeaders(),
    session: true,
    expect: 'json',
    cache,
    // GraphQL refusals may come as HTTP 400 or 422 with their `errors[]`.
    passStatuses: [400, 422],
  };
}

/** One entry of `errors[]` as rental words it: a message or a code, each optional. */
const RefusalEntry = z.looseObject({
  message: z.string().optional(),
  extensions: z.looseObject({ code: z.string().optional(), classification: z.string().optional() }).nullish(),
});
/** The `errors[]` of an answer, read apart from its data (which each operation reads its own way). */
const Errors = z.looseObject({ errors: z.array(RefusalEntry).nullish(), data: z.unknown() });

/**
 * The failure an answer of `operation` stands for, or undefined when it carries data to read. A stale hash
 * (PersistedQueryNotFound, or data null with a ValidationError) is an extraction failure naming the setting,
 * counted as drift; other GraphQL refusals and HTTP errors are upstream errors.
 * @example refusalOf('PdpAvailabilityCalendar', 200, { errors: [{ message: 'PersistedQueryNotFound' }], data: null })?.message
 */
export function refusalOf(
  operation: Operation,
  status: number,
  body: unknown,
): ExtractionError | UpstreamError | undefined {
  const read = Errors.safeParse(body);
  const errors = read.success ? (read.data.errors ?? []) : [];
  const text = errors.map((e) => `${e.message ?? ''} ${e.extensions?.code ?? ''}`).join(' ');
  const setting = `operations.${OPERATIONS[operation]}`;
  const stale =
    /persisted ?query ?not ?found|PERSISTED_QUERY_NOT_FOUND/i.test(text) ||
    (read.success &&
      read.data.data === null &&
      errors.some((e) => e.extensions?.classification === 'ValidationError'));
  if (stale) {
    recordMissing('rental', 'data', `the ${operation} answer`);
    return new ExtractionError(
      'rental',
      `the ${operation} persisted query ${operationHash(operation)} is stale or unknown to the source ` +
        `(${errors[0]?.message ?? 'no data'}); update ${setting}`,
      undefined,
      status,
    );
  }
  if (status !== 200) return new UpstreamError('rental', `${operation} answered HTTP ${status}`, status);
  if (errors.length && read.success && (read.data.data === null || read.data.data === undefined))
    return new UpstreamError('rental', `${operation} was refused (${errors[0]?.message ?? 'no message'})`);
  return undefined;
}

/**
 * An answer of `operation` read against `schema`, or the failure it stands for (refusalOf) thrown: what
 * every persisted query's reader does with its answer before extracting it.
 * @example graphqlAnswer('PdpAvailabilityCalendar', CalendarAnswer, 'the calendar answer', 200, body) // the conformed answer
 */
export function graphqlAnswer<S extends z.ZodType>(
  operation: Operation,
  schema: S,
  what: string,
  status: number,
  body: unknown,
): z.output<S> {
  const refused = refusalOf(operation, status, body);
  if (refused) throw refused;
  return conform('rental', schema, body, what, status);
}
