/**
 * The API as MCP tools: one per data route, named by its manifest id, described by its summary, its input
 * the operation's parameters from the OpenAPI document (built from the very zod schemas the handler
 * validates with). Concise by construction, so `tools/list` stays small as routes are added: what every
 * tool shares (errors, quota, paging, the common parameters) is said once in the server's instructions
 * (server.ts); each parameter keeps its type, bounds, enum and default, and its own first clause only.
 * No output schema: answers carry their JSON as structured content, described in the OpenAPI document.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { parseExact } from '../json.ts';
import type { JsonSchema, OpenApiDocument, Operation } from '../openapi/types.ts';
import type { Route } from '../routes/index.ts';

/**
 * Parameters many tools share, described once (in the server's instructions) instead of in every tool: an
 * agent reads each meaning once, and `tools/list` stays small however many routes take them.
 */
export const SHARED_PARAMETERS: Readonly<Record<string, string>> = {
  check_in: 'arrival date, YYYY-MM-DD, not before today (UTC)',
  check_out: 'departure date, YYYY-MM-DD, after check_in',
  adults: 'adults (per room where the tool takes rooms)',
  children: 'children',
  infants: 'infants',
  pets: 'pets',
  rooms: 'rooms',
  currency: 'ISO 4217 code of the prices, case-insensitive',
  limit: 'results per answer',
  offset: 'results to skip',
  page: 'page number, from 1',
  per_page: 'results per page',
  next_page_token: "the previous answer's next_page_token (short-lived)",
  hl: 'language code of texts and relative dates',
  language: 'language of the texts',
  latitude: 'latitude of the search center',
  longitude: 'longitude of the search center',
};

/**
 * A parameter's own description, at its shortest: none for a shared parameter, else its first clause
 * without bounds and default (the schema carries them).
 * @example ownDescription('hotel_id', 'Numeric site_a hotel id (required). Default 1') // 'Numeric site_a hotel id (required)'
 */
export function ownDescription(name: string, description: string | undefined): string | undefined {
  if (!description || Object.hasOwn(SHARED_PARAMETERS, name)) return undefined;
  const first = description
    .split(/\.\s+(?=[A-Z])|;\s/)[0]!
    .replace(/[.;,]?\s*Default .*$/i, '')
    .replace(/,?\s*(from )?-?\d[\d.]* to -?\d[\d.]*/g, '')
    .trim();
  return first || undefined;
}

/** Bounds at or past this are guards against abuse, not limits an agent meets: the API still enforces them. */
const GUARD = 100;

/**
 * A parameter's schema with what an agent needs: type, enum, default and the bounds it may meet. A shared
 * parameter's form (a date, a currency code) is in its shared description.
 * @example compact('offset', { type: 'integer', minimum: 0, maximum: 100000 }) // { type: 'integer', minimum: 0 }
 */
export function compact(name: string, schema: JsonSchema): JsonSchema {
  const { pattern, format, minLength, maxLength, maximum, ...rest } = schema;
  const shared = Object.hasOwn(SHARED_PARAMETERS, name);
  return {
    ...rest,
    ...(typeof maximum === 'number' && maximum < GUARD * 10 ? { maximum } : {}),
    ...(typeof minLength === 'number' && minLength > 1 ? { minLength } : {}),
    ...(typeof maxLength === 'number' && maxLength < GUARD ? { maxLength } : {}),
    ...(shared ? {} : { ...(pattern ? { pattern } : {}), ...(format ? { format } : {}) }),
  };
}

