// The local server as an operator meets it: it drains on shutdown, answers protocol errors in JSON (in the
// route's body, in our words), refuses dot segments and targets that are not paths, closes a connection
// after a 413, never reflects a client's Host header, and `npm start` passes a signal on to it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { toEvent } from '../../infra/local/lambda.ts';
import { targetOf, matchRoute } from '../../infra/local/routing.ts';
import { startServer } from '../../infra/local/server.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { configurePolicies } from '../../shared/upstream/policies.ts';
import { useSandbox } from '../helpers/use-sandbox.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'local-server-test-key';
const sandbox = useSandbox();

beforeAll(() => {
  const keys = new MemoryKeyStore();
  keys.add(KEY, 'enterprise');
  useStores({ keys, counters: new MemoryCounterStore() });
});

/** A raw exchange on a socket: what a client that speaks broken HTTP gets back. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('end', () => ok(answer));
    socket.on('error', fail);
  });
}

describe('shutdown', () => {
  it('lets every request in flight finish, refuses new ones, and then closes', async () => {
    // Prepare: 64 requests held by a source slowed to 12 s (longer than the old 10 s drain), all of them
    // in flight (asking the source) before shutdown.
    // The per-source cap is opened for it: this test is about the drain, not the bulkhead.
    configurePolicies({ concurrency: 64 });
    const server = await startServer({ port: 0 });
    const hotels = getWorld().hotels.slice(0, 64);
    sandbox.resetLog();
    sandbox.inject('site_a', { kind: 'latency', ms: 12_000 });
    const inFlight = hotels.map((h) =>
      fetch(`${server.url}/v1/site_a/hotel/url-to-id?url=${h.city.country.toLowerCase()}/${h.slug}`, {
        headers: { 'x-api-key': KEY },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { hotel_id?: string } })),
    );
    for (let waited = 0; sandbox.requests('site_a').length < 64 && waited < 15_000; waited += 20)
      await new Promise((ok) => setTimeout(ok, 20));
    expect(sandbox.requests('site_a')).toHaveLength(64);

    // Act
    const closing = server.close();
    const late = await fetch(`${server.url}/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    const answers = await Promise.all(inFlight);
    await closing;

    // Assess
    // Every request gets the route's own answer, none a cut connection: the id, or 504 when the source's
    // 12 s outlast the route's attempt timeout.
    const answered = answers.map((a, i) =>
      a.status === 200 ? a.body.hotel_id === String(hotels[i]!.ids.site_a) : a.status === 504,
    );
    expect(answered).toEqual(Array(64).fill(true));
    expect([503, 'refused']).toContain(late);
    sandbox.clearFaults();
    configurePolicies();
  }, 60_000);
});

describe('protocol errors and hosts', () => {
  it('answers a request the HTTP parser refuses with the JSON error body', async () => {
    const server = await startServer({ port: 0 });
    try {
      const answer = await raw(server.url, 'NOT HTTP AT ALL\r\n\r\n');
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head).toMatch(/Content-Type: application\/json/);
      // A request line that names no route: the global body, in our words
      expect(JSON.parse(body!)).toEqual({
        error: {
          code: 'bad_request',
          message: 'The request could not be read.',
          details: 'The request method is not an HTTP method.',
        },
      });
    } finally {
      await server.close();
    }
  });

  it("builds problem type URLs and examples from the configured address, not the client's Host header", async () => {
    const server = await startServer({ port: 0, publicUrl: 'https://api.example.test' });
    try {
      const headers = { 'x-api-key': KEY, host: 'evil.example' };
      const problem = await fetch(`${server.url}/v1/site_a/hotel/url-to-id?url=ftp%3A%2F%2Fx`, { headers });
      const root = await fetch(`${server.url}/`, { headers });
      const text = `${await problem.text()} ${await root.text()}`;
      expect(problem.status).toBe(400);
      expect(text).not.toContain('evil.example');
      expect(text).toContain('api.example.test');
    } finally {
      await server.close();
    }
  });
});

describe('paths and methods', () => {
  it('answers a path that starts with // with 404, not as the route after a host name', async () => {
    const server = await startServer({ port: 0 });
    try {
      // Act: raw, so that no client tidies the path
      const answer = await raw(
        server.url,
        'GET //v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      const single = await fetch(`${server.url}/v1/health`);
      // Assess
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ error: { code: 'not_found' } });
      expect(single.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('serves HEAD on a GET route as GET without the body', async () => {
    const server = await startServer({ port: 0 });
    try {
      const get = await fetch(`${server.url}/v1/health`);
      const head = await fetch(`${server.url}/v1/health`, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
        get.status,
        get.headers.get('content-type'),
        '',
      ]);
      expect(get.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('responses', () => {
  /** A raw exchange's head, as header lines without the status line, and its body. */
  const exchange = async (url: string, request: string) => {
    const answer = await raw(url, request);
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    const [status, ...lines] = head.split('\r\n');
    return { status, names: lines.map((l) => l.slice(0, l.indexOf(':')).toLowerCase()), head, body };
  };

  it("sends the handler's headers once each, with the body's byte length, and none for HEAD", async () => {
    const server = await startServer({ port: 0 });
    try {
      // Act: raw, so the head is read as sent
      const get = await exchange(
        server.url,
        `GET /v1/maps_reviews/reviews?data_id=0x47e67d23e9013691:0x8a0000000865e28 HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\nConnection: close\r\n\r\n`,
      );
      const head = await exchange(
        server.url,
        'HEAD /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      // Assess
      expect(get.status).toMatch(/^HTTP\/1\.1 200 /);
      expect(new Set(get.names).size).toBe(get.names.length);
      expect(get.names).toEqual(
        expect.arrayContaining([
          'x-correlation-id',
          'x-ratelimit-remaining',
          'content-type',
          'date',
          'connection',
        ]),
      );
      expect(get.head).toContain(`Content-Length: ${Buffer.byteLength(get.body)}`);
      expect(get.names).not.toContain('transfer-encoding');
      expect(JSON.parse(get.body)).toHaveProperty('reviews');
      expect(head.status).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.names).not.toContain('content-length');
      expect(head.names).toContain('content-type');
      expect(head.body).toBe('');
    } finally {
      await server.close();
    }
  });

  it('answers 413 in the global body to a body over 10 MB, without reading it all', async () => {
    const server = await startServer({ port: 0 });
    const size = 10 * 1024 * 1024 + 1;
    try {
      // Act: the head and the whole body written at once; the answer may come before the body is sent
      const { port } = new URL(server.url);
      const answer = await new Promise<string>((ok) => {
        let text = '';
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /mcp HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
          );
          socket.write(Buffer.alloc(size, 0x20));
        });
        socket.on('data', (d: Buffer) => {
          text += d.toString('utf8');
          if (text.includes('\r\n\r\n{') && text.trimEnd().endsWith('}')) socket.destroy();
        });
        socket.on('error', () => undefined); // the server may close while the body is still being written
        socket.on('close', () => ok(text));
      });
      // Assess
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        error: { code: 'payload_too_large' },
      });
    } finally {
      await server.close(1_000);
    }
  });

  it('closes a keep-alive connection that got a 413 (its unread body is never taken for a request); a new connection answers at once', async () => {
    const server = await startServer({ port: 0 });
    const { port } = new URL(server.url);
    try {
      // Act: a keep-alive POST announcing 10 MB and a byte, a part of it sent, then a GET behind it on the
      // same connection; then a GET on a new connection, timed
      const first = await new Promise<{ text: string; closedMs: number }>((ok) => {
        let text = '';
        const started = Date.now();
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /account/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024 + 1}\r\n\r\n`,
          );
          socket.write(Buffer.alloc(64 * 1024, 0x20));
          socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
        });
        socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => ok({ text, closedMs: Date.now() - started }));
      });
      const started = Date.now();
      const next = await fetch(`${server.url}/health`);
      const nextMs = Date.now() - started;
      // Assess: one answer, the 413 in the route's Problem Details, and the connection closed at once
      expect(first.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(first.text).toMatch(/\r\nConnection: close\r\n/);
      expect(first.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(JSON.parse(first.text.slice(first.text.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 413,
        error_code: 'CONTENT_TOO_LARGE',
        provider: 'account',
        product: 'signin',
      });
      expect(first.closedMs).toBeLessThan(1_000);
      expect(next.status).toBe(200);
      expect(nextMs).toBeLessThan(1_000);
    } finally {
      await server.close(1_000);
    }
  });

  it("answers a templated path whose parameter does not decode with the route's documented error", async () => {
    const server = await startServer({ port: 0 });
    try {
      const res = await fetch(`${server.url}/v1/rental/listing/%E0%A4%A/details`, {
        headers: { 'x-api-key': KEY },
      });
      const body = (await res.json()) as { error_code: string; errors: { parameter: string }[] };
      // A listing id that does not decode is a malformed one: the rental routes' INVALID_LISTING_ID.
      expect([res.status, res.headers.get('content-type'), body.error_code]).toEqual([
        400,
        'application/problem+json',
        'INVALID_LISTING_ID',
      ]);
      expect(body.errors.map((e) => e.parameter)).toContain('listing_id');
    } finally {
      await server.close();
    }
  });

  it('reads a body announced by Content-Length or chunked in any letter case, and none without', async () => {
    const server = await startServer({ port: 0 });
    // A JSON-RPC ping to MCP: its answer carries the id it read from the body.
    const body = '{"jsonrpc":"2.0","id":4242,"method":"ping"}';
    const post = (headers: string, payload: string) =>
      exchange(
        server.url,
        `POST /mcp HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${headers}Connection: close\r\n\r\n${payload}`,
      );
    try {
      // Act
      const [byLength, chunked, noBody, emptyLength] = await Promise.all([
        post(`content-LENGTH: ${Buffer.byteLength(body)}\r\n`, body),
        post('TRANSFER-encoding: chunked\r\n', `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`),
        post('', ''),
        post('Content-Length: 0\r\n', ''),
      ]);
      // Assess: the body read however it came; none read without one
      expect([byLength.status, byLength.body]).toEqual([
        'HTTP/1.1 200 OK',
        expect.stringContaining('"id":4242'),
      ]);
      expect([chunked.status, chunked.body]).toEqual([byLength.status, byLength.body]);
      expect(noBody.body).not.toContain('4242');
      expect([emptyLength.status, emptyLength.body]).toEqual([noBody.status, noBody.body]);
    } finally {
      await server.close();
    }
  });
});

describe('request targets', () => {
  // What the server read before it skipped the URL parse for plain targets: the parser's own reading.
  const parsed = (target: string) => {
    const url = new URL(target.startsWith('/') ? `http://local${target}` : target, 'http://local');
    return { pathname: url.pathname, search: url.search };
  };
  const targets = [
    '/',
    '/health',
    '/v1/health?',
    '//v1/health',
    '/v1/maps_reviews/reviews?data_id=0x47e67d23e9013691:0x8a0000000865e28&sort_by=newest',
    '/v1/meta/coordinates-lookup?term=paris&term=lyon&limit=3',
    '/v1/site_a/hotel/url-to-id?url=https%3A%2F%2Fx.example%2Fa%20b&x=%zz&y=%&z=a+b',
    "/v1/x?q=it's",
    '/v1/x?q=a b&r="c"&s=<d>',
    '/v1/x?q=1#fragment',
    '/v1/x?q=caf\u00e9&r=\u65e5\u672c',
    '/v1/./health',
    '/v1/../health',
    '/v1/%2e%2e/health',
    '/v1/.well-known/x',
    '/v1/a..b/c.json',
    '/v1/a\\b',
    '/v1/{x}/`y`/^z|',
    '/v1/caf\u00e9',
    '/v1/rentals/123%20456/details',
    '/v1/x?a=1?b=2&&c=&=d',
    '/v1/x?&a=1&&b&=&c==d&a=3&__proto__=x',
    '/v1/x?q=a%26b%3Dc&r=%E2%82%AC+1',
  ];

  /** The query maps API Gateway would pass, read by URLSearchParams itself. */
  const referenceQuery = (search: string) => {
    const pairs = [...new URLSearchParams(search)];
    if (pairs.length === 0) return [null, null];
    const single: Record<string, string> = Object.create(null);
    const multi: Record<string, string[]> = Object.create(null);
    for (const [k, v] of pairs) {
      single[k] = v;
      (multi[k] ??= []).push(v);
    }
    return [single, multi];
  };

  it.each(targets)('reads %s as the URL parser does', (target) => {
    // Act
    const read = targetOf(target)!;
    // Assess: the same path and query, so the same route, parameters and event
    expect({ pathname: read.pathname, search: read.search }).toEqual(parsed(target));
    const route = matchRoute('/health', 'GET')!.route;
    const source = { method: 'GET', rawHeaders: ['Host', 'x'], headers: { host: 'x' } };
    const event = toEvent(source, route, {}, read);
    const reference = toEvent(source, route, {}, new URL(`http://local${target}`));
    expect([event.path, event.queryStringParameters, event.multiValueQueryStringParameters]).toEqual([
      reference.path,
      reference.queryStringParameters,
      reference.multiValueQueryStringParameters,
    ]);
    // The query is split without URLSearchParams when it has no escape or '+': the same maps either way.
    expect([event.queryStringParameters, event.multiValueQueryStringParameters]).toEqual(
      referenceQuery(parsed(target).search),
    );
  });

  it("keeps names such as __proto__ and constructor as entries of plain maps, as Lambda's JSON.parse does", () => {
    // Prepare: a header and parameters named after Object.prototype's own properties.
    const route = matchRoute('/health', 'GET')!.route;
    const source = {
      method: 'GET',
      rawHeaders: ['Host', 'x', '__proto__', 'h1', 'constructor', 'h2', '__proto__', 'h3'],
      headers: { host: 'x' },
    };
    // Act
    const event = toEvent(source, route, {}, targetOf('/health?__proto__=a&constructor=b&__proto__=c')!);
    // Assess: the same maps as the JSON of an API Gateway event, read back
    const expected = JSON.parse(
      `{"headers": {"Host": "x", "__proto__": "h3", "constructor": "h2", "X-Forwarded-Proto": "http"},
        "multiValueHeaders": {"Host": ["x"], "__proto__": ["h1", "h3"], "constructor": ["h2"]},
        "queryStringParameters": {"__proto__": "c", "constructor": "b"},
        "multiValueQueryStringParameters": {"__proto__": ["a", "c"], "constructor": ["b"]}}`,
    ) as Record<string, Record<string, unknown>>;
    for (const [name, map] of Object.entries(expected)) {
      const got = event[name as keyof typeof event] as Record<string, unknown>;
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.keys(got).sort()).toEqual(Object.keys(map).sort());
      for (const key of Object.keys(map))
        expect(Object.getOwnPropertyDescriptor(got, key)?.value).toEqual(map[key]);
    }
    // Nothing reached Object.prototype.
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  // Dot segments and targets that are not paths are refused, never resolved (API Gateway would not route
  // them): 400 in the body of the route the raw path names, or the global body when it names none.
  const refusedTargets: [string, 'global' | { provider: string; product: string }][] = [
    ['/v1/x/%2e%2e/health', 'global'],
    ['/./v1/health', 'global'],
    ['/v1/./health', 'global'],
    ['/v1/../health', 'global'],
    ['/docs/../openapi.json', 'global'],
    ['/docs/%2E%2e/openapi.json', 'global'],
    ['/health/.', 'global'],
    ['/health/..', 'global'],
    ['/v1/rental/listing/%2e%2e/details', { provider: 'rental', product: 'details' }],
    ['/v1/rental/listing/./details', { provider: 'rental', product: 'details' }],
    ['/v1/rental/listing/.%2E/details?check_in=2030-01-01', { provider: 'rental', product: 'details' }],
    ['http://x/health', { provider: 'service', product: 'health' }],
    [
      'http://127.0.0.1/v1/meta/coordinates-lookup?term=paris',
      { provider: 'meta', product: 'coordinates-lookup' },
    ],
    ['http://x/nowhere', 'global'],
    ['*', 'global'],
  ];
  const servedTargets = ['/health', '/v1/a..b/c.json', '/v1/.well-known/x', '/v1/x.', '/openapi.json'];

  it.each(refusedTargets)('refuses %s with 400 bad_request', async (target, body) => {
    const server = await startServer({ port: 0 });
    try {
      const answer = await raw(
        server.url,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\nConnection: close\r\n\r\n`,
      );
      const json = JSON.parse(answer.split('\r\n\r\n')[1]!);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      if (body === 'global') expect(json).toMatchObject({ error: { code: 'bad_request' } });
      else expect(json).toMatchObject({ status: 400, error_code: 'MALFORMED_REQUEST', ...body });
      expect(answer).not.toMatch(/HPE_|Parse Error/);
    } finally {
      await server.close();
    }
  });

  it.each(servedTargets)('routes %s as sent (no dot segment in it)', async (target) => {
    const server = await startServer({ port: 0 });
    try {
      const answer = await raw(server.url, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(
        target === '/health' || target === '/openapi.json' ? /^HTTP\/1\.1 200 / : /^HTTP\/1\.1 404 /,
      );
    } finally {
      await server.close();
    }
  });

  it("answers no Host, headers over 1 MB and a header the parser refuses with 400 in the route's body, in our words", async () => {
    const server = await startServer({ port: 0 });
    const pad = 'a'.repeat(1024 * 1024 + 16);
    try {
      // Act
      const answers = await Promise.all([
        raw(server.url, 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n'),
        raw(server.url, `GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ${pad}\r\nConnection: close\r\n\r\n`),
        raw(server.url, 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\nConnection: close\r\n\r\n'),
        raw(server.url, 'GET /docs HTTP/1.1\r\nConnection: close\r\n\r\n'),
      ]);
      // Assess
      const [noHost, tooLarge, badHeader, noHostReference] = answers.map((a) => ({
        status: a.split('\r\n')[0],
        body: JSON.parse(a.split('\r\n\r\n')[1]!),
      }));
      for (const a of [noHost, tooLarge, badHeader])
        expect(a).toMatchObject({
          status: 'HTTP/1.1 400 Bad Request',
          body: { status: 400, error_code: 'MALFORMED_REQUEST', provider: 'service', product: 'health' },
        });
      expect(noHost!.body.detail).toMatch(/Host header is missing/);
      expect(tooLarge!.body.detail).toMatch(/headers are larger than 1048576 bytes/);
      expect(badHeader!.body.detail).toMatch(/header has a character/);
      expect(noHostReference).toMatchObject({ body: { error: { code: 'bad_request' } } });
      for (const a of answers) expect(a).not.toMatch(/HPE_|Parse Error|llhttp/);
    } finally {
      await server.close();
    }
  });

  it('answers 400 in JSON for a target the URL parser refuses', async () => {
    expect(targetOf('http://[bad')).toBeUndefined();
    const server = await startServer({ port: 0 });
    try {
      const answer = await raw(
        server.url,
        'GET http://[bad HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ error: { code: 'bad_request' } });
    } finally {
      await server.close();
    }
  });
});

describe('npm start', () => {
  it('passes SIGTERM on to the server, which drains and exits', async () => {
    // Prepare: a free port, and npm's own CLI run by the pinned Node, as `npm run test:jest` ran.
    const probe = createTcpServer().listen(0, '127.0.0.1');
    await new Promise((ok) => probe.once('listening', ok));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((ok) => probe.close(ok));
    const execPath = process.env.npm_execpath;
    const [command, ...npm] = execPath
      ? [join(ROOT, 'node_modules/.bin/node'), join(dirname(execPath), 'npm-cli.js')]
      : ['npm'];
    const child = spawn(command!, [...npm, 'start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`npm start did not listen: ${output}`)), 20_000);
      child.stdout.on('data', () => {
        if (output.includes('listening on')) {
          clearTimeout(timer);
          ok();
        }
      });
    });

    // Act: the output pipe closes only when every process holding it, npm and the server it started, is gone.
    const exited = new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
    const pipeClosed = new Promise<boolean>((ok) => {
      const timer = setTimeout(() => ok(false), 20_000);
      child.stdout.on('close', () => {
        clearTimeout(timer);
        ok(true);
      });
    });
    child.kill('SIGTERM');
    const code = await exited;
    expect(await pipeClosed).toBe(true);

    // Assess: npm is gone, and so is the server it started.
    expect(output).toContain('SIGTERM: draining');
    expect(code === 0 || code === null || code === 143).toBe(true);
    const stillListening = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    expect(stillListening).toBe(false);
  }, 40_000);

  it('says in one line that the port is in use, and exits 1, when another process holds it', async () => {
    // Prepare: a port held by another listener, and a data folder of its own
    const holder = createTcpServer().listen(0, '127.0.0.1');
    await new Promise((ok) => holder.once('listening', ok));
    const port = (holder.address() as AddressInfo).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'busy-port-'));
    try {
      // Act
      const child = spawn(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'infra/local/main.ts'],
        {
          cwd: ROOT,
          env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
      // Assess: no stack trace, one line naming the port and the way out
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `npm start: port ${port} is in use (another npm start?). Stop it, or start on another port: PORT=${port + 1} npm start`,
      ]);
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
