/**
 * The OpenAPI document as the service serves it (`GET /openapi.json`, the MCP tools). Deployed, it is
 * built once at bundling time (`npm run openapi`) and read from the file OPENAPI_DOCUMENT names, so no
 * function imports the builder, zod's JSON Schema machinery or the handlers at cold start. Locally
 * (`npm start`, the tests) no file is named and it is built from the handlers on first use.
 */
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../../infra/openapi.ts';

export interface OpenApiServer {
  url: string;
  description: string;
  variables?: Record<string, { default: string; description: string }>;
}

/**
 * The document's `servers`: the deployment's base URL when it is known, else a variable for it.
 * @example serversFor('https://abc.execute-api.eu-west-1.amazonaws.com/prod')[0].url
 */
export function serversFor(baseUrl?: string): OpenApiServer[] {
  if (baseUrl) return [{ url: baseUrl.replace(/\/+$/, ''), description: 'This deployment' }];
  return [
    {
      url: '{base_url}',
      description: 'The deployment: its API Gateway stage URL, or the local server of `npm start`.',
      variables: {
        base_url: { default: 'http://127.0.0.1:3000', description: 'Base URL of the deployment' },
      },
    },
  ];
}

let loaded: Promise<OpenApiDocument> | undefined;

async function load(): Promise<OpenApiDocument> {
  const file = process.env.OPENAPI_DOCUMENT;
  if (file) return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
  // A computed specifier: bundlers leave the builder (and every handler it loads) out of the functions.
  const builder = new URL('../../infra/openapi.ts', import.meta.url).href;
  const { buildOpenApi } = (await import(builder)) as typeof import('../../infra/openapi.ts');
  return buildOpenApi();
}

/**
 * The document, loaded once per process (a failed load is retried on the next call).
 * @example const doc = await openApiDocument(); doc.paths['/v1/chain_a/rooms']!.get!.operationId // 'chainARooms'
 */
export function openApiDocument(): Promise<OpenApiDocument> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
