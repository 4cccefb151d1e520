/**
 * site_a's hotel page of an id: remembered, or the first hotel of the results page for the hotel as a
 * destination. Apart from the page readers, so that photos and the hotel routes share it without either
 * loading the other's parsers.
 */
import { scanUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { windowScan, type StreamScan } from '../../extraction/stream-scan.ts';
import { hotelRefInResults } from './search-page.ts';
import { knownRefs } from './known.ts';
import { hotelByIdRequest } from './requests.ts';
import type { HotelRef } from './urls.ts';

/**
 * The first hotel a results page links to; null only for a page that is site_a's own answer of none (its
 * results page, or its home page, where it sends an id it does not know, by the env block's `b_action`).
 * Any other page is not the page asked for: an extraction error, never "no such hotel" (as photos' lookup).
 */
function firstHotelScan(): StreamScan<HotelRef | null> {
  let action: string | undefined;
  let ended = false;
  const scan = windowScan((html) => {
    action ??= /\bb_action\s*:\s*'(\w+)'/.exec(html)?.[1];
    ended ||= /<\/html>/i.test(html.slice(-256));
    return hotelRefInResults(html);
  });
  return {
    feed: (fresh) => scan.feed(fresh),
    end: () => {
      const ref = scan.end();
      if (ref) return ref;
      if (ended && (action === 'searchresults' || action === 'index')) return null;
      throw new ExtractionError(
        'site_a',
        'the hotel lookup answered a page that is neither results nor home',
        undefined,
        200,
      );
    },
    get examined() {
      return scan.examined;
    },
  };
}

/**
 * The hotel page of an id: remembered from url-to-id, a search or an earlier call, else the first hotel the
 * results page for the hotel as a destination links to (checked against the page's own id by the caller);
 * undefined when site_a lists no such hotel.
 * @example await hotelRefById(ctx, '1007790') // { cc: 'fr', slug: 'aurelia-suites-paris' }
 */
export async function hotelRefById(ctx: UpstreamContext, hotelId: string): Promise<HotelRef | undefined> {
  const known = knownRefs.get(hotelId);
  if (known) return known;
  const found = await scanUpstream(hotelByIdRequest(hotelId), ctx, firstHotelScan, 'first hotel');
  if (found.status === 404 || !found.body) return undefined;
  return found.body;
}
