/**
 * Writes the OpenAPI 3.1 document (shared/openapi/build.ts) to a file, or to stdout without one: at
 * bundling time for the functions that serve it, and for the OpenAPI lint.
 *
 * @example npm run openapi -- openapi.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildOpenApi } from '../shared/openapi/build.ts';

export { buildOpenApi, type BuildOptions } from '../shared/openapi/build.ts';
export type { JsonSchema, OpenApiDocument, Operation } from '../shared/openapi/types.ts';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // PUBLIC_BASE_URL: the deployment the document is written for (its server); unset, a variable.
  const doc = JSON.stringify(
    await buildOpenApi({ baseUrl: process.env.PUBLIC_BASE_URL || undefined }),
    null,
    2,
  );
  const target = process.argv[2];
  if (target) {
    mkdirSync(dirname(resolve(target)), { recursive: true });
    writeFileSync(target, `${doc}\n`);
  } else process.stdout.write(`${doc}\n`);
}
