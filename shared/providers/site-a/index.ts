/**
 * site_a: destinations from the real autocomplete, hotel ids from the real page markers (read only as
 * far as the first one, about 60 KB of a 1.5 MB page), photos from the page's `hotelPhotos` literal,
 * reached from an id through a destination search. An id found by url-to-id is remembered, so photos
 * for it skip the search.
 */
import { LRUCache } from 'lru-cache';
import { Photo, type DestinationSuggestion } from '../../schemas/site-a.ts';
import { fetchParsed, scanUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import { literalAfter } from '../../upstream/js-literal.ts';
import {
  AutocompleteAnswer,
  extractDestinations,
  galleryInPage,
  hotelIdInPage,
  hotelRefInResults,
} from './extract.ts';
import { autocompleteRequest, hotelByIdRequest, hotelPageRequest } from './requests.ts';
import type { HotelRef } from './urls.ts';

const knownRefs = new LRUCache<string, HotelRef>({ max: 10_000, ttl: 24 * 3600 * 1000 });

/** @example await siteA.destinations(ctx, 'paris', 'fr') // up to 5 suggestions, best first */
async function destinations(
  ctx: UpstreamContext,
  query: string,
  language: string,
): Promise<DestinationSuggestion[]> {
  const res = await fetchParsed(
    autocompleteRequest(query, language),
    AutocompleteAnswer,
    ctx,
    'the autocomplete answer',
  );
  return extractDestinations(res.body);
}

/** The numeric id of a hotel page, or undefined when there is no such page. @example await siteA.urlToId(ctx, { cc: 'fr', slug: 'x' }) */
async function urlToId(ctx: UpstreamContext, ref: HotelRef): Promise<string | undefined> {
  const res = await scanUpstream(hotelPageRequest(ref), ctx, hotelIdInPage, 'hotel id');
  if (res.status === 404) return undefined;
  if (!res.body)
    throw new ExtractionError('site_a', 'the hotel page carries no hotel id', undefined, res.status);
  knownRefs.set(res.body, ref);
  return res.body;
}

/** The gallery, main photo first, or undefined when site_a has no such hotel. @example await siteA.photos(ctx, '1007790') */
async function photos(ctx: UpstreamContext, hotelId: string): Promise<Photo[] | undefined> {
  let ref = knownRefs.get(hotelId);
  if (!ref) {
    const found = await scanUpstream(
      hotelByIdRequest(hotelId),
      ctx,
      (html) =>
        /<\/html>/i.test(html.slice(-256)) ? (hotelRefInResults(html) ?? null) : hotelRefInResults(html),
      'first hotel',
    );
    if (found.status === 404 || !found.body) return undefined;
    ref = found.body;
  }
  let full = false; // the literal arrived at the cap: read on to the page's end, without parsing it again
  const page = await scanUpstream(
    { ...hotelPageRequest(ref), cache: 'reviews' },
    ctx,
    (html) => {
      const complete = /<\/html>\s*$/i.test(html.slice(-256));
      if (full && !complete) return undefined;
      const gallery = galleryInPage(html, complete);
      full = gallery === undefined && literalAfter(html, 'hotelPhotos:') !== undefined;
      return gallery;
    },
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

/** site_a, as the handlers use it. */
export const siteA = { destinations, urlToId, photos };
