/**
 * site_a, a hotel booking site, in its real formats: hotel pages of real size with the real markers
 * at their real depths and the `hotelPhotos` literal; the search results page with its Apollo cache
 * (site-a-search.ts: destinations, and a hotel id leading to its page); the web app's GraphQL review list
 * (site-a-reviews.ts); and the autocomplete API, a POST of a JSON text, answering string ids and split labels.
 */
import { search } from '../../../shared/geo/gazetteer.ts';
import { priceMove } from '../prices.ts';
import { hash, rng } from '../random.ts';
import { esc, KB, padTo } from '../html.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { signPhoto } from './images.ts';
import { siteAReviewCount, siteAScore, graphql } from './site-a-reviews.ts';
import { homePage, searchResults } from './site-a-search.ts';
import { apolloStore, descriptionOf, postalCodeOf, streetOf } from './site-a-hotel.ts';
import {
  carrierOf,
  emptyShell,
  envRooms,
  noAvailabilityHtml,
  roomTableHtml,
  soldOut,
  type PageStay,
} from './site-a-rooms.ts';

function hotelBySlug(cc: string, slug: string): Hotel | undefined {
  return getWorld().hotels.find((h) => h.slug === slug && h.city.country.toLowerCase() === cc);
}

/** How many photos site_a has for a hotel: 22 to 61, so some galleries pass the page literal's cap of 45. */
export function galleryIds(h: Hotel): string[] {
  const count = 22 + (hash(`gallery:${h.key}`) % 40);
  return Array.from({ length: count }, (_, i) => String(100_000_000 + h.ids.site_a * 97 + i));
}

/** The page literal holds at most this many photos; the rest appear only as `<img>` URLs further down. */
export const PAGE_PHOTO_CAP = 45;

/** A hotel page without the markup a page can lose (1 in 38 real pages has no hidden input or data attribute). */
const lean = (h: Hotel) => hash(`lean:${h.key}`) % 38 === 0;

const photoUrl = (imageBase: string, size: string, id: string) =>
  `${imageBase}/xdata/images/hotel/${size}/${id}.jpg?k=${signPhoto(id)}&o=`;

/**
 * A hotel page at real scale (1.3 to 1.8 MB) with the real markers at their real depths: the `booking.env`
 * block with `b_hotel_id` and the `utag_data` object near 58–62 KB, JSON-LD (`"@type" : "Hotel"`, no id),
 * the hidden `hotel_id` input, the `hotelPhotos` literal with its quirks, a late `data-hotel-id` near
 * 400 KB, then further gallery images and reviews.
 */
