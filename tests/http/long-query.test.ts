// An over-long query (20 KB) on every operation of the manifest: the route's own validation answers it, in its
// declared status and body dialect, over HTTP and when the Lambda handler is called with the event directly.
import { describe, expect, it } from '@jest/globals';
import { invoke, toEvent } from '../../infra/local/lambda.ts';
import { operationList, type Route } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { KEYS, useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const LONG = 'x'.repeat(20 * 1024);

/** The route's example with its first query parameter 20 KB long (a parameter `q` for a route that takes none). */
function longQueryUrl(route: Route): URL {
  const url = new URL(route.example, 'http://local');
  const first = [...url.searchParams.keys()][0] ?? 'q';
  url.searchParams.set(first, LONG);
  return url;
}

/** The status and code the route's validation answers with. */
function validationOf(route: Route): { status: number; code: string } {
  const v = route.validation;
  return v.kind === 'detail-array' ? { status: 400, code: 'detail' } : { status: v.status, code: v.code };
}

/** The code of an error body, in whichever dialect. */
function codeOf(body: Record<string, unknown>): string {
  if (typeof body.error_code === 'string') return body.error_code;
  if (Array.isArray(body.detail)) return 'detail';
  return String((body.error as { code?: unknown } | undefined)?.code);
}

function expectValidation(route: Route, status: number, body: Record<string, unknown>): void {
  expect({ status, code: codeOf(body) }).toEqual(validationOf(route));
}

describe.each(operationList.map((r) => [r.path, r] as const))('a 20 KB query on %s', (_path, route) => {
  it('answers the route validation over HTTP', async () => {
    const url = longQueryUrl(route);
    const res = await api.get(`${url.pathname}${url.search}`, { 'x-api-key': KEYS.enterprise });
    expectDocumented(route, res.status, res.headers.get('content-type'), res.body);
    expectValidation(route, res.status, res.body);
    expect(res.text).not.toContain(LONG);
  });

  it('answers the route validation from the Lambda handler', async () => {
    const url = longQueryUrl(route);
    const params: Record<string, string> = {};
    const m = new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(url.pathname);
    Object.assign(params, m?.groups ?? {});
    const source = { method: 'GET', rawHeaders: ['x-api-key', KEYS.enterprise], headers: {} };
    const result = await invoke(route, toEvent(source, route, params, url));
    const contentType = Object.entries(result.headers ?? {}).find(
      ([k]) => k.toLowerCase() === 'content-type',
    );
    const body = JSON.parse(result.body) as Record<string, unknown>;
    expectDocumented(route, result.statusCode, contentType ? String(contentType[1]) : null, body);
    expectValidation(route, result.statusCode, body);
  });
});
