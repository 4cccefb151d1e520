// GET /dashboard: the accounts dashboard (sign up, sign in, keys, usage chart, remaining quota). No key:
// the page signs in with a session. Its script and styles come from this service (/dashboard/{asset}).
import type { APIGatewayProxyResult } from 'aws-lambda';
import { DASHBOARD_CSP, DASHBOARD_PAGE } from '../../web/dashboard/page.ts';

/** @example (await handler()).headers['Content-Security-Policy'] */
export async function handler(): Promise<APIGatewayProxyResult> {
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': DASHBOARD_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-cache',
    },
    body: DASHBOARD_PAGE,
  };
}
