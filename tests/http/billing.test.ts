// Fair billing, over HTTP and MCP, on a free key (10 calls a UTC day): only answers and definitive negatives
// count; input errors, 401, 429 and source failures cost nothing. Each case reads the key's count from
// /v1/account/usage, which spends nothing itself.
import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BILLING_RULE } from '../../shared/http/daily-quota-billing.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const as = (key: string) => ({ 'x-api-key': key });
const lookup = (key: string, term = 'paris') =>
  api.get(`/v1/meta/coordinates-lookup?term=${encodeURIComponent(term)}&limit=1`, as(key));
const used = async (key: string): Promise<number> => (await api.get('/v1/account/usage', as(key))).body.used;

describe('what a free key is billed for', () => {
  it('lets 10 calls with typos in between all succeed', async () => {
    // Prepare
    const key = api.addKey('free');
    const statuses: number[] = [];
    // Act: ten good calls, each after two typos (an empty term, a limit that is no number)
    for (let i = 0; i < 10; i++) {
      statuses.push((await lookup(key, '')).status);
      statuses.push((await api.get('/v1/meta/coordinates-lookup?term=paris&limit=abc', as(key))).status);
      statuses.push((await lookup(key)).status);
    }
    const eleventh = await lookup(key);
    // Assess
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(eleventh.status).toBe(429);
    expect(await used(key)).toBe(10);
  });

  // A source's failure costs nothing, a definitive negative counts as an answer: X-RateLimit-Remaining says so.
  it.each<[string, () => void, () => string, [number, string], number]>([
    [
      'does not bill a 502 from a faulted source, and says so in X-RateLimit-Remaining',
      () => api.sandbox.inject('chain_a', { kind: 'malformed' }),
      () => `/v1/chain_a/rooms?hotel_code=ASPAR0&check_in=${day(40)}&check_out=${day(41)}`,
      [502, 'UPSTREAM_ERROR'],
      0,
    ],
    [
      'bills a 404 NO_RESULTS once, as an answer',
      () => undefined,
      () =>
        `/v1/chain_b/search?destination_slug=paris-fr&check_in=${day(30)}&check_out=${day(32)}&offset=5000`,
      [404, 'NO_RESULTS'],
      1,
    ],
  ])('%s', async (_name, prepare, path, answer, billed) => {
    // Prepare
    const key = api.addKey('free');
    prepare();
    // Act
    const res = await api.get(path(), as(key));
    // Assess
    expect([res.status, res.body.error_code]).toEqual(answer);
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10 - billed));
    expect(await used(key)).toBe(billed);
  });

  it('answers HEAD as GET (status and headers, no body) and never bills it', async () => {
    // Prepare
    const key = api.addKey('free');
    const path = '/v1/meta/coordinates-lookup?term=paris&limit=1';
    const head = () => fetch(`${api.url}${path}`, { method: 'HEAD', headers: as(key) });
    // Act: three HEADs, a GET, a HEAD; then the quota used up by GETs, and a HEAD after it
    const heads = [await head(), await head(), await head()];
    const get = await api.get(path, as(key));
    const after = await head();
    const usedAfterHeads = await used(key);
    for (let i = 0; i < 9; i++) await lookup(key);
    const exhausted = await head();
    // Assess
    for (const res of [...heads, after]) {
      expect(res.status).toBe(get.status);
      expect(res.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await res.text()).toBe('');
    }
    expect(get.status).toBe(200);
    expect(usedAfterHeads).toBe(1);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(exhausted.status).toBe(429);
    expect(await used(key)).toBe(10);
  });

  it("states the rule in the 429 body's details", async () => {
    // Prepare
    const key = api.addKey('free');
    for (let i = 0; i < 10; i++) await lookup(key);
    // Act
    const res = await lookup(key);
    // Assess
    expect(res.status).toBe(429);
    expect(res.body.error.details).toContain(BILLING_RULE);
  });

  it('does not bill an MCP tool call with bad input, and bills a good one', async () => {
    // Prepare
    const key = api.addKey('free');
    const client = new Client({ name: 'billing-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { requestInit: { headers: as(key) } }),
    );
    // Act
    const bad = (await client.callTool({ name: 'coordinatesLookup', arguments: {} })) as CallToolResult;
    const afterBad = await used(key);
    const good = (await client.callTool({
      name: 'coordinatesLookup',
      arguments: { term: 'paris', limit: 1 },
    })) as CallToolResult;
    await client.close();
    // Assess
    expect(bad.isError).toBe(true);
    expect(afterBad).toBe(0);
    expect(good.isError).toBeFalsy();
    expect(await used(key)).toBe(1);
  });

  it('never tells a key with calls left that its quota is used up: 200 concurrent invalid calls, then 10 billed', async () => {
    // Prepare
    const key = api.addKey('free');
    // Act: 200 invalid calls at once (each holds a reservation until its 400 gives it back)
    const invalid = await Promise.all(
      Array.from({ length: 200 }, () => api.get('/v1/meta/coordinates-lookup?term=paris&limit=abc', as(key))),
    );
    const refusals = invalid.filter((r) => r.status === 429);
    const good = [];
    for (let i = 0; i < 11; i++) good.push((await lookup(key)).status);
    // Assess: a refusal while calls still run says so, with a short Retry-After; the day's 10 calls are intact
    expect(invalid.filter((r) => r.status !== 400 && r.status !== 429)).toEqual([]);
    for (const r of refusals) {
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(r.body.error.details).toMatch(/still running/);
    }
    expect(good).toEqual([...Array(10).fill(200), 429]);
    expect(await used(key)).toBe(10);
  });
});
