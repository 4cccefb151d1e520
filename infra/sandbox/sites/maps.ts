/**
 * maps_reviews, in the real format of a public SERP API's maps engines, on one path
 * (`GET /search.json`); engines answer to their operation names (`place_search`, `reviews`), as the
 * sandbox's provider configuration says. Places are the world's hotels.
 *
 * Place search (`engine=place_search&type=search&q=&ll=@lat,lng,14z`): `place_results` for a single
 * match (or a location bias), `local_results[]` (position, title, place_id, data_id, data_cid,
 * gps_coordinates, rating, reviews, type, address, …) for several, or the empty state
 * (`local_results_state: "Fully empty"` and the empty-result error).
 *
 * One place in full (`engine=place_search` with `place_id`, `data_cid` or `type=place&data=`): `place_results`
 * in the place answer's shape, from the same place as the search's (`maps-place.ts`).
 *
 * Reviews (`engine=reviews&data_id=&hl=&sort_by=&next_page_token=&num=`): `place_info`, `topics[]` on
 * the first page, `reviews[]` (position, link, rating, date, iso_date, iso_date_of_last_edit, snippet
 * and extracted_snippet unless star-only, `images` only when the reviewer attached some, user,
 * response) and `serpapi_pagination` (`next` repeats sort_by, `next_page_token` expires). The first
 * page always holds 8 and refuses `num`; later pages hold `num` (1 to 20, default 10). The token
 * carries the position, not the order: a later page is sorted by the `sort_by` sent with it, so a
 * client that drops it gets the default order. A place without reviews answers its `place_info` and
 * the empty-result error; an unknown data_id the error alone. Review dates are fixed; their relative
 * text ("3 weeks ago") is computed at request time from the real clock, as the source computes it.
 * Avatars and review photos are served as small images. Keys and failures as in `serp-api.ts`.
 */
import { createHmac } from 'node:crypto';
import { fold } from '../../../shared/geo/fold.ts';
import { hash, rng, pick } from '../random.ts';
import { phoneOf } from '../phones.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { badRequest, emptyResultText, refused, searchMetadata, serpSite } from './serp-api.ts';
import { isPlaceRequest, place } from './maps-place.ts';

/** The maps service's public site. */
const PUBLIC_SITE = 'https://maps.test';
const TOKEN_KEY = 'sandbox-maps-token';
const DAY_MS = 86_400_000;
/** Reviews are dated back from this day, so their iso_date never moves between runs. */
const REVIEWS_UNTIL = Date.UTC(2026, 10, 1);
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

