// The platform over real HTTP: the local server, its embedded stores, and the manifest routes.
import { describe, expect, it } from '@jest/globals';
import { Health } from '../../shared/schemas/health.ts';
import { routeList } from '../../shared/routes/index.ts';
import { KEYS, useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const KEYED = '/v1/meta/coordinates-lookup?term=paris';

describe('health endpoints', () => {
  it.each(['/health', '/v1/health'])(
    '%s answers 200 healthy with the package version, no key needed',
    async (path) => {
      const res = await api.get(path, {});
      expect(res.status).toBe(200);
      expect(Health.parse(res.body)).toEqual(
        expect.objectContaining({ status: 'healthy', version: '0.1.0' }),
      );
    },
  );

  it('GET / lists every manifest route with a working example', async () => {
    const res = await api.get('/', {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('healthy');
    expect(res.body.endpoints.map((e: { path: string }) => e.path)).toEqual(routeList.map((r) => r.path));
    const endpoints = res.body.endpoints as {
      method: string;
      path: string;
      example: { url: string } | null;
      access: string;
      requires_api_key: boolean;
    }[];
    // Every entry sent exactly as listed, session and POST entries included: tests/http/root-listing.test.ts.
    // Here: the GETs without a session show data, not an empty answer.
    const needsSession = (path: string) =>
      routeList.some((r) => r.path === path && 'NOT_SIGNED_IN' in r.errors);
    for (const e of endpoints.filter((x) => x.method === 'GET' && x.example)) {
      const example = new URL(e.example!.url);
      const answer = await api.get(
        `${example.pathname}${example.search}`,
        e.requires_api_key ? { 'x-api-key': KEYS.pro } : {},
      );
      expect([e.path, answer.status]).toEqual([e.path, needsSession(e.path) ? 401 : 200]);
      // An example should show data, not an empty answer.
      for (const list of [
        'room_types',
        'hotels',
        'reviews',
        'locations',
        'slots',
        'photos',
        'suggestions',
        'available_offers',
      ]) {
        if (Array.isArray(answer.body?.[list])) expect(answer.body[list].length).toBeGreaterThan(0);
      }
    }
  });
});

describe('authentication', () => {
  it('returns 401 with the global body when the key is missing', async () => {
    const res = await api.get(KEYED, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({
      error: { code: 'unauthorized', message: expect.any(String), details: expect.any(String) },
    });
  });

  it('returns 401 for an unknown key', async () => {
    const res = await api.get(KEYED, { 'x-api-key': 'nope' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it.each(['x-api-key', 'X-API-Key', 'X-API-KEY'])('accepts the key in header %s', async (name) => {
    expect((await api.get(KEYED, { [name]: KEYS.pro })).status).toBe(200);
  });
});

describe('daily quota', () => {
  it('cuts a free key off at its 11th request with 429 rate_limit_exceeded and Retry-After', async () => {
    const key = api.addKey('free');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await api.get(KEYED, { 'x-api-key': key })).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const res = await api.get(KEYED, { 'x-api-key': key });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: { code: 'rate_limit_exceeded', message: expect.any(String), details: expect.any(String) },
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(Number(res.headers.get('x-ratelimit-reset')) - Date.now() / 1000).toBeCloseTo(retryAfter, -1);
  });

  it('bills answers, not invalid requests: a typo costs nothing', async () => {
    const key = api.addKey('free');
    await api.get('/v1/meta/coordinates-lookup?term=', { 'x-api-key': key });
    const res = await api.get(KEYED, { 'x-api-key': key });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('sends the rate-limit headers on keyed responses and not on health', async () => {
    const res = await api.get(KEYED, { 'x-api-key': api.addKey('basic') });
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('999');
    expect((await api.get('/health', {})).headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('gives each tier its quota', async () => {
    for (const [tier, limit] of [
      ['free', '10'],
      ['basic', '1000'],
      ['pro', '10000'],
    ] as const) {
      const res = await api.get(KEYED, { 'x-api-key': api.addKey(tier) });
      expect(res.headers.get('x-ratelimit-limit')).toBe(limit);
    }
  });
});

describe('the edge', () => {
  it('sends X-Correlation-Id on every routed response', async () => {
    for (const res of [await api.get('/health', {}), await api.get(KEYED, {}), await api.get(KEYED)]) {
      expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 404 in JSON for an unknown path', async () => {
    const res = await api.get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 405 for a method other than GET', async () => {
    const res = await fetch(`${api.url}/health`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
