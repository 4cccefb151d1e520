/**
 * chain_b hotel page URLs to hotel ids, with no upstream call: every form the site uses carries the id.
 * Forms (research §15): `/hotel/{ID}/index.{lang}.shtml` (the hotel page, optionally under a language
 * segment such as `/fr/` or `/en-gb/`), `/booking/{lang}/{brand}/hotel/{ID}` (the booking path), and any
 * page with `?hotelCode={ID}` (rates and booking pages). Only the provider's configured hosts count.
 */
import { providerConfig } from '../../upstream/providers.ts';

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
 * The hotel a chain_b URL names, or why it names none.
 * @example hotelRefOf('https://ALL.chain-b.test/fr/hotel/9wt3/index.fr.shtml?x=1') // { kind: 'hotel', hotelId: '9WT3', url: 'https://all.chain-b.test/fr/hotel/9wt3/index.fr.shtml' }
 * @example hotelRefOf('https://all.chain-b.test/search?destination=paris').kind // 'no-id'
 */
export function hotelRefOf(input: string): HotelRef {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return { kind: 'foreign', why: 'not a URL' };
  }
  const config = providerConfig('chain_b');
  const schemes = config.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return { kind: 'foreign', why: `the scheme ${url.protocol} is not the site's` };
  const host = url.hostname.toLowerCase();
  if (!config.hosts.includes(host)) return { kind: 'foreign', why: `${host} is not a chain_b host` };
  if (url.username || url.password || (url.port && !config.allowHttp))
    return { kind: 'foreign', why: 'the URL carries credentials or a port' };
  const normalised = `${url.protocol}//${url.host.toLowerCase()}${url.pathname}`;
  const inPath = PATH_FORMS.map((form) => form.exec(url.pathname)?.[1]).find((id) => id !== undefined);
  const inQuery = url.searchParams.get('hotelCode')?.trim();
  const id = inPath ?? (inQuery && /^[A-Za-z0-9]{4}$/.test(inQuery) ? inQuery : undefined);
  return id
    ? { kind: 'hotel', hotelId: id.toUpperCase(), url: normalised }
    : { kind: 'no-id', url: normalised };
}
