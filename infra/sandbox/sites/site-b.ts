/** site_b, an online travel agency: hotel pages whose id is only in the page (an inline variable and a data attribute). */
import { hash, pick, rng } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

const NAMES = ['Alex', 'Bea', 'Chidi', 'Dana', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivo', 'Juno'];
const COUNTRIES = ['United Kingdom', 'Germany', 'Japan', 'Brazil', 'Canada', 'India', 'France', ''];
const GROUPS = [
  'Couple',
  'Family with young children',
  'Solo traveller',
  'Group of friends',
  'Business traveller',
];
const ROOMS = ['Double Room', 'Twin Room', 'Superior King Room', 'Family Suite'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** How many reviews site_b holds for a hotel. */
export const siteBReviewCount = (h: Hotel) => 15 + (hash(`sbr:${h.key}`) % 120);

function review(h: Hotel, i: number) {
  const r = rng(`sb:${h.key}:${i}`);
  const days = i * 4 + Math.floor(r() * 4);
  const date = new Date(Date.UTC(2026, 10, 1) - days * 86_400_000);
  const stay = new Date(date.getTime() - 20 * 86_400_000);
  const score = Math.round((5 + r() * 5) * 10) / 10;
  return {
    id: `${h.ids.site_b}-${i}`,
    score,
    title: score >= 8 ? 'Wonderful stay' : score >= 6.5 ? 'Good value' : 'Disappointing',
    positive: r() < 0.8 ? 'Friendly staff and a great location.' : '',
    negative: r() < 0.5 ? 'Breakfast was crowded.' : '',
    guest: {
      name: pick(r, NAMES),
      country: pick(r, COUNTRIES),
      level: r() < 0.3 ? 'Level 2' : '',
      type: pick(r, GROUPS),
    },
    created: date.toISOString().slice(0, 10),
    dateText: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
    stayText: `${MONTHS[stay.getUTCMonth()]} ${stay.getUTCFullYear()}`,
    room: pick(r, ROOMS),
    helpful: Math.floor(r() * 9),
    lang: r() < 0.7 ? 'en' : 'de',
    photos: r() < 0.1 ? [`https://images.site-b.test/review/${h.ids.site_b}/${i}.jpg`] : [],
    subScores: {
      cleanliness: Math.round((6 + r() * 4) * 10) / 10,
      location: Math.round((6 + r() * 4) * 10) / 10,
      service: Math.round((6 + r() * 4) * 10) / 10,
    },
    reply:
      r() < 0.25
        ? {
            text: 'Thank you for your feedback.',
            at: `${date.toISOString().slice(0, 10)}T10:00:00+01:00`,
            by: 'Front office manager',
          }
        : null,
  };
}

export const siteB: Site = {
  provider: 'site_b',
  hosts: ['www.site-b.test', 'site-b.test'],
  routes: [
    [
      'GET',
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?([a-z0-9-]+)\/hotel\/(?:all\/)?([a-z0-9-]+)\.html$/,
      ({ match }): SiteResponse => {
        const slug = match[1]!;
        const place = match[2]!;
        const h = getWorld().hotels.find(
          (x) =>
            x.slug === slug &&
            (place === `${x.city.slug}-${x.city.country.toLowerCase()}` || place === x.city.slug),
        );
        if (!h) return { status: 404, html: '<html><body>Not found</body></html>' };
        return {
          status: 200,
          html: `<!DOCTYPE html><html><head><title>${h.name}</title>
<script>window.utag_data = { hotel_id: "${h.ids.site_b}", city: "${h.city.name}" };</script></head>
<body><main class="property" data-property-id="${h.ids.site_b}"><h1 class="property-name">${h.name}</h1>
<p class="property-address">${h.city.label}</p></main></body></html>`,
        };
      },
    ],
    [
      'GET',
      /^\/fragment\/reviewlist$/,
      ({ query }): SiteResponse => {
        const h = getWorld().bySiteB.get(Number(query.get('hotel_id')));
        if (!h) return { status: 404, json: { error: 'hotel_not_found' } };
        const sort = query.get('sort') ?? '7';
        const page = Math.max(1, Number(query.get('page') ?? 1));
        const all = Array.from({ length: siteBReviewCount(h) }, (_v, i) => review(h, i));
        if (sort === '6') all.sort((a, b) => b.score - a.score || a.created.localeCompare(b.created));
        else if (sort === '5') all.sort((a, b) => a.score - b.score || a.created.localeCompare(b.created));
        const overall = Math.round((all.reduce((n, x) => n + x.score, 0) / all.length) * 10) / 10;
        return {
          status: 200,
          json: {
            hotel: {
              id: h.ids.site_b,
              name: h.name,
              score: overall,
              scoreText: overall >= 8 ? 'Very good' : overall >= 7 ? 'Good' : 'Pleasant',
              reviewCount: all.length,
            },
            total: all.length,
            pageSize: 20,
            page,
            reviews: all.slice((page - 1) * 20, page * 20),
          },
        };
      },
    ],
    [
      'GET',
      /^\/hotel-(\d+)\.html$/,
      ({ match, base }): SiteResponse => {
        const h = getWorld().bySiteB.get(Number(match[1]));
        if (!h) return { status: 404, html: '<html><body>Not found</body></html>' };
        return {
          status: 301,
          html: '',
          headers: {
            Location: `${base}/${h.slug}/hotel/${h.city.slug}-${h.city.country.toLowerCase()}.html`,
          },
        };
      },
    ],
  ],
};
