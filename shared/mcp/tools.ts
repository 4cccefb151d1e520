/**
 * The API as MCP tools: one per data route, named by its manifest id, described by its summary, its input
 * the operation's parameters from the OpenAPI document (built from the very zod schemas the handler
 * validates with). Small by construction, so that `tools/list` stays within an agent's context as routes are
 * added (tests/mcp/scale.test.ts holds it with the wave 3 routes): a listed tool carries what an agent needs
 * to pick it and to form a call (its summary and paging, each parameter's name, type and enum, which are
 * required); the rest of each parameter (its meaning, bounds, default, format), the answer's shape and the
 * errors are one call away, in `describeTool` (describe.ts). What every tool shares (errors, quota, paging,
 * the common parameters) is said once in the server's instructions (server.ts). No output schema: answers
 * carry their JSON as structured content, described by `describeTool` and the OpenAPI document.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { parseExact } from '../json.ts';
import type { JsonSchema, OpenApiDocument, Operation } from '../openapi/types.ts';
import type { Route } from '../routes/index.ts';

/**
 * Parameters many tools share, described once, in the server's instructions: an agent knows their meaning
 * and form (a date, a currency code) without a `describeTool` call, however many tools take them.
 */
export const SHARED_PARAMETERS: Readonly<Record<string, string>> = {
  check_in: 'arrival date, YYYY-MM-DD, not before today (UTC)',
  check_out: 'departure date, YYYY-MM-DD, after check_in',
  adults: 'adults (per room where the tool takes rooms)',
  children: 'children',
  infants: 'infants',
  pets: 'pets',
  rooms: 'rooms',
  currency: "the prices' currency, an ISO 4217 code in any letter case",
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
 * A parameter's schema as `tools/list` carries it: its type and enum (an array's items likewise), what a
 * call needs to be well formed. Bounds, defaults, formats and patterns are in `describeTool`'s answer; the
 * API enforces them and names the parameter in a free validation error. An int64 (a rental listing id)
 * is an integer or a string: past 2^53 a JSON number loses digits, its string does not.
 * @example listed({ type: 'integer', minimum: 1, maximum: 25, default: 10 }) // { type: 'integer' }
 */
export function listed(schema: JsonSchema): JsonSchema {
  const { type, enum: values, items, format } = schema;
  return {
    ...(type === undefined ? {} : { type: format === 'int64' ? ['integer', 'string'] : type }),
    ...(values === undefined ? {} : { enum: values }),
    ...(items && typeof items === 'object' ? { items: listed(items as JsonSchema) } : {}),
  };
}

/**
 * The operation of a route in the document.
 * @example operationOf(doc, routes.chainARooms).operationId // 'chainARooms'
 */
export function operationOf(doc: OpenApiDocument, route: Route): Operation {
  const op = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no operation for ${route.method} ${route.path}`);
  return op;
}

/** Path and query parameters as the properties of one arguments object, as listed: names, types, enums. */
function inputSchema(op: Operation): Tool['inputSchema'] {
  const parameters = op.parameters.filter((p) => !p.deprecated);
  const properties = Object.fromEntries(parameters.map((p) => [p.name, listed(p.schema)]));
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * How to fetch the next page, for routes whose parameters page their answers.
 * @example pagingHint(operationOf(doc, routes.mapsReviews)) // 'Paged by next_page_token.'
 */
export function pagingHint(op: Operation): string | undefined {
  const names = new Set(op.parameters.map((p) => p.name));
  if (names.has('next_page_token')) return 'Paged by next_page_token.';
  if (names.has('page')) return 'Paged by page.';
  if (names.has('offset')) return 'Paged by offset.';
  return undefined;
}

/** The tool that answers the rest of a tool's description (describe.ts): not a route, free, local. */
export const DESCRIBE_TOOL: Tool = {
  name: 'describeTool',
  description:
    "A tool's parameters in full (meaning, bounds, default, format), example arguments, its answer's JSON Schema and its errors. Free.",
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

/**
 * One tool per data route, in manifest order (its summary and paging, its parameters as `listed`,
 * read-only), then `describeTool`. What every tool shares (errors, quota, paging, shared parameters) is
 * said once, in the server's instructions.
 * @example toolsFor(await openApiDocument(), dataEntries).map((t) => t.name) // ['coordinatesLookup', …, 'describeTool']
 */
export function toolsFor(doc: OpenApiDocument, entries: readonly (readonly [string, Route])[]): Tool[] {
  const tools = entries.map(([id, route]): Tool => {
    const op = operationOf(doc, route);
    return {
      name: id,
      // The operation's summary, the route's in the document built from the manifest: a function's bundle
      // carries no summaries (infra/route-manifest-plugin.ts runtimeEntry).
      description: [`${op.summary}.`, pagingHint(op)].filter(Boolean).join(' '),
      inputSchema: inputSchema(op),
      // openWorldHint defaults to true (MCP): said only of the tools that reach no outside source.
      annotations: { readOnlyHint: true, ...(route.upstream?.length ? {} : { openWorldHint: false }) },
    };
  });
  return [...tools, DESCRIBE_TOOL];
}

/** Whether a JSON value is of a JSON Schema type. */
function isOfType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (type === 'null') return value === null;
  return typeof value === type;
}

/**
 * The arguments of a call whose JSON type is not the one `tools/list` gives (issue #40: `term: 42` was sent
 * on as "42" and billed). The query string would erase the difference, so the tool checks it: a string
 * parameter takes a string, an integer an integer, a list a list of its items' type. Bounds and formats stay
 * the route's to check, in its free validation error.
 * @example argumentErrors({ type: 'object', properties: { term: { type: 'string' } } }, { term: 42 })
 * // ['term: expected string, got number']
 */
export function argumentErrors(schema: Tool['inputSchema'], args: Record<string, unknown>): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  const check = (name: string, value: unknown, property: JsonSchema | undefined): string[] => {
    const declared = property?.type;
    if (declared === undefined || value === undefined) return [];
    const types = (Array.isArray(declared) ? declared : [declared]) as string[];
    if (!types.some((t) => isOfType(value, t)))
      return [`${name}: expected ${types.join(' or ')}, got ${kind(value)}`];
    const items = property?.items as JsonSchema | undefined;
    return Array.isArray(value) ? value.flatMap((v, i) => check(`${name}[${i}]`, v, items)) : [];
  };
  return Object.entries(args).flatMap(([name, value]) => check(name, value, properties[name]));
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