export function hotelPage(h: Hotel, imageBase = '', lang = 'en-gb', stay?: PageStay, shell = false): string {
  const r = rng(`page:${h.key}`);
  const id = String(h.ids.site_a);
  const cc = h.city.country.toLowerCase();
  const ufi = -Number(h.city.placeId.split(':')[1]);
  const photos = galleryIds(h);
  const parts: string[] = [
    `<!DOCTYPE html>\n<html lang="${lang}" class="no-js"><head>\n<meta charset="utf-8">\n`,
    `<title>${esc(h.name)}, ${esc(h.city.name)} – Updated ${2026} Prices</title>\n`,
    `<meta property="og:title" content="${esc(h.name)}">\n<style>\n`,
  ];
  padTo(parts, 56 * KB + (hash(`head:${h.key}`) % (5 * KB)), (i) => {
    return `.bui-c${i}{margin:0 ${i % 9}px;padding:${i % 13}px ${i % 7}px;color:#1a1a1a;font:400 14px/20px BlinkMacSystemFont,-apple-system,sans-serif}\n`;
  });
  parts.push(
    `</style>\n<script>\nvar booking = window.booking || {};\nbooking.env = booking.env || {};\nbooking['env'] = {\n`,
    `  b_action: 'hotel',\n  b_lang: '${lang}',\n  b_csrf_token: '${hash(`csrf:${h.key}`).toString(36)}${hash(id).toString(36)}',\n`,
    `  b_hotel_id: '${id}',\n  b_hotel_name: '${h.name.replace(/'/g, "\\'")}',\n  b_ufi: ${ufi},\n`,
    `  b_dest_id: '${ufi}',\n  b_dest_type: 'city',\n  b_cc: '${cc}',\n`,
    stay && !shell && carrierOf(h) === 'env' ? envRooms(h, stay) : '',
    `  b_stars: ${h.stars}\n};\n</script>\n`,
    `<script>\nwindow.utag_data = { pageview_id: '${hash(`pv:${id}`).toString(16)}', page_type: 'hotel', `,
    `hotel_id: '${id}', dest_ufi: '${ufi}', city_name: '${h.city.name.replace(/'/g, "\\'")}', country_code: '${cc}' };\n</script>\n`,
  );
  const ld = [
    '{',
    '"@context" : "http://schema.org",',
    '"@type" : "Hotel",',
    `"name" : ${JSON.stringify(h.name)},`,
    `"url" : "https://${siteA.hosts[0]}/hotel/${cc}/${h.slug}.html",`,
    `"description" : ${JSON.stringify(`${descriptionOf(h).slice(0, 60)}...`)},`,
    `"image" : ${JSON.stringify(photoUrl(imageBase, 'max1024x768', photos[0]!))},`,
    `"priceRange" : null,`,
    // As real pages have it (research §16): addressLocality holds the street, not the town.
    `"address" : { "@type" : "PostalAddress", "streetAddress" : ${JSON.stringify(`${streetOf(h)}, ${postalCodeOf(h)} ${h.city.name}, ${h.city.country}`)}, ` +
      `"addressLocality" : ${JSON.stringify(streetOf(h))}, "addressRegion" : ${JSON.stringify(`${h.city.name} Region`)}, ` +
      `"postalCode" : "${postalCodeOf(h)}", "addressCountry" : "${h.city.country}" },`,
    `"aggregateRating" : { "@type" : "AggregateRating", "ratingValue" : ${siteAScore(h).toFixed(1)}, "bestRating" : 10, "reviewCount" : ${siteAReviewCount(h)} }`,
    '}',
  ].join('\n');
  parts.push(`<script type="application/ld+json">\n${ld}\n</script>\n</head>\n<body class="hotel_page">\n`);
  padTo(
    parts,
    150 * KB,
    (i) => `<div class="bui-c${i % 400} nav-item"><a href="/region/${cc}/${i}.html">Region ${i}</a></div>\n`,
  );
  if (!lean(h))
    parts.push(
      `<form id="top-book" action="/hotel/${cc}/${h.slug}.html"><input type="hidden" name="hotel_id" value="${id}"></form>\n`,
    );
  padTo(parts, 235 * KB, (i) => `<li class="facility" data-facility="${i}">Facility ${i % 120}</li>\n`);
  const literal = photos
    .slice(0, PAGE_PHOTO_CAP)
    .map(
      (p, i) =>
        `{id:'${p}', thumb_url:'${photoUrl(imageBase, 'max200', p)}', large_url:'${photoUrl(imageBase, 'max1024x768', p)}', alt:"${esc(h.name)} – photo ${i + 1}"\n` +
        `  ,highres_url:'${photoUrl(imageBase, 'max1280x900', p)}' ,associated_rooms:['${id}0${i % 3}'] ,orientation:'${i % 4 ? 'landscape' : 'portrait'}' ,created :'2021-0${1 + (i % 9)}-1${i % 9} 10:2${i % 10}:00' ,grid:{photo_width:${i % 2 ? 1024 : 768}}}`,
    )
    .join('\n,');
  parts.push(
    `<script>\nbooking.ensureNamespaceExists('hotel');\nbooking.hotel = {\n  b_gallery_version: 2,\n  hotelPhotos: [ ${literal} ],\n  b_photo_count: ${photos.length}\n};\n</script>\n`,
  );
  // An empty shell (a dated render that lost its state) has neither the cache nor the room table.
  if (!shell) {
    // A sold-out stay shows the availability alert where the room table would stand.
    if (stay && soldOut(h, stay)) parts.push(noAvailabilityHtml(stay));
    else if (stay && carrierOf(h) === 'table') parts.push(roomTableHtml(h, stay));
    parts.push(
      `<script type="application/json" data-capla-store-data="apollo">${JSON.stringify(apolloStore(h, stay))}</script>\n`,
    );
  }
  padTo(
    parts,
    395 * KB + (hash(`late:${h.key}`) % (60 * KB)),
    (i) =>
      `<p class="bui-c${i % 300}">Room option ${i}: free cancellation before ${1 + (i % 28)} days.</p>\n`,
  );
  parts.push(
    lean(h) ? '<div id="hp_hotel_name">' : `<div id="hp_hotel_name" data-hotel-id="${id}">`,
    `<h2 class="pp-header__title">${esc(h.name)}</h2></div>\n<div class="bh-photo-grid">\n`,
  );
  for (const p of photos)
    parts.push(`<img src="${photoUrl(imageBase, 'max500', p)}" alt="" loading="lazy">\n`);
  parts.push('</div>\n<ul class="review-list">\n');
  const total = 1_300 * KB + (hash(`size:${h.key}`) % (500 * KB));
  padTo(parts, total, (i) => {
    const score = (6 + r() * 4).toFixed(1);
    return `<li class="review-item" data-review-id="${id}${i}"><div class="review-score">${score}</div><p class="review-text">Stayed ${1 + (i % 6)} nights. ${i % 3 ? 'Great location near the centre, friendly staff and a quiet room.' : 'Breakfast was good, the room a little small but clean.'}</p></li>\n`;
  });
  parts.push('</ul>\n</body></html>\n');
  return parts.join('');
}

