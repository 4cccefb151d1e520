// site_c's typeahead and hotel page readers on fresh fixtures in §16's shapes: a typeahead answer mixing
// location, suggestion and rescue items (with a placeholder, an entry without its id and a repeat), one with
// only the rescue item; a hotel page with its JSON-LD (string ratingValue, a price range as a sentence) and
// rendered sections, and one read before its description and amenities rendered.
import { describe, expect, it } from '@jest/globals';
import { extractHotelDetails, hotelJsonLd } from '../../shared/providers/site-c/details.ts';
import { BatchAnswer, entryData } from '../../shared/providers/site-c/extract.ts';
import { extractLocations, kindOf, TypeaheadData } from '../../shared/providers/site-c/locations.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';

const ORIGIN = 'https://www.site-c.test';
const fixture = (name: string) => fixtureText('site-c', name);
const typeahead = (name: string) =>
  conform(
    'site_c',
    TypeaheadData,
    entryData(conform('site_c', BatchAnswer, JSON.parse(fixture(name)), 'x'), 0, {
      name: 'typeahead',
      id: 'x',
    }),
    'the typeahead',
  );
const PAGE = `${ORIGIN}/Hotel_Review-g181503-d3140001-Reviews-Hotel_des_Canuts-Lorvane_Rhone.html`;

describe('site_c typeahead', () => {
  it('keeps the locations of a mixed list, typed by kind, once each; suggestions and rescue items left out', () => {
    // Act
    const { value, drift } = withDrift(() => extractLocations(typeahead('typeahead-mixed.json'), ORIGIN));
    // Assess
    expect(value.map((l) => [l.location_id, l.type])).toEqual([
      [181503, 'city'],
      [181520, 'region'],
      [3140001, 'hotel'],
      [2719904, 'restaurant'],
      [190022, 'airport'],
      [2300871, 'attraction'],
      [181599, 'region'],
    ]);
    expect(value[2]).toEqual({
      location_id: 3140001,
      name: 'Hôtel des Canuts',
      type: 'hotel',
      parent: 'Lorvane, Rhône, France',
      address: '12 Rue des Tisserands',
      latitude: 45.7642,
      longitude: 4.8279,
      url: PAGE,
      hotels_url: `${ORIGIN}/Hotels?geo=3140001`,
    });
    expect(value[0]).toMatchObject({ parent: 'Rhône, Auvergne-Rhône-Alpes, France', address: null });
    // The neighbourhood's blank hotels link is no link, counted.
    expect(value[6]!.hotels_url).toBeNull();
    expect(drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'skipped', field: 'Typeahead_autocomplete.results[]', count: 2 }),
        expect.objectContaining({
          kind: 'missing',
          field: 'Typeahead_autocomplete.results[].details.HOTELS_URL',
        }),
      ]),
    );
  });

  it('reads a list of only the rescue item as no location', () => {
    expect(extractLocations(typeahead('typeahead-rescue-only.json'), ORIGIN)).toEqual([]);
  });

  it.each([
    ['CITY', true, 'city'],
    ['ISLAND', true, 'region'],
    ['NEIGHBORHOOD', true, 'region'],
    ['COUNTRY', true, 'country'],
    ['ACTIVITY', false, 'attraction'],
    ['SHOPPING', false, 'other'],
    [undefined, false, null],
  ] as const)('reads place type %s (geo %s) as %s', (type, geo, kind) => {
    expect(kindOf(type, geo)).toBe(kind);
  });
});

describe('site_c hotel page', () => {
  it('reads the JSON-LD and the rendered description and amenities', () => {
    // Act
    const d = extractHotelDetails(fixture('hotel-page.html'), 3140001, PAGE, ORIGIN);
    // Assess
    expect(d).toEqual({
      location_id: 3140001,
      name: 'Hôtel des Canuts',
      url: PAGE,
      address: { street: '12 Rue des Tisserands', city: 'Lorvane', postal_code: '69004', country: 'France' },
      location: { latitude: 45.7642, longitude: 4.8279 },
      rating: { value: 4.5, review_count: 812 },
      price_range: '$$ - $$$',
      description: 'In a former silk workshop on the slopes,\nwith 23 rooms & a garden.',
      amenities: ['Free internet', 'Airport transportation'],
      photo_url: 'https://media.site-c.test/media/photo-o/3140001/main.jpg',
    });
  });

  it('answers null and [] for what the page did not render, and counts it; no rating when none is shown', () => {
    // Act
    const { value: d, drift } = withDrift(() =>
      extractHotelDetails(fixture('hotel-page-bare.html'), 3140001, PAGE, ORIGIN),
    );
    // Assess
    expect(d).toMatchObject({
      rating: null,
      price_range: null,
      description: null,
      amenities: [],
      address: { country: 'FR' },
      photo_url: 'https://media.site-c.test/media/photo-o/3140001/a.jpg',
    });
    const missing = drift.filter((x) => x.kind === 'missing').map((x) => x.field);
    expect(missing).toEqual(
      expect.arrayContaining([
        'aggregateRating',
        'priceRange',
        'div[data-automation=aboutTabDescription]',
        'div[data-test-target*=amenity]',
      ]),
    );
  });

  it('refuses a page without the hotel structured data, and one whose hotel has no name', () => {
    expect(() =>
      hotelJsonLd('<html><body>Please enable JS and disable any ad blocker</body></html>'),
    ).toThrow(ExtractionError);
    const nameless = fixture('hotel-page.html').replace('"name": "Hôtel des Canuts"', '"name": ""');
    expect(() => extractHotelDetails(nameless, 3140001, PAGE, ORIGIN)).toThrow(ExtractionError);
  });
});
