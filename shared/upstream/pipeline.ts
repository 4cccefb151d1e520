/**
 * The one way a request goes out, for buffered and streamed reads alike: the provider's configuration
 * resolved once, libraries and secrets loaded, then the cache (and coalescing); on a miss the metrics,
 * the deployment's ceiling, the breaker and bulkhead, and the session around the read.
 */
import { randomUUID } from 'node:crypto';
import { cached, forget, type CacheKind } from './cache.ts';
import type { UpstreamContext } from './context.ts';
import { UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from './errors.ts';
import { ExtractionError } from '../extraction/errors.ts';
import { recordCache, recordUpstream, recordUpstreamFailure, type UpstreamFailure } from '../metrics.ts';
import { protect } from './policies.ts';
import { providerConfig, type ProviderConfig } from './providers.ts';
import {
  cacheKeyOf,
  publicUrl,
  type Loaded,
  type Outbound,
  type UpstreamRequest,
  type UpstreamResponse,
} from './request.ts';
import { loadSecrets } from './secrets.ts';
import { withSession } from './session.ts';
import { stores } from '../store/index.ts';
import { loadLibraries } from './transport.ts';

/** How long a slot is held at most: longer than any invocation's deadline, so only a dead instance's slot expires. */
export const SLOT_LEASE_MS = 30_000;

/**
 * Runs one upstream request within the provider's deployment-wide ceiling (`maxConcurrent`), when the
 * deployment has a slot store; over the ceiling, 503 with Retry-After. A failing store never blocks a
 * request: the in-process cap still holds.
 */
async function withSlot<T>(provider: string, config: ProviderConfig, call: () => Promise<T>): Promise<T> {
  const max = config.maxConcurrent;
  const slots = max ? (await stores()).slots : undefined;
  if (!max || !slots) return call();
  const holder = randomUUID();
  let slot: number | undefined;
  try {
    slot = await slots.acquire(provider, max, holder, SLOT_LEASE_MS);
  } catch {
    return call();
  }
  if (slot === undefined)
    throw new UpstreamUnavailableError(
      provider,
      1,
      'ceiling',
      undefined,
      `the deployment's ceiling of ${max} concurrent requests to the source is reached`,
    );
  try {
    return await call();
  } finally {
    await slots.release(provider, slot, holder).catch(() => undefined);
  }
}

/** The metric kind of a failed request; extraction failures are counted where they are raised (endpoint). */
function failureKind(error: unknown): UpstreamFailure | undefined {
  if (error instanceof ExtractionError) return undefined;
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamUnavailableError)
    return error.why === 'challenged' ? 'challenge' : 'unavailable';
  if (error instanceof UpstreamError) return error.upstreamStatus === undefined ? 'network' : 'http';
  return 'network';
}

/** Runs one upstream request, recording its latency or its failure for the provider's metrics. */
async function measured<T>(provider: string, request: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await request();
    recordUpstream(provider, performance.now() - started);
    return result;
  } catch (error) {
    const kind = failureKind(error);
    if (kind) recordUpstreamFailure(provider, kind);
    throw error;
  }
}

/**
 * How long an answer is kept: "not there" (404) no longer than search results, since it may change
 * sooner than an id; a passed-through error answer, or one the connector says reports an error, not at all.
 */
function keptAs(req: UpstreamRequest, loaded: Loaded): CacheKind | undefined {
  if (req.cache === 'none') return undefined;
  if (loaded.status === 404) return 'search';
  if (loaded.status >= 400 || (req.keepIf && !req.keepIf(loaded.body))) return 'none';
  return undefined;
}

/** How a caller reads the answer: the read itself, what names it in the cache, and what it weighs there. */
export interface Reading {
  /** Prefixed to the request's cache key: two readings of one page are two entries. */
  keyPrefix?: string;
  read(outbound: Outbound, session: Record<string, string>): Promise<Loaded>;
  /** The entry's weight in the cache, in bytes; by default about what the kept body takes on the heap. */
  cachedBytes?(loaded: Loaded): number;
  /**
   * The extraction the answer must pass before it is cached (or shared with requests waiting for it):
   * throwing keeps it out of the cache, so the next request asks the source again.
   */
  prove?(loaded: Loaded): void;
  /**
   * What is kept of the answer instead of its body: the connector's extraction, run once when the answer
   * arrives, so that a hit serves the result without reading the page again (and the cache holds the
   * result, not the page). Throwing keeps the answer out of the cache, like `prove`. A reading with
   * `extract` must name itself with `keyPrefix`: another reading of the same request keeps another value.
   */
  extract?(loaded: Loaded): unknown;
}

/**
 * Sends `req` through the pipeline and reads its answer with `reading`, or serves it from the cache.
 * @example await sendUpstream(req, ctx, { read: (outbound, session) => bufferedRead(outbound, sentUrl(outbound), session) })
 */
export async function sendUpstream(
  req: UpstreamRequest,
  ctx: UpstreamContext,
  reading: Reading,
): Promise<UpstreamResponse> {
  const config = providerConfig(req.provider);
  const outbound: Outbound = { req, config, deadline: ctx.deadline, url: publicUrl(req, config) };
  await loadLibraries(config);
  await loadSecrets(req.provider, config);
  const key = `${reading.keyPrefix ?? ''}${cacheKeyOf(req, outbound.url)}`;
  const served = await cached(key, req.cache, async () => {
    const loaded = await measured(req.provider, () =>
      withSlot(req.provider, config, () =>
        protect(req.provider, () => withSession(outbound, (session) => reading.read(outbound, session))),
      ),
    );
    reading.prove?.(loaded);
    const kind = keptAs(req, loaded);
    const kept: Loaded = reading.extract ? { ...loaded, body: reading.extract(loaded) } : loaded;
    return { value: kept, storedAt: Date.now(), bytes: reading.cachedBytes?.(kept), kind };
  });
  if (ctx.extractionFailed) forget([key]);
  const { status, body, bytes } = served.value;
  recordCache(req.provider, 'L1', served.hit);
  ctx.served.push({
    hit: served.hit,
    ageSeconds: served.ageSeconds,
    kind: req.cache,
    evict: () => forget([key]),
  });
  return { status, body, hit: served.hit, ageSeconds: served.ageSeconds, bytes };
}
