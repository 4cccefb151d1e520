/**
 * Operational metrics as CloudWatch embedded-metric-format lines: per provider, upstream requests,
 * latency and errors by kind, cache hits and misses at both levels, and extraction failures (the sign
 * that a source changed its format). Each record is its own line with its own dimensions, so one
 * invocation touching two providers reports both correctly. Emitted on Lambda (or with METRICS=emf);
 * a no-op elsewhere, so local runs and tests stay quiet.
 *
 * The lines are the ones Powertools' Metrics writes for a single metric (namespace, the `service`
 * dimension first, then the record's own), written here: its single-metric path builds a whole Metrics
 * instance per record, about 0.5 ms each, on every cache hit. Each line is written at once, as
 * Powertools writes it: none is left behind when Lambda freezes the process.
 */

export const METRICS_NAMESPACE = 'TravelDataApi';
const SERVICE = 'travel-data-api';

/** Why an upstream request failed, as the alarms and the dashboard group them. */
export type UpstreamFailure = 'timeout' | 'unavailable' | 'challenge' | 'http' | 'network' | 'extraction';

/** The CloudWatch units these metrics use. */
type Unit = 'Count' | 'Milliseconds';

const enabled = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) || process.env.METRICS === 'emf';

/**
 * One EMF line: the record's directive, the `service` dimension and the record's own, then its value.
 * @example emfLine('CacheHits', 'Count', 1, { provider: 'site_a', level: 'L1' }, 0)
 */
export function emfLine(
  name: string,
  unit: Unit,
  value: number,
  dimensions: Record<string, string>,
  timestamp = Date.now(),
): string {
  let keys = '"service"';
  let fields = '';
  for (const k in dimensions) {
    const key = JSON.stringify(k);
    keys += `,${key}`;
    fields += `,${key}:${JSON.stringify(dimensions[k])}`;
  }
  const metric = JSON.stringify(name);
  return `{"_aws":{"Timestamp":${timestamp},"CloudWatchMetrics":[{"Namespace":"${METRICS_NAMESPACE}","Dimensions":[[${keys}]],"Metrics":[{"Name":${metric},"Unit":"${unit}"}]}]},"service":"${SERVICE}"${fields},${metric}:${JSON.stringify(value)}}\n`;
}

function emit(name: string, unit: Unit, value: number, dimensions: Record<string, string>): void {
  if (!enabled()) return;
  process.stdout.write(emfLine(name, unit, value, dimensions));
}

/** One request that went to the source. @example recordUpstream('site_a', 412) */
export function recordUpstream(provider: string, ms: number): void {
  emit('UpstreamRequests', 'Count', 1, { provider });
  emit('UpstreamLatency', 'Milliseconds', ms, { provider });
}

/** A failed upstream request, by kind. @example recordUpstreamFailure('site_a', 'timeout') */
export function recordUpstreamFailure(provider: string, kind: UpstreamFailure): void {
  emit('UpstreamErrors', 'Count', 1, { provider });
  emit(`UpstreamErrors_${kind}`, 'Count', 1, { provider });
  if (kind === 'extraction') emit('ExtractionFailures', 'Count', 1, { provider });
}

/** A cache lookup: L1 in process, L2 shared by the deployment. @example recordCache('site_a', 'L1', true) */
export function recordCache(provider: string, level: 'L1' | 'L2', hit: boolean): void {
  emit(hit ? 'CacheHits' : 'CacheMisses', 'Count', 1, { provider, level });
}

/**
 * Drift a tolerant read saw (shared/extraction/tolerant.ts): an optional field absent from `count` records,
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
  emit(kind === 'missing' ? 'FieldsMissing' : 'EntriesSkipped', 'Count', count, { provider, field });
  emit('Drift', 'Count', count, { provider });
}

/** One answer read by a tolerant reader, drifted or not. @example recordAnswerRead('chain_a') */
export function recordAnswerRead(provider: string): void {
  emit('AnswersRead', 'Count', 1, { provider });
}
