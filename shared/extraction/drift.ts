/**
 * What tolerant reads count (shared/extraction/tolerant.ts): optional fields found absent and list entries
 * skipped, per provider and field path. Each read's counts reach the metrics (`FieldsMissing`,
 * `EntriesSkipped`), one log line per field path, and the observers tests register.
 */
import { log } from '../log.ts';
import { recordAnswerRead, recordDrift } from '../metrics.ts';
import type { ConnectorToken } from '../tokens.ts';

/** What a read found missing or skipped, by field path (`hotels[].rateDetails.offers[].totalRate`). */
export interface Drift {
  provider: ConnectorToken;
  /** `missing`: an optional field was absent; `skipped`: a list entry was a placeholder or unusable. */
  kind: 'missing' | 'skipped';
  /** The field's path from the answer's root; `[]` stands for any entry of a list. */
  field: string;
  /** How many records of the answer lacked it (or how many entries of that list were skipped). */
  count: number;
}

/**
 * Counts by kind and path, for one read.
 * @example const tally = new Tally(); tally.add('skipped', 'hotels[]', 2);
 */
export class Tally {
  readonly counts = new Map<string, { kind: Drift['kind']; field: string; count: number }>();
  /** Counts `n` more of `kind` at `field`. */
  add(kind: Drift['kind'], field: string, n = 1): void {
    const key = `${kind} ${field}`;
    const seen = this.counts.get(key);
    if (seen) seen.count += n;
    else this.counts.set(key, { kind, field, count: n });
  }
  /** Adds another tally's counts to this one (an entry's, once it is kept). */
  merge(other: Tally): void {
    for (const { kind, field, count } of other.counts.values()) this.add(kind, field, count);
  }
}

type Observer = (drift: Drift) => void;
const observers = new Set<Observer>();

/**
 * Calls `observer` with every drift a tolerant read records, until the returned function is called.
 * @example const stop = observeDrift((d) => seen.push(d)); extract(answer); stop();
 */
export function observeDrift(observer: Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * Records what one read counted: the metrics (`FieldsMissing`, `EntriesSkipped`, and the answer read
 * unless `read` is false), a log line per field path, and every observer.
 * @example const tally = new Tally(); tally.add('missing', 'hotels[].name'); reportDrift('chain_a', 'the offers', tally);
 */
export function reportDrift(provider: ConnectorToken, what: string, tally: Tally, read = true): void {
  if (read) recordAnswerRead(provider);
  for (const { kind, field, count } of tally.counts.values()) {
    recordDrift(provider, kind, field, count);
    log('info', kind === 'missing' ? 'source field missing' : 'source list entries skipped', {
      provider,
      answer: what,
      field,
      count,
    });
    for (const observer of observers) observer({ provider, kind, field, count });
  }
}

/**
 * Entries a connector leaves out after the read, for a reason its schema cannot say (an offer whose room
 * is not defined, a rate without its refundability): counted like the entries the read skipped.
 * @example recordSkipped('chain_a', 'hotels[].rateDetails.offers[]', 'the cash offers')
 */
export function recordSkipped(provider: ConnectorToken, field: string, what: string, count = 1): void {
  const tally = new Tally();
  tally.add('skipped', field, count);
  reportDrift(provider, what, tally, false);
}

/**
 * A field a connector reads as absent after the read, for a reason its schema cannot say (a reply that is
 * an empty text): counted like the optional fields the read found missing.
 * @example recordMissing('site_a', 'reviews[].partnerReply.reply', 'the review list')
 */
export function recordMissing(provider: ConnectorToken, field: string, what: string, count = 1): void {
  const tally = new Tally();
  tally.add('missing', field, count);
  reportDrift(provider, what, tally, false);
}
