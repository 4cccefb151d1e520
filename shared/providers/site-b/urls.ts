/**
 * site_b hotel URLs: `https://<host>/<slug>/hotel/<city>-<country>.html`, the `/all/` variant, a language
 * prefix, or the short `https://<host>/hotel-<id>.html`. Query and fragment are dropped. Newer slugs end
 * in `-h<id>` (`/royal-inn-h66072054/hotel/jaipur-in.html`): site_b minted that id itself, so it is read
 * from the URL and no page is fetched.
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

const HOTEL_PAGE =
  /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?([a-z0-9][a-z0-9-]*)\/hotel\/(?:all\/)?[a-z0-9-]+-[a-z]{2}\.html$/;
// Language-prefixed pages may name the city alone (reviews-from-url accepts them).
const LANG_CITY_PAGE = /^\/[a-z]{2}(?:-[a-z]{2})?\/([a-z0-9][a-z0-9-]*)\/hotel\/[a-z0-9-]+\.html$/;
const SHORT = /^\/hotel-(\d{1,12})\.html$/;
const SLUG_ID = /-h([1-9]\d{0,11})$/;

export interface SiteBHotelUrl {
  url: URL;
  /** The id a newer slug ends with: no fetch needed. */
  idInSlug?: number;
  /** The id of the short form: only site_b knows whether that hotel exists. */
  idInShortForm?: number;
}

/**
 * @example parseSiteBUrl('https://www.site-b.test/le-grand/hotel/paris-fr.html?checkin=2027-01-01') // { url }
 * @example parseSiteBUrl('https://www.site-b.test/le-grand-h200123/hotel/paris-fr.html').idInSlug // 200123
 */
export function parseSiteBUrl(input: string, { langCity = false } = {}): SiteBHotelUrl {
  const url = parseUserUrl(input, 'site_b');
  url.search = '';
  url.hash = '';
  const path = url.pathname.toLowerCase();
  const short = SHORT.exec(path);
  if (short) return { url, idInShortForm: Number(short[1]) };
  const page = HOTEL_PAGE.exec(path) ?? (langCity ? LANG_CITY_PAGE.exec(path) : null);
  if (!page)
    throw new DisallowedUrlError(
      input,
      'not a site_b hotel URL of the form https://<host>/<slug>/hotel/<city>-<country>.html',
    );
  const slugId = SLUG_ID.exec(page[1]!);
  return slugId ? { url, idInSlug: Number(slugId[1]) } : { url };
}