/** Every review of a place, in the order they were written (the place answer's rating summary counts them). */
export function reviewsOf(h: Hotel): Review[] {
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

/** The source's page token: where the next page starts, not in which order. */
function token(dataId: string, offset: number): string {
  const payload = Buffer.from(JSON.stringify({ d: dataId, o: offset, t: Date.now() })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

function readToken(text: string): { d: string; o: number; t: number } | undefined {
  const [payload = '', mac = ''] = text.split('.');
  if (!payload || sign(payload) !== mac) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      d: string;
      o: number;
      t: number;
    };
  } catch {
    return undefined;
  }
}

/** Relative text for a moment, as seen now and as the service words it in English ("a week ago"), localised by `hl`. */
function relative(at: number, hl: string): string {
  const days = Math.max(0, Math.floor((Date.now() - at) / DAY_MS));
  const [n, unit]: [number, Intl.RelativeTimeFormatUnit] =
    days < 7
      ? [days, 'day']
      : days < 30
        ? [Math.floor(days / 7), 'week']
        : days < 365
          ? [Math.floor(days / 30), 'month']
          : [Math.floor(days / 365), 'year'];
  const format = (numeric: 'auto' | 'always') => {
    try {
      return new Intl.RelativeTimeFormat(hl, { numeric });
    } catch {
      return new Intl.RelativeTimeFormat('en', { numeric });
    }
  };
  if (n === 0) return format('auto').format(0, 'day');
  return format('always')
    .format(-n, unit)
    .replace(/^1 (\w+) ago$/, 'a $1 ago');
}

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** An id in the service's style: base64url text of a given length. */
const opaque = (seed: string, length: number) =>
  Buffer.from(Array.from({ length }, (_v, i) => hash(`${seed}:${i}`) & 0xff))
    .toString('base64url')
    .slice(0, length);

function renderReview(h: Hotel, rv: Review, position: number, hl: string, base: string) {
  const r = rng(`rv:${h.key}:${rv.i}`);
  const name = `${pick(r, FIRST_NAMES)} ${String.fromCharCode(65 + (rv.i % 26))}.`;
  const starOnly = r() < 0.15;
  const responded = r() < 0.3;
  const photos = r() < 0.2 ? [`${base}/photos/review/${h.key}-${rv.i}.jpg`] : [];
  const local = r() < 0.35;
  const count = 1 + Math.floor(r() * 300);
  const likes = Math.floor(r() * 12);
  const text = pick(r, TEXTS);
  const edited = r() < 0.1;
  const at = REVIEWS_UNTIL - rv.days * DAY_MS;
  const answeredAt = Math.min(at + 2 * DAY_MS, REVIEWS_UNTIL);
  const reviewId = `Ci9DQUlRQUNvZENodHljRjlv${h.ids.site_a}${rv.i}`;
  const contributor = String(100_000_000_000_000_000_000n + BigInt(hash(name + h.key)) * 7_919n);
  const reply = `Thank you ${name.split(' ')[0]}, we hope to welcome you again.`;
  return {
    position,
    link: `${PUBLIC_SITE}/maps/reviews/data=!4m8!14m7!1m6!2m5!1s${reviewId}!2m1!1s0x0:0x0`,
    rating: rv.rating,
    date: relative(at, hl),
    iso_date: iso(at),
    iso_date_of_last_edit: iso(edited ? Math.min(at + DAY_MS, REVIEWS_UNTIL) : at),
    source: 'Maps',
    review_id: reviewId,
    user: {
      name,
      link: `${PUBLIC_SITE}/maps/contrib/${contributor}?hl=${hl}`,
      contributor_id: contributor,
      thumbnail: `${base}/avatars/${hash(name)}.png`,
      local_guide: local,
      reviews: count,
      photos: Math.floor(count / 6),
    },
    ...(starOnly ? {} : { snippet: text, extracted_snippet: { original: text } }),
    ...(photos.length ? { images: photos } : {}),
    ...(rv.i % 2 === 0
      ? {
          details: {
            rooms: rv.rating,
            service: Math.max(1, rv.rating - (rv.i % 3 === 0 ? 1 : 0)),
            location: 5,
          },
        }
      : {}),
    likes,
    ...(responded
      ? {
          response: {
            date: relative(answeredAt, hl),
            iso_date: iso(answeredAt),
            iso_date_of_last_edit: iso(answeredAt),
            snippet: reply,
            extracted_snippet: { original: reply },
          },
        }
      : {}),
  };
}

/** A place's rating, from its reviews; none without. */
export function rating(h: Hotel): number | undefined {
  return reviewCount(h) ? Math.round(38 + (hash(`rt:${h.key}`) % 12)) / 10 : undefined;
}

/** A place as the search lists it; a place without reviews has no rating and no review count. */
export function placeResult(h: Hotel, base: string) {
  const count = reviewCount(h);
  const cid = String(BigInt(`0x${h.ids.maps_data_id.split(':0x')[1]}`));
  const reviewsLink = `${base}/search.json?${new URLSearchParams({ engine: 'reviews', data_id: h.ids.maps_data_id, hl: 'en' })}`;
  return {
    title: h.name,
    place_id: h.ids.maps_place_id,
    data_id: h.ids.maps_data_id,
    data_cid: cid,
    reviews_link: reviewsLink,
    photos_link: `${base}/search.json?${new URLSearchParams({ engine: 'photos', data_id: h.ids.maps_data_id })}`,
    gps_coordinates: { latitude: h.latitude, longitude: h.longitude },
    place_id_search: `${base}/search.json?${new URLSearchParams({ engine: 'place_search', type: 'place', place_id: h.ids.maps_place_id })}`,
    provider_id: `/g/${opaque(`g:${h.key}`, 9).toLowerCase()}`,
    ...(count ? { rating: rating(h), reviews: count } : {}),
    type: 'Hotel',
    types: ['Hotel'],
    type_id: 'hotel',
    type_ids: ['hotel'],
    address: h.city.label,
    phone: phoneOf(h.city.country, h.key),
    ...(h.officialWebsite ? { website: h.officialWebsite } : {}),
    description: `${h.stars}-star hotel in ${h.city.name}.`,
    thumbnail: `${base}/avatars/${hash(`th:${h.key}`)}.png`,
  };
}

function search(query: URLSearchParams, base: string): SiteResponse {
  const engine = 'place_search';
  const q = query.get('q');
  if (query.get('type') !== 'search') return badRequest('Unsupported `type` parameter: use `search`.');
  if (!q) return badRequest('Missing query `q` parameter.');
  const ll = query.get('ll');
  const publicUrl = `${PUBLIC_SITE}/maps/search/${encodeURIComponent(q)}${ll ? `/${ll}` : ''}`;
  const metadata = () => searchMetadata({ engine, base, seed: query.toString(), publicUrl });
  const refusal = refused(query, metadata);
  if (refusal) return refusal;
  const parameters = {
    engine,
    type: 'search',
    q,
    ...(ll ? { ll } : {}),
    hl: query.get('hl') ?? 'en',
  };
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
  const base0 = { search_metadata: metadata(), search_parameters: parameters };
  if (hits.length === 0)
    return {
      status: 200,
      json: {
        ...base0,
        search_information: { local_results_state: 'Fully empty', query_displayed: q },
        error: emptyResultText('maps_reviews'),
      },
    };
  if (hits.length === 1 || at)
    return { status: 200, json: { ...base0, place_results: placeResult(hits[0]!, base) } };
  return {
    status: 200,
    json: {
      ...base0,
      search_information: { local_results_state: 'Results for exact spelling', query_displayed: q },
      local_results: hits.slice(0, 20).map((h, i) => ({ position: i + 1, ...placeResult(h, base) })),
    },
  };
}

/** What reviews of a place talk about, with how often, as the first page lists them. */
function topics(h: Hotel) {
  return ['location', 'breakfast', 'staff', 'room', 'price', 'view'].map((keyword) => ({
    keyword,
    mentions: 2 + (hash(`topic:${h.key}:${keyword}`) % Math.max(3, Math.floor(reviewCount(h) / 4))),
    id: opaque(`topic:${keyword}:${h.key}`, 11),
  }));
}

function reviews(query: URLSearchParams, base: string): SiteResponse {
  const engine = 'reviews';
  const hl = query.get('hl') ?? 'en';
  const pageToken = query.get('next_page_token');
  const dataId = query.get('data_id') ?? '';
  if (!dataId) return badRequest('Missing `data_id` parameter.');
  const sort = query.get('sort_by') ?? 'qualityScore';
  if (!SORTS.includes(sort as (typeof SORTS)[number]))
    return badRequest(`Unsupported \`${sort}\` sort_by value.`);
  const num = query.get('num');
  if (num !== null && !pageToken) return badRequest('`num` parameter cannot be used on the initial page.');
  const size = num === null ? (pageToken ? 10 : 8) : Number(num);
  if (!Number.isInteger(size) || size < 1 || size > 20) return badRequest('`num` must be between 1 and 20.');
  const publicUrl = `${PUBLIC_SITE}/maps/place/data=!4m3!3m2!1s${dataId}!9m1!1b1`;
  const metadata = () => searchMetadata({ engine, base, seed: query.toString(), publicUrl });
  const refusal = refused(query, metadata);
  if (refusal) return refusal;
  let offset = 0;
  if (pageToken) {
    const t = readToken(pageToken);
    if (!t || Date.now() - t.t > TOKEN_TTL_MS || t.d !== dataId)
      return badRequest('Invalid `next_page_token` parameter.');
    offset = t.o;
  }
  const parameters = {
    engine,
    data_id: dataId,
    hl,
    ...(query.has('sort_by') ? { sort_by: sort } : {}),
    ...(pageToken ? { next_page_token: pageToken } : {}),
    ...(num !== null ? { num: size } : {}),
  };
  const h = byDataId(dataId);
  const answered = { search_metadata: metadata(), search_parameters: parameters };
  if (!h) return { status: 200, json: { ...answered, error: emptyResultText('maps_reviews') } };
  const info = { title: h.name, address: h.city.label, type: 'Hotel' };
  const all = sorted(reviewsOf(h), sort);
  if (all.length === 0)
    return { status: 200, json: { ...answered, place_info: info, error: emptyResultText('maps_reviews') } };
  const page = all.slice(offset, offset + size);
  const next = offset + size < all.length ? token(dataId, offset + size) : undefined;
  const nextLink = (t: string) =>
    `${base}/search.json?${new URLSearchParams({ engine, data_id: dataId, hl, ...(query.has('sort_by') ? { sort_by: sort } : {}), next_page_token: t })}`;
  return {
    status: 200,
    json: {
      ...answered,
      place_info: { ...info, rating: rating(h), reviews: all.length },
      ...(offset === 0 ? { topics: topics(h) } : {}),
      reviews: page.map((rv, i) => renderReview(h, rv, i + 1, hl, base)),
      ...(next ? { serpapi_pagination: { next: nextLink(next), next_page_token: next } } : {}),
    },
  };
}

export const maps: Site = serpSite(
  'maps_reviews',
  'maps.test',
  ({ query, base }) => {
    const engine = query.get('engine');
    if (engine === 'place_search')
      return isPlaceRequest(query)
        ? place(query, base, { placeResult, rating, reviewCount, reviewsOf })
        : search(query, base);
    if (engine === 'reviews') return reviews(query, base);
    return badRequest(`Unsupported \`${engine ?? ''}\` search engine.`);
  },
  /^\/(?:avatars\/\d+\.png|photos\/review\/[\w-]+\.jpg)$/,
);
