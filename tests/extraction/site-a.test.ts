// site_a's extractors on fixtures in the real formats (written fresh, invented values) and on the sandbox's
// real-size pages.
import { describe, expect, it } from '@jest/globals';
import { galleryIds, hotelPage } from '../../infra/sandbox/sites/site-a.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { AutocompleteAnswer, extractDestinations } from '../../shared/providers/site-a/extract.ts';
import { hotelIdInPage } from '../../shared/providers/site-a/hotel-page.ts';
import { hotelRefInResults } from '../../shared/providers/site-a/search-page.ts';
import { galleryInPage, PAGE_PHOTO_CAP } from '../../shared/providers/site-a/gallery.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const fixture = (name: string) => fixtureText('site-a', name);

describe('autocomplete answer', () => {
  const answer = AutocompleteAnswer.parse(JSON.parse(fixture('autocomplete.json')));

  it('maps string ids, label1 and cc1, and skips hotel and country items', () => {
    const suggestions = extractDestinations(answer);
    expect(suggestions.map((s) => [s.dest_id, s.dest_type])).toEqual([
      [-1900123, 'CITY'],
      [77, 'AIRPORT'],
      [3301, 'LANDMARK'],
    ]);
    expect(suggestions[0]).toEqual({
      dest_id: -1900123,
      dest_type: 'CITY',
      name: 'Lorvane',
      label: 'Lorvane, Valmere Region, Ostland',
      country_code: 'ZZ',
      latitude: 47.1234,
      longitude: 9.5678,
    });
  });

  it('names an item without label1 by its value, and gives null coordinates when there are none', () => {
    const [, airport, landmark] = extractDestinations(answer);
    expect(airport!.name).toBe('Lorvane Airport, Lorvane, Ostland');
    expect(landmark).toMatchObject({ name: 'Old Bridge', latitude: null, longitude: null });
  });

  it('keeps a suggestion without its country, labels or name, each null: the dest id identifies it', () => {
    // Prepare: the city item without cc1 and with no label of any kind, an airport with an empty cc1
    const raw = JSON.parse(fixture('autocomplete.json')) as { results: Record<string, unknown>[] };
    const [city, , , airport] = raw.results;
    for (const key of ['cc1', 'label', 'label1', 'value']) delete city![key];
    airport!.cc1 = '';
    // Act
    const suggestions = extractDestinations(AutocompleteAnswer.parse(raw));
    // Assess: the first suggestion is still the city, not the next one
    expect(suggestions.map((s) => s.dest_id)).toEqual([-1900123, 77, 3301]);
    expect(suggestions[0]).toMatchObject({ name: null, label: null, country_code: null, latitude: 47.1234 });
    expect(suggestions[1]!.country_code).toBeNull();
  });

  it('keeps at most five suggestions', () => {
    const many = { results: Array.from({ length: 8 }, () => answer.results[0]!) };
    expect(extractDestinations(many)).toHaveLength(5);
  });
});

describe('hotel id markers', () => {
  const page = fixture('hotel-page.html');

  it('reads b_hotel_id first', () => {
    expect(hotelIdInPage(page)).toBe('4412009');
    expect(hotelIdInPage(page.replace("b_hotel_id: '4412009'", "b_hotel_id: '1'"))).toBe('1');
  });

  it.each([
    ['utag_data', (p: string) => p.replace(/b_hotel_id/, 'b_other')],
    ['the hidden input', (p: string) => p.replace(/b_hotel_id/, 'b_other').replace(/utag_data/, 'tags')],
    [
      'data-hotel-id',
      (p: string) =>
        p
          .replace(/b_hotel_id/, 'b_other')
          .replace(/utag_data/, 'tags')
          .replace(/name="hotel_id"/, 'name="h"'),
    ],
  ])('falls back to %s', (_marker, strip) => {
    expect(hotelIdInPage(strip(page))).toBe('4412009');
  });

  it('never reads an id from JSON-LD or quoted keys, which real pages do not carry', () => {
    expect(
      hotelIdInPage('<script type="application/ld+json">{"identifier":"123","hotel_id":"456"}</script>'),
    ).toBeUndefined();
  });

  it('finds the id in the first tenth of every real-size sandbox page', () => {
    for (const h of getWorld().hotels.slice(0, 12)) {
      const html = hotelPage(h);
      expect(html.length).toBeGreaterThan(1_300 * 1024);
      const at = html.indexOf('b_hotel_id');
      expect(at / html.length).toBeLessThan(0.1);
      expect(hotelIdInPage(html.slice(0, at + 40))).toBe(String(h.ids.site_a));
    }
  });
});

