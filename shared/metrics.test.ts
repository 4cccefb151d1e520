// The EMF lines written here are the ones Powertools' Metrics writes for the same single-metric record.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { emfLine, METRICS_NAMESPACE, recordCache } from './metrics.ts';

afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.METRICS;
});

/** What Powertools writes for one single-metric record, read back as JSON. */
function powertoolsLine(
  name: string,
  unit: 'Count' | 'Milliseconds',
  value: number,
  dims: Record<string, string>,
) {
  const lines: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const single = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'travel-data-api' }).singleMetric();
  for (const [k, v] of Object.entries(dims)) single.addDimension(k, v);
  single.addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Milliseconds, value);
  jest.restoreAllMocks();
  return JSON.parse(lines.join('').trim()) as { _aws: { Timestamp: number } };
}

describe('emfLine', () => {
  it.each([
    ['CacheHits', 'Count', 1, { provider: 'maps_reviews', level: 'L1' }],
    ['UpstreamLatency', 'Milliseconds', 12.5, { provider: 'site_a' }],
    ['FieldsMissing', 'Count', 3, { provider: 'site_c', field: 'reviews[]."quoted"' }],
  ] as const)('writes %s as Powertools does', (name, unit, value, dims) => {
    const theirs = powertoolsLine(name, unit, value, dims);
    const ours = emfLine(name, unit, value, dims, theirs._aws.Timestamp);
    expect(ours.endsWith('\n')).toBe(true);
    expect(JSON.parse(ours)).toEqual(theirs);
    // Same key order too: the dimension set is read in order.
    expect(Object.keys(JSON.parse(ours))).toEqual(Object.keys(theirs));
  });

  it('is written only with METRICS=emf (or on Lambda), one line a record', () => {
    const lines: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    recordCache('site_a', 'L1', true);
    expect(lines).toEqual([]);
    process.env.METRICS = 'emf';
    recordCache('site_a', 'L1', true);
    recordCache('site_a', 'L2', false);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => Object.keys(JSON.parse(l)).at(-1))).toEqual(['CacheHits', 'CacheMisses']);
  });
});
