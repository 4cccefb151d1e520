/**
 * Operational metrics as CloudWatch embedded-metric-format lines, through Powertools for AWS Lambda's
 * Metrics: per provider, upstream requests, latency and errors by kind, cache hits and misses at both
 * levels, and extraction failures (the sign that a source changed its format). Each record is flushed
 * at once with its own dimensions, so one invocation touching two providers reports both correctly.
 * Emitted on Lambda (or with METRICS=emf); a no-op elsewhere, so local runs and tests stay quiet.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const METRICS_NAMESPACE = 'TravelDataApi';

/** Why an upstream request failed, as the alarms and the dashboard group them. */
export type UpstreamFailure = 'timeout' | 'unavailable' | 'challenge' | 'http' | 'network' | 'extraction';

let instance: Metrics | undefined;

const enabled = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) || process.env.METRICS === 'emf';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

function emit(name: string, unit: Unit, value: number, dimensions: Record<string, string>): void {
  if (!enabled()) return;
  instance ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'travel-data-api' });
  const single = instance.singleMetric();
  for (const [k, v] of Object.entries(dimensions)) single.addDimension(k, v);
  single.addMetric(name, unit, value);
}

/** One request that went to the source. @example recordUpstream('site_a', 412) */
export function recordUpstream(provider: string, ms: number): void {
  emit('UpstreamRequests', MetricUnit.Count, 1, { provider });
  emit('UpstreamLatency', MetricUnit.Milliseconds, ms, { provider });
}

/** A failed upstream request, by kind. @example recordUpstreamFailure('site_a', 'timeout') */
export function recordUpstreamFailure(provider: string, kind: UpstreamFailure): void {
  emit('UpstreamErrors', MetricUnit.Count, 1, { provider });
  emit(`UpstreamErrors_${kind}`, MetricUnit.Count, 1, { provider });
  if (kind === 'extraction') emit('ExtractionFailures', MetricUnit.Count, 1, { provider });
}

/** A cache lookup: L1 in process, L2 shared by the deployment. @example recordCache('site_a', 'L1', true) */
export function recordCache(provider: string, level: 'L1' | 'L2', hit: boolean): void {
  emit(hit ? 'CacheHits' : 'CacheMisses', MetricUnit.Count, 1, { provider, level });
}

/**
 * Drift a tolerant read saw (shared/upstream/tolerant.ts): an optional field absent from `count` records,
 * or `count` entries of a list skipped, per provider and field path; beside them one `Drift` figure per
 * provider (every absence and skip of the answer) and one `AnswersRead`, whose ratio the dashboard and
 * the drift alarm follow.
 * @example recordDrift('site_c', 'missing', 'ReviewsProxy_getReviewListPageForLocation[].reviews[].helpfulVotes', 10)
 */
export function recordDrift(
  provider: string,
  kind: 'missing' | 'skipped',
  field: string,
  count: number,
): void {
  emit(kind === 'missing' ? 'FieldsMissing' : 'EntriesSkipped', MetricUnit.Count, count, { provider, field });
  emit('Drift', MetricUnit.Count, count, { provider });
}

/** One answer read by a tolerant reader, drifted or not. @example recordAnswerRead('chain_a') */
export function recordAnswerRead(provider: string): void {
  emit('AnswersRead', MetricUnit.Count, 1, { provider });
}
