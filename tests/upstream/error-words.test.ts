// Error details in our words: whatever the transport failed with (a system error's ECONNRESET, a library's
// ERR_...), the detail a client reads names no code; the log keeps it. Every upstream route, with each of its
// sources under every fault the sandbox injects (reset, cut short, redirected off its hosts...), and every
// code the transport knows.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Fault } from '../../infra/sandbox/server.ts';
import { routeList, type Route } from '../../shared/routes/index.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { transportFailure } from '../../shared/upstream/errors.ts';
import type { ProviderConfig } from '../../shared/upstream/providers.ts';
import type { Outbound } from '../../shared/upstream/request.ts';
import { got, loadLibraries, toContractError } from '../../shared/upstream/transport.ts';
import { picked, rounds } from '../helpers/matrix.ts';
import { KEYS, type TestServer, useTestServer } from '../helpers/server.ts';

/** A library's or the system's error code, as a client must never read it. */
const CODE = /\bE[A-Z]{3,}|ERR_[A-Z_]+/;

/** Every text of an error body a client reads as words: the Problem's detail, the global message and details, each msg. */
function detailsOf(body: Record<string, unknown>): string[] {
  if (typeof body.error_code === 'string')
    return [
      String(body.detail),
      ...((body.errors as { message: string }[] | undefined) ?? []).map((e) => e.message),
    ];
  if (Array.isArray(body.detail)) return (body.detail as { msg: string }[]).map((d) => d.msg);
  const error = body.error as { message: string; details: string };
  return [error.message, error.details];
}

describe('transport failures in words', () => {
  const outbound = {
    req: { provider: 'site_a', path: '/', expect: 'json' },
    deadline: new Deadline(Date.now() + 60_000),
  } as unknown as Outbound;
  beforeAll(() => loadLibraries({} as ProviderConfig));

  const codes = [
    'ECONNRESET',
    'ECONNREFUSED',
    'ECONNABORTED',
    'EPIPE',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPROTO',
    'ERR_GOT_REQUEST_ERROR',
    'ERR_HTTP_CONTENT_LENGTH_MISMATCH',
    'ERR_STREAM_PREMATURE_CLOSE',
    'ERR_BODY_PARSE_FAILURE',
    'ERR_TOO_MANY_REDIRECTS',
    'HPE_INVALID_CONSTANT',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'EWHATEVER_NEW',
    undefined,
  ];

  it.each(codes)('says %s as the source failing, in words, keeping the cause', (code) => {
    const cause = Object.assign(new Error('socket hang up'), code ? { code } : {});
    const error = new (got().RequestError)('socket hang up', cause, {} as never);

    const contract = toContractError(outbound, error);

    expect(contract.message).toMatch(/^The site_a source failed: [a-z].*\.$/);
    expect(contract.message).not.toMatch(CODE);
    expect(contract.message).not.toContain('socket hang up');
    expect(contract.cause).toBe(error);
  });

  it('has its own words for the codes a source failure usually has', () => {
    const said = ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].map(transportFailure);
    expect(said).toEqual([
      'the connection was reset by the source',
      'the source refused the connection',
      'the connection to the source timed out',
      "the source's host name could not be resolved",
      'the source closed the connection while the request was being sent',
    ]);
    expect(transportFailure('ERR_GOT_REQUEST_ERROR')).toBe('the request to the source failed');
  });
});

describe('upstream routes with a failing transport', () => {
  const api = useTestServer({ budgetMs: 2_500 });

  // Every fault kind the sandbox injects but latency (a timeout's detail is one fixed sentence, tested above
  // through the deadline, and waiting for it on every route would be slow).
  const faults: [string, () => Fault][] = [
    ['reset', () => ({ kind: 'reset' })],
    ['cut short', () => ({ kind: 'truncate' })],
    ['redirected off its hosts', () => ({ kind: 'redirect', location: 'http://127.0.0.1:1/' })],
    ['failing with HTTP 500', () => ({ kind: 'status', status: 500 })],
    ['rate limited', () => ({ kind: 'rate-limit', retryAfter: 120 })],
    ['in maintenance', () => ({ kind: 'maintenance', retryAfter: 300 })],
    ['answering malformed bodies', () => ({ kind: 'malformed' })],
    ['with a changed layout', () => ({ kind: 'layout' })],
    ['drifted from the contract', () => ({ kind: 'contract-drift' })],
    ['challenged by bot protection', () => ({ kind: 'challenge' })],
  ];
  const cases = routeList
    .filter((r) => r.upstream?.length)
    .flatMap((route) =>
      route.upstream!.flatMap((provider) =>
        faults.map(
          ([name, fault]) => [`${route.path} with ${provider} ${name}`, route, provider, fault] as const,
        ),
      ),
    );

  // The cases run before their tests, in rounds of one route of each source at once (most of a case is the
  // client's backoff between attempts), the upstream reset between rounds (tests/helpers/matrix.ts).
  const answers = new Map<string, Awaited<ReturnType<TestServer['get']>>>();
  beforeAll(async () => {
    const chosen = cases.filter(([name]) =>
      picked(`upstream routes with a failing transport ${name}: the details name no code`),
    );
    for (const round of rounds(chosen, ([, route, provider]) => [route.path, provider])) {
      api.resetUpstream();
      await Promise.all(
        round.map(async ([name, route, provider, fault]) => {
          api.sandbox.inject(provider, fault());
          answers.set(name, await api.get(route.example, { 'x-api-key': KEYS.enterprise }));
        }),
      );
    }
  }, 300_000);

  it.each(cases)('%s: the details name no code', (name, _route: Route, _provider, fault) => {
    const res = answers.get(name)!;

    // A drift may reach nothing the route reads: then the answer is the source's own.
    if (res.status === 200 && fault().kind === 'contract-drift') return;
    expect(res.status).toBeGreaterThanOrEqual(400);
    const details = detailsOf(res.body);
    expect(details.filter((d) => CODE.test(d))).toEqual([]);
  });

  it('answers a reset in words', async () => {
    const route = routeList.find((r) => r.path === '/v1/site_a/destinations/lookup')!;
    api.sandbox.inject('site_a', { kind: 'reset' });

    const res = await api.get(route.example, { 'x-api-key': KEYS.enterprise });

    expect([res.status, res.body.detail]).toEqual([
      502,
      'The site_a source failed: the connection was reset by the source.',
    ]);
  });
});
