/**
 * The OpenAPI 3.1 document of the API, built from the route manifest and the zod schemas each handler
 * validates with, so it cannot drift from what the service enforces: parameters from the request
 * schemas (with the route's example request as their examples), every 200 body from the response
 * schema `endpoint()` checks before sending, and every error response from the route's declaration
 * (`documentedErrors`), in the body dialect it is rendered in.
 */
import { STATUS_CODES } from 'node:http';
import * as z from 'zod';
import { CORRELATION_HEADER } from '../http/correlation-id.ts';
import { JSON_TYPE, PROBLEM_JSON } from '../problem.ts';
import {
  documentedErrors,
  operationEntries,
  routeEntries,
  type Dialect,
  type DocumentedError,
  type Route,
} from '../routes/index.ts';
import { VERSION } from '../version.ts';
import { WebhookPayload } from '../watches/model.ts';
import {
  serversFor,
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Response,
} from './types.ts';

interface HandlerSchemas {
  query?: z.ZodType;
  path?: z.ZodType;
  response?: z.ZodType;
}

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

// ---------------------------------------------------------------------------------------------------
// Parameters

/**
 * The object whose keys are the parameters, under whatever wraps it: a refinement is a check on the
 * object itself, a `.transform()` of the whole query is a pipe whose input is what the client sends.
 */
function unwrapObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.core.$ZodType = schema;
  for (let depth = 0; depth < 16; depth++) {
    const def = current._zod.def as unknown as Record<string, z.core.$ZodType | undefined> & { type: string };
    if (def.type === 'object') return current as z.ZodObject;
    if (def.type === 'pipe') {
      // z.preprocess(fn, object) is a pipe from a transform: the object is its output side.
      current = (def.in!._zod.def.type === 'transform' ? def.out : def.in)!;
    } else if (def.innerType) current = def.innerType;
    else return undefined;
  }
  return undefined;
}

const TYPED = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref'];
const typed = (schema: JsonSchema) => TYPED.some((k) => k in schema);

/**
 * One parameter's schema. The output side says what the API accepts once parsed (the enum behind a
 * pipe, the integer behind a string); where a transform hides it, the input side (the string's pattern).
 */
function parameterSchema(field: z.ZodType): JsonSchema {
  const output = jsonSchema(field, 'output');
  const input = jsonSchema(field, 'input');
  const schema: JsonSchema = typed(output) ? { ...output } : { ...input };
  for (const key of ['default', 'description', 'example', 'examples', 'deprecated'] as const) {
    if (schema[key] === undefined && (output[key] ?? input[key]) !== undefined)
      (schema as Record<string, unknown>)[key] = output[key] ?? input[key];
  }
  // A bound the type states anyway is noise to a reader.
  if (schema.type === 'integer' && schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  return schema;
}

/** The route's example request, split into its path and query values. */
function exampleValues(route: Route): { path: Record<string, string>; query: URLSearchParams } {
  const url = new URL(route.example, 'http://example.invalid');
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name) => {
    names.push(name as string);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(url.pathname);
  const path: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match?.[i + 1];
    if (value !== undefined) path[name] = decodeURIComponent(value);
  });
  return { path, query: url.searchParams };
}

