/**
 * The cursor chain of rental search. The source's pages overlap (about 5 of 18 cards repeated) and its
 * ranking shifts between calls, so a listing can come back on any later page. Our cursor carries, beside
 * the source's own cursor, what the chain has already returned: a 48-bit hash of each listing id (8
 * characters), so that 15 pages of 18 stay about 2 KB, and a fingerprint of the search it belongs to. A
 * page is the source's page less what was returned before; a page left empty by that is followed by the
 * next source page, a few at most.
 */
import type { SearchListing } from '../../schemas/rental-search.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { encodeCursor, seenKey, type ChainCursor } from '../../schemas/rental-cursor.ts';
import { searchPage, type SearchQuery } from './search.ts';

/** Source pages one call reads at most, when the first ones bring nothing new. */
export const MAX_SOURCE_PAGES = 3;

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
