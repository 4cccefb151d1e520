// The EMF metric lines a test's code writes to stdout (METRICS=emf), read back as name, dimensions, value.
import { afterEach, beforeEach, jest } from '@jest/globals';

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

/** One metric record: its name and namespace, its value, and its dimensions and other fields as written. */
export interface EmittedMetric {
  name: string;
  namespace: string;
  value: unknown;
  fields: Record<string, unknown>;
}

/**
 * Turns EMF on and captures stdout around each test of the calling suite; the returned function reads
 * the metric records written so far.
 * @example const emitted = captureEmf(); … expect(emitted().map((m) => m.name)).toContain('FieldsMissing');
 */
export function captureEmf(): () => EmittedMetric[] {
  let lines: string[] = [];
  let spy: ReturnType<typeof jest.spyOn> | undefined;
  beforeEach(() => {
    process.env.METRICS = 'emf';
    lines = [];
    spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    spy?.mockRestore();
    delete process.env.METRICS;
  });
  return () =>
    lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.includes('CloudWatchMetrics'))
      .map((l) => JSON.parse(l) as Emf)
      .map((e) => {
        const { Namespace, Metrics } = e._aws.CloudWatchMetrics[0]!;
        const name = Metrics[0]!.Name;
        return { name, namespace: Namespace, value: e[name], fields: e };
      });
}
