// dining's profile page (details and menus) and review search readers on fresh fixtures in §16's shapes:
// a bookable restaurant with structured menus, an info-only listing with only an external menu (its state
// as the older `window.__INITIAL_STATE__` assignment), one with no menu; a review page with placeholders.
import { describe, expect, it } from '@jest/globals';
import { extractDetails, extractMenus, profileOf } from '../../shared/providers/dining/profile.ts';
import { extractReviews, ReviewsAnswer, reviewsFailure } from '../../shared/providers/dining/reviews.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { UpstreamError } from '../../shared/upstream/errors.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';
import { profileWithoutMenu } from '../fixtures/dining/pages.ts';

const ORIGIN = 'https://www.dining.test';
const fixture = (name: string) => fixtureText('dining', name);
const profile = (name: string) => profileOf(fixture(name), 200);
describe('dining restaurant details', () => {
  it('reads a bookable restaurant: the main cuisine, band, address, the free-text hours, ratings and their spread', () => {
    // Act
    const d = extractDetails(profile('profile-page.html'), ORIGIN);
    // Assess
    expect(d).toMatchObject({
      restaurant_id: 48210,
      name: 'Saffron Lantern',
      bookable: true,
      cuisine: 'Indian',
      cuisines: ['Indian', 'Vegetarian'],
      price_band: 2,
      neighborhood: 'Canal Quarter',
      address: { line1: '18 Canal Row', line2: null, city: 'Lorvane', state: 'LV', postal_code: '40117' },
      phone: '(555) 555-0147',
      website: 'https://saffron-lantern.example/',
      location: { latitude: 41.8823, longitude: -87.6312 },
      executive_chef: 'Mira Dalton',
      hours_text: 'Dinner\nTue–Sun 5:00 pm–10:30 pm\nLunch\nSat, Sun 12:00 pm–3:00 pm',
      parking: 'Public lot on Weir Street.',
      payment_options: ['AMEX', 'Discover', 'Mastercard', 'Visa'],
      features: { bar: true, outdoor: false, takeout: true, private_dining: true, permanently_closed: false },
      rating: { overall: 4.6, food: 4.7, service: 4.5, ambience: 4.3, value: 4.2, count: 230 },
      rating_distribution: { '1': 3, '2': 5, '3': 17, '4': 52, '5': 153 },
      max_party_size: 10,
      photo_url: 'https://images.dining.test/v3/photos/48210-1',
      url: `${ORIGIN}/restaurant/profile/48210`,
    });
  });

  it('keeps the counts of a rating spread that leaves a star out, that star null (never 0)', () => {
    // Prepare: the two-star count goes
    const page = fixture('profile-page.html').replace(/"two": 5,\s*/, '');
    // Act
    const d = extractDetails(profileOf(page, 200), ORIGIN);
    // Assess
    expect(d.rating_distribution).toEqual({ '1': 3, '2': null, '3': 17, '4': 52, '5': 153 });
  });

  it("reads an info-only listing: bookable false, no phone (the service line is not the restaurant's), unrated, absent flags null", () => {
    // Act
    const { value: d, drift } = withDrift(() => extractDetails(profile('profile-listing.html'), ORIGIN));
    // Assess
    expect(d).toMatchObject({
      restaurant_id: 52740,
      bookable: false,
      phone: null,
      website: null,
      description: null,
      rating: null,
      rating_distribution: null,
      max_party_size: null,
      photo_url: null,
      features: {
        bar: false,
        outdoor: true,
        takeout: null,
        private_dining: false,
        permanently_closed: false,
      },
    });
    expect(drift).toContainEqual(
      expect.objectContaining({ kind: 'missing', field: 'restaurantProfile.restaurant.hasTakeout' }),
    );
  });

  it('refuses a profile whose restaurant has no name: never a details answer of nulls', () => {
    const page = fixture('profile-page.html').replace(
      '"name": "Saffron Lantern"',
      '"title": "Saffron Lantern"',
    );
    expect(() => extractDetails(profileOf(page, 200), ORIGIN)).toThrow(ExtractionError);
  });

  it('refuses a page without the profile state', () => {
    expect(() => profileOf(fixture('page.html'), 200)).toThrow(ExtractionError);
    expect(() => profileOf('<html><body>Access Denied</body></html>', 200)).toThrow(ExtractionError);
  });
});

