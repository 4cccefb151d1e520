/**
 * Per-provider protection with cockatiel: a concurrency cap (bulkhead with a short queue) around a
 * circuit breaker that opens after consecutive failures and half-opens after a pause. One set per
 * provider per process, so one failing source never drags the others down.
 */
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
  circuitBreaker,
  ConsecutiveBreaker,
  handleWhen,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import { UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from './errors.ts';

export interface PolicySettings {
  /** Consecutive failures that open the circuit. */
  failuresToOpen: number;
  /** How long the circuit stays open before one trial request. */
  halfOpenAfterMs: number;
  /** Concurrent requests per provider, and how many more may wait. */
  concurrency: number;
  queue: number;
}

export const DEFAULT_POLICY: PolicySettings = {
  failuresToOpen: 5,
  halfOpenAfterMs: 15_000,
  concurrency: 16,
  queue: 64,
};

let settings = DEFAULT_POLICY;

interface ProviderPolicy {
  policy: IPolicy;
  breaker: CircuitBreakerPolicy;
  openedAt: number;
}
const policies = new Map<string, ProviderPolicy>();

/** A failure that says the source is unhealthy (not a 404 or a bad request of ours). */
export function isSourceFailure(error: unknown): boolean {
  if (error instanceof UpstreamTimeoutError || error instanceof UpstreamUnavailableError) return true;
  if (error instanceof UpstreamError)
    return error.upstreamStatus === undefined || error.upstreamStatus >= 500;
  return false;
}

function policyFor(provider: string): ProviderPolicy {
  let entry = policies.get(provider);
  if (!entry) {
    const breaker = circuitBreaker(handleWhen(isSourceFailure), {
      halfOpenAfter: settings.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(settings.failuresToOpen),
    });
    const created: ProviderPolicy = {
      policy: wrap(bulkhead(settings.concurrency, settings.queue), breaker),
      breaker,
      openedAt: 0,
    };
    breaker.onBreak(() => {
      created.openedAt = Date.now();
    });
    policies.set(provider, created);
    entry = created;
  }
  return entry;
}

/**
 * Runs one upstream call under the provider's bulkhead and breaker; their rejections become 503s.
 * @example await protect('site_a', () => fetchOnce(url))
 */
export async function protect<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const entry = policyFor(provider);
  try {
    return await entry.policy.execute(call);
  } catch (error) {
    if (error instanceof BrokenCircuitError) {
      const left = (entry.openedAt + settings.halfOpenAfterMs - Date.now()) / 1000;
      throw new UpstreamUnavailableError(
        provider,
        left,
        'circuit open',
        error,
        'circuit open after repeated failures',
      );
    }
    if (error instanceof BulkheadRejectedError)
      throw new UpstreamUnavailableError(provider, 1, 'queue full', error, 'too many concurrent requests');
    throw error;
  }
}

/** Current breaker state of a provider, for tests and health. */
export function circuitState(provider: string): string {
  return String(policyFor(provider).breaker.state);
}

/** Replaces the settings and forgets every provider's state (tests). */
export function configurePolicies(next: Partial<PolicySettings> = {}): void {
  settings = { ...DEFAULT_POLICY, ...next };
  policies.clear();
}
