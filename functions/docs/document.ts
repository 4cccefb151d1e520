/**
 * The OpenAPI document as the service serves it (`GET /openapi.json`, the MCP tools). Deployed, it is
 * built once at bundling time (`npm run openapi`) and read from the file OPENAPI_DOCUMENT names, so no
 * function imports the builder, zod's JSON Schema machinery or the handlers at cold start. Locally
 * (`npm start`, the tests) no file is named: the local server installs the builder, and the document is
 * built from the handlers on first use.
 */
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../../shared/openapi/types.ts';

export { serversFor } from '../../shared/openapi/types.ts';

let loaded: Promise<OpenApiDocument> | undefined;
let build: (() => Promise<OpenApiDocument>) | undefined;

/**
 * Installs how the document is made where no file is named: the local server (`npm start`, the tests)
 * installs the builder of shared/openapi/build.ts, so no deployed function bundles it.
 * @example useOpenApiBuilder(() => buildOpenApi())
 */
export function useOpenApiBuilder(builder: () => Promise<OpenApiDocument>): void {
  build = builder;
  loaded = undefined;
}

async function load(): Promise<OpenApiDocument> {
  const file = process.env.OPENAPI_DOCUMENT;
  if (file) return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
  if (!build)
    throw new Error('no OpenAPI document: OPENAPI_DOCUMENT names no file and no builder is installed');
  return build();
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
