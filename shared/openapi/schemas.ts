/**
 * JSON Schemas of the OpenAPI document: zod schemas converted (draft 2020-12), response bodies added as
 * components (with the definitions zod hoists), and the three error bodies every route's errors refer to.
 */
import * as z from 'zod';
import type { JsonSchema } from './types.ts';
/** A manifest id as the start of a component's name. @example pascal('chainARooms') // 'ChainARooms' */
export const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
/** A reference to a component schema. @example schemaRef('Problem') // { $ref: '#/components/schemas/Problem' } */
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A zod schema as JSON Schema, as a request reads it (`input`) or a response is sent (`output`).
 * @example jsonSchema(z.object({ q: z.string() }), 'input').properties // { q: { type: 'string' } }
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Adds a response schema to `components/schemas` under `name` and returns its reference. Definitions
 * zod hoists (`$defs`: schemas with an `id`, cycles) become components of their own.
 * @example addComponent(schemas, 'ChainARoomsResponse', jsonSchema(RoomsResponse, 'output')) // { $ref: '#/components/schemas/ChainARoomsResponse' }
 */
export function addComponent(
  schemas: Record<string, JsonSchema>,
  name: string,
  json: JsonSchema,
): { $ref: string } {
  const defs = json.$defs ?? {};
  delete json.$defs;
  const renamed = new Map(Object.keys(defs).map((key) => [key, `${name}_${key.replace(/[^\w.-]/g, '_')}`]));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id') continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        out.$ref = `#/components/schemas/${renamed.get(value.slice('#/$defs/'.length))}`;
      } else if (key === '$ref' && value === '#') out.$ref = `#/components/schemas/${name}`;
      else out[key] = rewrite(value);
    }
    return out;
  };
  for (const [key, def] of Object.entries(defs)) schemas[renamed.get(key)!] = rewrite(def) as JsonSchema;
  schemas[name] = rewrite(json) as JsonSchema;
  return schemaRef(name);
}

/** The error bodies every route's error responses refer to, by dialect. */
export const ERROR_SCHEMAS: Record<string, JsonSchema> = {
  Problem: {
    type: 'object',
    description: 'RFC 7807 Problem Details of an endpoint error.',
    required: ['type', 'title', 'status', 'detail', 'error_code'],
    properties: {
      type: { type: 'string', description: '`{base_url}/errors/<kebab-case-title>`' },
      title: { type: 'string' },
      status: { type: 'integer', description: 'The HTTP status' },
      detail: { type: 'string' },
      instance: { type: 'string', description: 'The request path' },
      provider: { type: 'string' },
      product: { type: 'string' },
      error_code: { type: 'string', description: 'Upper-case code' },
      correlation_id: { type: 'string' },
      errors: {
        type: 'array',
        description: 'On parameter errors: each bad parameter',
        items: {
          type: 'object',
          required: ['parameter', 'in', 'message'],
          properties: {
            parameter: { type: 'string' },
            in: { type: 'string', enum: ['query', 'path'] },
            message: { type: 'string' },
          },
        },
      },
      upstream_status: {
        type: 'integer',
        description: 'The HTTP status the source answered with, when known',
      },
      provided: { type: 'string', description: 'The URL given, on INVALID_URL' },
    },
  },
  GlobalError: {
    type: 'object',
    description: 'The global error body: authentication, quota, and routes documented to use it.',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'details'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          details: { type: 'string' },
        },
      },
    },
  },
  DetailArray: {
    type: 'object',
    description: 'Invalid parameters: one item per bad parameter.',
    required: ['detail'],
    properties: {
      detail: {
        type: 'array',
        items: {
          type: 'object',
          required: ['loc', 'msg', 'type'],
          properties: {
            loc: { type: 'array', items: { type: ['string', 'integer'] } },
            msg: { type: 'string' },
            type: { type: 'string' },
          },
        },
      },
    },
  },
};
