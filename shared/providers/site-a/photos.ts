/**
 * site_a photos: the gallery of a hotel page (its `hotelPhotos` literal), reached from an id through a
 * destination search unless the page is known. Apart from the facade so that only this function's bundle
 * loads JSON5.
 */
import { Photo } from '../../schemas/site-a.ts';
import { scanUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import { type StreamScan, windowScan } from '../../upstream/stream-scan.ts';
import { hotelRefInResults } from './extract.ts';
import { galleryScan } from './gallery.ts';
import { knownRefs } from './known.ts';
import { hotelByIdRequest, hotelPageRequest } from './requests.ts';
import type { HotelRef } from './urls.ts';

/**
 * The first hotel a results page links to; null only for a page that is site_a's own answer of none (its
 * results page, or its home page, where it sends an id it does not know, by the env block's `b_action`).
 * A page that ends as neither is not the page asked for: an extraction error, never "no such hotel", so
 * that it is neither cached nor billed as a negative.
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

/** The gallery, main photo first, or undefined when site_a has no such hotel. @example await sitePhotos(ctx, '1007790') */
export async function sitePhotos(ctx: UpstreamContext, hotelId: string): Promise<Photo[] | undefined> {
  let ref = knownRefs.get(hotelId);
  if (!ref) {
    const found = await scanUpstream(hotelByIdRequest(hotelId), ctx, firstHotelScan, 'first hotel');
    if (found.status === 404 || !found.body) return undefined;
    ref = found.body;
  }
  const page = await scanUpstream(
    { ...hotelPageRequest(ref), cache: 'reviews' },
    ctx,
    galleryScan,
    'gallery',
  );
  if (page.status === 404) return undefined;
  if (!page.body)
    throw new ExtractionError('site_a', 'the hotel page ended without a gallery', undefined, page.status);
  // The search led to another hotel: site_a does not know this id.
  if (page.body.hotelId !== undefined && page.body.hotelId !== hotelId) return undefined;
  if (page.body.photos.length === 0)
    throw new ExtractionError('site_a', 'the hotel page has no hotelPhotos literal', undefined, page.status);
  knownRefs.set(hotelId, ref);
  return page.body.photos.map((p) => conform('site_a', Photo, p, 'a photo', page.status));
}
