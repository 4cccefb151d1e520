// site_a hotel details and scores read from fresh fixtures in the real shapes of real-sources §16 (the
// page's Apollo cache with its references and argument-keyed entries, its JSON-LD), with invented values.
import { describe, expect, it } from '@jest/globals';
import { DetailsView, detailsView, toDetails } from '../../shared/providers/site-a/details.ts';
import { hotelPageData } from '../../shared/providers/site-a/hotel-page.ts';
import {
  facetsOf,
  ReviewFacets,
  ScoresView,
  scoresView,
  toScores,
} from '../../shared/providers/site-a/scores.ts';
import { SiteAHotelDetails, SiteAHotelScores } from '../../shared/schemas/site-a-hotel.ts';
import { conform } from '../../shared/extraction/conform.ts';
import { ExtractionError } from '../../shared/extraction/errors.ts';
import { fixtureText, withDrift } from '../helpers/fixtures.ts';
import { hotelPageWithoutStars } from '../fixtures/site-a/pages.ts';

const fixture = (name: string) => fixtureText('site-a', name);
const URL_ = 'https://www.site-a.test/hotel/fr/hotel-lorvane-garden.html';

const details = (html: string) =>
  toDetails(
    conform(
      'site_a',
      DetailsView,
      detailsView(hotelPageData(html), 'https://images.site-a.test'),
      'the hotel page',
    ),
    URL_,
  );
const scores = (html: string) =>
  toScores(conform('site_a', ScoresView, scoresView(hotelPageData(html)), 'the hotel page'), '4412009', {
    distribution: null,
    languages: null,
  });

describe('hotel details from the page', () => {
  it('reads the property through its references, the postal code from the JSON-LD', () => {
    // Act
    const d = details(fixture('hotel-page-apollo.html'));
    // Assess
    expect(SiteAHotelDetails.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      hotel_id: '4412009',
      name: 'Hotel Lorvane Garden',
      page_name: 'hotel-lorvane-garden',
      url: URL_,
      address: { city: 'Lorvane', postal_code: '75004', country_code: 'FR' },
      stars: { value: 5, kind: 'stars' },
      accommodation_type: 'HOTEL',
      check_in: { from: '15:00', until: '00:00' },
      check_out: { from: null, until: '12:00' },
      policies: {
        children: { allowed: true, min_age: 0, cribs: true, extra_beds: true },
        accepted_cards: ['Visa', 'Mastercard', 'American Express'],
        cash: false,
      },
      currency: 'EUR',
    });
    expect(d.address.line).toMatch(/^\d+ Lorvane Avenue, \d+ Lorvane, FR$/);
    // Facilities keep the source's ids and group ids beside their names, once each.
    expect(d.facilities).toContainEqual({ id: 107, name: 'Free WiFi', group_id: 1 });
    expect(d.facilities).toContainEqual({ id: 109, name: 'Air conditioning', group_id: 4 });
    expect(new Set(d.facilities.map((f) => f.id)).size).toBe(d.facilities.length);
    expect(d.highlights).toEqual([
      'Free WiFi',
      'Non-smoking rooms',
      '24-hour front desk',
      'Family rooms',
      'Restaurant',
      'Room service',
      // The meal among the highlights, named by its type as meals are.
      'breakfast',
    ]);
    expect(d.meals.map((m) => m.type)).toEqual(['breakfast', 'dinner']);
    expect(d.meals[1]).toEqual({
      type: 'dinner',
      price_text: null,
      styles: [],
      cuisines: ['French', 'Local'],
      score: null,
    });
    // The gallery's main photo, sized as photos' large URL.
    expect(d.main_photo_url).toMatch(
      /^https:\/\/images\.site-a\.test\/xdata\/images\/hotel\/max1024x768\/\d+\.jpg\?k=/,
    );
  });

  it('reads a meal among the highlights by its type, without counting the facility fields it lacks', () => {
    // Prepare: the page lists {"__typename":"Meal","mealType":"BREAKFAST"} after its facilities.
    const html = fixture('hotel-page-apollo.html');
    expect(html).toContain('{"__typename":"Meal","mealType":"BREAKFAST"}');
    // Act
    const { value: d, drift } = withDrift(() => details(html));
    // Assess: a highlight, not a facility (it has no id); no drift for it.
    expect(d.highlights.at(-1)).toBe('breakfast');
    expect(d.facilities.map((f) => f.name)).not.toContain('breakfast');
    expect(drift.filter((x) => x.field.startsWith('highlights'))).toEqual([]);
  });

  it('leaves out a meal highlight of a type the contract has no word for, counted', () => {
    const html = fixture('hotel-page-apollo.html').replace(
      '"mealType":"BREAKFAST"}]',
      '"mealType":"SUPPER"}]',
    );
    const { value: d, drift } = withDrift(() => details(html));
    expect(d.highlights).toHaveLength(6);
    expect(drift).toContainEqual(expect.objectContaining({ kind: 'skipped', field: 'highlights[]' }));
  });

  it.each([
    ['PATP_PROPERTY_ACCEPTS_CASH', true, false],
    ['PATP_PROPERTY_DOES_NOT_ACCEPT_CASH', false, false],
    ['PATP_PROPERTY_CASH_STATUS_UNKNOWN', null, false],
    ['PATP_PROPERTY_CASH_ON_TUESDAYS', null, true],
  ])('reads the cash status %s as %s (counted as drift: %s)', (status, cash, counted) => {
    // Prepare
    const html = fixture('hotel-page-apollo.html').replace(
      '"hotelAcceptsCashStatus":"PATP_PROPERTY_DOES_NOT_ACCEPT_CASH"',
      `"hotelAcceptsCashStatus":"${status}"`,
    );
    // Act
    const { value: d, drift } = withDrift(() => details(html));
    // Assess
    expect(d.policies.cash).toBe(cash);
    expect(drift.some((x) => x.field === 'hotelAcceptsCashStatus')).toBe(counted);
  });

  it('gives stars null, never 0, on a page without a rating', () => {
    const d = details(hotelPageWithoutStars());
    expect(d.stars).toBeNull();
    expect(d.accommodation_type).toBe('GUEST_HOUSE');
  });

  it('takes the JSON-LD where the cache has no property, and is 502 without a name', () => {
    // Prepare: the page without its Apollo cache.
    const bare = fixture('hotel-page-apollo.html').replace(
      /<script type="application\/json" data-capla[\s\S]*?<\/script>/,
      '',
    );
    // Act
    const d = details(bare);
    // Assess: the second reader's facts, the rest null or empty.
    expect(d).toMatchObject({
      hotel_id: '4412009',
      name: 'Hotel Lorvane Garden',
      stars: null,
      facilities: [],
      review_score: { score: 8.1, count: 41 },
      address: { postal_code: '75004', line: null },
    });
    expect(() => details(bare.replace('"name" : "Hotel Lorvane Garden"', '"nom" : "x"'))).toThrow(
      ExtractionError,
    );
  });

  it('keeps a highlight without its id (only its name is shown), though not as a facility', () => {
    // Prepare: the free WiFi facility, listed among the highlights, loses its id
    const page = fixture('hotel-page-apollo.html').replace(
      '"__typename":"BaseFacility","id":107,',
      '"__typename":"BaseFacility",',
    );
    // Act
    const d = details(page);
    // Assess
    expect(d.highlights).toContain('Free WiFi');
    // The six facilities and the meal, none lost.
    expect(d.highlights).toHaveLength(7);
    expect(d.facilities.map((f) => f.name)).not.toContain('Free WiFi');
  });

  it('counts every field the page lacks as drift', () => {
    const { drift: seen } = withDrift(() =>
      details(fixture('hotel-page-apollo.html').replace(/"hotelCurrencyCode":"EUR",/, '')),
    );
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'missing', field: 'currency' }));
  });

  it('is not a hotel page without the cache and the JSON-LD', () => {
    expect(() => hotelPageData('<html><body>Just a moment…</body></html>')).toThrow(ExtractionError);
  });
});

