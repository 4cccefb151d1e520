// GET /docs/{asset}: the reference page's scripts and styles. Swagger UI's own files come from the
// swagger-ui-dist package, copied beside the bundle when deployed (SWAGGER_UI_DIR); the initializer is ours.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { edgeRefusal } from '../../shared/problem.ts';

const JS = 'text/javascript; charset=utf-8';

// Loads the served document (relative: under the stage prefix when deployed) into the page.
const INIT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** Every asset the page loads, with its media type: a file of swagger-ui-dist, or our text. */
const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: JS, file: 'swagger-ui-bundle.js' },
  'init.js': { type: JS, text: INIT },
};

/**
 * The directory of swagger-ui-dist's files: beside the bundle when deployed, the package locally.
 * @example join(swaggerUiDir(), 'swagger-ui.css')
 */
function swaggerUiDir(): string {
  return (
    process.env.SWAGGER_UI_DIR ??
    dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  );
}

const bodies = new Map<string, Promise<string>>();

function body(name: string): Promise<string> {
  const asset = ASSETS[name]!;
  if (asset.text !== undefined) return Promise.resolve(asset.text);
  let read = bodies.get(name);
  if (!read) {
    read = readFile(join(swaggerUiDir(), asset.file!), 'utf8');
    bodies.set(name, read);
  }
  return read;
}

/** @example (await handler({ pathParameters: { asset: 'init.js' } } as APIGatewayProxyEvent)).statusCode // 200 */
export async function handler(
  event: Pick<APIGatewayProxyEvent, 'pathParameters' | 'path'>,
): Promise<APIGatewayProxyResult> {
  const name = event.pathParameters?.asset ?? '';
  if (!Object.hasOwn(ASSETS, name)) {
    return edgeRefusal('notFound', `${event.path} is not an asset of the reference page.`, {
      message: 'No such asset.',
    });
  }
  return {
    statusCode: 200,
    headers: {
      'Content-Type': ASSETS[name]!.type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=86400',
    },
    body: await body(name),
  };
}
