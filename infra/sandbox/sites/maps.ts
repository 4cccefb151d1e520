/**
 * The maps service, speaking the documented format of a public SERP API: a place search engine
 * (`place_results` or `local_results` with data_id, place_id, gps_coordinates) and a reviews engine
 * (place_info, reviews with user.local_guide, iso_date, response, and
 * serpapi_pagination.next_page_token that expires). Places are the world's hotels. Engines answer to
 * their operation names (`place_search`, `reviews`), as the sandbox's provider configuration says.
 * Review dates are fixed; their relative text ("3 weeks ago") is computed at request time from the
 * real clock, as the source computes it. Avatars and review photos are served as small images.
 */
import { createHmac } from 'node:crypto';
import { fold } from '../../../shared/geo/fold.ts';
import { hash, rng, pick } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';

const TOKEN_KEY = 'sandbox-maps-token';
const DAY_MS = 86_400_000;
/** Reviews are dated back from this day, so their iso_date never moves between runs. */
const REVIEWS_UNTIL = Date.UTC(2026, 10, 1);
// The smallest valid images (1×1): every picture URL the service hands out answers with real bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** A small image in the format its URL names. @example picture('/avatars/12.png').type // 'image/png' */
export function picture(path: string): SiteResponse {
  const png = path.endsWith('.png');
  return {
    status: 200,
    bytes: png ? PNG : JPEG,
    type: png ? 'image/png' : 'image/jpeg',
    headers: { 'Cache-Control': 'max-age=86400' },
  };
}
/** Page tokens are short-lived. */
export const TOKEN_TTL_MS = 10 * 60 * 1000;
const SORTS = ['qualityScore', 'newestFirst', 'ratingHigh', 'ratingLow'] as const;
const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chen',
  'Dara',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
];
const TEXTS = [
  'Lovely stay, spotless room and very helpful staff.',
  'Great location, a short walk to the old town. Breakfast could be better.',
  'Quiet at night, comfortable beds, fair price.',
  'Check-in took a while but the room made up for it.',
  'The view from the top floor is wonderful.',
  'Average hotel, nothing special, clean enough.',
];

export function reviewCount(h: Hotel): number {
  return hash(`reviews:${h.key}`) % 17 === 0 ? 0 : 40 + (hash(`rc:${h.key}`) % 400);
}

function byDataId(dataId: string): Hotel | undefined {
  return getWorld().hotels.find((h) => h.ids.maps_data_id === dataId);
}

interface Review {
  i: number;
  rating: number;
  days: number;
  quality: number;
}

function reviewsOf(h: Hotel): Review[] {
  return Array.from({ length: reviewCount(h) }, (_, i) => {
    const r = rng(`review:${h.key}:${i}`);
    return {
      i,
      rating: Math.max(1, Math.min(5, Math.round(2.5 + r() * 3))),
      days: Math.floor(i * 3 + r() * 3),
      quality: r(),
    };
  });
}

function sorted(list: Review[], sort: string): Review[] {
  const by =
    {
      qualityScore: (a: Review, b: Review) => b.quality - a.quality,
      newestFirst: (a: Review, b: Review) => a.days - b.days,
      ratingHigh: (a: Review, b: Review) => b.rating - a.rating || a.days - b.days,
      ratingLow: (a: Review, b: Review) => a.rating - b.rating || a.days - b.days,
    }[sort] ?? ((a: Review, b: Review) => b.quality - a.quality);
  return [...list].sort((a, b) => by(a, b) || a.i - b.i);
}

const sign = (payload: string) =>
  createHmac('sha256', TOKEN_KEY).update(payload).digest('base64url').slice(0, 16);

function token(dataId: string, sort: string, offset: number): string {
  const payload = Buffer.from(JSON.stringify({ d: dataId, s: sort, o: offset, t: Date.now() })).toString(
    'base64url',
  );
  return `${payload}.${sign(payload)}`;
}

function readToken(text: string): { d: string; s: string; o: number; t: number } | undefined {
  const [payload = '', mac = ''] = text.split('.');
  if (!payload || sign(payload) !== mac) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      d: string;
      s: string;
      o: number;
      t: number;
    };
  } catch {
    return undefined;
  }
}

/** Relative text for a moment, as seen now: "yesterday", "3 weeks ago", localised by `hl`. */
function relative(at: number, hl: string): string {
  const days = Math.max(0, Math.floor((Date.now() - at) / DAY_MS));
  const format = (() => {
    try {
      return new Intl.RelativeTimeFormat(hl, { numeric: 'auto' });
    } catch {
      return new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    }
  })();
  if (days < 7) return format.format(-days, 'day');
  if (days < 30) return format.format(-Math.floor(days / 7), 'week');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}

