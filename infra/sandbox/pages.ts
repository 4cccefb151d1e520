/**
 * The public page URLs of a sandbox hotel on every site, and the hosts each site answers to.
 * Hosts use the reserved `.test` domain: they name no real site and resolve nowhere.
 */
import type { Hotel } from './world.ts';

export const SITE_HOSTS = {
  site_a: ['www.site-a.test', 'site-a.test', 'm.site-a.test'],
  site_a_images: ['images.site-a.test'],
  site_b: ['www.site-b.test', 'site-b.test'],
  site_c: ['www.site-c.test', 'site-c.test', 'm.site-c.test', 'www.site-c.test.uk', 'www.site-c.test.fr'],
  site_d: ['www.site-d.test'],
  site_e: ['www.site-e.test'],
  site_f: ['www.site-f.test'],
  site_g: ['www.site-g.test'],
  site_h: ['www.site-h.test'],
  web_search: ['search.test'],
  chain_a: ['www.chain-a.test'],
  dining: ['www.dining.test'],
  maps_reviews: ['maps.test'],
  maps_hotels: ['maps.test'],
  rental: ['www.rental.test'],
  chain_b: ['www.chain-b.test'],
  chain_c: ['www.chain-c.test'],
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
  return {
    site_a: `https://www.site-a.test/hotel/${cc}/${h.slug}.html`,
    site_b: `https://www.site-b.test/${h.slug}/hotel/${h.city.slug}-${cc}.html`,
    site_c: `https://www.site-c.test/Hotel_Review-g${h.ids.site_c_geo}-d${h.ids.site_c}-Reviews-${title(h.slug)}.html`,
    site_d: `https://www.site-d.test/${dashed(h.city.name)}-Hotels-${dashed(h.name)}.h${h.ids.site_d}.Hotel-Information`,
    site_e: `https://www.site-e.test/hotel-deals/${h.city.slug}/H${h.ids.site_e}/${h.slug}`,
    site_f: `https://www.site-f.test/hotels/${h.city.slug}-hotel-detail-${h.ids.site_f}/${h.slug}/`,
    site_h: `https://www.site-h.test/hotels/${h.slug}-${h.ids.site_h}.html`,
  };
}
