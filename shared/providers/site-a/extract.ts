/**
 * Pure readers of site_a's real payloads: the autocomplete answer, the id markers and the `hotelPhotos`
 * literal of a hotel page, and the first hotel link of a search results page.
 */
import * as z from 'zod';
import { DestinationSuggestion, DestType, type Photo } from '../../schemas/site-a.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import { literalAfter, readLiteral } from '../../upstream/js-literal.ts';
import type { HotelRef } from './urls.ts';

export const AutocompleteAnswer = z.object({
  results: z.array(
    z.looseObject({
      dest_id: z.union([z.string(), z.number()]),
      dest_type: z.string(),
      label: z.string().optional(),
      label1: z.string().optional(),
      value: z.string().optional(),
      cc1: z.string().optional(),
      latitude: z.number().optional(),
      longitude: z.number().optional(),
    }),
  ),
});
export type AutocompleteAnswer = z.infer<typeof AutocompleteAnswer>;

/**
 * Suggestions in the contract's terms, at most five. Items of a type outside the contract's (`hotel`,
 * `country`) are skipped, not failed; `name` is `label1` (else `value`), since the real item has no `name`.
 * @example extractDestinations({ results: [{ dest_id: '-1456928', dest_type: 'city', label: 'Paris, France', label1: 'Paris', cc1: 'fr', latitude: 48.8, longitude: 2.3 }] })[0].dest_id // -1456928
 */
export function extractDestinations(answer: AutocompleteAnswer): DestinationSuggestion[] {
  const out: DestinationSuggestion[] = [];
  for (const item of answer.results) {
    const type = DestType.safeParse(item.dest_type.toUpperCase());
    // A type the contract has no name for (hotel, country) is skipped; a missing one means the format drifted.
    if (!/^[a-z_]+$/.test(item.dest_type))
      throw new ExtractionError('site_a', `an autocomplete item without a destination type`);
    if (!type.success) continue;
    const label = item.label ?? item.value ?? '';
    out.push(
      conform(
        'site_a',
        DestinationSuggestion,
        {
          dest_id: Number(item.dest_id),
          dest_type: type.data,
          name: item.label1 ?? item.value ?? label.split(', ')[0],
          label,
          country_code: (item.cc1 ?? '').toUpperCase(),
          latitude: item.latitude ?? null,
          longitude: item.longitude ?? null,
        },
        'a destination suggestion',
      ),
    );
    if (out.length === 5) break;
  }
  return out;
}

// Where real pages carry the id, in the order they appear: the `booking.env` block and `utag_data`
// near 60 KB, the hidden form input, then the late data attribute (about 400 KB in).
const ID_MARKERS = [
  /\bb_hotel_id\s*:\s*'(\d{1,12})'/,
  /utag_data\s*=\s*\{[^}]*?\bhotel_id\s*:\s*'(\d{1,12})'/,
  /<input\b[^>]*\bname="hotel_id"[^>]*\bvalue="(\d{1,12})"/,
  /\bdata-hotel-id="(\d{1,12})"/,
];

/** @example hotelIdInPage("booking['env'] = { b_hotel_id: '1234567', …") // '1234567' */
export function hotelIdInPage(html: string): string | undefined {
  for (const marker of ID_MARKERS) {
    const m = marker.exec(html);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The first hotel page a search results page links to.
 * @example hotelRefInResults('<a href="https://www.x.test/hotel/fr/le-grand.html?aid=1">') // { cc: 'fr', slug: 'le-grand' }
 */
export function hotelRefInResults(html: string): HotelRef | undefined {
  const m =
    /href="(?:https?:\/\/[^/"]+)?\/hotel\/([a-z]{2})\/([a-z0-9][a-z0-9-]*?)(?:\.[a-z]{2}(?:-[a-z]{2})?)?\.html/.exec(
      html,
    );
  return m ? { cc: m[1]!, slug: m[2]! } : undefined;
}

/** The image host's size segment: `max1024x768`, `max500`, `square200`, `608x352`… */
const SIZE = /\/xdata\/images\/hotel\/(?:max\d+(?:x\d+)?|square\d+|\d+x\d+)\//;

function sized(url: string, size: string): string {
  return url.replace(SIZE, `/xdata/images/hotel/${size}/`);
}

const LiteralPhoto = z.looseObject({ id: z.union([z.string(), z.number()]), large_url: z.string() });

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
  const items = readLiteral(literal);
  if (!Array.isArray(items)) throw new ExtractionError('site_a', 'hotelPhotos is not a list literal');
  if (items.length >= PAGE_PHOTO_CAP && !complete) return undefined;
  const urls = new Map<string, string>();
  for (const item of items) {
    const photo = conform('site_a', LiteralPhoto, item, 'a hotelPhotos entry');
    if (!SIZE.test(photo.large_url))
      throw new ExtractionError('site_a', 'a photo URL without a size segment');
    urls.set(String(photo.id), photo.large_url);
  }
  if (items.length >= PAGE_PHOTO_CAP) {
    const image = /<img\b[^>]*\bsrc="([^"]*\/xdata\/images\/hotel\/[^/"]+\/(\d+)\.jpg\?[^"]*)"/g;
    for (const m of html.matchAll(image)) if (!urls.has(m[2]!)) urls.set(m[2]!, m[1]!.replace(/&amp;/g, '&'));
  }
  return {
    hotelId: /\bb_hotel_id\s*:\s*'(\d{1,12})'/.exec(html)?.[1],
    photos: [...urls].map(([id, url]) => ({
      photo_id: id,
      thumbnail_url: sized(url, 'square200'),
      medium_url: sized(url, 'square600'),
      large_url: sized(url, 'max1024x768'),
    })),
  };
}
