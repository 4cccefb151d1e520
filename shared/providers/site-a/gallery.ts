/**
 * The gallery of a site_a hotel page: the `hotelPhotos` literal (JavaScript, read by JSON5) and, when the
 * literal is full, the page's further images. Apart from extract.ts so that only the photos function
 * bundles JSON5.
 */
import * as z from 'zod';
import type { Photo } from '../../schemas/site-a.ts';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { literalAfter, readLiteral } from '../../extraction/js-literal.ts';
import { literalScan, windowScan, type StreamScan } from '../../extraction/stream-scan.ts';
import { recordSkipped, tolerant } from '../../extraction/tolerant.ts';

/** The image host's size segment: `max1024x768`, `max500`, `square200`, `608x352`… */
const SIZE = /\/xdata\/images\/hotel\/(?:max\d+(?:x\d+)?|square\d+|\d+x\d+)\//;

function sized(url: string, size: string): string {
  return url.replace(SIZE, `/xdata/images/hotel/${size}/`);
}

const LiteralPhoto = z.looseObject({ id: z.union([z.string(), z.number()]), large_url: z.string() });
/** The literal's photos, entry by entry: one without its id or URL is skipped and counted. */
export const HotelPhotos = tolerant('site_a', z.array(LiteralPhoto), 'the hotelPhotos literal');

/** The page literal holds at most this many photos; a full literal means more may follow as `<img>` URLs. */
export const PAGE_PHOTO_CAP = 45;

export interface PageGallery {
  /** `b_hotel_id` of the page, to check it is the hotel asked for. */
  hotelId?: string;
  photos: Photo[];
}

/**
 * The gallery of a hotel page, or undefined while it has not arrived: the `hotelPhotos` literal in page
 * order (main photo first), then, when the literal is full, the further photos the page shows only as
 * images (`complete` tells the reader the page has ended). Sizes are rewritten on the same signed URL.
 * @example galleryInPage(html, true)?.photos[0].large_url
 */
export function galleryInPage(html: string, complete: boolean): PageGallery | undefined {
  const literal = literalAfter(html, 'hotelPhotos:');
  if (literal === undefined) return complete ? { photos: [] } : undefined;
  const items = literalItems(literal);
  if (items.length >= PAGE_PHOTO_CAP && !complete) return undefined;
  return galleryOf(items, items.length >= PAGE_PHOTO_CAP ? imagesIn(html) : [], HOTEL_ID.exec(html)?.[1]);
}

const HOTEL_ID = /\bb_hotel_id\s*:\s*'(\d{1,12})'/;
const IMAGE = /<img\b[^>]*\bsrc="([^"]*\/xdata\/images\/hotel\/[^/"]+\/(\d+)\.jpg\?[^"]*)"/g;

/** The gallery images a page shows, in page order: [photo id, URL]. */
function imagesIn(html: string): [string, string][] {
  return [...html.matchAll(IMAGE)].map((m) => [m[2]!, m[1]!.replace(/&amp;/g, '&')]);
}

function literalItems(literal: string): unknown[] {
  const items = readLiteral(literal);
  if (!Array.isArray(items)) throw new ExtractionError('site_a', 'hotelPhotos is not a list literal');
  return items;
}

/**
 * The literal's photos in its order, then the page's further images (a full literal), sizes rewritten. A
 * photo whose URL has no size segment cannot be resized: skipped and counted. A literal of which no photo
 * can be read has changed its format: an extraction error.
 * @example galleryOf(readLiteral(literalAfter(html, 'hotelPhotos:')!), [], '4410087').photos[0].large_url
 */
export function galleryOf(
  items: unknown[],
  images: [string, string][],
  hotelId: string | undefined,
): PageGallery {
  const read = conform('site_a', HotelPhotos, items, 'the hotelPhotos literal');
  const usable = read.filter((photo) => SIZE.test(photo.large_url));
  if (read.length > 0 && usable.length === 0)
    throw new ExtractionError('site_a', 'no photo URL of the gallery has a size segment');
  if (usable.length < read.length)
    recordSkipped('site_a', '[]', 'the hotelPhotos literal', read.length - usable.length);
  const urls = new Map(usable.map((photo) => [String(photo.id), photo.large_url]));
  for (const [id, url] of images) if (!urls.has(id)) urls.set(id, url);
  return {
    hotelId,
    photos: [...urls].map(([id, url]) => ({
      photo_id: id,
      thumbnail_url: sized(url, 'square200'),
      medium_url: sized(url, 'square600'),
      large_url: sized(url, 'max1024x768'),
    })),
  };
}

/**
 * The gallery read as the page arrives, each character once or twice (galleryInPage's answer, without
 * re-reading the page): the literal is followed as it comes, the id and the images are looked for in
 * windows. A literal under the cap answers at once; a full one waits for the page's end.
 * @example scanAll(galleryScan(), html)?.photos.length // 45
 */
export function galleryScan(): StreamScan<PageGallery> {
  const literal = literalScan('hotelPhotos:');
  let hotelId: string | undefined;
  let items: unknown[] | undefined;
  let complete = false;
  const images = new Map<string, string>();
  const marks = windowScan((window) => {
    hotelId ??= HOTEL_ID.exec(window)?.[1];
    for (const [id, url] of imagesIn(window)) if (!images.has(id)) images.set(id, url);
    complete = /<\/html>\s*$/i.test(window.slice(-256));
    return undefined;
  }, 2048);
  return {
    feed(fresh) {
      marks.feed(fresh);
      if (items) return undefined;
      const text = literal.push(fresh);
      if (text === undefined) return undefined;
      items = literalItems(text);
      if (items.length >= PAGE_PHOTO_CAP) return undefined;
      marks.end(); // what arrived before the literal's end, for the page's id
      return galleryOf(items, [], hotelId);
    },
    end() {
      marks.end();
      if (!items) return complete ? { photos: [] } : undefined;
      return complete ? galleryOf(items, [...images], hotelId) : undefined;
    },
    get examined() {
      return marks.examined + literal.examined();
    },
  };
}
