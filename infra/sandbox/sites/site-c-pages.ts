/**
 * site_c's location typeahead and hotel pages, in the real formats (research §16 site_c). The typeahead is a
 * pre-registered query of the batch endpoint answering `Typeahead_autocomplete.results[]`: the world's
 * cities (geo ids) and hotels (their site_c location ids, the ones reviews and prices serve) matching the
 * text, mixed with a query suggestion and a rescue item as the real list mixes them. A hotel page
 * (`/Hotel_Review-g{geo}-d{id}-Reviews-{Name}.html`) carries the `LodgingBusiness` JSON-LD (a string
 * `ratingValue`, a price range written as a sentence) and, rendered, the description and amenities; one
 * hotel in four is served without those two, as a page read before its sections render.
 */
import { esc, KB, padTo } from '../html.ts';
import { hash, pick, rng, slugify } from '../random.ts';
import type { SiteResponse } from '../site.ts';
import { getWorld, type City, type Hotel } from '../world.ts';

/** What the pages take from site-c.ts (passed in, so that neither module imports the other). */
export interface SiteCWorld {
  pagePath: (h: Hotel) => string;
  reviewTotal: (h: Hotel) => number;
}

const fold = (text: string) => slugify(text).replace(/-/g, ' ');
const words = (name: string) => name.replace(/\s+/g, '_');
const cityGeo = (city: City) => getWorld().hotels.find((h) => h.city === city)!.ids.site_c_geo;
const STREETS = ['Rue du Marché', 'Station Road', 'Harbour Lane', 'Garden Avenue', 'Via Centrale'];
/** A hotel's street address. @example siteCStreet(h) // '18 Station Road' */
export const siteCStreet = (h: Hotel) =>
  `${1 + (hash(`street:${h.key}`) % 120)} ${pick(rng(`street:${h.key}`), STREETS)}`;
/** A hotel's postal code. */
const postal = (h: Hotel) => String(10_000 + (hash(`postal:${h.key}`) % 89_999));
/** Whether a hotel's page is read before its description and amenities render. @example siteCBarePage(h) // false */
export const siteCBarePage = (h: Hotel) => hash(`bare:${h.key}`) % 4 === 0;

/** The hotel's bubble rating: the mean of its reviews' ratings, to the half bubble. @example siteCRating(h, world) // 3 */
export function siteCRating(h: Hotel, world: SiteCWorld): number {
  const n = world.reviewTotal(h);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += 1 + (hash(`rt:${h.key}:${i}`) % 5);
  return Math.round((sum / n) * 2) / 2;
}

function cityItem(city: City) {
  const geo = cityGeo(city);
  return {
    __typename: 'Typeahead_LocationItem',
    documentId: `loc;${geo};g${geo}`,
    locationId: geo,
    sponsored: false,
    details: {
      localizedName: city.name,
      localizedAdditionalNames: { longOnlyHierarchy: city.label.split(', ').slice(1).join(', ') },
      streetAddress: { street1: null },
      placeType: 'CITY',
      isGeo: true,
      latitude: city.latitude,
      longitude: city.longitude,
      url: `/Tourism-g${geo}-${words(city.name)}-Vacations.html`,
      HOTELS_URL: `/Hotels-g${geo}-${words(city.name)}-Hotels.html`,
      ATTRACTIONS_URL: `/Attractions-g${geo}-Activities-${words(city.name)}.html`,
      RESTAURANTS_URL: `/Restaurants-g${geo}-${words(city.name)}.html`,
      locationV2: {
        placeType: 'CITY',
        hierarchy: { parentId: null, parent: null },
        names: { longOnlyHierarchyTypeaheadV2: city.label },
        vacationRentalsRoute: {
          url: `/VacationRentals-g${geo}-Reviews-${words(city.name)}-Vacation_Rentals.html`,
        },
      },
      thumbnail: null,
    },
    highlightingInfo: [],
    recent: false,
    nestedResults: [],
  };
}

function hotelItem(h: Hotel, world: SiteCWorld) {
  return {
    __typename: 'Typeahead_LocationItem',
    documentId: `loc;${h.ids.site_c};g${h.ids.site_c_geo}`,
    locationId: h.ids.site_c,
    sponsored: false,
    details: {
      localizedName: h.name,
      localizedAdditionalNames: { longOnlyHierarchy: h.city.label },
      streetAddress: { street1: siteCStreet(h) },
      placeType: 'ACCOMMODATION',
      isGeo: false,
      latitude: h.latitude,
      longitude: h.longitude,
      url: world.pagePath(h),
      // The hotel's own "hotels" link is the list around it.
      HOTELS_URL: `/Hotels?geo=${h.ids.site_c}`,
      locationV2: {
        placeType: 'ACCOMMODATION',
        hierarchy: {
          parentId: h.ids.site_c_geo,
          parent: { names: { longOnlyHierarchyTypeaheadV2: h.city.label } },
          naturalParentId: h.ids.site_c_geo,
          naturalParent: { names: { name: h.city.name }, placeType: 'CITY' },
        },
        names: { longOnlyHierarchyTypeaheadV2: `${h.name}, ${h.city.label}` },
      },
      thumbnail: {
        photoSizeDynamic: {
          maxWidth: 1200,
          maxHeight: 800,
          urlTemplate: `https://media.site-c.test/media/photo-o/${h.ids.site_c}/main.jpg?w={width}&h={height}&s=1`,
        },
      },
    },
    highlightingInfo: [],
    recent: false,
    nestedResults: [],
  };
}

