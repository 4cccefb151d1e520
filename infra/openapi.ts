/**
 * The OpenAPI 3.1 document of the API, built from the route manifest and the zod schemas each handler
 * validates with, so it cannot drift from what the service enforces. Response bodies are described
 * by status and media type; their fields are the contract's (../shared/spec/interface-spec.md).
 *
 * @example npm run openapi -- openapi.json
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { routeEntries, type Route } from '../shared/routes.ts';
import { VERSION } from '../shared/version.ts';

const ROOT = resolve(import.meta.dirname, '..');
type JsonSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema,
  }));
}

const ERROR = {
  problem: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  global: { 'application/json': { schema: { $ref: '#/components/schemas/GlobalError' } } },
};

function responses(route: Route): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of route.statuses) {
    if (status === 200)
      out['200'] = {
        description: route.summary,
        content: { 'application/json': { schema: { type: 'object' } } },
      };
    else if (status === 401 || (status === 429 && !route.rateLimited))
      out[String(status)] = {
        description: status === 401 ? 'API key missing or invalid' : 'Daily quota exceeded',
        content: ERROR.global,
      };
    else if (status === 400 && route.validation.kind === 'detail-array') {
      out['400'] = {
        description: 'Missing or invalid parameters',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailArray' } } },
      };
    } else
      out[String(status)] = {
        description: `Error ${status}`,
        content: route.globalErrors ? ERROR.global : ERROR.problem,
      };
  }
  return out;
}

/** @example const doc = await buildOpenApi(); doc.paths['/v1/chain_a/rooms'].get.parameters */
export async function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of routeEntries) {
    const mod = (await import(pathToFileURL(resolve(ROOT, route.handler)).href)) as {
      handler: { schemas?: { query?: z.ZodType; path?: z.ZodType } };
    };
    const schemas = mod.handler.schemas ?? {};
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      tags: [route.provider],
      ...(route.auth ? { security: [{ apiKey: [] }] } : { security: [] }),
      parameters: [...parameters(schemas.path, 'path'), ...parameters(schemas.query, 'query')],
      responses: responses(route),
      'x-example': route.example,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Lodging, rental, dining and place lookup API', version: VERSION },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:3000' } } }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'error_code'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string' },
            provider: { type: 'string' },
            product: { type: 'string' },
            error_code: { type: 'string' },
            correlation_id: { type: 'string' },
          },
        },
        GlobalError: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
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
          required: ['detail'],
          properties: {
            detail: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  loc: { type: 'array', items: { type: ['string', 'integer'] } },
                  msg: { type: 'string' },
                  type: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = JSON.stringify(await buildOpenApi(), null, 2);
  const target = process.argv[2];
  if (target) writeFileSync(target, `${doc}\n`);
  else process.stdout.write(`${doc}\n`);
}
