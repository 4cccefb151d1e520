/**
 * rental listing URLs: the id is the number after `rooms/` (also `rooms/plus/` and `listing/`), on any of
 * the platform's country hosts (one-label and two-label country domains: .fr, .co.uk) and its mobile host
 * (the provider's configured `hosts`). The id stays a decimal string: listings created in recent years
 * have 18 or 19 digit ids, above 2^53.
 */
import { LISTING_ID } from '../../schemas/rental.ts';
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

// A path typed in another letter case (/Rooms/123) still names the listing.
const LISTING_PATH = /^\/(rooms(?:\/plus)?|listing)\/(\d+)(?:\/[^/]*)*\/?$/i;

/** A listing a rental URL names: its id, and the URL rebuilt from what identifies it (never the input). */
export interface ListingRef {
  listingId: string;
  /** `https://{host}/{rooms|rooms/plus|listing}/{id}`: the host lower-case, no port, query or fragment. */
  url: string;
}

/**
 * The listing a rental URL names, as a decimal string id and the normalised URL; undefined for a rental URL
 * that names no listing (a search page, an experience). A URL of another site, or one the shared guard
 * refuses (a port, credentials, an IP, a percent-encoded host, spaces or control characters), is a
 * DisallowedUrlError. A URL given without its scheme, or over plain http, is read as https.
 * @example listingRefOf('https://WWW.rental.test/Rooms/1300000000000000001?adults=2') // { listingId: '1300000000000000001', url: 'https://www.rental.test/rooms/1300000000000000001' }
 * @example listingRefOf('https://www.rental.test/s/Lorvane/homes') // undefined
 */
export function listingRefOf(raw: string): ListingRef | undefined {
  const text = raw.trim();
  // Never fetched: a plain-http link to the site names its listing as well as an https one.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text.replace(/^http:/i, 'https:')
    : `https://${text.replace(/^\/\//, '')}`;
  const url = parseUserUrl(absolute, 'rental');
  const [, form, id] = LISTING_PATH.exec(url.pathname) ?? [];
  if (id === undefined) return undefined;
  if (!LISTING_ID.test(id)) throw new DisallowedUrlError(raw, `${id} is not a listing id`);
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  return { listingId: id, url: `https://${host}/${form!.toLowerCase()}/${id}` };
}

/**
 * The listing id of a rental URL, as a decimal string (see listingRefOf).
 * @example listingIdOf('https://www.rental.test/rooms/1300000000000000001?adults=2') // '1300000000000000001'
 */
export function listingIdOf(raw: string): string | undefined {
  return listingRefOf(raw)?.listingId;
}

/**
 * The platform's global id of a listing: the base64 of `StayListing:{id}`, as its API names it.
 * @example encodedListingId('40000001') // 'U3RheUxpc3Rpbmc6NDAwMDAwMDE='
 */
export function encodedListingId(listingId: string): string {
  return Buffer.from(`StayListing:${listingId}`).toString('base64');
}