/**
 * The typeahead's results for `request.query`: matching cities, a query suggestion, matching hotels (at
 * most `limit` locations in all), then the rescue item; nothing matched leaves the rescue item alone.
 * @example typeaheadResults({ request: { query: 'paris', limit: 10 } }, world).data.Typeahead_autocomplete.results.length
 */
export function typeaheadResults(variables: Record<string, unknown>, world: SiteCWorld) {
  const request = (variables.request ?? {}) as Record<string, unknown>;
  const text = fold(String(request.query ?? ''));
  const limit = Math.min(20, Math.max(1, Number(request.limit) || 10));
  const results: object[] = [];
  if (text) {
    const cities = getWorld().cities.filter((c) => fold(c.name).startsWith(text));
    const hotels = getWorld().hotels.filter((h) => fold(h.name).includes(text) || cities.includes(h.city));
    const locations = [...cities.map(cityItem), ...hotels.map((h) => hotelItem(h, world))].slice(0, limit);
    const first = cities[0];
    results.push(...locations.slice(0, cities.length));
    if (first)
      results.push({
        __typename: 'Typeahead_QuerySuggestionItem',
        text: `${first.name} hotels`,
        route: {
          url: `/Search?q=${encodeURIComponent(`${first.name} hotels`)}`,
          page: 'Search',
          params: { geoId: cityGeo(first) },
        },
        buCategory: 'HOTELS',
        parentGeoId: cityGeo(first),
      });
    results.push(...locations.slice(cities.length));
  }
  results.push({
    __typename: 'Typeahead_RescueResultItem',
    documentId: 'RESCUE',
    text: `Search for "${String(request.query ?? '')}"`,
  });
  return { data: { Typeahead_autocomplete: { __typename: 'Typeahead_AutocompleteResponse', results } } };
}

/** The 404 page of a hotel the site does not have. */
const notFound = (): SiteResponse => ({
  status: 404,
  html: '<!DOCTYPE html><html lang="en"><head><title>Page not found</title></head><body><h1>This page is on vacation…</h1></body></html>',
});

/**
 * A hotel's page by its geo and location ids; the name part of the path is not checked (the site redirects it).
 * @example hotelPage(180417, 314467, world).status // 200
 */
export function hotelPage(geo: number, locationId: number, world: SiteCWorld): SiteResponse {
  const h = getWorld().hotels.find((x) => x.ids.site_c === locationId);
  if (!h || h.ids.site_c_geo !== geo) return notFound();
  const band = ['$', '$$ - $$$', '$$$$'][Math.min(2, Math.max(0, h.stars - 3))]!;
  const ld = {
    '@context': 'http://schema.org',
    '@type': 'LodgingBusiness',
    name: h.name,
    url: world.pagePath(h),
    priceRange: `${band} (Based on Average Nightly Rates for a Standard Room from our Partners)`,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: siteCRating(h, world).toFixed(1),
      reviewCount: world.reviewTotal(h),
    },
    address: {
      '@type': 'PostalAddress',
      streetAddress: siteCStreet(h),
      addressLocality: h.city.name,
      addressRegion: h.city.region,
      postalCode: postal(h),
      addressCountry: { '@type': 'Country', name: h.city.label.split(', ').at(-1) },
    },
    geo: { '@type': 'GeoCoordinates', latitude: h.latitude, longitude: h.longitude },
    image: `https://media.site-c.test/media/photo-o/${h.ids.site_c}/main.jpg`,
  };
  const breadcrumbs = {
    '@context': 'http://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, item: { '@id': `/Tourism-g${geo}`, name: h.city.name } },
    ],
  };
  const r = rng(`amenities:${h.key}`);
  const amenities = [
    'Free internet',
    'Airport transportation',
    'Fitness Center',
    'Restaurant',
    'Bar / lounge',
    'Room service',
  ].filter(() => r() < 0.7);
  const parts = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(h.name)} - UPDATED 2026 Prices, Reviews &amp; Photos</title>`,
    `<script type="application/ld+json">${JSON.stringify(breadcrumbs)}</script>`,
    `<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, '\\u003c')}</script>`,
    '</head><body><div id="lithium-root"><header class="masthead"></header>',
    `<h1 id="HEADING" data-automation="mainH1">${esc(h.name)}</h1>`,
  ];
  padTo(
    parts,
    120 * KB,
    (i) => `<div class="ui_column c${i % 41}"><span class="biGQs">Nearby ${i}</span></div>`,
  );
  if (!siteCBarePage(h))
    parts.push(
      '<div class="about" data-automation="aboutTabDescription"><div class="fIrGe _T">',
      `${esc(h.name)} puts you close to the centre of ${esc(h.city.name)}.<br/>Rooms are quiet &amp; bright.`,
      '</div></div>',
      '<div class="amenities">',
      ...amenities.map((a) => `<div class="yplav" data-test-target="amenity_text">${esc(a)}</div>`),
      '</div>',
    );
  parts.push('</div><script src="/static/app.js" defer></script></body></html>');
  return { status: 200, html: parts.join('\n') };
}
