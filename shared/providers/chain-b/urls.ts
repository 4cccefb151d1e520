/**
 * chain_b hotel page URLs to hotel ids, with no upstream call: every form the site uses carries the id.
 * Forms (research §15): `/hotel/{ID}/index.{lang}.shtml` (the hotel page, optionally under a language
 * segment such as `/fr/` or `/en-gb/`), `/booking/{lang}/{brand}/hotel/{ID}` (the booking path), and any
 * page with `?hotelCode={ID}` (rates and booking pages). Only the provider's configured hosts count.
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

export type HotelRef =
  | { kind: 'hotel'; hotelId: string; url: string }
  /** A chain_b URL that names no hotel (a search or city page). */
  | { kind: 'no-id'; url: string }
  /** Not a chain_b URL at all. */
  | { kind: 'foreign'; why: string };

// Hotel codes are four letters or digits on every page on record.
const ID = '([A-Za-z0-9]{4})';
/** The path forms that carry the id, each with an optional leading language segment. */
const PATH_FORMS = [
  new RegExp(`^(?:/[a-z]{2}(?:-[a-z]{2})?)?/hotel/${ID}(?:/[^/]*)?/?$`, 'i'),
  new RegExp(`^(?:/[a-z]{2}(?:-[a-z]{2})?)?/booking/[a-z]{2}(?:-[a-z]{2})?/[a-z0-9-]+/hotel/${ID}/?$`, 'i'),
];

/**
 * The hotel a chain_b URL names, or why it names none. The URL is read by the shared guard (no port,
 * credentials, IP, percent-encoded host, spaces or control characters); the answer's `url` is rebuilt
 * from the page's address: scheme, lower-case host and path, never its query or fragment (the contract's
 * normalised URL; an id read from `?hotelCode=` is in `hotelId`). A URL without a scheme is read as https.
 * @example hotelRefOf('https://ALL.chain-b.test/fr/hotel/9wt3/index.fr.shtml?x=1') // { kind: 'hotel', hotelId: '9WT3', url: 'https://all.chain-b.test/fr/hotel/9wt3/index.fr.shtml' }
 * @example hotelRefOf('https://all.chain-b.test/ssr/app/chain-b/rates?hotelCode=9wt3') // { kind: 'hotel', hotelId: '9WT3', url: 'https://all.chain-b.test/ssr/app/chain-b/rates' }
 * @example hotelRefOf('https://all.chain-b.test/search?destination=paris').kind // 'no-id'
 */
export function hotelRefOf(input: string): HotelRef {
  const text = input.trim();
  let url: URL;
  try {
    url = parseUserUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`, 'chain_b');
  } catch (error) {
    if (error instanceof DisallowedUrlError) return { kind: 'foreign', why: error.message };
    throw error;
  }
  const base = `${url.protocol}//${url.hostname.replace(/\.$/, '').toLowerCase()}${url.pathname}`;
  const inPath = PATH_FORMS.map((form) => form.exec(url.pathname)?.[1]).find((id) => id !== undefined);
  if (inPath) return { kind: 'hotel', hotelId: inPath.toUpperCase(), url: base };
  const inQuery = url.searchParams.get('hotelCode')?.trim();
  return inQuery && /^[A-Za-z0-9]{4}$/.test(inQuery)
    ? { kind: 'hotel', hotelId: inQuery.toUpperCase(), url: base }
    : { kind: 'no-id', url: base };
}
