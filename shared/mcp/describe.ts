/**
 * `describeTool`: the rest of a tool's description, one call away from `tools/list` (which carries each
 * parameter's name, type and enum only, tools.ts). From the OpenAPI document, as `/openapi.json` serves it:
 * every parameter with its full schema and description (bounds, default, format, pattern), the arguments
 * of a call that works (the route's example), the answer's JSON Schema with the document's components
 * inlined, and the errors by status. A local answer: no route
 * runs, nothing is counted.
 */
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, OpenApiDocument, Parameter } from '../openapi/types.ts';
import type { Route } from '../routes/index.ts';
import { operationOf, pagingHint } from './tools.ts';

const COMPONENT = '#/components/schemas/';

/**
 * A schema with the document's `$ref`s to its components replaced by the components themselves; a
 * component met again inside itself stays a `$ref` (a recursive shape is written once).
 * @example inlined(doc, { $ref: '#/components/schemas/Money' }) // { type: 'object', properties: { … } }
 */
export function inlined(doc: OpenApiDocument, schema: unknown, open: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(doc, item, open));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as { $ref?: unknown };
  if (typeof $ref === 'string' && $ref.startsWith(COMPONENT)) {
    const name = $ref.slice(COMPONENT.length);
    const target = doc.components.schemas[name];
    if (target && !open.includes(name))
      return { ...(inlined(doc, target, [...open, name]) as object), ...rest };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(doc, value, open)]));
}

/**
 * A route's example request (path and query) as the arguments of its tool: numbers and booleans as JSON
 * has them, an int64 as its digits (a double would round them), a repeated parameter as a list.
 * @example exampleArguments('/v1/rental/listing/{listing_id}/details', '/v1/rental/listing/40000001/details?adults=2', parameters)
 * // { listing_id: '40000001', adults: 2 }
 */
export function exampleArguments(
  path: string,
  example: string,
  parameters: readonly Parameter[],
): Record<string, unknown> {
  const url = new URL(example, 'http://example.invalid');
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = url.pathname.match(new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`))?.slice(1) ?? [];
  const raw = new Map<string, string[]>(
    names.map((name, i) => [name, [decodeURIComponent(values[i] ?? '')]]),
  );
  for (const [name, value] of url.searchParams) raw.set(name, [...(raw.get(name) ?? []), value]);
  const typed = (schema: JsonSchema | undefined, value: string): unknown => {
    if (schema?.format === 'int64') return value;
    if (schema?.type === 'integer' || schema?.type === 'number') return Number(value);
    if (schema?.type === 'boolean') return value === 'true';
    return value;
  };
  return Object.fromEntries(
    [...raw].map(([name, vs]) => {
      const schema = parameters.find((p) => p.name === name)?.schema;
      return [
        name,
        schema?.type === 'array'
          ? vs.map((v) => typed(schema.items as JsonSchema, v))
          : typed(schema, vs.at(-1)!),
      ];
    }),
  );
}

/** What `describeTool` answers about one tool. */
export interface ToolDescription {
  name: string;
  summary: string;
  paging: string | null;
  /** The arguments object in full: each parameter's schema with its description. */
  parameters: JsonSchema;
  /** The arguments of a call that works (the route's example), values to start from. */
  example: Record<string, unknown>;
  /** The JSON Schema of a successful answer (the tool result's structured content). */
  answer: unknown;
  /** Each error status the tool answers, with the document's words for it. */
  errors: Record<string, string>;
}

/**
 * @example describe(doc, 'chainARooms', routes.chainARooms).parameters.properties.adults
 * // { type: 'integer', minimum: 1, maximum: 8, default: 2, description: 'Adults per room…' }
 */
export function describe(doc: OpenApiDocument, name: string, route: Route): ToolDescription {
  const op = operationOf(doc, route);
  const parameters = op.parameters.filter((p) => !p.deprecated);
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return {
    name,
    summary: op.summary,
    paging: pagingHint(op) ?? null,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((p) => [
          p.name,
          { ...p.schema, ...(p.description ? { description: p.description } : {}) },
        ]),
      ),
      ...(required.length ? { required } : {}),
    },
    example: exampleArguments(route.path, op['x-example'], parameters),
    answer: inlined(doc, op.responses['200']?.content?.['application/json']?.schema ?? null),
    errors: Object.fromEntries(
      Object.entries(op.responses)
        .filter(([status]) => status !== '200')
        .map(([status, response]) => [status, response.description]),
    ),
  };
}

/**
 * The answer of a `describeTool` call: the description of the tool its `name` argument names, as
 * structured content; a name that is no listed route tool is invalid params, in words.
 * @example (await describeTool(doc, dataEntries, { name: 'chainARooms' })).structuredContent.summary
 */
export function describeTool(
  doc: OpenApiDocument,
  entries: readonly (readonly [string, Route])[],
  args: Record<string, unknown>,
): CallToolResult {
  const { name } = args;
  const route = entries.find(([id]) => id === name)?.[1];
  if (typeof name !== 'string' || !route)
    throw new McpError(
      ErrorCode.InvalidParams,
      `describeTool takes {name: a tool's name as tools/list gives it}; ${JSON.stringify(name ?? null)} names no tool it describes.`,
    );
  const description = describe(doc, name, route);
  return {
    content: [{ type: 'text', text: JSON.stringify(description) }],
    structuredContent: description as unknown as Record<string, unknown>,
  };
}