describe('dining restaurant menus', () => {
  it('reads structured menus in order: untitled kept, empty sections and menus left out, prices as amounts and text', () => {
    // Act
    const m = extractMenus(profile('profile-page.html'), ORIGIN);
    // Assess
    expect(m.external_menu_url).toBeNull();
    expect(m.menus.map((x) => x.title)).toEqual(['Dinner', null]);
    expect(m.menus[0]).toMatchObject({ currency: 'USD', updated_at: '2026-09-12T20:36:21.187' });
    expect(m.menus[0]!.sections.map((s) => s.title)).toEqual(['Small plates', 'Curries']);
    expect(m.menus[0]!.sections[1]!.items).toEqual([
      { name: 'Lamb rogan josh', description: null, price: 24, price_text: '24.00', variations: [] },
      {
        name: 'Catch of the day',
        description: 'Ask your server',
        price: null,
        price_text: null,
        variations: [],
      },
      {
        name: 'Thali',
        description: null,
        price: null,
        price_text: 'from 19',
        variations: [
          { name: 'Vegetarian', price: 19 },
          { name: 'Meat', price: 23 },
        ],
      },
    ]);
    expect(m.menus[1]!.sections[0]).toMatchObject({
      title: null,
      items: [{ name: 'Mango lassi', price: 6 }],
    });
  });

  it('answers only the link for a menu kept elsewhere', () => {
    expect(extractMenus(profile('profile-listing.html'), ORIGIN)).toEqual({
      menus: [],
      external_menu_url: 'https://copper-cantina.example/menu.pdf',
    });
  });

  it('answers no menus and no link for a restaurant that publishes none', () => {
    expect(extractMenus(profileOf(profileWithoutMenu(), 200), ORIGIN)).toEqual({
      menus: [],
      external_menu_url: null,
    });
  });
});

describe('dining review search', () => {
  it('reads a page: placeholders skipped and counted, ratings, reviewer, the reply and photos', () => {
    // Act
    const { value, drift } = withDrift(() =>
      extractReviews(
        conform('dining', ReviewsAnswer, JSON.parse(fixture('reviews.json')), 'the review search'),
        ORIGIN,
      ),
    );
    // Assess
    expect(value!.total).toBe(212);
    expect(value!.reviews.map((r) => r.review_id)).toEqual(['318400103', '318400104', '318400105']);
    expect(value!.reviews[1]).toMatchObject({
      rating: { overall: 2, food: 2, service: 2, ambience: 4, value: 4 },
      noise: 'Energetic',
      dined_date: '2026-09-26',
      submitted_at: '2026-10-02T21:44:00.000Z',
      reviewer: { nickname: 'LorvaneDiner4', metro: 'Lorvane', review_count: 7 },
      restaurant_reply: { text: 'Thank you, see you soon!', date: '2026-10-03' },
    });
    expect(value!.reviews[2]!.photos).toEqual(['https://images.dining.test/v3/reviews/48210-5']);
    expect(drift).toContainEqual(expect.objectContaining({ kind: 'skipped', count: 2 }));
  });

  it('reads an unknown restaurant as none', () => {
    const answer = conform(
      'dining',
      ReviewsAnswer,
      JSON.parse(fixture('reviews-unknown-restaurant.json')),
      'x',
    );
    expect(extractReviews(answer, ORIGIN)).toBeUndefined();
  });

  it('names the stale hash and the 409 refusal', () => {
    const stale = reviewsFailure(200, JSON.parse(fixture('persisted-query-not-found.json')), 'h1');
    expect(stale).toBeInstanceOf(UpstreamError);
    expect(stale!.message).toContain('operations.reviews');
    expect(reviewsFailure(409, {}, 'h1')!.message).toContain('ReviewSearchResults (HTTP 409');
    expect(reviewsFailure(200, JSON.parse(fixture('reviews.json')), 'h1')).toBeUndefined();
  });
});
