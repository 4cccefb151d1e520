// The transport's request shapes against a small source that echoes what it received: methods and bodies,
// headers, named origins, secrets, the session bootstrap, the proxy, challenges, retries and cache keys.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { ProblemError } from '../../shared/errors.ts';
import { clearCache } from '../../shared/upstream/cache.ts';
import {
  fetchParsed,
  fetchUpstream,
  scanUpstream,
  type UpstreamRequest,
} from '../../shared/upstream/client.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { windowScan } from '../../shared/extraction/stream-scan.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { configurePolicies } from '../../shared/upstream/policies.ts';
import {
  requiredOperation,
  secretVariable,
  useProviders,
  type Providers,
} from '../../shared/upstream/providers.ts';
import { cookieHeader, dropSession, sessionHeaders } from '../../shared/upstream/session.ts';
import * as z from 'zod';
import { MemoryCounterStore, MemoryKeyStore } from '../../shared/store/memory.ts';
import { useStores } from '../../shared/store/index.ts';
import { MemorySlotStore } from '../../shared/store/slots.ts';
import { failure } from '../helpers/failure.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let source: Server;
let proxy: Server;
let base = '';
let proxyUrl = '';
const seen: Seen[] = [];
const proxied: string[] = [];
let sessionsIssued = 0;
let failNext: number[] = [];

