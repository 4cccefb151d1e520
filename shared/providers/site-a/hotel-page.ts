/**
 * A site_a hotel page as the details, scores and rooms read it (real-sources §16 site_a): the `booking.env`
 * block (`b_hotel_id`), the JSON-LD `Hotel`, the gallery's first photo and the Apollo cache, whose
 * argument-keyed entries are found by prefix and resolved through their references. The page is reached
 * from an id through the hotel as a search destination (no page is addressed by id), remembered.
 */
import { scanUpstream, type UpstreamRequest } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import type { StreamScan } from '../../extraction/stream-scan.ts';
import { apolloStoreIn, fieldByPrefix, holds, resolveRefs, type ApolloStore } from './apollo.ts';
import { searchPageScan } from './search-page.ts';

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

/** What a hotel page holds for the readers, its cache entries resolved; any of it may be absent. */
export interface HotelPageData {
  /** `b_hotel_id` (or the page's other id markers). */
  hotelId?: string;
  /** The ROOT_QUERY entry `hotelPageByPageName(…).propertyDetails(…)`: the Property. */
  property?: unknown;
  /** The `hotelPageByPageName(…searchConfig…)` entry's `propertyFullExtended`. */
  extended?: unknown;
  /** The ROOT_QUERY entry `reviewsFrontend(…)`. */
  reviews?: unknown;
  /** The ROOT_QUERY entry `roomTable(…)`: the room catalogue (and, where a dated page has them, its blocks). */
  roomTable?: unknown;
  /** Every `RoomData:` object of the store. */
  roomData?: unknown[];
  /** The JSON-LD `Hotel` object. */
  jsonLd?: unknown;
  /** The gallery literal's first large URL (`hotelPhotos[0].large_url`). */
  firstPhoto?: string;
}

const LD = /<script\b[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/g;
const FIRST_PHOTO = /hotelPhotos\s*:\s*\[\s*\{[^}]*?\blarge_url\s*:\s*'([^']+)'/;

/** The page's JSON-LD object of type Hotel (or a lodging type), or undefined. */
function jsonLdHotel(html: string): unknown {
  for (const m of html.matchAll(LD)) {
    let value: unknown;
    try {
      value = JSON.parse(m[1]!);
    } catch {
      continue; // One malformed block does not hide another.
    }
    const type = (value as { '@type'?: unknown } | null)?.['@type'];
    if (typeof type === 'string' && /Hotel|Lodging|Hostel|Resort|Apartment|House|Inn/i.test(type))
      return value;
  }
  return undefined;
}

/**
 * The readers' view of a hotel page, its cache entries looked up by prefix and resolved. A page with
 * neither the cache nor the JSON-LD is not a hotel page as the research knows it: an extraction error.
 * @example hotelPageData(html).property
 */
export function hotelPageData(html: string): HotelPageData {
  const store = apolloStoreIn(html);
  const jsonLd = jsonLdHotel(html);
  if (!store && jsonLd === undefined)
    throw new ExtractionError('site_a', 'the hotel page carries neither its Apollo cache nor its JSON-LD');
  const data: HotelPageData = {
    hotelId: hotelIdInPage(html),
    jsonLd,
    firstPhoto: FIRST_PHOTO.exec(html)?.[1],
  };
  if (store) Object.assign(data, cacheEntries(store));
  return data;
}

/**
 * The cache entries the readers use, resolved (the room table's for the rooms reader too).
 * @example cacheEntries(apolloStoreIn(html)!).roomTable
 */
export function cacheEntries(store: ApolloStore): Partial<HotelPageData> {
  const root = store.ROOT_QUERY;
  const page = fieldByPrefix(root, 'hotelPageByPageName(', holds('propertyDetails('));
  const extended = fieldByPrefix(root, 'hotelPageByPageName(', holds('propertyFullExtended'));
  const resolve = (v: unknown) => (v === undefined ? undefined : resolveRefs(v, store));
  return {
    property: resolve(fieldByPrefix(page, 'propertyDetails(')),
    extended: resolve((extended as { propertyFullExtended?: unknown } | undefined)?.propertyFullExtended),
    reviews: resolve(fieldByPrefix(root, 'reviewsFrontend(')),
    roomTable: resolve(fieldByPrefix(root, 'roomTable(')),
    roomData: Object.entries(store)
      .filter(([key]) => key.startsWith('RoomData:'))
      .map(([, value]) => resolveRefs(value, store)),
  };
}

/**
 * A hotel page read until its Apollo cache has arrived (or to its end when it has none), as a results page
 * is: `read` then sees the page so far, once.
 * @example scanAll(hotelPageScan(hotelPageData), html)
 */
export const hotelPageScan: <T>(read: (html: string) => T) => StreamScan<T> = searchPageScan;

type Scanned<T> = { value: T } | { failure: unknown };

/**
 * A page read by `hotelPageScan`, or undefined for its 404. What the reader throws is carried out of the
 * stream and thrown here (a throw inside the stream's handlers would escape the request), and such an
 * answer is never cached; `reading` names the cache entry, so that two routes reading a page alike share it.
 * A results page is read alike (the same scan); `page` names it when it ends early.
 * @example await readHotelPage(ctx, hotelPageIn(ref, 'en-us'), hotelPageData, 'hotel page data')
 */
export async function readHotelPage<T>(
  ctx: UpstreamContext,
  req: UpstreamRequest,
  read: (html: string) => T,
  reading: string,
  page = 'the hotel page',
): Promise<T | undefined> {
  const res = await scanUpstream<Scanned<T>>(
    { ...req, keepIf: (body) => !(body && typeof body === 'object' && 'failure' in body) },
    ctx,
    () =>
      hotelPageScan((html) => {
        try {
          return { value: read(html) };
        } catch (failure) {
          return { failure };
        }
      }),
    reading,
  );
  if (res.status === 404) return undefined;
  if (!res.body) throw new ExtractionError('site_a', `${page} ended early`, undefined, res.status);
  if ('failure' in res.body) throw res.body.failure;
  return res.body.value;
}
