/**
 * site_c hotel page URLs: `/Hotel_Review-g{geo}-d{location}-Reviews[-or{offset}]-{name}.html` on any of
 * the configured hosts (country hosts, mobile). Full URLs only, through the SSRF guard.
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

export interface HotelPage {
  /** The `d` number: the hotel's location id. */
  locationId: number;
  /** The `g` number: the geo (city) the page files the hotel under. */
  geoId: number;
  /** The page's path, sent as the Referer of the page's own API calls. */
  path: string;
}

const HOTEL_PAGE = /^\/Hotel_Review-g(\d{1,10})-d(\d{1,12})-Reviews(?:-or\d+)?-[^/]+\.html$/;

/**
 * @example hotelPageOf('https://m.site-c.test/Hotel_Review-g187147-d300467-Reviews-or10-X.html') // { locationId: 300467, geoId: 187147, … }
 */
export function hotelPageOf(input: string): HotelPage {
  const url = parseUserUrl(input, 'site_c');
  const m = HOTEL_PAGE.exec(url.pathname);
  if (!m)
    throw new DisallowedUrlError(
      input,
      'not a site_c hotel page URL (/Hotel_Review-g<geo>-d<id>-Reviews-<name>.html)',
    );
  return { geoId: Number(m[1]), locationId: Number(m[2]), path: url.pathname };
}

/**
 * The geo id of a hotel page path, as the source writes it in `location.url`.
 * @example geoOfPath('/Hotel_Review-g190327-d264936-Reviews-X.html') // 190327
 */
export function geoOfPath(path: string): number | undefined {
  const m = HOTEL_PAGE.exec(path);
  return m ? Number(m[1]) : undefined;
}
