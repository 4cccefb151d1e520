// Operational metrics: the EMF lines the upstream client and the endpoint write, per provider.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { clearCache } from '../../shared/upstream/cache.ts';
import { fetchUpstream } from '../../shared/upstream/client.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { configurePolicies } from '../../shared/upstream/policies.ts';
import { useSandbox } from '../helpers/use-sandbox.ts';

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

const sandbox = useSandbox();
let lines: string[] = [];
let spy: ReturnType<typeof jest.spyOn>;

beforeEach(() => {
  process.env.METRICS = 'emf';
  clearCache();
  configurePolicies();
  sandbox.clearFaults();
  lines = [];
  spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  spy.mockRestore();
  delete process.env.METRICS;
});

const emitted = () =>
  lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('CloudWatchMetrics'))
    .map((l) => JSON.parse(l) as Emf)
    .map((e) => ({
      name: e._aws.CloudWatchMetrics[0]!.Metrics[0]!.Name,
      namespace: e._aws.CloudWatchMetrics[0]!.Namespace,
      provider: e.provider,
      level: e.level,
      value: e[e._aws.CloudWatchMetrics[0]!.Metrics[0]!.Name],
    }));

const search = {
  provider: 'site_a',
  path: '/hotel/zz/none.html',
  expect: 'html' as const,
  cache: 'ids' as const,
  notFoundOk: true,
};
const ctx = (ms = 5_000) => ({ deadline: new Deadline(ms), served: [] });

describe('upstream metrics', () => {
  it('counts a request with its latency and an L1 miss, then an L1 hit', async () => {
    await fetchUpstream(search, ctx());
    await fetchUpstream(search, ctx());
    const names = emitted().map((m) => [m.name, m.provider, m.level ?? '']);
    expect(names).toEqual([
      ['UpstreamRequests', 'site_a', ''],
      ['UpstreamLatency', 'site_a', ''],
      ['CacheMisses', 'site_a', 'L1'],
      ['CacheHits', 'site_a', 'L1'],
    ]);
    expect(new Set(emitted().map((m) => m.namespace))).toEqual(new Set(['TravelDataApi']));
    expect(Number(emitted()[1]!.value)).toBeGreaterThan(0);
  });

  it('counts a failure by kind', async () => {
    sandbox.inject('site_a', { kind: 'challenge' });
    await expect(fetchUpstream(search, ctx())).rejects.toThrow(/bot protection/);
    expect(emitted().map((m) => m.name)).toEqual(['UpstreamErrors', 'UpstreamErrors_challenge']);
  });

  it('writes nothing outside Lambda unless asked', async () => {
    delete process.env.METRICS;
    await fetchUpstream(search, ctx());
    expect(emitted()).toEqual([]);
  });
});
