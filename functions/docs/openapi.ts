// GET /openapi.json: the OpenAPI 3.1 document, whose server is this deployment. No key required.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { baseUrl, JSON_TYPE } from '../../shared/problem.ts';
import { openApiDocument, serversFor } from './document.ts';

type Document = Awaited<ReturnType<typeof openApiDocument>>;

/**
 * The document as this deployment serves it: its server, and the "Authorize" dialog's description naming
 * the dashboard where a key is made (issue #40: a newcomer at /docs had no word on where keys come from).
 * @example forDeployment(doc, 'https://api.example').components.securitySchemes.apiKey.description
 */
export function forDeployment(doc: Document, base: string): Document {
  const apiKey = doc.components.securitySchemes.apiKey as Record<string, unknown>;
  return {
    ...doc,
    servers: serversFor(base),
    components: {
      ...doc.components,
      securitySchemes: {
        ...doc.components.securitySchemes,
        apiKey: {
          ...apiKey,
          description: `Your API key, sent as x-api-key. No key yet? Sign up at ${base}/dashboard, verify the mailed link and create one (it is shown once); paste it here.`,
        },
      },
    },
  };
}

// The last document sent, by base URL: every call of one deployment has the same.
let last: { base: string; body: string } | undefined;

/**
 * The deployment's base URL is configured (PUBLIC_BASE_URL, set by the stack), else the one this
 * request came in on, so that "Try it out" and generated clients call the deployment that served it.
 * @example (await handler(event)).body // '{"openapi":"3.1.0",…,"servers":[{"url":"https://…/prod",…}],…}'
 */
export async function handler(
  event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>,
): Promise<APIGatewayProxyResult> {
  // API Gateway passes header names as the client sent them; baseUrl reads them lower-cased.
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const base = process.env.PUBLIC_BASE_URL || baseUrl({ headers, requestContext: event.requestContext });
  if (last?.base !== base) {
    const doc = await openApiDocument();
    last = { base, body: JSON.stringify(forDeployment(doc, base)) };
  }
  return {
    statusCode: 200,
    headers: {
      'Content-Type': JSON_TYPE,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=300',
      // A public description: tools on other origins (editors, client generators) may read it.
      'Access-Control-Allow-Origin': '*',
    },
    body: last.body,
  };
}