describe('hotel scores from the page', () => {
  it('reads the overall score, the categories to one decimal and the traveller kinds', () => {
    const s = scores(fixture('hotel-page-apollo.html'))!;
    expect(SiteAHotelScores.parse(s)).toEqual(s);
    for (const value of Object.values(s.categories)) expect(value).toEqual(expect.any(Number));
    for (const value of Object.values(s.categories) as number[]) expect(Number(value.toFixed(1))).toBe(value);
    expect(s.by_traveler_type.all).toMatchObject({ count: s.review_count, overall: s.overall });
    // Pros and cons in plain text.
    expect(s.pros![0]).toEqual({ text: 'The location near the centre', mentions: expect.any(Number) });
    expect(s.cons).toHaveLength(1);
  });

  it('has pros and cons null where the page carries no summary', () => {
    const s = scores(hotelPageWithoutStars())!;
    expect([s.pros, s.cons]).toEqual([null, null]);
  });

  it('has no scores where the page says so (no review, no review summary)', () => {
    const page = fixture('hotel-page-apollo.html');
    expect(
      scores(
        page.replace(
          /"totalScore":\{[^}]*\}/,
          '"totalScore":{"__typename":"TotalScore","score":0,"reviewsCount":0}',
        ),
      ),
    ).toBeUndefined();
    expect(
      scores(page.replace('"propertyReview":{"__ref":"PropertyReview:{}"}', '"propertyReview":null')),
    ).toBeUndefined();
  });

  it('has overall null, and the other scores, where the page shows them but not the overall score', () => {
    // Prepare: the page's total keeps its review count but not its score; another loses its total block
    const page = fixture('hotel-page-apollo.html');
    const noScore = page.replace(/"score":6\.9,/, '');
    const noTotal = page.replace(/"totalScore":\{[^}]*\},/, '');
    // Act
    const [a, b] = [scores(noScore)!, scores(noTotal)!];
    // Assess
    expect(a).toMatchObject({ overall: null, review_count: 26 });
    expect(a.categories.staff).toBe(6.6);
    expect(b).toMatchObject({ overall: null, review_count: null });
    expect(b.categories.staff).toBe(6.6);
  });

  it('fails on a page without any score that does not state it has none (it lost them)', () => {
    // Prepare: no total, no category scores, no traveller questions
    const page = fixture('hotel-page-apollo.html')
      .replace(/"totalScore":\{[^}]*\},/, '')
      .replace('"ratingScores":[', '"ratingScoresGone":[')
      .replace('"questions":[', '"questionsGone":[');
    // Act, Assess
    expect(() => scores(page)).toThrow(ExtractionError);
  });

  it('reads the review list facets without the no-filter options', () => {
    const answer = JSON.parse(fixture('review-list.json')) as { data: { reviewListFrontend: unknown } };
    const f = facetsOf(
      conform('site_a', ReviewFacets, answer.data.reviewListFrontend, 'the review list facets'),
    );
    expect(f.languages!.every((l) => l.language !== '')).toBe(true);
    expect(f.languages!.length).toBeGreaterThan(0);
  });
});
