/**
 * The public page URLs of a sandbox hotel on every site, on each site's first host.
 * Hosts use the reserved `.test` domain: they name no real site and resolve nowhere.
 */
import { siteA } from './sites/site-a.ts';
import { siteB } from './sites/site-b.ts';
import { siteC } from './sites/site-c.ts';
import type { Hotel } from './world.ts';

/** Platforms no sandbox site serves: they appear only as web-search results, on these hosts. */
export const SEARCH_ONLY_HOSTS = {
  site_d: ['www.site-d.test'],
  site_e: ['www.site-e.test'],
  site_f: ['www.site-f.test'],
  site_h: ['www.site-h.test'],
} as const;

const title = (slug: string) =>
  slug
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('_');
const dashed = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '-');

export function pageUrls(
  h: Hotel,
): Record<'site_a' | 'site_b' | 'site_c' | 'site_d' | 'site_e' | 'site_f' | 'site_h', string> {
  const cc = h.city.country.toLowerCase();
  const [a, b, c] = [siteA.hosts[0], siteB.hosts[0], siteC.hosts[0]];
  const {
    site_d: [d],
    site_e: [e],
    site_f: [f],
    site_h: [hh],
  } = SEARCH_ONLY_HOSTS;
  return {
    site_a: `https://${a}/hotel/${cc}/${h.slug}.html`,
    site_b: `https://${b}/${h.slug}/hotel/${h.city.slug}-${cc}.html`,
    site_c: `https://${c}/Hotel_Review-g${h.ids.site_c_geo}-d${h.ids.site_c}-Reviews-${title(h.slug)}.html`,
    site_d: `https://${d}/${dashed(h.city.name)}-Hotels-${dashed(h.name)}.h${h.ids.site_d}.Hotel-Information`,
    site_e: `https://${e}/hotel-deals/${h.city.slug}/H${h.ids.site_e}/${h.slug}`,
    site_f: `https://${f}/hotels/${h.city.slug}-hotel-detail-${h.ids.site_f}/${h.slug}/`,
    site_h: `https://${hh}/hotels/${h.slug}-${h.ids.site_h}.html`,
  };
}
