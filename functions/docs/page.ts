// GET /docs: the interactive API reference (Swagger UI) over the served OpenAPI document. No key required:
// "Authorize" takes the caller's key, and "Try it out" sends it as x-api-key to this deployment.
import type { APIGatewayProxyResult } from 'aws-lambda';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { pagePolicy } from '../../shared/http/page-policy.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Relative references: they resolve under the stage prefix deployed (/prod/docs) as well as locally (/docs).
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>travel-data-api reference</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="docs/swagger-ui.css">
  </head>
  <body>
    <p style="font:15px/1.5 system-ui,sans-serif;margin:1rem 2rem">
      <strong>Need a key?</strong> <a href="dashboard">Sign up on the dashboard</a>, create a key, then press
      "Authorize" below and paste it. <a href="./">GET /</a> lists every endpoint with a working example.<br>
      Every error body's <code>type</code> opens its page: <a href="errors">the error types</a>.
      ${escapeHtml(BILLING_RULE)}
    </p>
    <div id="swagger-ui"></div>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/init.js"></script>
  </body>
</html>
`;

/**
 * Scripts only from this origin (no inline script, no CDN); Swagger UI sets inline styles and draws
 * icons from data: URLs; "Try it out" calls this origin only.
 */
export const CONTENT_SECURITY_POLICY = pagePolicy({ 'style-src': "'self' 'unsafe-inline'" });

/** @example (await handler()).headers['Content-Type'] // 'text/html; charset=utf-8' */
export async function handler(): Promise<APIGatewayProxyResult> {
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      // As the dashboard: a link followed from the reference tells the other site nothing of this one.
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'public, max-age=300',
    },
    body: PAGE,
  };
}
