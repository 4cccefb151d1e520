/**
 * site_b hotel URLs: `https://<host>/<slug>/hotel/<city>-<country>.html`, the `/all/` variant, a
 * language prefix, or the short `https://<host>/hotel-<id>.html`. Query and fragment are dropped.
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

const HOTEL_PAGE =
  /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?[a-z0-9][a-z0-9-]*\/hotel\/(?:all\/)?[a-z0-9-]+-[a-z]{2}\.html$/;
// Language-prefixed pages may name the city alone (reviews-from-url accepts them).
const LANG_CITY_PAGE = /^\/[a-z]{2}(?:-[a-z]{2})?\/[a-z0-9][a-z0-9-]*\/hotel\/[a-z0-9-]+\.html$/;
const SHORT = /^\/hotel-(\d+)\.html$/;

export interface SiteBHotelUrl {
  url: URL;
  idInUrl?: number;
}

/** @example parseSiteBUrl('https://www.site-b.test/le-grand/hotel/paris-fr.html?checkin=2027-01-01') */
export function parseSiteBUrl(input: string, { langCity = false } = {}): SiteBHotelUrl {
  const url = parseUserUrl(input, 'site_b');
  url.search = '';
  url.hash = '';
  const path = url.pathname.toLowerCase();
  const short = SHORT.exec(path);
  if (short) return { url, idInUrl: Number(short[1]) };
  if (!HOTEL_PAGE.test(path) && !(langCity && LANG_CITY_PAGE.test(path)))
    throw new DisallowedUrlError(
      input,
      'not a site_b hotel URL of the form https://<host>/<slug>/hotel/<city>-<country>.html',
    );
  return { url };
}