describe('hotelPhotos literal', () => {
  it('reads the quirky literal: unquoted keys, single quotes, leading commas, a space before a colon', () => {
    const gallery = galleryInPage(fixture('hotel-page.html'), true)!;
    expect(gallery.hotelId).toBe('4412009');
    expect(gallery.photos).toEqual([
      {
        photo_id: '900001',
        thumbnail_url: 'https://images.site-a.test/xdata/images/hotel/square200/900001.jpg?k=abc123&o=',
        medium_url: 'https://images.site-a.test/xdata/images/hotel/square600/900001.jpg?k=abc123&o=',
        large_url: 'https://images.site-a.test/xdata/images/hotel/max1024x768/900001.jpg?k=abc123&o=',
      },
      expect.objectContaining({ photo_id: '900002' }),
    ]);
  });

  it('waits while the literal is still arriving', () => {
    const page = fixture('hotel-page.html');
    expect(galleryInPage(page.slice(0, page.indexOf(",{id:'900002'")), false)).toBeUndefined();
  });

  it('adds the photos past the cap that the page shows only as images, without duplicates', () => {
    const h = getWorld().hotels.find((x) => galleryIds(x).length > PAGE_PHOTO_CAP + 3)!;
    const html = hotelPage(h, 'https://images.site-a.test');
    expect(galleryInPage(html.slice(0, html.indexOf('hp_hotel_name')), false)).toBeUndefined();
    const gallery = galleryInPage(html, true)!;
    expect(gallery.photos.map((p) => p.photo_id)).toEqual(galleryIds(h));
  });

  it('needs only the literal when the gallery is under the cap', () => {
    const h = getWorld().hotels.find((x) => galleryIds(x).length < PAGE_PHOTO_CAP)!;
    const html = hotelPage(h, 'https://images.site-a.test');
    const literalEnd = html.indexOf('b_photo_count');
    expect(galleryInPage(html.slice(0, literalEnd), false)!.photos).toHaveLength(galleryIds(h).length);
  });

  it('skips and counts a photo whose URL has no size segment, keeping the others; fails when no photo has one', () => {
    // Prepare: the fixture's second photo moved off the sized path
    const page = fixture('hotel-page.html');
    const second = /xdata\/images\/hotel\/max1024x768\/900002\.jpg/;
    expect(page).toMatch(second);
    const odd = page.replace(second, 'images/hotel/900002.jpg');
    const none =
      "x = { b_hotel_id: '7', hotelPhotos: [ {id:'1', large_url:'https://i.test/images/hotel/1.jpg?k=z'} ] }";
    // Act
    const { value: gallery, drift } = withDrift(() => galleryInPage(odd, true)!);
    // Assess: one unusable photo is not the gallery's failure
    expect(gallery.photos.map((p) => p.photo_id)).toEqual(['900001']);
    expect(drift).toContainEqual({ provider: 'site_a', kind: 'skipped', field: '[]', count: 1 });
    expect(() => galleryInPage(none, true)).toThrow(ExtractionError);
  });

  it('fails a literal that is not a list, and an entry without a large URL', () => {
    expect(() => galleryInPage('x = { hotelPhotos: [ foo() ] }', true)).toThrow(ExtractionError);
    expect(() => galleryInPage("x = { hotelPhotos: [ {id:'1'} ] }", true)).toThrow(ExtractionError);
  });
});

describe('search results', () => {
  it('takes the first hotel link, without its language suffix', () => {
    expect(hotelRefInResults(fixture('search-results.html'))).toEqual({ cc: 'zz', slug: 'lorvane-garden' });
  });

  it('finds nothing on an empty results page', () => {
    expect(hotelRefInResults('<h1>0 properties found</h1>')).toBeUndefined();
  });
});
