// maps_reviews' place reader on fresh fixtures in §16's shapes: `place_results` (type a list, hours a list
// of single-key objects, a rating summary) and the search shape's `local_results[]` (type a string beside
// types[], hours an object, `hours` a status text); times with U+202F read with plain spaces; the
// service's empty-result answer as no such place.
import { describe, expect, it } from '@jest/globals';
import { extractPlaceDetails, PlaceAnswer, placeRequest } from '../../shared/providers/maps-reviews/place.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureJson } from '../helpers/fixtures.ts';

const fixture = (name: string): unknown => fixtureJson('maps-reviews', name);
const read = (name: string, key: Parameters<typeof extractPlaceDetails>[1]) =>
  extractPlaceDetails(conform('maps_reviews', PlaceAnswer, fixture(name), 'the place'), key);

describe('the place reader', () => {
  it('reads place_results: categories from the type list, the week from its list, plain spaces, the distribution', () => {
    // Act
    const p = read('place-details.json', { placeId: 'ChIJq3Lc9vFv5kcR0rY2bE1xWZA' })!;
    // Assess
    expect(p).toEqual({
      place_id: 'ChIJq3Lc9vFv5kcR0rY2bE1xWZA',
      data_id: '0x47e671f6f5dcb7ab:0x9059719b6a5a3d2d',
      name: 'Brasserie des Quais',
      address: '12 Quai de la Mégisserie, 75001 Paris, France',
      phone: '+33 1 40 00 00 00',
      website: 'https://brasserie-des-quais.example/',
      location: { latitude: 48.8571, longitude: 2.3472 },
      rating: 4.4,
      review_count: 1287,
      rating_distribution: { 1: 52, 2: 31, 3: 98, 4: 311, 5: 795 },
      price_level: '€€',
      categories: ['Brasserie', 'French restaurant'],
      hours: [
        { day: 'monday', text: '8 AM–11 PM' },
        { day: 'tuesday', text: '8 AM–11 PM' },
        { day: 'wednesday', text: '8 AM–11 PM' },
        { day: 'thursday', text: '8 AM–11 PM' },
        { day: 'friday', text: '8 AM–12 AM' },
        { day: 'saturday', text: '9 AM–12 AM' },
        { day: 'sunday', text: 'Closed' },
      ],
      open_state: 'Open · Closes 11 PM',
      description: 'Riverside brasserie with a zinc bar and a terrace.',
      attributes: {
        highlights: ['Great cocktails', 'Fireplace'],
        accessibility: ['Wheelchair-accessible entrance'],
        payments: ['Credit cards', 'NFC mobile payments'],
      },
    });
  });

  it('reads the search shape: categories from types[], the week from operating_hours, Monday first, no distribution', () => {
    // Act
    const p = read('place-local-results.json', { dataId: '0x47e66f4677518c83:0x5fe23a0cd0716f31' })!;
    // Assess
    expect(p).toMatchObject({
      name: 'Café Lumen',
      categories: ['Coffee shop', 'Breakfast restaurant'],
      rating_distribution: null,
      price_level: '$1–10',
      open_state: 'Open · Closes 6 PM',
      attributes: { service_options: ['Dine-in', 'Takeout'], offerings: ['Coffee', 'Vegetarian options'] },
    });
    expect(p.hours[0]).toEqual({ day: 'monday', text: '6:30 AM–6 PM' });
    expect(p.hours.at(-1)).toEqual({ day: 'sunday', text: '8 AM–6 PM' });
  });

  it('reads a star the summary leaves out, or lists without its amount, as not shown: null, never 0', () => {
    // Prepare: the two-star entry gone, the four-star entry without its amount
    const answer = fixture('place-details.json') as {
      place_results: { rating_summary: { stars: number; amount?: number }[] };
    };
    const summary = answer.place_results.rating_summary.filter((r) => r.stars !== 2);
    delete summary.find((r) => r.stars === 4)!.amount;
    answer.place_results.rating_summary = summary;
    // Act
    const p = extractPlaceDetails(conform('maps_reviews', PlaceAnswer, answer, 'the place'), {
      placeId: 'ChIJq3Lc9vFv5kcR0rY2bE1xWZA',
    })!;
    // Assess
    expect(p.rating_distribution).toEqual({ 1: 52, 2: null, 3: 98, 4: null, 5: 795 });
  });

  it("reads the service's empty-result answer as no such place", () => {
    expect(read('place-not-found.json', { placeId: 'ChIJunknownplace000000000' })).toBeUndefined();
  });

  it('refuses an answer with neither a place nor the empty state', () => {
    expect(() =>
      extractPlaceDetails({ search_metadata: { status: 'Success' } }, { placeId: 'ChIJx' }),
    ).toThrow(ExtractionError);
  });

  it('asks by place_id, or by data_cid (the data_id second number in decimal)', () => {
    expect(placeRequest({ placeId: 'ChIJabc' }, 'en', 'place_search').query).toEqual({
      engine: 'place_search',
      place_id: 'ChIJabc',
      hl: 'en',
    });
    expect(placeRequest({ dataId: '0x47e6:0x5fe23a0cd0716f31' }, 'fr', 'place_search').query).toEqual({
      engine: 'place_search',
      data_cid: '6909148605050875697',
      hl: 'fr',
    });
  });
});
