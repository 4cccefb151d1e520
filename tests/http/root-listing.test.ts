// GET / as a newcomer reads it (issue #40): every entry says its method, what it needs (an API key, a
// dashboard session, or nothing) and what it returns, and its example is sent exactly as listed (method,
// headers, body; YOUR_KEY replaced by a key, a session entry sent from a signed-in browser) and answers a
// success: no 401, 403 or 406 from an entry that claims to work. An entry without an example says why.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Mail } from '../../shared/accounts/mailer.ts';
import { outboxSettled } from '../../shared/accounts/outbox.ts';
import { routeList } from '../../shared/routes/index.ts';
import { RootResponse, type RootEntry } from '../../functions/health/root.ts';
import { useTestServer } from '../helpers/server.ts';
import { cookieHeader, keepCookies } from '../helpers/cookies.ts';

const outbox: Mail[] = [];
const api = useTestServer({ resetEach: false, outbox });

/** A browser signed in to a fresh verified account: its cookies, sent with every request. */
async function signedInCookies(): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown, csrf?: string) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: {
        cookie: cookieHeader(jar),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    keepCookies(jar, res);
    const json = await res.json();
    await outboxSettled();
    return json as { csrf_token?: string };
  };
  const email = `root-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const csrf = (await send('GET', '/account/session')).csrf_token;
  await send('POST', '/account/signup', { email, password }, csrf);
  const token = new URL(outbox.filter((m) => m.to === email).at(-1)!.link!).hash.replace('#verify=', '');
  await send('POST', '/account/verify', { token }, csrf);
  await send('POST', '/account/signin', { email, password }, csrf);
  return cookieHeader(jar);
}

describe('GET / lists every endpoint truthfully', () => {
  let entries: RootEntry[];
  let body: ReturnType<typeof RootResponse.parse>;
  beforeAll(async () => {
    const res = await api.get('/', {});
    expect(res.status).toBe(200);
    body = RootResponse.parse(res.body);
    entries = body.endpoints;
  });

  it('lists every manifest route once, with its method, and says where to get a key', () => {
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual(
      routeList.map((r) => `${r.method} ${r.path}`),
    );
    expect(body.documentation).not.toMatch(/every endpoint is a GET/i);
    expect(body.dashboard).toBe(`${api.url}/dashboard`);
    expect(body.message).toContain(`${api.url}/dashboard`);
  });

  it('gives every entry without an example the reason', () => {
    for (const e of entries.filter((x) => x.example === null))
      expect([e.path, e.no_example_reason]).toEqual([e.path, expect.stringMatching(/\w{3,}/)]);
  });

  it('answers every example, sent exactly as listed, with a success of the documented kind', async () => {
    // Prepare: a key of our own for YOUR_KEY, a signed-in browser for the session entries
    const key = api.addKey('pro');
    const cookie = await signedInCookies();
    const checked: string[] = [];
    const failures: string[] = [];
    for (const e of entries) {
      if (!e.example) continue;
      const route = routeList.find((r) => r.method === e.method && r.path === e.path)!;
      // Act
      const headers = Object.fromEntries(
        Object.entries(e.example.headers).map(([k, v]) => [k, v.replace('YOUR_KEY', key)]),
      );
      const res = await fetch(e.example.url, {
        method: e.method,
        headers: e.access === 'session' ? { ...headers, cookie } : headers,
        body: e.example.body,
      });
      const text = await res.text();
      // Assess: a documented success, in the kind of content the entry names
      if (!(route.success ?? [200]).includes(res.status))
        failures.push(`${e.method} ${e.path}: ${res.status} ${text.slice(0, 200)}`);
      const type = res.headers.get('content-type') ?? '';
      if (e.returns === 'JSON' && res.ok)
        expect([e.path, typeof JSON.parse(text)]).toEqual([e.path, 'object']);
      if (e.returns === 'HTML' && res.ok)
        expect([e.path, type]).toEqual([e.path, expect.stringContaining('text/html')]);
      expect(e.example.curl).toContain(e.example.url);
      checked.push(e.path);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
  });

  it('shows the product: an example whose answer has prices shows a price, not a sold-out stay', async () => {
    // A price-named field (not a flag, a band, a level or a text) must hold a number somewhere in the answer.
    const PRICE = /price|rate$|rates|amount|offer/i;
    const NOT_A_PRICE = /^(is_|has_)|_(text|band|level|range|count)$|^member_rate$|^total_offers$/;
    const numbersUnderPrices = (value: unknown, under = false): number =>
      Array.isArray(value)
        ? value.reduce((n: number, v) => n + numbersUnderPrices(v, under), 0)
        : value && typeof value === 'object'
          ? Object.entries(value).reduce(
              (n, [k, v]) => n + numbersUnderPrices(v, under || (PRICE.test(k) && !NOT_A_PRICE.test(k))),
              0,
            )
          : typeof value === 'number' && under
            ? 1
            : 0;
    const hasPriceField = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.some(hasPriceField)
        : !!value &&
          typeof value === 'object' &&
          Object.entries(value).some(([k, v]) => (PRICE.test(k) && !NOT_A_PRICE.test(k)) || hasPriceField(v));
    const key = api.addKey('pro');
    const priceless: string[] = [];
    for (const e of entries.filter((x) => x.access === 'api_key' && x.method === 'GET' && x.example)) {
      if (e.path === '/v1/account/usage') continue; // its per-endpoint counts are keyed by path, not prices
      const res = await api.get(new URL(e.example!.url).pathname + new URL(e.example!.url).search, {
        'x-api-key': key,
      });
      if (hasPriceField(res.body) && numbersUnderPrices(res.body) === 0) priceless.push(e.path);
    }
    expect(priceless).toEqual([]);
  });

  it('is refused without what the entry says it needs', async () => {
    for (const e of entries.filter((x) => x.example && x.access !== 'none')) {
      const res = await fetch(e.example!.url, {
        method: e.method,
        headers: Object.fromEntries(Object.entries(e.example!.headers).filter(([k]) => k !== 'x-api-key')),
        body: e.example!.body,
      });
      expect([e.path, res.status]).toEqual([e.path, 401]);
    }
  });
});
