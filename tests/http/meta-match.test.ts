// GET /v1/meta/match, per its spec section and error rows, against the sandbox.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pageUrls } from '../../infra/sandbox/pages.ts';
import { snippetless } from '../../infra/sandbox/sites/web-search.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { SERP_ACCOUNT_FAILURES } from '../helpers/failure.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const match = (name: string, platform: string) =>
  api.get(`/v1/meta/match?name=${encodeURIComponent(name)}&platform=${platform}`);
const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;

describe('GET /v1/meta/match', () => {
  it.each(['site_a', 'site_b', 'site_c', 'site_d', 'site_e', 'site_f'] as const)(
    'matches a hotel to its %s page',
    async (platform) => {
      const res = await match('Aurelia Suites Paris', platform);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        query: { name: 'Aurelia Suites Paris', platform },
        match: {
          title: expect.any(String),
          description: expect.any(String),
          url: pageUrls(hotel())[platform],
        },
        message: null,
      });
    },
  );

  it('answers description null, not an empty text, when the matching result shows no snippet', async () => {
    // Prepare: a hotel whose site_f result the engine shows without a snippet
    const h = getWorld().hotels.find(snippetless)!;
    // Act
    const res = await match(h.name, 'site_f');
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.match).toEqual({ title: expect.any(String), description: null, url: pageUrls(h).site_f });
    expectDocumented(routes.metaMatch, res.status, res.headers.get('content-type'), res.body);
  });

  it('matches a result the engine shows without title or position: title null, never a 404 NO_MATCH', async () => {
    // Prepare: a search service whose only result is the hotel page, without its title and position
    const page = pageUrls(hotel()).site_a;
    const stub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          search_metadata: { id: 'c0ffee01', status: 'Success' },
          organic_results: [{ link: page, snippet: 'A quiet hotel by the river.' }],
        }),
      );
    });
    await new Promise<void>((ok) => stub.listen(0, '127.0.0.1', ok));
    const providers: Providers = api.sandbox.providers();
    const { port } = stub.address() as AddressInfo;
    providers.web_search = { ...providers.web_search!, baseUrl: `http://127.0.0.1:${port}` };
    useProviders(providers);
    try {
      // Act
      const res = await match('Untitled Result Hotel', 'site_a');
      // Assess
      expect(res.status).toBe(200);
      expect(res.body.match).toEqual({ title: null, description: 'A quiet hotel by the river.', url: page });
      expectDocumented(routes.metaMatch, res.status, res.headers.get('content-type'), res.body);
    } finally {
      await new Promise((ok) => stub.close(ok));
    }
  });

  it('skips results that are not hotel pages (a city guide ranks first on site_c)', async () => {
    const res = await match('Aurelia Suites Paris', 'site_c');
    expect(res.body.match.url).toMatch(/\/Hotel_Review-/);
  });

  it('answers 404 NO_RESULTS with name and platform when the search finds nothing', async () => {
    const res = await match('Qwzx Nowhere Lodge', 'site_a');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({
      error_code: 'NO_RESULTS',
      name: 'Qwzx Nowhere Lodge',
      platform: 'site_a',
      status: 404,
    });
  });

  it('answers 404 NO_MATCH when results exist but none is a hotel page of the platform', async () => {
    // A hotel site_e does not list: the search still finds site_e's "Hotels in <city>" listing page.
    const unlisted = getWorld().hotels.find((h) => h.unlistedOn.includes('site_e'))!;
    const res = await match(unlisted.name, 'site_e');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'NO_MATCH', name: unlisted.name, platform: 'site_e' });
  });

  it.each([
    ['name missing', 'platform=site_a', [{ loc: ['query', 'name'], msg: 'Field required', type: 'missing' }]],
    ['platform missing', 'name=x', [{ loc: ['query', 'platform'], msg: 'Field required', type: 'missing' }]],
    [
      'platform invalid',
      'name=x&platform=site_g',
      [{ loc: ['query', 'platform'], msg: expect.stringContaining('site_a'), type: 'value_error' }],
    ],
  ])('answers 400 with the detail array when %s', async (_case, qs, detail) => {
    const res = await api.get(`/v1/meta/match?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('answers 502 UPSTREAM_ERROR when the search service fails', async () => {
    api.sandbox.inject('web_search', { kind: 'status', status: 500 });
    const res = await match('Aurelia Suites Paris', 'site_a');
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('UPSTREAM_ERROR');
  });

  it.each(SERP_ACCOUNT_FAILURES)(
    'answers 502 UPSTREAM_ERROR, not 404 NO_RESULTS, when %s',
    async (_case, key, cause) => {
      // Prepare
      const providers: Providers = api.sandbox.providers();
      providers.web_search = { ...providers.web_search!, params: { api_key: key } };
      useProviders(providers);
      // Act
      const res = await match('Aurelia Suites Paris', 'site_a');
      // Assess
      expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
      expect(res.body.detail).toContain(cause);
      expect(res.text).not.toContain(key);
      expectDocumented(routes.metaMatch, res.status, res.headers.get('content-type'), res.body);
    },
  );

  it('answers 503 UPSTREAM_UNAVAILABLE with Retry-After when the search service limits the throughput', async () => {
    api.sandbox.inject('web_search', { kind: 'rate-limit', retryAfter: 50 });
    const res = await match('Aurelia Suites Paris', 'site_a');
    expect([res.status, res.body.error_code, res.headers.get('retry-after')]).toEqual([
      503,
      'UPSTREAM_UNAVAILABLE',
      '50',
    ]);
  });

  it('serves a repeated match from the cache', async () => {
    await match('Nordhaven London', 'site_b');
    const again = await match('Nordhaven London', 'site_b');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(api.sandbox.requests('web_search')).toHaveLength(1);
  });
});