function operationOf(doc: OpenApiDocument, route: Route): Operation {
  const op = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no operation for ${route.method} ${route.path}`);
  return op;
}

/** Path and query parameters as the properties of one arguments object: types, bounds, defaults, enums. */
function inputSchema(op: Operation): Tool['inputSchema'] {
  const properties: Record<string, JsonSchema> = {};
  for (const p of op.parameters.filter((x) => !x.deprecated)) {
    const description = ownDescription(p.name, p.description);
    properties[p.name] = { ...compact(p.name, p.schema), ...(description ? { description } : {}) };
  }
  const required = op.parameters.filter((p) => p.required && !p.deprecated).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** How to fetch the next page, for routes whose parameters page their answers. */
function pagingHint(op: Operation): string | undefined {
  const names = new Set(op.parameters.map((p) => p.name));
  if (names.has('next_page_token')) return 'Paged by next_page_token.';
  if (names.has('page')) return 'Paged by page.';
  if (names.has('offset')) return 'Paged by offset.';
  return undefined;
}

/**
 * One tool per data route, in manifest order: its summary, its parameters' schema, read-only. What every
 * tool shares (errors, quota, paging, shared parameters) is said once, in the server's instructions.
 * @example toolsFor(await openApiDocument(), dataEntries).map((t) => t.name) // ['coordinatesLookup', …]
 */
export function toolsFor(doc: OpenApiDocument, entries: readonly (readonly [string, Route])[]): Tool[] {
  return entries.map(([id, route]) => {
    const op = operationOf(doc, route);
    return {
      name: id,
      // The operation's summary, the route's in the document built from the manifest: a function's bundle
      // carries no summaries (infra/bundling.ts runtimeEntry).
      description: [`${op.summary}.`, pagingHint(op)].filter(Boolean).join(' '),
      inputSchema: inputSchema(op),
      // openWorldHint defaults to true (MCP): said only of the tools that reach no outside source.
      annotations: { readOnlyHint: true, ...(route.upstream?.length ? {} : { openWorldHint: false }) },
    };
  });
}

/** The problem details of an error answer, whichever of the contract's bodies it came in. */
export interface ToolProblem {
  status: number;
  error_code: string | null;
  detail: string;
  retry_after?: number;
  [extra: string]: unknown;
}

function header(result: APIGatewayProxyResult, name: string): string | undefined {
  const found = Object.entries(result.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
}

/**
 * @example problemOf({ statusCode: 429, headers: {}, body: '{"error":{"code":"rate_limit_exceeded","message":"…","details":""}}' })
 * // { status: 429, error_code: 'rate_limit_exceeded', detail: '…' }
 */
export function problemOf(result: APIGatewayProxyResult): ToolProblem {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(result.body) as Record<string, unknown>;
  } catch {
    body = { detail: result.body };
  }
  const retry = Number(header(result, 'retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? { retry_after: retry } : {};
  const global = body.error as { code?: string; message?: string; details?: string } | undefined;
  if (global && typeof global === 'object') {
    const detail = [global.message, global.details].filter(Boolean).join(' ');
    return { status: result.statusCode, error_code: global.code ?? null, detail, ...retryAfter };
  }
  if (Array.isArray(body.detail)) {
    const items = body.detail as { loc?: unknown[]; msg?: string }[];
    const detail = items.map((i) => `${(i.loc ?? []).join('.')}: ${i.msg ?? ''}`).join('; ');
    return { status: result.statusCode, error_code: null, detail, errors: items, ...retryAfter };
  }
  return {
    ...body,
    status: result.statusCode,
    error_code: typeof body.error_code === 'string' ? body.error_code : null,
    detail: typeof body.detail === 'string' ? body.detail : '',
    ...retryAfter,
  };
}

/**
 * A route's answer as the tool's result: a 200 body as structured content (and as text, for clients
 * that read only text), any other answer as a tool error carrying its problem details.
 * @example toolResult(await handler(event, context)).isError // undefined on a 200
 */
export function toolResult(result: APIGatewayProxyResult): CallToolResult {
  if (result.statusCode === 200) {
    return {
      content: [{ type: 'text', text: result.body }],
      // Exact: a rental listing id above 2^53 stays the digits the route wrote.
      structuredContent: parseExact(result.body) as Record<string, unknown>,
    };
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problemOf(result)) }] };
}
