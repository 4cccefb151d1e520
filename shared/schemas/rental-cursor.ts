/**
 * The opaque cursor of rental search's chain (shared/providers/rental/search-cursor.ts), written and read
 * without the connector:
 * the search's query schema checks a cursor against its search with it, and a watch's creation loads that
 * schema alone.
 */
import { createHash } from 'node:crypto';

export interface ChainCursor {
  /** The search it continues (see `searchFingerprint`). */
  fingerprint: string;
  /** The source's cursor to its next page. */
  source: string;
  /** The hashes of the listing ids already returned (`seenKey`). */
  seen: string[];
}

const hash64 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** What identifies a search, every parameter but the cursor. @example searchFingerprint({ location: 'Lyon', adults: 2 }) // 'k3J…' */
export function searchFingerprint(params: Record<string, unknown>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k] ?? null]);
  return hash64(JSON.stringify(sorted)).slice(0, 12);
}

/** A listing id's mark in the cursor. @example seenKey('40000001').length // 8 */
export const seenKey = (listingId: string) => hash64(`listing:${listingId}`).slice(0, 8);

/** The opaque cursor of a chain. @example encodeCursor({ fingerprint: 'abc', source: 'eyJ…', seen: [] }) */
export function encodeCursor(c: ChainCursor): string {
  return Buffer.from(JSON.stringify({ v: 1, f: c.fingerprint, c: c.source, s: c.seen.join('') })).toString(
    'base64url',
  );
}

/** A cursor read back, or undefined when it is not one of ours. @example decodeCursor('x') // undefined */
export function decodeCursor(text: string): ChainCursor | undefined {
  try {
    const raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { v, f, c, s } = raw;
    if (v !== 1 || typeof f !== 'string' || typeof c !== 'string' || !c || typeof s !== 'string')
      return undefined;
    if (s.length % 8 !== 0 || !/^[\w-]*$/.test(s)) return undefined;
    return { fingerprint: f, source: c, seen: s.match(/.{8}/g) ?? [] };
  } catch {
    return undefined;
  }
}
