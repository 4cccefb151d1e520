// GET /openapi.json: the OpenAPI 3.1 document, whose server is this deployment. No key required.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { baseUrl, JSON_TYPE } from '../../shared/problem.ts';
import { openApiDocument, serversFor } from './document.ts';

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
    last = { base, body: JSON.stringify({ ...doc, servers: serversFor(base) }) };
  }
  return {
    statusCode: 200,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'public, max-age=300',
      // A public description: tools on other origins (editors, client generators) may read it.
      'Access-Control-Allow-Origin': '*',
    },
    body: last.body,
  };
}
