/**
 * Validates path and query parameters with zod and stores the parsed values for the handler.
 * A failure renders the way the route documents (its `validation` style); a refinement may carry
 * `params: { error_code }` to claim a more specific code the route documents, whose status the manifest
 * gives (a code is declared there alone).
 */
import type * as z from 'zod';
// The class alone, not the `z.core` namespace: reading `z.core` keeps the whole of zod's core in every bundle.
import { $ZodAsyncError } from 'zod/v4/core';
import { DetailArrayError, GlobalError, type DetailItem } from '../errors.ts';
import { errorSpec, routeError, type Route } from '../routes/index.ts';
import { isRepeatable, type IssueCode } from '../schemas/params.ts';
import { stateOf, type ApiMiddleware, type ApiRequest } from './state.ts';

/**
 * The longest query a route reads, in characters of its parameter names and values. Deployed, API Gateway
 * refuses a longer URL (10,240 characters) before the function is called; locally, and for any event that
 * carries one, the route's own validation refuses it, in the route's status and body.
 */
export const MAX_QUERY_CHARS = 10_240;

export interface RequestSchemas {
  query?: z.ZodType;
  path?: z.ZodType;
}

interface LocatedIssue {
  where: 'query' | 'path';
  issue: z.core.$ZodIssue;
  missing: boolean;
}

/**
 * The parameter an issue is about, by its name (and a named part within it, such as a URL's `url.dest_id`),
 * never an index into a repeated parameter's values (`prices`, not `prices.1`).
 */
function parameterOf(l: LocatedIssue): string {
  return parameterPath(l.issue.path) || l.where;
}

/**
 * An issue's path as a parameter's name: its named parts joined, without indexes into a list's values.
 * @example parameterPath(['prices', 1]) // 'prices'; parameterPath(['url', 'dest_id']) // 'url.dest_id'
 */
export function parameterPath(path: readonly PropertyKey[]): string {
  return path
    .filter((segment) => typeof segment !== 'number')
    .map(String)
    .join('.');
}

function describe(l: LocatedIssue): string {
  return `${parameterOf(l)} ${l.issue.message}`;
}

function codeOf(issue: z.core.$ZodIssue): string | undefined {
  return (issue as { params?: Partial<IssueCode> }).params?.error_code;
}

/**
 * Builds the error a route documents for these issues.
 * @example throw validationError(route, [{ where: 'query', issue, missing: true }]);
 */
export function validationError(route: Route, issues: LocatedIssue[]): Error {
  const style = route.validation;
  if (style.kind === 'detail-array') {
    const detail: DetailItem[] = issues.map(({ where, issue, missing }) => ({
      loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: missing ? 'Field required' : issue.message,
      type: missing ? 'missing' : 'value_error',
    }));
    return new DetailArrayError(detail);
  }
  // One parameter refused twice in the same words (two checks of one bound) is said once.
  const named = [...new Map(issues.map((l) => [`${l.where} ${describe(l)}`, l])).values()];
  const details = named.map(describe).join('; ');
  if (style.kind === 'global')
    return new GlobalError(style.status, style.code, 'Invalid request parameters.', details);
  // A claimed code answers with the status the route declares (tests/http/error-codes.test.ts holds every
  // route to declaring its schemas' codes); one it does not declare falls back to the validation code.
  const specific = issues.map((l) => codeOf(l.issue)).find((c) => c !== undefined && errorSpec(route, c));
  const errors = named.map((l) => ({
    parameter: parameterOf(l),
    in: l.where,
    message: l.issue.message,
  }));
  return routeError(route, specific ?? style.code, `Invalid parameters: ${details}.`, { extras: { errors } });
}

/**
 * The query as the schema reads it: the last value of a repeated parameter (API Gateway's rule), except for
 * the parameters the schema marks repeatable (`repeatable()`), which get every value.
 */
function queryOf(event: ApiRequest['event'], schema: z.ZodType): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { ...(event.queryStringParameters ?? {}) } as Record<
    string,
    string
  >;
  const multi = event.multiValueQueryStringParameters;
  if (multi)
    for (const name of repeatableNames(schema)) {
      const values = multi[name];
      if (values && values.length > 1) query[name] = values;
    }
  return query;
}

