// Manifest-driven property test: random and hostile query strings, path values and headers on every
// operation, and on the accounts dashboard, the reference and the MCP endpoint (random bodies, tokens,
// cookies and media types too), and the edge's refusals on every route (a body over 10 MB, headers over
// 1 MB, no Host, a dot segment). Each answer must be one of the route's declared statuses (a status the
// manifest does not declare fails) with a documented body: never a 500, never a stack trace. Routes added
// to the manifest are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { request } from 'node:http';
import { connect } from 'node:net';
import { matchRoute } from '../../infra/local/routing.ts';
import { useMailer, type Mail } from '../../shared/accounts/mailer.ts';
import { outboxSettled } from '../../shared/accounts/outbox.ts';
import { operationList, routeEntries, statusesOf, type Route } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { cookiesOf } from '../helpers/cookies.ts';
import { KEYS, startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
/** Every problem `type` URL the fuzzing met: each must open its page (functions/docs/errors.ts). */
const seenTypes = new Set<string>();
const outbox: Mail[] = [];
beforeAll(async () => {
  api = await startTestServer();
  useMailer({ send: async (mail) => void outbox.push(mail) });
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
  'page_size',
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
  'months',
  'start_month',
  'ne_lat',
  'ne_lng',
  'sw_lat',
  'sw_lng',
  'price_min',
  'price_max',
  'min_bedrooms',
  'cursor',
  'place_id',
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
          // A value like '.' makes the URL resolve to another path: that path's route answers it (a
          // restaurant's `./reviews` is the restaurant `reviews`), or, when no route has it, the unknown-path 404.
          const resolved = matchRoute(url.pathname)?.route;
          if (!resolved) {
            expect([res.status, JSON.parse(text).error.code]).toEqual([404, 'not_found']);
            return;
          }
          assertDocumented(resolved, res.status, res.headers.get('content-type'), text);
        },
      ),
      { numRuns: 120 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The accounts dashboard, the reference and the MCP endpoint: no operations of the document, but each
// answers only the statuses its manifest entry declares, in the declared bodies.

const kindRoutes = routeEntries.filter(([, r]) => r.kind !== undefined);
const PASSWORD = 'correct horse battery staple';
const EMAIL = `fuzz-${Date.now()}@example.test`;

/** A browser session of the one fuzzed account: its cookies and CSRF token, fresh for each route. */
interface Session {
  cookie: string;
  csrf: string;
}

async function post(path: string, body: unknown, session: Session): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A signed-out browser: the pre-session cookie and its token. */
async function signedOut(): Promise<Session> {
  const res = await fetch(`${api.url}/account/session`);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { cookie: cookiesOf(res), csrf: csrf_token };
}

let registered: Promise<void> | undefined;
/** The fuzzed account, signed up and verified once. */
function register(): Promise<void> {
  registered ??= (async () => {
    const browser = await signedOut();
    expect((await post('/account/signup', { email: EMAIL, password: PASSWORD }, browser)).status).toBe(202);
    await outboxSettled(); // the mail goes after the answer
    const link = outbox.filter((m) => m.to === EMAIL).at(-1)!.link!;
    const token = new URL(link).hash.replace('#verify=', '');
    expect((await post('/account/verify', { token }, browser)).status).toBe(200);
  })();
  return registered;
}

/** A browser signed in to the fuzzed account. */
async function signedIn(): Promise<Session> {
  await register();
  const browser = await signedOut();
  const res = await post('/account/signin', { email: EMAIL, password: PASSWORD }, browser);
  expect(res.status).toBe(200);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { cookie: cookiesOf(res, browser.cookie), csrf: csrf_token };
}

const MCP_MESSAGES: unknown[] = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
  },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: {} },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'no/such/method' },
  [],
  [
    { jsonrpc: '2.0', id: 7, method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
  ],
  { id: 8 },
  { jsonrpc: '2.0', id: 9, method: 'initialize', params: {} },
  { jsonrpc: '2.0', id: 10, method: 'tools/list', params: { cursor: 'bogus' } },
  [{ jsonrpc: '2.0', id: 11, method: 'tools/call', params: {} }],
  [1, { jsonrpc: '2.0', id: 12, method: 'tools/list' }],
  {
    jsonrpc: '2.0',
    id: 13,
    method: 'tools/call',
    params: { name: 'describeTool', arguments: { name: 'x' } },
  },
];
/** A body: a JSON value, a JSON-RPC message (or batch), or text that is no JSON. */
const requestBody = fc.oneof(
  fc.constantFrom(...MCP_MESSAGES).map((m) => JSON.stringify(m)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({ email: value, password: value, token: value, name: value }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', 'null', '[]', 'x'.repeat(5000), '{"email":"a@b.test","password":"x"}'),
);
const mediaHeaders = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    accept: fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/html', '*/*'),
  },
  { requiredKeys: [] },
);
/** Which credentials a request carries: none, the signed-out browser's, the session's, or a wrong token. */
const credentials = fc.constantFrom('none', 'pre-session', 'session', 'session, wrong token', 'token only');

function headersFor(kind: string, pre: Session, session: Session): Record<string, string> {
  switch (kind) {
    case 'pre-session':
      return { cookie: pre.cookie, 'x-csrf-token': pre.csrf };
    case 'session':
      return { cookie: session.cookie, 'x-csrf-token': session.csrf };
    case 'session, wrong token':
      return { cookie: session.cookie, 'x-csrf-token': pre.csrf };
    case 'token only':
      return { 'x-csrf-token': session.csrf };
    default:
      return {};
  }
}

/** Asserts one answer of a dashboard, reference or MCP route is declared, in its declared body. */
function assertDeclared(route: Route, res: Response, text: string): void {
  expect(statusesOf(route)).toContain(res.status);
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
  const type = res.headers.get('content-type');
  if (res.status === 202 && route.kind === 'mcp') {
    expect(text).toBe('');
    return;
  }
  if (res.status < 400) {
    if (type?.startsWith('application/json')) expect(() => JSON.parse(text)).not.toThrow();
    else expect(type).toMatch(/^(text\/html|text\/css|text\/javascript|application\/javascript|image\/)/);
    return;
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  expectDocumented(route, res.status, type, body);
  if (body.jsonrpc === '2.0')
    expect(body.error).toEqual(
      expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }),
    );
}

describe.each(kindRoutes.map(([id, r]) => [id, r.method, r.path, r] as const))(
  'fuzz %s (%s %s)',
  (_id, method, _path, route) => {
    it('answers every random request with a declared status and body', async () => {
      const pre = await signedOut();
      const session = route.provider === 'account' ? await signedIn() : pre;
      await fc.assert(
        fc.asyncProperty(
          query,
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          credentials,
          keyHeader,
          mediaHeaders,
          requestBody,
          async (params, pathValues, who, key, media, body) => {
            const qs = new URLSearchParams(params).toString();
            const url = new URL(`${api.url}${concretePath(route, pathValues)}${qs ? `?${qs}` : ''}`);
            const headers = {
              ...headersFor(who, pre, session),
              ...(route.auth ? key : {}),
              ...(method === 'POST' ? media : {}),
            };
            const res = await fetch(url, { method, headers, ...(method === 'POST' ? { body } : {}) });
            const text = await res.text();
            if (matchRoute(url.pathname, method)?.route !== route) {
              expect([res.status, JSON.parse(text).error.code]).toEqual([404, 'not_found']);
              return;
            }
            assertDeclared(route, res, text);
          },
        ),
        { numRuns: 60 },
      );
    }, 60_000);
  },
);

describe('declared statuses of the accounts, reference and MCP routes, each reached', () => {
  const mcpRoute = routeEntries.find(([id]) => id === 'mcp')![1];
  const mcp = (body: string, headers: Record<string, string>) =>
    fetch(`${api.url}/mcp`, { method: 'POST', headers: { 'x-api-key': KEYS.enterprise, ...headers }, body });
  const both = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

  it.each([
    ['a notification', JSON.stringify(MCP_MESSAGES[3]), both, 202],
    ['no JSON', '{', both, 400],
    [
      'Accept without text/event-stream',
      JSON.stringify(MCP_MESSAGES[2]),
      { ...both, accept: 'application/json' },
      406,
    ],
    ['a body over 4 MB', JSON.stringify({ pad: 'x'.repeat(4 * 1024 * 1024 + 1) }), both, 413],
    ['a text body', JSON.stringify(MCP_MESSAGES[2]), { ...both, 'content-type': 'text/plain' }, 415],
  ] as const)('MCP answers %s with %i', async (_name, body, headers, status) => {
    const res = await mcp(body, headers);
    const text = await res.text();
    expect(res.status).toBe(status);
    assertDeclared(mcpRoute, res, text);
  });

  it('answers a sign-up 202 and a new key 201, as declared', async () => {
    const signUp = routeEntries.find(([id]) => id === 'accountSignUp')![1];
    const create = routeEntries.find(([id]) => id === 'accountKeyCreate')![1];
    const browser = await signedOut();
    const session = await signedIn();

    const accepted = await post(
      '/account/signup',
      { email: `fuzz-other-${Date.now()}@example.test`, password: PASSWORD },
      browser,
    );
    const created = await post('/account/keys', { name: 'fuzz' }, session);

    expect([accepted.status, created.status]).toEqual([202, 201]);
    assertDeclared(signUp, accepted, await accepted.text());
    assertDeclared(create, created, await created.text());
  });

  it('answers an unknown reference asset or error type 404 in the global body', async () => {
    for (const id of ['docsAsset', 'errorType', 'dashboardAsset'] as const) {
      const route = routeEntries.find(([r]) => r === id)![1];
      const res = await fetch(`${api.url}${route.path.replace(/\{\w+\}/, 'no-such-thing')}`);
      expect(res.status).toBe(404);
      assertDeclared(route, res, await res.text());
    }
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

describe('edge refusals on every route: oversized body, oversized headers, no Host, dot segments', () => {
  // Sent raw (fetch would add Host and resolve dot segments). Each answer is a declared status of the route
  // in its declared body (shared/routes/types.ts EDGE_ERRORS), or, for a dot segment that leaves the route's
  // path, the global 400 of a target that names no route.
  const exchange = (head: string, extra?: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const url = new URL(api.url);
      let text = '';
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(head);
        if (extra) socket.write(extra);
      });
      socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
      socket.on('error', (error) => (text ? undefined : reject(error)));
      socket.on('close', () => {
        const [top, ...rest] = text.split('\r\n\r\n');
        const [statusLine, ...lines] = top!.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
    });
  const every = routeEntries.map(([id, r]) => [id, r] as const);
  const key = `x-api-key: ${KEYS.enterprise}\r\n`;

  it.each(every)('%s: a body over 10 MB gets 413 and a closed connection', async (_id, route) => {
    const path = concretePath(route, ['1', '1', '1']);
    const res = await exchange(
      `${route.method} ${path} HTTP/1.1\r\nHost: x\r\n${key}Content-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024 + 1}\r\n\r\n`,
      Buffer.alloc(16 * 1024, 0x20),
    );
    expect([res.status, res.headers.connection]).toEqual([413, 'close']);
    assertDeclared(route, res.status, res.headers['content-type'] ?? null, res.body);
  });

  it.each(every)('%s: headers over 1 MB get 400', async (_id, route) => {
    const path = concretePath(route, ['1', '1', '1']);
    const pad = 'a'.repeat(1024 * 1024 + 16);
    const res = await exchange(
      `${route.method} ${path} HTTP/1.1\r\nHost: x\r\n${key}X-Pad: ${pad}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(400);
    assertDeclared(route, res.status, res.headers['content-type'] ?? null, res.body);
  });

  it.each(every)('%s: no Host gets 400', async (_id, route) => {
    const path = concretePath(route, ['1', '1', '1']);
    const res = await exchange(`${route.method} ${path} HTTP/1.1\r\n${key}Connection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    assertDeclared(route, res.status, res.headers['content-type'] ?? null, res.body);
  });

  it.each(every)('%s: a dot segment gets 400', async (_id, route) => {
    // Prepare: a parameter of `..` (encoded) keeps the route's path; elsewhere a `/./` leaves it
    const path = route.path.includes('{')
      ? route.path.replace(/\{\w+\}/, '%2e%2e').replace(/\{\w+\}/g, '1')
      : `/.${route.path}`;
    const res = await exchange(
      `${route.method} ${path} HTTP/1.1\r\nHost: x\r\n${key}Connection: close\r\n\r\n`,
    );
    expect(res.status).toBe(400);
    if (matchRoute(path, route.method)?.route === route)
      assertDeclared(route, res.status, res.headers['content-type'] ?? null, res.body);
    else expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'bad_request' } });
  });

  /** The edge's answers are checked like the route's own (declared status, declared body, no trace). */
  function assertDeclared(route: Route, status: number, contentType: string | null, text: string): void {
    expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|HPE_|Parse Error/);
    const body = JSON.parse(text) as Record<string, unknown>;
    expectDocumented(route, status, contentType, body);
    if (contentType === 'application/problem+json') {
      seenTypes.add(String(body.type));
      expect(body).toMatchObject({ status, provider: route.provider, product: route.product });
    }
  }
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
