// Manifest-driven property test: random and hostile query strings, path values and headers on every
// operation (the reference and the MCP endpoint answer no JSON operation: tests/openapi and tests/mcp cover
// them). Each answer must be one of the route's documented statuses with a documented body: never a 500,
// never a stack trace. Routes added to the manifest are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { request } from 'node:http';
import { matchRoute } from '../../infra/local/server.ts';
import { operationList, type Route } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
/** Every problem `type` URL the fuzzing met: each must open its page (functions/docs/errors.ts). */
const seenTypes = new Set<string>();
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});

// Every parameter name the spec uses, so the fuzzer often hits real parameters with bad values.
const NAMES = [
  'term',
  'limit',
  'query',
  'name',
  'platform',
  'url',
  'hotel_id',
  'hotel_name',
  'hotel_code',
  'check_in',
  'check_out',
  'adults',
  'children',
  'infants',
  'pets',
  'rooms',
  'currency',
  'page',
  'per_page',
  'language',
  'sorting',
  'data_id',
  'next_page_token',
  'pages',
  'sort_by',
  'hl',
  'location',
  'latitude',
  'longitude',
  'destination_slug',
  'radius_km',
  'country_market',
  'offset',
  'min_rating',
  'date',
  'preferred_time',
  'party_size',
  'time',
  'prices',
  'country',
  'dest_id',
  'dest_type',
  'children_ages',
  'rows_per_page',
  'sort',
  'property_id',
  'date_from',
  'date_to',
  'nights',
  'categories',
  'include_videos',
];
const HOSTILE = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '-0',
  '99999999999999999999',
  '1.5',
  '2026-02-30',
  '1999-01-01',
  '9999-12-31',
  '25:99',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '\u0000',
  '\uFFFF',
  '𝕏',
  'null',
  'undefined',
  '{"$gt":""}',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'x'.repeat(5000),
  '0x1:0x2',
  'site_a',
];

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string()), value), { maxLength: 8 });
const keyHeader = fc.oneof(
  fc.constant({ 'x-api-key': KEYS.enterprise }),
  fc.constant({ 'X-API-KEY': KEYS.enterprise }),
  fc.constant({}),
  fc
    .string()
    .filter((s) => /^[\x21-\x7e]*$/.test(s))
    .map((k) => ({ 'x-api-key': k })),
);
const pathValue = fc.oneof(fc.constantFrom(...HOSTILE), fc.string(), fc.nat().map(String));

function concretePath(route: Route, values: string[]): string {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => encodeURIComponent(values[i++] || 'x'));
}

function assertDocumented(route: Route, status: number, contentType: string | null, text: string): void {
  expect(status).not.toBe(500);
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|Error: /);
  const body = JSON.parse(text) as Record<string, unknown>;
  expectDocumented(route, status, contentType, body);
  if (status < 400) return;
  if (contentType === 'application/problem+json') {
    seenTypes.add(String(body.type));
    expect(body).toMatchObject({
      type: expect.stringMatching(/\/errors\/[a-z0-9-]+$/),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      instance: expect.any(String),
      provider: route.provider,
      product: route.product,
      error_code: expect.stringMatching(/^[A-Z_]+$/),
      correlation_id: expect.any(String),
    });
  } else if ('detail' in body) {
    expect(route.validation.kind).toBe('detail-array');
    expect(body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          loc: expect.any(Array),
          msg: expect.any(String),
          type: expect.any(String),
        }),
      ]),
    );
  } else {
    expect(body).toEqual({
      error: { code: expect.any(String), message: expect.any(String), details: expect.any(String) },
    });
  }
}

describe.each(operationList.map((r) => [r.path, r] as const))('fuzz %s', (_path, route) => {
  it('answers every random request with a documented status and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        query,
        keyHeader,
        fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        async (params, headers, pathValues) => {
          const qs = new URLSearchParams(params).toString();
          const url = new URL(`${api.url}${concretePath(route, pathValues)}${qs ? `?${qs}` : ''}`);
          const res = await fetch(url, { headers });
          const text = await res.text();
          // A value like '.' makes the URL resolve to another path: that is the unknown-path 404, not this route.
          if (matchRoute(url.pathname)?.route !== route) {
            expect([res.status, JSON.parse(text).error.code]).toEqual([404, 'not_found']);
            return;
          }
          assertDocumented(route, res.status, res.headers.get('content-type'), text);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('hostile raw paths', () => {
  // Sent byte for byte (fetch would normalise them), against routes with path parameters.
  const raw = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(api.url);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'GET',
          headers: { 'x-api-key': KEYS.enterprise },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it.each([
    '/v1/rental/listing/%ZZ/details',
    '/v1/rental/listing/%2e%2e/details',
    '/v1/rental/listing/1%2F2/details',
    '/v1/rental/listing/../../health/details',
    '/v1/dining/restaurants/%00/availability/slots',
    '/v1/rental/listing/' + '9'.repeat(400) + '/overview',
    '/v1/rental/listing/%2B1/overview',
    '/v1/dining/restaurants/1e3/availability',
    '/v1/site_c/hotel/prices/%E0%A4%A',
    '/v1/site_c/hotel/prices/' + '9'.repeat(400),
    '//v1//health',
    '/v1/health/',
    '/V1/HEALTH',
  ])('answers %s with a JSON 4xx or 200, never a 500', async (path) => {
    const res = await raw(path);
    expect(res.status).toBeLessThan(500);
    expect(() => JSON.parse(res.body)).not.toThrow();
    expect(res.body).not.toMatch(/\n\s+at |node_modules/);
  });
});

describe('problem types', () => {
  it('opens a 200 HTML page at every problem type URL the fuzzing saw', async () => {
    expect(seenTypes.size).toBeGreaterThan(0);
    for (const type of seenTypes) {
      const res = await fetch(type);
      await res.text();
      expect({ type, status: res.status, contentType: res.headers.get('content-type') }).toEqual({
        type,
        status: 200,
        contentType: 'text/html; charset=utf-8',
      });
    }
  });
});
