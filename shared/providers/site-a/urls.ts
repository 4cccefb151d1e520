/**
 * site_a hotel URLs: a full URL `https://<host>/hotel/{cc}/{slug}.html`, `{cc}/{slug}`, or a bare
 * `{slug}` (country th assumed, per the contract). Full URLs pass the SSRF guard first.
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { providerConfig } from '../../upstream/providers.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';

export interface HotelRef {
  cc: string;
  slug: string;
}

const PATH = /^\/hotel\/([a-z]{2})\/([a-z0-9][a-z0-9-]*?)(?:\.[a-z]{2}(?:-[a-z]{2})?)?\.html$/;
const SHORT = /^([a-z]{2})\/([a-z0-9][a-z0-9-]*?)(?:\.html)?$/;
const SLUG = /^([a-z0-9][a-z0-9-]*?)(?:\.html)?$/;

/**
 * @example parseHotelRef('fr/le-grand') // { cc: 'fr', slug: 'le-grand' }
 * @example parseHotelRef('le-grand') // { cc: 'th', slug: 'le-grand' }
 */
export function parseHotelRef(input: string): HotelRef {
  const text = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) {
    const url = parseUserUrl(text, 'site_a');
    const m = PATH.exec(url.pathname.toLowerCase());
    if (!m)
      throw new DisallowedUrlError(
        input,
        'not a site_a hotel URL of the form https://<host>/hotel/{cc}/{slug}.html',
      );
    return { cc: m[1]!, slug: m[2]! };
  }
  const lower = text.toLowerCase();
  const short = SHORT.exec(lower);
  if (short) return { cc: short[1]!, slug: short[2]! };
  const slug = SLUG.exec(lower);
  if (slug) return { cc: 'th', slug: slug[1]! };
  throw new DisallowedUrlError(input, 'expected a site_a hotel URL, {cc}/{slug} or {slug}');
}

/** The canonical public URL of a hotel page. @example hotelUrl({ cc: 'fr', slug: 'x' }) // 'https://<host>/hotel/fr/x.html' */
export function hotelUrl(ref: HotelRef): string {
  return `https://${providerConfig('site_a').hosts[0]}/hotel/${ref.cc}/${ref.slug}.html`;
}

/**
 * Where the source's relative image paths live: the configured image origin, else the image host's own
 * provider (the sandbox's).
 * @example imageBase() // 'https://<image host>'
 */
export function imageBase(): string | undefined {
  const own = providerConfig('site_a').origins.images;
  if (own) return own;
  try {
    const images = providerConfig('site_a_images');
    return images.publicBaseUrl ?? images.baseUrl;
  } catch {
    return undefined;
  }
}

/**
 * A page photo path made absolute on the image host, sized as photos' large URL; undefined when it is
 * relative and no image host is known.
 * @example photoUrl('/xdata/images/hotel/max500/1.jpg?k=a', 'https://<image host>') // 'https://<image host>/xdata/images/hotel/max1024x768/1.jpg?k=a'
 */
export function photoUrl(path: unknown, base: string | undefined): string | undefined {
  if (typeof path !== 'string') return undefined;
  const sized = path.replace(
    /\/xdata\/images\/hotel\/(?:max\d+(?:x\d+)?|square\d+|\d+x\d+)\//,
    '/xdata/images/hotel/max1024x768/',
  );
  if (/^https?:\/\//.test(sized)) return sized;
  if (sized.startsWith('//')) return `https:${sized}`;
  return base && sized.startsWith('/') ? `${base}${sized}` : undefined;
}
