/**
 * site_a, a hotel booking site: hotel pages as HTML (JSON-LD, an inline state script, data
 * attributes; long pages, the id near the top), a photo gallery JSON API whose URLs live on the
 * signed image host, and a destination autocomplete API localised by language.
 */
import { search } from '../../../shared/geo/gazetteer.ts';
import { hash, rng } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { PHOTO_SIZES, signPhoto } from './images.ts';

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function hotelBySlug(cc: string, slug: string): Hotel | undefined {
  return getWorld().hotels.find((h) => h.slug === slug && h.city.country.toLowerCase() === cc);
}

/** A long, realistic page: the id sits in the head and the first data attribute; reviews fill the rest. */
export function hotelPage(h: Hotel): string {
  const r = rng(`page:${h.key}`);
  const reviews = Array.from(
    { length: 120 },
    (_, i) => `
      <li class="review-item" data-review-id="${h.ids.site_a}${i}">
        <div class="review-score">${(6 + r() * 4).toFixed(1)}</div>
        <p class="review-text">Stayed ${1 + (i % 6)} nights. ${i % 3 ? 'Great location near the centre, friendly staff and a quiet room.' : 'Breakfast was good, the room a little small but clean.'} ${'Lorem ipsum dolor sit amet. '.repeat(4)}</p>
      </li>`,
  ).join('');
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: h.name,
    identifier: String(h.ids.site_a),
    address: { '@type': 'PostalAddress', addressLocality: h.city.name, addressCountry: h.city.country },
    geo: { '@type': 'GeoCoordinates', latitude: h.latitude, longitude: h.longitude },
    starRating: { '@type': 'Rating', ratingValue: h.stars },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: (7 + (hash(h.key) % 30) / 10).toFixed(1),
      reviewCount: 100 + (hash(h.key) % 4000),
      bestRating: 10,
    },
  };
  return `<!DOCTYPE html>
<html lang="en"><head>
  <meta charset="utf-8"><title>${esc(h.name)}, ${esc(h.city.name)} – Updated prices</title>
  <meta property="og:title" content="${esc(h.name)}">
  <script>var page_state = { "hotel_id": ${h.ids.site_a}, "dest_id": -${h.city.placeId.split(':')[1]}, "hotel_country": "${h.city.country.toLowerCase()}" };</script>
  <script type="application/ld+json">${JSON.stringify(ld)}</script>
</head><body>
  <div id="hotel-page" class="hotel-page" data-hotel-id="${h.ids.site_a}">
    <h2 class="hotel-name">${esc(h.name)}</h2>
    <p class="hotel-address">${esc(h.city.label)}</p>
    <ul class="review-list">${reviews}
    </ul>
  </div>
</body></html>`;
}

/** Photo ids of a hotel; the gallery API lists them with the main photo somewhere, not always first. */
export function photoIds(h: Hotel): string[] {
  return Array.from({ length: h.photoCount }, (_, i) => String(10_000_000 + h.ids.site_a * 31 + i));
}

function localizedLabel(name: string, region: string, cc: string, lang: string): string {
  let country: string;
  try {
    country = new Intl.DisplayNames([lang], { type: 'region' }).of(cc) ?? cc;
  } catch {
    country = new Intl.DisplayNames(['en'], { type: 'region' }).of(cc) ?? cc;
  }
  return [name, region, country].filter(Boolean).join(', ');
}

const DEST_TYPE: Record<string, string> = {
  locality: 'city',
  sublocality: 'district',
  airport: 'airport',
  country: 'region',
};

export const siteA: Site = {
  provider: 'site_a',
  hosts: ['www.site-a.test', 'site-a.test', 'm.site-a.test'],
  routes: [
    [
      'GET',
      /^\/hotel\/([a-z]{2})\/([a-z0-9-]+)\.html$/,
      ({ match }): SiteResponse => {
        const h = hotelBySlug(match[1]!, match[2]!);
        return h
          ? { status: 200, html: hotelPage(h) }
          : { status: 404, html: '<html><body><h1>Page not found</h1></body></html>' };
      },
    ],
    [
      'GET',
      /^\/api\/hotels\/(\d+)\/photos$/,
      ({ match, base }): SiteResponse => {
        const h = getWorld().bySiteA.get(Number(match[1]));
        if (!h) return { status: 404, json: { error: 'hotel not found' } };
        const ids = photoIds(h);
        const main = ids[hash(`main:${h.key}`) % ids.length]!;
        const imageBase = base.replace(/\/site_a$/, '/site_a_images');
        return {
          status: 200,
          json: {
            hotel_id: h.ids.site_a,
            gallery: ids.map((id) => ({
              photo_id: Number(id),
              is_main: id === main,
              tags: id === main ? ['exterior'] : ['room'],
              url_max: `${imageBase}/images/hotel/${PHOTO_SIZES[2]}/${id}.jpg?k=${signPhoto(id)}`,
            })),
          },
        };
      },
    ],
    [
      'GET',
      /^\/autocomplete\.json$/,
      ({ query }): SiteResponse => {
        const q = query.get('query') ?? '';
        const lang = (query.get('lang') ?? 'en-us').split('-')[0]!;
        const results = search(q, 5).map((l) => {
          const type = DEST_TYPE[l.type] ?? 'landmark';
          const [name = '', ...rest] = l.name.split(', ');
          const region = l.type === 'country' ? '' : rest.slice(0, -1).join(', ');
          const numeric = Number(l.place_id.split(':')[1]) || hash(l.place_id);
          return {
            dest_id: type === 'city' ? -numeric : numeric,
            dest_type: type,
            name,
            label:
              l.type === 'country'
                ? localizedLabel('', '', l.country ?? '', lang)
                : localizedLabel(name, region, l.country ?? '', lang),
            cc1: (l.country ?? '').toLowerCase(),
            latitude: l.latitude,
            longitude: l.longitude,
          };
        });
        return { status: 200, json: { results } };
      },
    ],
  ],
};
