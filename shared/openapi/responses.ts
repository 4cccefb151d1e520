/**
 * An operation's responses: each error status from the route's declaration (`documentedErrors`), in the
 * body dialect it is rendered in, and the headers each status carries.
 */
import { STATUS_CODES } from 'node:http';
import { CORRELATION_HEADER } from '../http/correlation-id.ts';
import { STATUS } from '../errors.ts';
import { JSON_TYPE, PROBLEM_JSON } from '../problem.ts';
import type { Dialect, DocumentedError, Route } from '../routes/index.ts';
import { pascal, schemaRef } from './schemas.ts';
import type { JsonSchema, MediaType, Response } from './types.ts';
const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const MEDIA: Record<Dialect, string> = {
  problem: PROBLEM_JSON,
  global: JSON_TYPE,
  'detail-array': JSON_TYPE,
  'json-rpc': JSON_TYPE,
};

/** The schema of one status's body in one dialect, naming the codes this route answers with there. */
function dialectSchema(
  schemas: Record<string, JsonSchema>,
  name: string,
  dialect: Dialect,
  errors: DocumentedError[],
): JsonSchema {
  const codes = [...new Set(errors.map((e) => e.code))];
  const list = errors.map((e) => `\`${e.code}\`: ${e.when}`).join('; ');
  if (dialect === 'detail-array') return schemaRef('DetailArray');
  if (dialect === 'problem') {
    schemas[`${name}Problem`] = {
      description: `Problem Details with error_code ${list}.`,
      type: 'object',
      allOf: [schemaRef('Problem')],
      required: ['status', 'error_code'],
      properties: {
        status: { type: 'integer', const: errors[0]!.status },
        error_code: { type: 'string', enum: codes },
      },
    };
    return schemaRef(`${name}Problem`);
  }
  schemas[`${name}Error`] = {
    description: `The global error body with error.code ${list}.`,
    type: 'object',
    allOf: [schemaRef('GlobalError')],
    required: ['error'],
    properties: {
      error: { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: codes } } },
    },
  };
  return schemaRef(`${name}Error`);
}

function describeErrors(status: number, errors: DocumentedError[]): string {
  const rows = errors.map((e) =>
    e.dialect === 'detail-array'
      ? `- a \`detail\` array of {loc, msg, type}, one item per bad parameter: ${e.when}`
      : `- \`${e.code}\`: ${e.when}`,
  );
  return [`${STATUS_CODES[status] ?? `Error ${status}`}.`, '', ...rows].join('\n');
}

/**
 * One error status of an operation: its body in each dialect the route answers it in, naming the codes.
 * @example errorResponse(schemas, routes.chainARooms, 'chainARooms', 404, errors).description // 'Not Found.\n\n- `HOTEL_NOT_FOUND`: …'
 */
export function errorResponse(
  schemas: Record<string, JsonSchema>,
  route: Route,
  id: string,
  status: number,
  errors: DocumentedError[],
): Response {
  const byMedia = new Map<string, JsonSchema[]>();
  for (const dialect of [...new Set(errors.map((e) => e.dialect))]) {
    const schema = dialectSchema(
      schemas,
      `${pascal(id)}${status}`,
      dialect,
      errors.filter((e) => e.dialect === dialect),
    );
    byMedia.set(MEDIA[dialect], [...(byMedia.get(MEDIA[dialect]) ?? []), schema]);
  }
  const content: Record<string, MediaType> = {};
  for (const [media, list] of byMedia)
    content[media] = { schema: list.length === 1 ? list[0]! : { oneOf: list } };
  return { description: describeErrors(status, errors), headers: headersFor(route, status), content };
}

/** A header whose value is a count: of requests, or of seconds. */
const wholeNumber = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The response headers the document describes once, referred to by each response. */
export const HEADERS = {
  CorrelationId: {
    description:
      'Unique id of this request; error bodies carry it as correlation_id. Quote it when reporting a problem.',
    schema: { type: 'string', format: 'uuid' },
  },
  RateLimitLimit: wholeNumber("Requests a day the key's tier allows."),
  RateLimitRemaining: wholeNumber("Requests left in the key's quota for the current UTC day."),
  RateLimitReset: wholeNumber('When the quota resets: epoch seconds of the next UTC midnight.'),
  RetryAfter: wholeNumber('Seconds to wait before retrying.'),
  Cache: {
    description: 'HIT when every source answer came from the response cache, MISS otherwise.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  Age: wholeNumber('Age in seconds of the oldest cached source answer used (0 when fetched now).'),
} satisfies Record<string, { description: string; schema: JsonSchema }>;

/**
 * The headers a response of this route and status carries.
 * @example Object.keys(headersFor(routes.chainARooms, 429)) // ['X-Correlation-Id', 'X-RateLimit-Limit', …, 'Retry-After']
 */
export function headersFor(route: Route, status: number): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { [CORRELATION_HEADER]: headerRef('CorrelationId') };
  // The quota is counted after the key is accepted: every keyed answer but the 401 carries it.
  if (route.auth && status !== STATUS.unauthorized && route.kind !== 'watch') {
    headers['X-RateLimit-Limit'] = headerRef('RateLimitLimit');
    headers['X-RateLimit-Remaining'] = headerRef('RateLimitRemaining');
    headers['X-RateLimit-Reset'] = headerRef('RateLimitReset');
  }
  if (status === STATUS.tooManyRequests || status === STATUS.serviceUnavailable)
    headers['Retry-After'] = headerRef('RetryAfter');
  if (status === 200 && route.upstream?.length) {
    headers['X-Cache'] = headerRef('Cache');
    headers.Age = headerRef('Age');
  }
  return headers;
}