function renderReview(h: Hotel, rv: Review, hl: string, base: string) {
  const r = rng(`rv:${h.key}:${rv.i}`);
  const name = `${pick(r, FIRST_NAMES)} ${String.fromCharCode(65 + (rv.i % 26))}.`;
  const starOnly = r() < 0.15;
  const responded = r() < 0.3;
  const at = REVIEWS_UNTIL - rv.days * DAY_MS;
  const answeredAt = Math.min(at + 2 * DAY_MS, REVIEWS_UNTIL);
  const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    rating: rv.rating,
    date: relative(at, hl),
    iso_date: iso(at),
    images: r() < 0.2 ? [`${base}/photos/review/${h.key}-${rv.i}.jpg`] : [],
    source: 'Maps',
    review_id: `Ci9DQUlRQUNvZENodHljRjlv${h.ids.site_a}${rv.i}`,
    user: {
      name,
      link: `${base}/contrib/${hash(name + h.key)}`,
      thumbnail: `${base}/avatars/${hash(name)}.png`,
      local_guide: r() < 0.35,
      reviews: 1 + Math.floor(r() * 300),
      photos: Math.floor(r() * 50),
    },
    ...(starOnly ? {} : { snippet: pick(r, TEXTS) }),
    likes: Math.floor(r() * 12),
    ...(responded
      ? {
          response: {
            date: relative(answeredAt, hl),
            iso_date: iso(answeredAt),
            snippet: `Thank you ${name.split(' ')[0]}, we hope to welcome you again.`,
          },
        }
      : {}),
  };
}

function placeResult(h: Hotel) {
  const count = reviewCount(h);
  return {
    title: h.name,
    data_id: h.ids.maps_data_id,
    place_id: h.ids.maps_place_id,
    address: h.city.label,
    gps_coordinates: { latitude: h.latitude, longitude: h.longitude },
    rating: count ? 3.8 + (hash(`rt:${h.key}`) % 12) / 10 : undefined,
    reviews: count,
    type: 'Hotel',
  };
}

function search(q: string, ll: string | null): SiteResponse {
  const tokens = fold(q).split(' ').filter(Boolean);
  let hits = getWorld().hotels.filter((h) => {
    const text = ` ${fold(`${h.name} ${h.city.label}`)} `;
    return tokens.length > 0 && tokens.every((t) => text.includes(` ${t} `));
  });
  const at = /^@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(ll ?? '');
  if (at) {
    const [lat, lon] = [Number(at[1]), Number(at[2])];
    hits = hits.sort(
      (a, b) =>
        Math.hypot(a.latitude - lat, a.longitude - lon) - Math.hypot(b.latitude - lat, b.longitude - lon),
    );
  }
  const metadata = { status: 'Success', created_at: new Date().toISOString() };
  if (hits.length === 0)
    return {
      status: 200,
      json: { search_metadata: metadata, error: 'The search returned no results for this query.' },
    };
  if (hits.length === 1 || at)
    return { status: 200, json: { search_metadata: metadata, place_results: placeResult(hits[0]!) } };
  return {
    status: 200,
    json: {
      search_metadata: metadata,
      local_results: hits.slice(0, 20).map((h, i) => ({ position: i + 1, ...placeResult(h) })),
    },
  };
}

function reviews(query: URLSearchParams, base: string): SiteResponse {
  const hl = query.get('hl') ?? 'en';
  const pageToken = query.get('next_page_token');
  let dataId = query.get('data_id') ?? '';
  let sort = query.get('sort_by') ?? 'qualityScore';
  let offset = 0;
  if (pageToken) {
    const t = readToken(pageToken);
    if (!t || Date.now() - t.t > TOKEN_TTL_MS || t.d !== dataId)
      return { status: 400, json: { error: 'Invalid or expired next_page_token.' } };
    ({ s: sort, o: offset } = t); // the order is fixed by the first page
    dataId = t.d;
  }
  if (!SORTS.includes(sort as (typeof SORTS)[number]))
    return { status: 400, json: { error: `Unsupported sort_by value: ${sort}` } };
  const h = byDataId(dataId);
  if (!h)
    return {
      status: 200,
      json: { search_metadata: { status: 'Success' }, error: 'The place was not found for this data_id.' },
    };
  const all = sorted(reviewsOf(h), sort);
  const size = offset === 0 ? 8 : 10;
  const page = all.slice(offset, offset + size);
  const next = offset + size < all.length ? token(dataId, sort, offset + size) : undefined;
  return {
    status: 200,
    json: {
      search_metadata: { status: 'Success', created_at: new Date().toISOString() },
      search_parameters: { engine: 'reviews', data_id: dataId, hl, sort_by: sort },
      place_info: {
        title: h.name,
        address: h.city.label,
        rating: placeResult(h).rating,
        reviews: all.length,
        type: 'Hotel',
      },
      reviews: page.map((rv) => renderReview(h, rv, hl, base)),
      ...(next
        ? {
            serpapi_pagination: {
              next: `${base}/search.json?engine=reviews&next_page_token=${next}`,
              next_page_token: next,
            },
          }
        : {}),
    },
  };
}

export const maps: Site = {
  provider: 'maps_reviews',
  hosts: ['maps.test'],
  routes: [
    [
      'GET',
      /^\/search\.json$/,
      ({ query, base }) => {
        const engine = query.get('engine');
        if (engine === 'place_search') return search(query.get('q') ?? '', query.get('ll'));
        if (engine === 'reviews') return reviews(query, base);
        return { status: 400, json: { error: `Unsupported engine: ${engine}` } };
      },
    ],
    ['GET', /^\/(?:avatars\/\d+\.png|photos\/review\/[\w-]+\.jpg)$/, ({ path }) => picture(path)],
  ],
};
