/**
 * The OpenAPI 3.1 document of the API, built from the route manifest and the zod schemas each handler
 * validates with, so it cannot drift from what the service enforces: parameters from the request
 * schemas (with the route's example request as their examples), every 200 body from the response
 * schema `endpoint()` checks before sending, and every error response from the route's declaration
 * (`documentedErrors`), in the body dialect it is rendered in.
 */
import * as z from 'zod';
import { JSON_TYPE } from '../problem.ts';
import { documentedErrors, operationEntries, routeEntries, type Route } from '../routes/index.ts';
import { VERSION } from '../version.ts';
import { WebhookPayload } from '../watches/model.ts';
import { parameters } from './parameters.ts';
import { errorResponse, HEADERS, headersFor } from './responses.ts';
import { addComponent, ERROR_SCHEMAS, jsonSchema, pascal, schemaRef } from './schemas.ts';
import { serversFor, type JsonSchema, type OpenApiDocument, type Operation, type Response } from './types.ts';
interface HandlerSchemas {
  query?: z.ZodType;
  path?: z.ZodType;
  response?: z.ZodType;
}

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
