// GET /dashboard/{asset}: the dashboard's script (app code and Chart.js, one esbuild bundle) and styles.
// Deployed they are built at bundling time beside the function (DASHBOARD_DIR); locally, on first request.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { edgeRefusal } from '../../shared/problem.ts';

const TYPES: Record<string, string> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

let built: Promise<Record<string, string>> | undefined;

async function assets(): Promise<Record<string, string>> {
  const dir = process.env.DASHBOARD_DIR;
  if (dir) {
    const names = Object.keys(TYPES);
    const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
    return Object.fromEntries(names.map((name, i) => [name, texts[i]!]));
  }
  // A computed specifier: the bundler leaves the builder (and esbuild) out of the function.
  const builder = new URL('../../web/dashboard/build.ts', import.meta.url).href;
  const { buildDashboard } = (await import(builder)) as typeof import('../../web/dashboard/build.ts');
  return buildDashboard();
}

/** @example (await handler({ pathParameters: { asset: 'app.css' }, path: '/dashboard/app.css' })).statusCode // 200 */
export async function handler(
  event: Pick<APIGatewayProxyEvent, 'pathParameters' | 'path'>,
): Promise<APIGatewayProxyResult> {
  const name = event.pathParameters?.asset ?? '';
  if (!Object.hasOwn(TYPES, name)) {
    return edgeRefusal('notFound', `${event.path} is not an asset of the dashboard.`, {
      message: 'No such asset.',
    });
  }
  built ??= assets().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return {
    statusCode: 200,
    headers: {
      'Content-Type': TYPES[name]!,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=300',
    },
    body: (await built)[name]!,
  };
}
