/**
 * One assertion for "this answer is one the route documents": the status, the error code and the body
 * dialect must be a row of the route's declaration in the manifest (`documentedErrors`).
 */
import { expect } from '@jest/globals';
import { documentedErrors, statusesOf, type Route } from '../../shared/routes/index.ts';

/** The code an error body carries, in whichever dialect it came. */
function codeOf(body: Record<string, unknown>): { code: string; dialect: string } {
  if (typeof body.error_code === 'string') return { code: body.error_code, dialect: 'problem' };
  // A JSON-RPC error's code is a number several refusals share: the status tells them apart.
  if (body.jsonrpc === '2.0') return { code: 'json-rpc', dialect: 'json-rpc' };
  if (Array.isArray(body.detail)) return { code: 'detail', dialect: 'detail-array' };
  const error = body.error as { code?: unknown } | undefined;
  return { code: String(error?.code), dialect: 'global' };
}

/**
 * Asserts that a response is documented for the route: a 200, or a declared error in its declared body.
 * @example expectDocumented(routes.chainARooms, res.status, res.headers.get('content-type'), res.body)
 */
export function expectDocumented(
  route: Route,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  expect(statusesOf(route)).toContain(status);
  if (status < 400) return;
  const { code, dialect } = codeOf(body as Record<string, unknown>);
  const rows = documentedErrors(route).map(
    (e) => `${e.status} ${e.dialect === 'json-rpc' ? 'json-rpc' : e.code} ${e.dialect}`,
  );
  expect(rows).toContain(`${status} ${code} ${dialect}`);
  expect(contentType).toBe(dialect === 'problem' ? 'application/problem+json' : 'application/json');
}
