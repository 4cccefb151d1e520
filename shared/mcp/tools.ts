/**
 * The API as MCP tools: one per data route, named by its manifest id and described by its summary and
 * its declared rules (paging, errors, quota). The input schema is the operation's parameters and the
 * output schema its 200 body, both from the OpenAPI document, which infra/openapi.ts builds from the very
 * zod schemas the handler validates with and checks its answers against (`handler.schemas`).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { JsonSchema, OpenApiDocument, Operation } from '../openapi/types.ts';
import { documentedErrors, type Route } from '../routes/index.ts';

const COMPONENT = '#/components/schemas/';

function operationOf(doc: OpenApiDocument, route: Route): Operation {
  const op = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no operation for ${route.method} ${route.path}`);
  return op;
}

/** Path and query parameters as the properties of one arguments object. */
function inputSchema(op: Operation): Tool['inputSchema'] {
  const properties: Record<string, JsonSchema> = {};
  for (const p of op.parameters) {
    properties[p.name] = {
      ...p.schema,
      ...(p.description ? { description: p.description } : {}),
      ...(p.deprecated ? { deprecated: true } : {}),
      ...(p.example !== undefined ? { examples: [p.example] } : {}),
    };
  }
  const required = op.parameters.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * The 200 body's schema as one self-contained JSON Schema: the component inlined, the components it
 * refers to under `$defs`. MCP wants an object at the root; a union of objects says so too.
 */
function outputSchema(doc: OpenApiDocument, op: Operation): Tool['outputSchema'] {
  const defs: Record<string, JsonSchema> = {};
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT)) {
        const name = value.slice(COMPONENT.length);
        if (!(name in defs)) {
          defs[name] = {}; // claimed before the walk, so a recursive schema ends
          defs[name] = rewrite(doc.components.schemas[name]) as JsonSchema;
        }
        out.$ref = `#/$defs/${name}`;
      } else out[key] = rewrite(value);
    }
    return out;
  };
  const body = op.responses['200']?.content?.['application/json']?.schema ?? {};
  const ref = typeof body.$ref === 'string' ? body.$ref : undefined;
  const root = rewrite(ref ? doc.components.schemas[ref.slice(COMPONENT.length)] : body) as JsonSchema;
  return {
    ...root,
    type: 'object',
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
}

/** How to fetch the next page, for routes whose parameters page their answers. */
function pagingHint(route: Route, op: Operation): string | undefined {
  const names = new Set(op.parameters.map((p) => p.name));
  const pastEnd = documentedErrors(route).some((e) => e.code === 'NO_RESULTS')
    ? ' A page past the last answers 404 NO_RESULTS.'
    : '';
  if (names.has('next_page_token'))
    return (
      'Paged: while the answer has a next_page_token (null on the last page), fetch the next page by calling ' +
      'this tool again with the same arguments and next_page_token set to it; tokens are short-lived.'
    );
  if (names.has('page'))
    return `Paged: fetch the next page by calling this tool again with the same arguments and page increased by 1, while the answer's pagination shows further pages.${pastEnd}`;
  if (names.has('offset') && names.has('limit'))
    return `Paged: fetch the next page by calling this tool again with the same arguments and offset increased by limit, while further results remain.${pastEnd}`;
  return undefined;
}

function description(route: Route, op: Operation): string {
  const errors = documentedErrors(route).map((e) =>
    e.dialect === 'detail-array'
      ? `- ${e.status}, error_code null: ${e.when} (errors lists each)`
      : `- ${e.status} ${e.code}: ${e.when}`,
  );
  return [
    `${route.summary}.`,
    pagingHint(route, op),
    'Errors come back as tool errors (isError) whose text is a JSON object with status, error_code and detail:',
    ...errors,
    "Each call counts as one request against the API key's daily quota.",
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

/**
 * One tool per data route, in manifest order.
 * @example toolsFor(await openApiDocument(), dataEntries).map((t) => t.name) // ['coordinatesLookup', …]
 */
export function toolsFor(doc: OpenApiDocument, entries: readonly (readonly [string, Route])[]): Tool[] {
  return entries.map(([id, route]) => {
    const op = operationOf(doc, route);
    return {
      name: id,
      title: route.summary,
      description: description(route, op),
      inputSchema: inputSchema(op),
      outputSchema: outputSchema(doc, op),
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: Boolean(route.upstream?.length),
      },
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
      structuredContent: JSON.parse(result.body) as Record<string, unknown>,
    };
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problemOf(result)) }] };
}
