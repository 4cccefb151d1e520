/** Our own service routes: the API listing, health, the API reference and the MCP endpoint. */
import { EDGE_REFUSALS } from '../errors.ts';
import type { ErrorSpec, Route } from './types.ts';
import { area } from './area.ts';

/** A reference page's asset or a problem type asked by a name that has none. */
const NOT_FOUND = (what: string) =>
  ({
    not_found: { status: EDGE_REFUSALS.notFound.status, when: `no ${what} of this name`, dialect: 'global' },
  }) as const satisfies Record<string, ErrorSpec>;

/**
 * What the MCP endpoint answers besides a JSON-RPC result (200, or 202 for notifications alone): the
 * transport's refusals, as JSON-RPC errors (`error.code` in parentheses), and the gateway's.
 */
const MCP_ERRORS = {
  PARSE_ERROR: {
    status: 400,
    when: 'the body is no JSON (-32700)',
    dialect: 'json-rpc',
  },
  INVALID_REQUEST: {
    status: 400,
    when: 'JSON that is no JSON-RPC message (no jsonrpc "2.0", a method that is no string, an id that is neither a string nor an integer), an empty batch, a batch too long, or a request the stateless server does not take (-32600, -32000); invalid params are -32602 in a 200',
    dialect: 'json-rpc',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    when: 'Accept does not list both application/json and text/event-stream (-32000)',
    dialect: 'json-rpc',
  },
  CONTENT_TOO_LARGE: { status: 413, when: 'the body is larger than 4 MB (-32000)', dialect: 'json-rpc' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    when: 'Content-Type is not application/json (-32000)',
    dialect: 'json-rpc',
  },
  method_not_allowed: {
    status: EDGE_REFUSALS.methodNotAllowed.status,
    when: 'a method other than POST',
    dialect: 'global',
  },
  payload_too_large: {
    status: EDGE_REFUSALS.tooLarge.status,
    when: 'the request body is larger than 10 MB (the gateway refuses it before the function)',
    dialect: 'global',
  },
} as const satisfies Record<string, ErrorSpec>;

export const serviceRoutes = {
  // The listing and the health checks.
  ...area(
    { provider: 'service', auth: false, folder: 'health' },
    {
      root: {
        path: '/',
        product: 'info',
        summary: 'Basic API information and the available endpoints',
        example: '/',
      },
      health: {
        path: '/health',
        product: 'health',
        summary: 'Detailed health status and version',
        example: '/health',
      },
      v1Health: {
        path: '/v1/health',
        product: 'health',
        summary: 'Version 1 health status',
        example: '/v1/health',
      },
    },
  ),
  // The API reference: the page, its assets, the error pages and the OpenAPI document.
  ...area(
    { provider: 'service', auth: false, kind: 'reference', folder: 'docs' },
    {
      docs: {
        path: '/docs',
        handler: 'page',
        product: 'docs',
        summary:
          'Interactive API reference: every operation, tried with your key ("Authorize", then "Try it out")',
        example: '/docs',
      },
      docsAsset: {
        path: '/docs/{asset}',
        handler: 'asset',
        product: 'docs',
        errors: NOT_FOUND('asset'),
        summary: "The reference page's scripts and styles, served by the API itself",
        example: '/docs/swagger-ui.css',
      },
      errorTypes: {
        path: '/errors',
        handler: 'errors',
        product: 'docs',
        summary: 'Every error type of the API, each linked to its page',
        example: '/errors',
      },
      errorType: {
        path: '/errors/{type}',
        handler: 'errors',
        product: 'docs',
        errors: NOT_FOUND('error type'),
        summary:
          "A problem type's page (the `type` URL of a Problem Details body): what it means, which routes answer it, what to do",
        example: '/errors/invalid-parameters',
      },
      openapi: {
        path: '/openapi.json',
        product: 'openapi',
        summary: 'The OpenAPI 3.1 document of every operation, with this deployment as its server',
        example: '/openapi.json',
      },
    },
  ),
  // The MCP endpoint.
  ...area(
    { provider: 'service', kind: 'mcp', folder: 'mcp' },
    {
      mcp: {
        method: 'POST',
        path: '/mcp',
        product: 'mcp',
        success: [200, 202],
        errors: MCP_ERRORS,
        summary:
          'MCP server for AI agents (streamable HTTP): every data endpoint as a tool; each tool call counts as one request',
        example: '/mcp',
      },
    },
  ),
} satisfies Record<string, Route>;