function read(req: IncomingMessage): Promise<string> {
  return new Promise((ok) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  source = createServer((req, res) => {
    void read(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://source');
      seen.push({ method: req.method ?? '', url: url.pathname + url.search, headers: req.headers, body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      const forced = failNext.shift();
      if (forced) return json(forced, { error: `forced ${forced}` });
      if (url.pathname.endsWith('/home')) {
        sessionsIssued++;
        res.writeHead(200, {
          'content-type': 'text/html',
          'set-cookie': [`sid=s${sessionsIssued}; Path=/; HttpOnly`, 'waf=ok; Secure'],
        });
        return res.end(`<html><script>var env = { csrf_token: 'tok${sessionsIssued}' };</script></html>`);
      }
      if (url.pathname.endsWith('/private')) {
        const ok =
          req.headers.cookie?.includes(`sid=s${sessionsIssued}`) &&
          req.headers['x-csrf'] === `tok${sessionsIssued}`;
        return ok ? json(200, { ok: true }) : json(403, { error: 'no session' });
      }
      if (url.pathname.endsWith('/waf')) {
        res.writeHead(202, { 'content-type': 'text/html' });
        return res.end('<html><script>window.awsWafCookieDomainList = []; chal_t=1</script></html>');
      }
      if (url.pathname.endsWith('/slow')) {
        setTimeout(() => json(200, { slow: true }), 150);
        return;
      }
      if (url.pathname.endsWith('/page')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<html>${'x'.repeat(1000)} marker: '42' ${'y'.repeat(1000)}</html>`);
      }
      return json(200, {
        method: req.method,
        path: url.pathname,
        query: url.search,
        body,
        ua: req.headers['user-agent'],
      });
    });
  });
  // A tunnelling proxy (CONNECT), as the unblocking proxies are: records each tunnel and its credentials.
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: IncomingMessage, client: Socket) => {
    proxied.push(`CONNECT ${req.url} ${req.headers['proxy-authorization'] ?? ''}`);
    const [host = '', port = ''] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((ok) => source.listen(0, '127.0.0.1', () => ok()));
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', () => ok()));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((ok) => source.close(() => ok()));
  await new Promise<void>((ok) => proxy.close(() => ok()));
});

const providers = (extra: Partial<Providers[string]> = {}): Providers => ({
  src: {
    baseUrl: `${base}/pages`,
    origins: { api: `${base}/api` },
    headers: { 'x-app-key': 'public-key', 'accept-language': '' },
    session: { origin: 'pages', path: '/home', csrf: { pattern: "csrf_token: '([^']+)'", header: 'x-csrf' } },
    ...extra,
  },
});

beforeEach(() => {
  seen.length = 0;
  proxied.length = 0;
  failNext = [];
  clearCache();
  configurePolicies();
  dropSession();
  useProviders(providers());
});

const ctx = () => ({ deadline: new Deadline(10_000), served: [] });
const post = (extra: Partial<UpstreamRequest> = {}): UpstreamRequest => ({
  provider: 'src',
  origin: 'api',
  method: 'POST',
  path: '/graphql',
  body: { json: { query: 'q', variables: { id: 1 } } },
  expect: 'json',
  cache: 'search',
  ...extra,
});

describe('methods, bodies and origins', () => {
  it('POSTs a JSON body to the named origin', async () => {
    const res = await fetchUpstream<{ method: string; path: string; body: string }>(post(), ctx());
    expect(res.body).toMatchObject({ method: 'POST', path: '/api/graphql' });
    expect(JSON.parse(res.body.body)).toEqual({ query: 'q', variables: { id: 1 } });
    expect(seen[0]!.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends a JSON text as text/plain, and a form as urlencoded', async () => {
    await fetchUpstream(
      post({ body: { text: '{"query":"x"}', contentType: 'text/plain;charset=UTF-8' } }),
      ctx(),
    );
    await fetchUpstream(post({ body: { form: { a: '1', b: 'two words' } } }), ctx());
    expect(seen[0]).toMatchObject({ body: '{"query":"x"}' });
    expect(seen[0]!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(seen[1]).toMatchObject({ body: 'a=1&b=two+words' });
    expect(seen[1]!.headers['content-type']).toMatch(/x-www-form-urlencoded/);
  });

  it('sends browser-like headers, the provider headers, and removes a default set empty', async () => {
    await fetchUpstream(post({ headers: { Referer: 'https://www.src.test/' } }), ctx());
    const { headers } = seen[0]!;
    expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
    expect(headers['x-app-key']).toBe('public-key');
    expect(headers.referer).toBe('https://www.src.test/');
    expect(headers['accept-language']).toBeUndefined();
  });

  it('falls back to the base URL for an origin the provider does not name', async () => {
    await fetchUpstream(post({ origin: 'images', method: 'GET', body: undefined }), ctx());
    expect(seen[0]!.url).toBe('/pages/graphql');
  });
});

describe('cache keys', () => {
  it('tells apart two POSTs that differ only in their body', async () => {
    await fetchUpstream(post({ body: { json: { id: 1 } } }), ctx());
    await fetchUpstream(post({ body: { json: { id: 2 } } }), ctx());
    await fetchUpstream(post({ body: { json: { id: 1 } } }), ctx());
    expect(seen).toHaveLength(2);
  });

  it("uses the connector's key instead of a body full of per-request noise", async () => {
    await fetchUpstream(post({ body: { json: { trace: 'a' } }, cacheKey: 'reviews:1' }), ctx());
    const again = await fetchUpstream(post({ body: { json: { trace: 'b' } }, cacheKey: 'reviews:1' }), ctx());
    expect(again.hit).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe('retries', () => {
  it('does not retry a POST that the connector did not mark safe', async () => {
    failNext = [502, 502];
    const error = await failure(fetchUpstream(post(), ctx()));
    expect(error.status).toBe(502);
    expect(seen).toHaveLength(1);
  });

  it('retries a POST marked safe (a read-only query)', async () => {
    failNext = [502];
    const res = await fetchUpstream(post({ safe: true }), ctx());
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(2);
  });
});

describe('documented error answers', () => {
  it('hands back the body of a status the connector passes through', async () => {
    failNext = [401];
    const res = await fetchUpstream(post({ passStatuses: [401] }), ctx());
    expect(res).toMatchObject({ status: 401, body: { error: 'forced 401' } });
  });

  it('keeps neither a passed-through error nor an answer the connector says reports an error', async () => {
    failNext = [401];
    await fetchUpstream(post({ passStatuses: [401], safe: true }), ctx());
    await fetchUpstream(post({ passStatuses: [401], safe: true }), ctx());
    const keepIf = (body: unknown) => (body as { method?: string }).method !== 'POST';
    await fetchUpstream(post({ keepIf, path: '/k' }), ctx());
    await fetchUpstream(post({ keepIf, path: '/k' }), ctx());
    expect(seen).toHaveLength(4);
  });
});

describe('secrets', () => {
  it('reads a secret parameter from its environment variable and keeps it out of the cache key', async () => {
    useProviders(providers({ params: { api_key: { secret: 'src_key' } } }));
    process.env[secretVariable('src_key')] = 'k-123';
    try {
      const res = await fetchUpstream<{ query: string }>(post({ method: 'GET', body: undefined }), ctx());
      expect(res.body.query).toBe('?api_key=k-123');
    } finally {
      delete process.env[secretVariable('src_key')];
    }
  });

  it('answers 502 naming a secret the deployment did not set, never a value', async () => {
    useProviders(providers({ params: { api_key: { secret: 'src_key' } } }));
    const error = await failure(fetchUpstream(post(), ctx()));
    expect(error).toMatchObject({ status: 502, errorCode: 'UPSTREAM_ERROR' });
    expect(error.message).toMatch(/secret src_key is not set/);
  });
});

describe('secrets from Secrets Manager', () => {
  it('reads a named secret once through the extension, with the session token, when deployed', async () => {
    const asked: { path: string; token: string | undefined }[] = [];
    const extension = createServer((req, res) => {
      asked.push({ path: req.url ?? '', token: req.headers['x-aws-parameters-secrets-token'] as string });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Name: 'travel-data-api/src_deployed', SecretString: 'from-sm' }));
    });
    await new Promise<void>((ok) => extension.listen(0, '127.0.0.1', () => ok()));
    const env = {
      PROVIDER_SECRETS_PREFIX: 'travel-data-api/',
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((extension.address() as AddressInfo).port),
      AWS_SESSION_TOKEN: 'session-token',
    };
    Object.assign(process.env, env);
    useProviders(providers({ params: { api_key: { secret: 'src_deployed' } } }));
    try {
      const first = await fetchUpstream<{ query: string }>(post({ method: 'GET', body: undefined }), ctx());
      await fetchUpstream(post({ method: 'GET', body: undefined, path: '/other' }), ctx());
      expect(first.body.query).toBe('?api_key=from-sm');
      expect(asked).toEqual([
        { path: '/secretsmanager/get?secretId=travel-data-api%2Fsrc_deployed', token: 'session-token' },
      ]);
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
      await new Promise<void>((ok) => extension.close(() => ok()));
    }
  });
});

describe('session bootstrap', () => {
  it('fetches the session page once, then sends its cookies and CSRF token', async () => {
    const first = await fetchUpstream(post({ path: '/private', session: true, cache: 'none' }), ctx());
    const second = await fetchUpstream(post({ path: '/private', session: true, cache: 'none' }), ctx());
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(seen.map((s) => s.url)).toEqual(['/pages/home', '/api/private', '/api/private']);
    expect(seen[1]!.headers.cookie).toBe('sid=s1; waf=ok');
  });

  it('refreshes the session once when the source answers 403', async () => {
    await fetchUpstream(post({ path: '/private', session: true, cache: 'none' }), ctx());
    sessionsIssued += 10; // the source forgets every session it handed out
    const res = await fetchUpstream(post({ path: '/private', session: true, cache: 'none' }), ctx());
    expect(res.status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual([
      '/pages/home',
      '/api/private',
      '/api/private',
      '/pages/home',
      '/api/private',
    ]);
  });

  it('gives an extraction error when the session page has no CSRF token', async () => {
    useProviders(
      providers({
        session: {
          origin: 'pages',
          path: '/page',
          csrf: { pattern: "csrf: '(x+)'", header: 'x-csrf' },
          ttlSeconds: 60,
        },
      }),
    );
    await expect(fetchUpstream(post({ path: '/private', session: true }), ctx())).rejects.toBeInstanceOf(
      ExtractionError,
    );
  });

  it('reads cookies and tokens from the page answer', () => {
    expect(cookieHeader(['a=1; Path=/', 'b=2; HttpOnly', 'a=3'])).toBe('a=3; b=2');
    expect(
      sessionHeaders({ 'set-cookie': ['sid=9'] }, "csrf: 'zz'", { pattern: "csrf: '(\\w+)'", header: 'X-T' }),
    ).toEqual({
      cookie: 'sid=9',
      'x-t': 'zz',
    });
  });
});

describe('bot protection', () => {
  it('answers a challenge page with 503 and Retry-After, without retrying', async () => {
    const error = await failure(
      fetchUpstream(post({ method: 'GET', body: undefined, path: '/waf', expect: 'html' }), ctx()),
    );
    expect(error).toMatchObject({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE' });
    expect(error.message).toMatch(/bot protection/);
    expect(seen).toHaveLength(1);
  });

  it('answers a challenge on a streamed read the same way', async () => {
    const error = await failure(
      scanUpstream(
        { provider: 'src', path: '/waf', expect: 'html', cache: 'none' },
        ctx(),
        () => windowScan(() => undefined),
        'nothing',
      ),
    );
    expect(error).toMatchObject({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('proxy', () => {
  it('sends every request of a provider through its proxy, with credentials from a secret', async () => {
    useProviders(providers({ proxy: { url: proxyUrl, credentials: { secret: 'src_proxy' } } }));
    process.env[secretVariable('src_proxy')] = 'user:p@ss';
    try {
      const res = await fetchUpstream<{ method: string }>(post(), ctx());
      expect(res.body.method).toBe('POST');
      expect(proxied).toHaveLength(1);
      expect(proxied[0]).toContain(`CONNECT ${base.replace('http://', '')}`);
      expect(seen[0]!.url).toBe('/api/graphql');
      expect(proxied[0]).toContain(`Basic ${Buffer.from('user:p@ss').toString('base64')}`);
    } finally {
      delete process.env[secretVariable('src_proxy')];
    }
  });
});

describe('checked fetch', () => {
  it('returns the parsed body, or the extraction error that names what drifted', async () => {
    const Answer = z.object({ method: z.literal('POST'), path: z.string() });
    const ok = await fetchParsed(post(), Answer, ctx(), 'an echo');
    expect(ok.body.path).toBe('/api/graphql');
    const Wrong = z.object({ method: z.literal('PUT') });
    await expect(fetchParsed(post(), Wrong, ctx(), 'an echo')).rejects.toThrow(/an echo fails the contract/);
  });
});

describe('deployment-wide ceiling', () => {
  it('answers 503 with Retry-After over the ceiling, and frees the slot after each request', async () => {
    // Prepare: a slot store as the deployment has one, and a ceiling of one request at a time.
    useStores({
      keys: new MemoryKeyStore(),
      counters: new MemoryCounterStore(),
      slots: new MemorySlotStore(),
    });
    useProviders(providers({ maxConcurrent: 1 }));
    try {
      // Act
      const results = await Promise.allSettled([
        fetchUpstream(post({ path: '/slow', cache: 'none' }), ctx()),
        fetchUpstream(post({ path: '/other', cache: 'none' }), ctx()),
      ]);
      const after = await fetchUpstream(post({ path: '/third', cache: 'none' }), ctx());

      // Assess
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE' });
      expect((refused.reason as ProblemError).headers['Retry-After']).toBe('1');
      expect(String((refused.reason as Error).message)).toMatch(/ceiling of 1 concurrent requests/);
      expect(after.status).toBe(200);
    } finally {
      useStores({ keys: new MemoryKeyStore(), counters: new MemoryCounterStore() });
    }
  });
});

describe('streamed reads', () => {
  it('caches two readings of one page apart', async () => {
    const req = { provider: 'src', path: '/page', expect: 'html' as const, cache: 'ids' as const };
    const marker = await scanUpstream(
      req,
      ctx(),
      () => windowScan((html) => /marker: '(\d+)'/.exec(html)?.[1]),
      'marker',
    );
    const length = await scanUpstream(
      req,
      ctx(),
      () => windowScan((html) => (html.endsWith('</html>') ? html.length : undefined)),
      'length',
    );
    expect([marker.body, typeof length.body]).toEqual(['42', 'number']);
    expect(seen).toHaveLength(2);
  });
});

describe('rotating operation ids', () => {
  it('has none in code: an unconfigured one is a 502 naming the setting to fill', () => {
    useProviders(providers({ operations: { reviews: 'abc' } }));
    expect(requiredOperation('src', 'reviews')).toBe('abc');
    expect(() => requiredOperation('src', 'offers')).toThrow(
      /operations\.offers is not configured for this deployment/,
    );
  });
});

describe('origins only', () => {
  it('refuses a path that would leave the origin, before any request', async () => {
    const error = await failure(fetchUpstream(post({ path: '/../../admin' }), ctx()));
    expect(error.status).toBe(502);
    expect(seen).toHaveLength(0);
  });
});
