/**
 * Hotel page URL patterns per platform (spec: GET /v1/meta/match; hosts omitted there and taken
 * from each provider's configured public hosts here). A result counts only when its host is one of
 * the platform's hosts and its path is a hotel page of that platform.
 */
import * as z from 'zod';
import { providerConfig } from '../../upstream/providers.ts';

export const MatchPlatform = z.enum(['site_a', 'site_b', 'site_c', 'site_d', 'site_e', 'site_f']);
export type MatchPlatform = z.infer<typeof MatchPlatform>;
export type LinkPlatform = MatchPlatform | 'site_h';

export const HOTEL_PAGE: Record<LinkPlatform, RegExp> = {
  site_a: /^\/hotel\/[a-z]{2}\/[^/]+\.html$/,
  site_b: /^\/[^/]+\/hotel\/(?:all\/)?[^/]+-[a-z]{2}\.html$/,
  site_c: /^\/Hotel_Review-[^/]*d\d+[^/]*$/,
  site_d: /^\/[^/]+-Hotels-[^/]+\.h\d+\.Hotel-Information$/,
  site_e: /^\/hotel-deals\/.+\/H\d+(?:\/.*)?$/,
  site_f: /^\/hotels\/[^/]+-hotel-detail-\d+(?:\/.*)?$/,
  site_h: /^\/hotels\/[^/]+-\d+\.html$/,
};

/** Whether `link` is a hotel page of `platform`. @example isHotelPage('site_a', 'https://www.site-a.test/hotel/fr/x.html') */
export function isHotelPage(platform: LinkPlatform, link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return (
    providerConfig(platform).hosts.includes(url.hostname.toLowerCase()) &&
    HOTEL_PAGE[platform].test(url.pathname)
  );
}

/**
 * Whether this deployment knows a platform's public hosts: a platform it does not configure has no
 * hotel pages to find, and is left out of a search rather than failing it.
 * @example configured('site_d') // false where the live profile has no site_d entry
 */
export function configured(platform: LinkPlatform): boolean {
  try {
    return providerConfig(platform).hosts.length > 0;
  } catch {
    return false;
  }
}

/** The host to restrict a web search to for a platform: its first configured public host. */
export function searchHost(platform: LinkPlatform): string {
  const host = providerConfig(platform).hosts[0];
  if (!host) throw new Error(`provider ${platform} has no public host configured`);
  return host;
}
