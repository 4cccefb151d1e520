/**
 * site_a photos: the gallery of a hotel page (its `hotelPhotos` literal), reached from an id through a
 * destination search unless the page is known. Apart from the facade so that only this function's bundle
 * loads JSON5.
 */
import { Photo } from '../../schemas/site-a.ts';
import { scanUpstream } from '../../upstream/client.ts';
import { conform } from '../../extraction/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { galleryScan } from './gallery.ts';
import { knownRefs } from './known.ts';
import { hotelRefById } from './lookup.ts';
import { hotelPageRequest } from './requests.ts';

/** The gallery, main photo first, or undefined when site_a has no such hotel. @example await sitePhotos(ctx, '1007790') */
export async function sitePhotos(ctx: UpstreamContext, hotelId: string): Promise<Photo[] | undefined> {
  const ref = await hotelRefById(ctx, hotelId);
  if (!ref) return undefined;
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