/** The names of a schema's repeatable parameters, read once a schema (most have none). */
const repeatables = new WeakMap<z.ZodType, readonly string[]>();
function repeatableNames(schema: z.ZodType): readonly string[] {
  let names = repeatables.get(schema);
  if (!names) {
    const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
    names = Object.keys(shape).filter((name) => isRepeatable(shape[name]));
    repeatables.set(schema, names);
  }
  return names;
}

/** The characters of a query's names and values (each value of a repeated parameter counted). */
function queryChars(event: ApiRequest['event']): number {
  let chars = 0;
  const multi = event.multiValueQueryStringParameters;
  if (multi) {
    for (const name in multi) for (const v of multi[name] ?? []) chars += name.length + (v?.length ?? 0) + 2;
    return chars;
  }
  const single = event.queryStringParameters;
  for (const name in single) chars += name.length + (single[name]?.length ?? 0) + 2;
  return chars;
}

/** The schemas a synchronous parse refused (an async refinement somewhere in them): parsed async from then on. */
const asyncSchemas = new WeakSet<z.ZodType>();

/**
 * The schema's parse of `raw`: synchronous where the schema allows, so a request whose schemas have no
 * async refinement is validated without a turn of the event loop.
 */
function parseParams(
  schema: z.ZodType,
  raw: unknown,
): z.ZodSafeParseResult<unknown> | Promise<z.ZodSafeParseResult<unknown>> {
  if (!asyncSchemas.has(schema)) {
    try {
      return schema.safeParse(raw);
    } catch (error) {
      if (!(error instanceof $ZodAsyncError)) throw error;
      asyncSchemas.add(schema);
    }
  }
  return schema.safeParseAsync(raw);
}

/** The issue of an over-long query: the query as a whole, named `query`, with no value echoed. */
function overLong(chars: number): LocatedIssue {
  const issue = {
    code: 'custom',
    path: [],
    input: undefined,
    message: `is ${chars} characters long; at most ${MAX_QUERY_CHARS} are read`,
  } as z.core.$ZodIssue;
  return { where: 'query', issue, missing: false };
}

/**
 * Parses the path and query parameters with the route's zod schemas, keeping the parsed values in the state.
 * @example middy(handler).use(requestState(route)).use(validateRequest({ query: LookupQuery }))
 */
export function validateRequest(schemas: RequestSchemas): ApiMiddleware {
  const validateRequestBefore = (request: ApiRequest): Promise<void> | undefined => {
    const state = stateOf(request.event);
    // Checked before any schema: an over-long query is refused whole, whatever the route reads of it.
    const chars = queryChars(request.event);
    if (chars > MAX_QUERY_CHARS) throw validationError(state.route, [overLong(chars)]);
    const issues: LocatedIssue[] = [];
    const settle = (where: 'path' | 'query', raw: unknown, result: z.ZodSafeParseResult<unknown>) => {
      if (result.success) state[where] = result.data;
      else {
        const given = raw as Record<string, string | string[] | undefined>;
        issues.push(
          ...result.error.issues.map((issue) => ({
            where,
            issue,
            missing: given[String(issue.path[0])] === undefined,
          })),
        );
      }
    };
    const parsed: { where: 'path' | 'query'; raw: unknown; result: ReturnType<typeof parseParams> }[] = [];
    for (const where of ['path', 'query'] as const) {
      const schema = schemas[where];
      if (!schema) continue;
      const raw = where === 'path' ? (request.event.pathParameters ?? {}) : queryOf(request.event, schema);
      parsed.push({ where, raw, result: parseParams(schema, raw) });
    }
    const conclude = (results: z.ZodSafeParseResult<unknown>[]) => {
      results.forEach((result, i) => settle(parsed[i]!.where, parsed[i]!.raw, result));
      if (issues.length > 0) throw validationError(state.route, issues);
    };
    if (parsed.some((p) => p.result instanceof Promise))
      return Promise.all(parsed.map((p) => p.result)).then(conclude);
    conclude(parsed.map((p) => p.result as z.ZodSafeParseResult<unknown>));
    return undefined;
  };
  return { name: 'validateRequest', before: validateRequestBefore };
}