/** The wire string as the value the schema describes: `2` for an integer, the enum's own spelling. */
function typedExample(value: string, schema: JsonSchema): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    // Enumerated parameters are case-insensitive on the wire.
    return schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === value.toLowerCase()) ?? value;
  }
  return value;
}

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path', route: Route): Parameter[] {
  if (!schema) return [];
  const object = unwrapObject(schema);
  // Required-ness is the input side's: a parameter with a default may be left out.
  const input = jsonSchema(object ?? schema, 'input');
  const fields = object
    ? Object.entries(object.shape as Record<string, z.ZodType>).map(([name, field]) => ({
        name,
        schema: parameterSchema(field),
      }))
    : // Not an object at all: the input side's properties are the best that can be said.
      Object.entries(input.properties ?? {}).map(([name, s]) => ({ name, schema: s }));
  const examples = exampleValues(route);
  return fields.map(({ name, schema: s }) => {
    const { description, example: own, examples: owns, deprecated, ...rest } = s;
    const sent = where === 'path' ? examples.path[name] : (examples.query.get(name) ?? undefined);
    const example =
      sent !== undefined
        ? typedExample(sent, rest)
        : (own ??
          (Array.isArray(owns) ? owns[0] : undefined) ??
          rest.default ??
          (Array.isArray(rest.enum) ? rest.enum[0] : undefined) ??
          rest.const);
    return {
      name,
      in: where,
      required: where === 'path' || (input.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      // A parameter kept only to be refused with its documented error says so.
      ...(deprecated === true ? { deprecated: true } : {}),
      schema: rest,
      ...(example !== undefined ? { example } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Success bodies

/**
 * Adds a response schema to `components/schemas` under `name` and returns its reference. Definitions
 * zod hoists (`$defs`: schemas with an `id`, cycles) become components of their own.
 */
function addComponent(schemas: Record<string, JsonSchema>, name: string, json: JsonSchema): { $ref: string } {
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

// ---------------------------------------------------------------------------------------------------
// Errors

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

function errorResponse(
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

// ---------------------------------------------------------------------------------------------------
// Headers

const HEADERS = {
  CorrelationId: {
    description:
      'Unique id of this request; error bodies carry it as correlation_id. Quote it when reporting a problem.',
    schema: { type: 'string', format: 'uuid' },
  },
  RateLimitLimit: {
    description: "Requests a day the key's tier allows.",
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitRemaining: {
    description: "Requests left in the key's quota for the current UTC day.",
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: {
    description: 'When the quota resets: epoch seconds of the next UTC midnight.',
    schema: { type: 'integer', minimum: 0 },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  Cache: {
    description: 'HIT when every source answer came from the response cache, MISS otherwise.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  Age: {
    description: 'Age in seconds of the oldest cached source answer used (0 when fetched now).',
    schema: { type: 'integer', minimum: 0 },
  },
} satisfies Record<string, { description: string; schema: JsonSchema }>;

/** The headers a response of this route and status carries. */
function headersFor(route: Route, status: number): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { [CORRELATION_HEADER]: headerRef('CorrelationId') };
  // The quota is counted after the key is accepted: every keyed answer but the 401 carries it.
  if (route.auth && status !== 401 && route.kind !== 'watch') {
    headers['X-RateLimit-Limit'] = headerRef('RateLimitLimit');
    headers['X-RateLimit-Remaining'] = headerRef('RateLimitRemaining');
    headers['X-RateLimit-Reset'] = headerRef('RateLimitReset');
  }
  if (status === 429 || status === 503) headers['Retry-After'] = headerRef('RetryAfter');
  if (status === 200 && route.upstream?.length) {
    headers['X-Cache'] = headerRef('Cache');
    headers.Age = headerRef('Age');
  }
  return headers;
}

// ---------------------------------------------------------------------------------------------------
// Operations

function description(route: Route): string {
  const lines = [`${route.summary}.`, ''];
  lines.push(
    !route.auth
      ? 'Open: no API key needed.'
      : route.counted === false
        ? "Requires the `x-api-key` header; not counted against the key's daily quota, which it reports (X-RateLimit-* headers too)."
        : "Requires the `x-api-key` header; each call counts against the key's daily quota (X-RateLimit-* headers).",
  );
  if (route.upstream?.length) {
    lines.push(
      `Answers from ${route.upstream.join(', ')} at request time, through a response cache (X-Cache, Age); ` +
        'a source that fails, limits or times out answers 502, 503 (with Retry-After) or 504.',
    );
  }
  const v = route.validation;
  lines.push(
    v.kind === 'detail-array'
      ? 'Invalid parameters: 400 with a `detail` array naming each one.'
      : `Invalid parameters: ${v.status} \`${v.code}\`${v.kind === 'global' ? ' in the global error body' : ''}, unless a more specific code below applies.`,
  );
  lines.push('', `Example: \`GET ${route.example}\``);
  return lines.join('\n');
}

const TAGS: Record<string, string> = {
  service: 'API information and health; no key needed.',
  meta: 'Cross-site helpers: hotel name to page links, place name to coordinates.',
  dining: 'Restaurant reservation availability.',
  rental: 'Short-term rental listings: details and prices.',
  account: "The calling key's usage and quota. Keys themselves are made in the dashboard (/dashboard).",
};

export interface BuildOptions {
  /** The deployment's base URL, the document's server; without it, a `{base_url}` variable. */
  baseUrl?: string;
}

/** @example const doc = await buildOpenApi(); doc.paths['/v1/chain_a/rooms']!.get!.parameters */
export async function buildOpenApi({ baseUrl }: BuildOptions = {}): Promise<OpenApiDocument> {
  const paths: Record<string, Record<string, Operation>> = {};
  const schemas: Record<string, JsonSchema> = {};
  const responseNames = new Map<z.ZodType, string>();
  // The operations, and the watches resource (#38: JSON bodies, 201), which no MCP tool serves.
  const watchEntries = routeEntries.filter(([, r]) => r.kind === 'watch');
  for (const [id, route] of [...operationEntries, ...watchEntries]) {
    // Handlers by their manifest path, from the project root; run by `npm run openapi`, locally and in tests.
    const mod = (await import(new URL(`../../${route.handler}`, import.meta.url).href)) as {
      handler: { schemas?: HandlerSchemas & { body?: z.ZodType } };
    };
    const { query, path, response, body: requestSchema } = mod.handler.schemas ?? {};
    let body: JsonSchema;
    if (!response)
      body = { type: 'object' }; // a handler not yet given its response schema
    else if (responseNames.has(response)) body = schemaRef(responseNames.get(response)!);
    else {
      body = addComponent(schemas, `${pascal(id)}Response`, jsonSchema(response, 'output'));
      responseNames.set(response, `${pascal(id)}Response`);
    }
    const success = route.success?.[0] ?? 200;
    const responses: Record<string, Response> = {
      [String(success)]: {
        description: `${route.summary}.`,
        headers: headersFor(route, success),
        content: { [JSON_TYPE]: { schema: body } },
      },
    };
    const byStatus = Map.groupBy(documentedErrors(route), (e) => e.status);
    for (const status of [...byStatus.keys()].sort((a, b) => a - b))
      responses[String(status)] = errorResponse(schemas, route, id, status, byStatus.get(status)!);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      description: description(route),
      tags: [route.provider],
      security: route.auth ? [{ apiKey: [] }] : [],
      parameters: [...parameters(path, 'path', route), ...parameters(query, 'query', route)],
      ...(requestSchema
        ? {
            requestBody: {
              required: true,
              content: {
                [JSON_TYPE]: {
                  schema: addComponent(schemas, `${pascal(id)}Body`, jsonSchema(requestSchema, 'input')),
                },
              },
            },
          }
        : {}),
      responses,
      'x-example': route.example,
    };
  }
  const providers = [...new Set(operationEntries.map(([, r]) => r.provider))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lodging, rental, dining and place lookup API',
      version: VERSION,
      description: [
        'A read-only HTTP JSON API for hotel, rental, restaurant and place data, fetched from its sources at request time.',
        '',
        'Send the API key in the `x-api-key` header. Each key has a daily quota by tier (free 10, basic 1,000, pro 10,000,',
        'enterprise as agreed), counted per UTC day; every keyed answer carries X-RateLimit-Limit, X-RateLimit-Remaining and',
        'X-RateLimit-Reset, and a used-up quota answers 429 with Retry-After.',
        '',
        'Errors are RFC 7807 Problem Details (`application/problem+json`) with an upper-case `error_code`, except where an',
        'operation documents otherwise: authentication and quota errors use the global body `{error: {code, message, details}}`.',
        'Every answer carries X-Correlation-Id.',
        '',
        'This document is served at `/openapi.json`, with an interactive reference at `/docs`. AI agents can call every',
        'keyed operation as a tool of the MCP server at `/mcp` (streamable HTTP, the same `x-api-key`).',
      ].join('\n'),
    },
    servers: serversFor(baseUrl),
    tags: providers.map((name) => ({
      name,
      description: TAGS[name] ?? `Endpoints answering from ${name}.`,
    })),
    paths,
    webhooks: {
      'watch.triggered': {
        post: {
          operationId: 'watchTriggered',
          summary: "A watch's condition started to hold (POST /v1/watches)",
          description:
            "Posted to the watch's callback_url, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature; verify with the secret shown at creation); sent again with the same webhook-id after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±20 %) until a 2xx, then the watch is paused.",
          tags: ['account'],
          security: [],
          parameters: [],
          requestBody: {
            required: true,
            content: {
              [JSON_TYPE]: {
                schema: addComponent(schemas, 'WatchTriggered', jsonSchema(WebhookPayload, 'output')),
              },
            },
          },
          responses: { '2XX': { description: 'Received: no further attempt' } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'The API key of the caller.',
        },
      },
      headers: HEADERS,
      schemas: { ...ERROR_SCHEMAS, ...schemas },
    },
  };
}

const ERROR_SCHEMAS: Record<string, JsonSchema> = {
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