const pages = new Map<string, string>();

const isDate = (v: string | null) => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const count = (v: string | null, fallback: number) => {
  const n = Number(v ?? fallback);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The stay a hotel page is asked for (`checkin`, `checkout`, party, currency), or undefined for none. */
function pageStay(query: URLSearchParams): PageStay | undefined {
  const checkIn = query.get('checkin');
  const checkOut = query.get('checkout');
  if (!isDate(checkIn) || !isDate(checkOut) || checkOut! <= checkIn!) return undefined;
  const currency = query.get('selected_currency') ?? 'USD';
  return {
    checkIn: checkIn!,
    checkOut: checkOut!,
    adults: Math.max(1, count(query.get('group_adults'), 2)),
    children: count(query.get('group_children'), 0),
    rooms: Math.max(1, count(query.get('no_rooms'), 1)),
    currency: /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
  };
}

/** Pages are large and deterministic: a few are kept, as a CDN would. */
function cachedPage(h: Hotel, imageBase: string, lang: string, stay?: PageStay, shell = false): string {
  const key = `${h.key} ${imageBase} ${lang} ${JSON.stringify(stay ?? null)} ${shell} ${priceMove()}`;
  let page = pages.get(key);
  if (!page) {
    page = hotelPage(h, imageBase, lang, stay, shell);
    if (pages.size >= 32) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  }
  return page;
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
  country: 'country',
};

interface AutocompleteBody {
  query?: unknown;
  language?: unknown;
  size?: unknown;
}

/** The real autocomplete item: a string id, labels split three ways, no `name`. */
function autocompleteItems(q: string, lang: string, size: number) {
  const places = search(q, size).map((l) => {
    const type = DEST_TYPE[l.type] ?? 'landmark';
    const [name = '', ...rest] = l.name.split(', ');
    const region = l.type === 'country' ? '' : rest.slice(0, -1).join(', ');
    const numeric = Number(l.place_id.split(':')[1]) || hash(l.place_id);
    const label =
      l.type === 'country'
        ? localizedLabel('', '', l.country ?? '', lang)
        : localizedLabel(name, region, l.country ?? '', lang);
    const [label1 = label, ...others] = label.split(', ');
    return {
      dest_id: String(type === 'city' ? -numeric : numeric),
      dest_type: type,
      label,
      label1,
      label2: others.join(', '),
      labels: [
        { text: label1, type: 'name', dest_type: type, hl: 1 },
        ...others.map((text) => ({ text, type: 'region', dest_type: type, hl: 0 })),
      ],
      value: label,
      cc1: (l.country ?? '').toLowerCase(),
      latitude: l.latitude,
      longitude: l.longitude,
      nr_hotels: 10 + (hash(l.place_id) % 900),
      roundtrip: `GgI${hash(`rt:${l.place_id}`).toString(36)}`,
    };
  });
  const folded = q.toLowerCase();
  const hotels = getWorld()
    .hotels.filter((h) => folded.length > 3 && h.name.toLowerCase().includes(folded))
    .slice(0, 2)
    .map((h) => {
      const label = `${h.name}, ${localizedLabel(h.city.name, '', h.city.country, lang)}`;
      return {
        dest_id: String(h.ids.site_a),
        dest_type: 'hotel',
        label,
        label1: h.name,
        label2: localizedLabel(h.city.name, '', h.city.country, lang),
        labels: [{ text: h.name, type: 'name', dest_type: 'hotel', hl: 1 }],
        value: label,
        cc1: h.city.country.toLowerCase(),
        latitude: h.latitude,
        longitude: h.longitude,
        nr_hotels: 1,
        roundtrip: `GgI${hash(`rt:${h.key}`).toString(36)}`,
      };
    });
  // A hotel named like the query comes after the places, as the real list ranks them.
  return [...places, ...hotels].slice(0, size);
}

export const siteA: Site = {
  provider: 'site_a',
  hosts: ['www.site-a.test', 'site-a.test', 'm.site-a.test'],
  // The autocomplete's own host (research §1.2: `accommodations`): a path under the sandbox's prefix.
  config: { origins: { accommodations: '/accommodations' } },
  routes: [
    [
      'GET',
      /^\/hotel\/([a-z]{2})\/([a-z0-9-]+?)(?:\.([a-z]{2}(?:-[a-z]{2})?))?\.html$/,
      ({ match, base, query }): SiteResponse => {
        const h = hotelBySlug(match[1]!, match[2]!);
        const imageBase = base.replace(/\/site_a$/, '/site_a_images');
        if (!h) return { status: 404, html: '<html><body><h1>Page not found</h1></body></html>' };
        const stay = pageStay(query);
        const shell = Boolean(stay) && query.get('nocache') !== '1' && emptyShell(h, stay!);
        return { status: 200, html: cachedPage(h, imageBase, match[3] ?? 'en-gb', stay, shell) };
      },
    ],
    ['GET', /^\/searchresults(?:\.[a-z-]+)?\.html$/, (req) => searchResults(req, siteA.hosts[0]!)],
    ['GET', /^\/(?:index(?:\.[a-z-]+)?\.html)?$/, homePage],
    ['POST', /^\/dml\/graphql$/, graphql],
    [
      'POST',
      /^\/accommodations\/autocomplete\.json$/,
      ({ body, headers }): SiteResponse => {
        // The source reads a JSON text whatever the content type says; the web app sends text/plain.
        let parsed: AutocompleteBody;
        try {
          parsed = JSON.parse(body) as AutocompleteBody;
        } catch {
          return { status: 400, json: { error: 'invalid request body' } };
        }
        if (
          typeof parsed.query !== 'string' ||
          !String(headers['content-type'] ?? '').startsWith('text/plain')
        )
          return { status: 400, json: { error: 'invalid request' } };
        const lang = (typeof parsed.language === 'string' ? parsed.language : 'en-us').split('-')[0]!;
        const size = typeof parsed.size === 'number' ? Math.min(10, Math.max(1, parsed.size)) : 5;
        return { status: 200, json: { results: autocompleteItems(parsed.query, lang, size) } };
      },
    ],
  ],
};
