// The upstream client against the sandbox: each behaviour observed in the sandbox's request log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProblemError } from '../../shared/errors.ts';
import { clearCache, JOIN_MS } from '../../shared/upstream/cache.ts';
import { fetchUpstream, scanUpstream, type UpstreamRequest } from '../../shared/upstream/client.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { windowScan } from '../../shared/extraction/stream-scan.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { circuitState, configurePolicies } from '../../shared/upstream/policies.ts';
import { failure } from '../helpers/failure.ts';
import { useSandbox } from '../helpers/use-sandbox.ts';

const sandbox = useSandbox();
let canary: Server;
let canaryHits = 0;
let canaryUrl = '';

beforeAll(async () => {
  canary = createServer((_req, res) => {
    canaryHits++;
    res.end('{}');
  });
  await new Promise<void>((ok) => canary.listen(0, '127.0.0.1', () => ok()));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/steal`;
});
afterAll(() => new Promise<void>((ok) => canary.close(() => ok())));
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetLog();
  clearCache();
  configurePolicies();
});

const search = (q = 'aurelia paris', extra: Partial<UpstreamRequest> = {}): UpstreamRequest => ({
  provider: 'web_search',
  path: '/search.json',
  query: { q },
  expect: 'json',
  cache: 'search',
  ...extra,
});
const deadline = (ms = 10_000) => ({ deadline: new Deadline(ms), served: [] });
const upstreamCalls = () => sandbox.requests('web_search').length;

describe('fetching', () => {
  it('answers 502 for a source this deployment does not configure', async () => {
    const error = await failure(
      fetchUpstream({ provider: 'chain_z', path: '/x', expect: 'json', cache: 'none' }, deadline()),
    );
    expect(error).toMatchObject({ status: 502, errorCode: 'UPSTREAM_ERROR' });
  });

  it('returns the parsed body and says it was a miss', async () => {
    const res = await fetchUpstream<{ organic_results: unknown[] }>(search(), deadline());
    expect(res.status).toBe(200);
    expect(res.body.organic_results.length).toBeGreaterThan(0);
    expect(res.hit).toBe(false);
    expect(upstreamCalls()).toBe(1);
  });
});

describe('cache', () => {
  it('serves a repeat from the cache with its age, without an upstream request', async () => {
    await fetchUpstream(search(), deadline());
    const again = await fetchUpstream(search(), deadline());
    expect(again).toMatchObject({ hit: true, ageSeconds: 0 });
    expect(upstreamCalls()).toBe(1);
  });

  it("expires an entry after its kind's TTL", async () => {
    clearCache({ prices: 0.2 });
    await fetchUpstream(search('nordhaven london', { cache: 'prices' }), deadline());
    expect((await fetchUpstream(search('nordhaven london', { cache: 'prices' }), deadline())).hit).toBe(true);
    await new Promise((ok) => setTimeout(ok, 300));
    expect((await fetchUpstream(search('nordhaven london', { cache: 'prices' }), deadline())).hit).toBe(
      false,
    );
    expect(upstreamCalls()).toBe(2);
  });

  it('coalesces 100 concurrent identical requests into one upstream request', async () => {
    sandbox.inject('web_search', { kind: 'latency', ms: 150 }, 1);
    const all = await Promise.all(
      Array.from({ length: 100 }, () => fetchUpstream(search('meridian tokyo'), deadline())),
    );
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(upstreamCalls()).toBe(1);
  });

  it('answers the first call after a cleared fault, never joining a load stuck on the fault', async () => {
    // Prepare: one request stuck on a source that hangs past its deadline
    sandbox.inject('web_search', { kind: 'latency', ms: JOIN_MS + 2_000 }, 1);
    const stuck = fetchUpstream(search('harbour lights oslo'), deadline(JOIN_MS + 1_500)).catch(
      (e: unknown) => e,
    );
    await new Promise((ok) => setTimeout(ok, JOIN_MS + 100));
    sandbox.clearFaults();
    // Act: the same request once the fault has cleared
    const started = Date.now();
    const next = await fetchUpstream(search('harbour lights oslo'), deadline());
    // Assess: answered at once, by a load of its own
    expect(next.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await stuck).toBeInstanceOf(Error);
    await new Promise((ok) => setTimeout(ok, 600)); // the sandbox's late answer lands before the file ends
  });
});

describe('retries', () => {
  it('retries a 502 and succeeds', async () => {
    sandbox.inject('web_search', { kind: 'status', status: 502 }, 2);
    expect((await fetchUpstream(search(), deadline())).status).toBe(200);
    expect(upstreamCalls()).toBe(3);
  });

  it('waits the Retry-After of a 429 when it fits in the deadline', async () => {
    sandbox.inject('web_search', { kind: 'rate-limit', retryAfter: 1 }, 1);
    const started = Date.now();
    expect((await fetchUpstream(search(), deadline())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(upstreamCalls()).toBe(2);
  });

  it.each([
    ['longer than the time left', 120, 10_000],
    // A Retry-After of 7 s fits a 25 s deadline twice; a source still limiting after each wait made the
    // caller wait 14 s for the same 503. Only a short Retry-After is worth waiting inside one invocation.
    ['more than a short wait, even one that fits', 7, 25_000],
  ])('answers 503 with the upstream Retry-After at once when it is %s', async (_case, retryAfter, ms) => {
    sandbox.inject('web_search', { kind: 'rate-limit', retryAfter });
    const started = Date.now();
    const error = await failure(fetchUpstream(search(), deadline(ms)));
    expect(error).toMatchObject({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE' });
    expect(error.headers['Retry-After']).toBe(String(retryAfter));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(upstreamCalls()).toBe(1);
  });

  it('answers a streamed read rate-limited for longer than a short wait with 503 at once', async () => {
    sandbox.inject('site_a', { kind: 'maintenance', retryAfter: 7 });
    const started = Date.now();
    const error = await failure(
      scanUpstream(
        { provider: 'site_a', path: '/hotel/fr/x.html', expect: 'html', cache: 'none' },
        deadline(25_000),
        () => windowScan((html) => (html.length > 0 ? html : undefined)),
        'page',
      ),
    );
    expect(error).toMatchObject({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE' });
    expect(error.headers['Retry-After']).toBe('7');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sandbox.requests('site_a')).toHaveLength(1);
  });

  it('rejects a streamed read whose scan throws, with that error, never an uncaught exception', async () => {
    const drift = new Error('the reader found a changed page');
    const read = scanUpstream(
      { provider: 'site_a', path: '/hotel/fr/aurelia-suites-paris.html', expect: 'html', cache: 'none' },
      deadline(25_000),
      () =>
        windowScan(() => {
          throw drift;
        }),
      'throwing reader',
    );
    await expect(read).rejects.toBe(drift);
  });

  it('does not retry a 500', async () => {
    sandbox.inject('web_search', { kind: 'status', status: 500 });
    const error = await failure(fetchUpstream(search(), deadline()));
    expect(error).toMatchObject({
      status: 502,
      errorCode: 'UPSTREAM_ERROR',
      extras: { upstream_status: 500 },
    });
    expect(upstreamCalls()).toBe(1);
  });

  it('retries a connection reset, then gives 502', async () => {
    sandbox.inject('web_search', { kind: 'reset' });
    const error = await failure(fetchUpstream(search(), deadline()));
    expect(error.status).toBe(502);
    expect(upstreamCalls()).toBe(3);
  });
});

describe('deadline', () => {
  it('gives 504 UPSTREAM_TIMEOUT when the source is slower than the deadline', async () => {
    sandbox.inject('web_search', { kind: 'latency', ms: 3_000 });
    const started = Date.now();
    const error = await failure(fetchUpstream(search(), deadline(800)));
    expect(error).toMatchObject({ status: 504, errorCode: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('gives 504 at once when no time is left', async () => {
    const error = await failure(fetchUpstream(search(), deadline(0)));
    expect(error.status).toBe(504);
    expect(upstreamCalls()).toBe(0);
  });
});

describe('circuit breaker', () => {
  it('opens after consecutive failures, answers 503 without calling, then closes after a good trial', async () => {
    configurePolicies({ failuresToOpen: 3, halfOpenAfterMs: 300 });
    sandbox.inject('web_search', { kind: 'status', status: 500 });
    for (let i = 0; i < 3; i++)
      expect((await failure(fetchUpstream(search(`q${i} aurelia`), deadline()))).status).toBe(502);
    expect(circuitState('web_search')).toBe('1'); // CircuitState.Open
    const before = upstreamCalls();
    const open = await failure(fetchUpstream(search('q9 aurelia'), deadline()));
    expect(open.status).toBe(503);
    expect(Number(open.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(upstreamCalls()).toBe(before);
    sandbox.clearFaults();
    await new Promise((ok) => setTimeout(ok, 350));
    expect((await fetchUpstream(search('q10 aurelia'), deadline())).status).toBe(200);
    expect(circuitState('web_search')).toBe('0'); // CircuitState.Closed
  });

  it('keeps providers apart: one open circuit does not block another provider', async () => {
    configurePolicies({ failuresToOpen: 1, halfOpenAfterMs: 10_000 });
    sandbox.inject('web_search', { kind: 'status', status: 500 });
    await failure(fetchUpstream(search(), deadline()));
    const images = await fetchUpstream(
      {
        provider: 'site_a_images',
        path: '/xdata/images/hotel/square200/1.jpg',
        expect: 'json',
        cache: 'none',
        notFoundOk: true,
      },
      deadline(),
    ).catch((e: ProblemError) => e);
    expect((images as ProblemError).status).not.toBe(503);
  });
});

describe('response checks', () => {
  it('refuses a response over the size cap', async () => {
    const error = await failure(fetchUpstream(search('aurelia paris', { maxBytes: 300 }), deadline()));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/larger than 300 bytes/);
  });

  it('refuses an unexpected content type', async () => {
    const error = await failure(fetchUpstream(search('aurelia paris', { expect: 'html' }), deadline()));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/content type/);
  });

  it('reports a malformed JSON body as an extraction error', async () => {
    sandbox.inject('web_search', { kind: 'malformed' }, 1);
    await expect(fetchUpstream(search(), deadline())).rejects.toBeInstanceOf(ExtractionError);
  });

  it('fails a truncated body instead of returning half of it', async () => {
    sandbox.inject('web_search', { kind: 'truncate' });
    const error = await failure(fetchUpstream(search(), deadline()));
    expect(error.status).toBe(502);
  });

  it('answers a 404 as not found when asked to', async () => {
    const res = await fetchUpstream(
      { provider: 'web_search', path: '/nope', expect: 'json', cache: 'ids', notFoundOk: true },
      deadline(),
    );
    expect(res.status).toBe(404);
  });
});

describe('redirects', () => {
  it('never follows a redirect off the provider, and the target is never contacted', async () => {
    for (const location of [
      canaryUrl,
      'http://169.254.169.254/latest/meta-data/',
      'https://evil.test/x',
      'http://localhost:1/',
    ]) {
      sandbox.inject('web_search', { kind: 'redirect', location }, 1);
      const error = await failure(fetchUpstream(search(`redirect ${location}`), deadline()));
      expect(error.status).toBe(502);
    }
    expect(canaryHits).toBe(0);
  });

  it('follows a redirect within the provider', async () => {
    sandbox.inject(
      'web_search',
      { kind: 'redirect', location: `${sandbox.url}/web_search/search.json?q=aurelia+paris` },
      1,
    );
    expect((await fetchUpstream(search('moved'), deadline())).status).toBe(200);
  });
});
