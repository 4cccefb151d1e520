/**
 * What a connector needs from the invocation to go upstream: its deadline, and a place to record
 * how each answer was served (the endpoint turns that into X-Cache and Age). Kept apart from the
 * client so that functions that never go upstream never bundle got.
 */
import type { Deadline } from './deadline.ts';
import type { CacheKind } from './ttl.ts';

export interface Served {
  hit: boolean;
  ageSeconds: number;
  /** The kind of data served, which bounds how long a result built from it may be kept. */
  kind: CacheKind;
  /** Drops the answer from the in-process cache: called when the invocation's extraction fails. */
  evict?(): void;
}

export interface UpstreamContext {
  deadline: Deadline;
  served: Served[];
  /**
   * Set when the invocation's extraction failed (or a 200 said the source failed): an answer still in flight then (a call run alongside
   * the one that failed) is dropped from the cache as it lands, like those read before.
   */
  extractionFailed?: boolean;
}
