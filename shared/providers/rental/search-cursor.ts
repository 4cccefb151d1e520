/**
 * The cursor chain of rental search. The source's pages overlap (about 5 of 18 cards repeated) and its
 * ranking shifts between calls, so a listing can come back on any later page. Our cursor carries, beside
 * the source's own cursor, what the chain has already returned: a 48-bit hash of each listing id (8
 * characters), so that 15 pages of 18 stay about 2 KB, and a fingerprint of the search it belongs to. A
 * page is the source's page less what was returned before; a page left empty by that is followed by the
 * next source page, a few at most.
 */
import { createHash } from 'node:crypto';
import type { SearchListing } from '../../schemas/rental-search.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { searchPage, type SearchQuery } from './search.ts';

/** Source pages one call reads at most, when the first ones bring nothing new. */
export const MAX_SOURCE_PAGES = 3;

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

/**
 * One page of the chain: the source's next page less the listings the chain returned before (and repeats
 * within it), and the cursor that continues it (null after the source's last page).
 * @example await searchChain(ctx, query, 'k3J…') // { listings: [...], next: 'eyJ2Ijox…' }
 */
export async function searchChain(
  ctx: UpstreamContext,
  q: SearchQuery,
  fingerprint: string,
  cursor?: ChainCursor,
): Promise<{ listings: SearchListing[]; next: string | null }> {
  const seen = new Set(cursor?.seen ?? []);
  let source = cursor?.source;
  const listings: SearchListing[] = [];
  for (let read = 0; read < MAX_SOURCE_PAGES; read++) {
    const page = await searchPage(ctx, q, source);
    for (const listing of page.listings) {
      const key = seenKey(listing.listing_id);
      if (seen.has(key)) continue;
      seen.add(key);
      listings.push(listing);
    }
    source = page.nextCursor ?? undefined;
    if (listings.length > 0 || !source) break;
  }
  return {
    listings,
    next: source ? encodeCursor({ fingerprint, source, seen: [...seen] }) : null,
  };
}
