// site_a hotel details and scores against the sandbox: the facts and scores of a hotel search returns,
// agreeing with what search shows; one page read for both; the addendum's errors.
import { describe, expect, it } from '@jest/globals';
import { cashStatus, postalCodeOf, streetOf } from '../../infra/sandbox/sites/site-a-hotel.ts';
import { siteAReviewCount, siteAScore } from '../../infra/sandbox/sites/site-a-reviews.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const q = (s: string) => encodeURIComponent(s);
const cityId = (h: Hotel) => String(-Number(h.city.placeId.split(':')[1]));
const paris = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const pageUrl = (h: Hotel) => `https://www.site-a.test/hotel/${h.city.country.toLowerCase()}/${h.slug}.html`;

describe('GET /v1/site_a/hotel/details', () => {
  it('gives the static facts of a hotel search returns, agreeing with its listing', async () => {
    // Prepare: a hotel as search lists it.
    const h = paris();
    const search = await api.get(`/v1/site_a/search?dest_id=${cityId(h)}&rows_per_page=25`);
    const listed = search.body.hotels.find((x: { hotel_id: string }) => x.hotel_id === String(h.ids.site_a));
    expect(listed).toBeDefined();
    // Act
    const res = await api.get(`/v1/site_a/hotel/details?hotel_id=${listed.hotel_id}`);
    // Assess
    expect(res.status).toBe(200);
    expectDocumented(routes.siteAHotelDetails, res.status, res.headers.get('content-type'), res.body);
    const d = res.body;
    expect(d).toMatchObject({
      success: true,
      hotel_id: listed.hotel_id,
      name: listed.name,
      page_name: h.slug,
      url: listed.url,
      address: {
        line: `${streetOf(h)}, ${postalCodeOf(h)} ${h.city.name}, ${h.city.country}`,
        city: h.city.name,
        postal_code: postalCodeOf(h),
        country_code: h.city.country,
      },
      location: { latitude: listed.latitude, longitude: listed.longitude },
      stars: { value: listed.star_rating, kind: 'stars' },
      accommodation_type: 'HOTEL',
      check_in: { from: '15:00' },
      review_score: { score: listed.review_score, count: listed.review_count },
    });
    expect(listed.address).toBe(streetOf(h));
    expect(d.description).toContain(h.city.name);
    expect(d.facilities.length).toBeGreaterThan(5);
    for (const f of d.facilities) expect(typeof f.id).toBe('number');
    expect(new Set(d.facilities.map((f: { id: number }) => f.id)).size).toBe(d.facilities.length);
    expect(d.highlights).toContain('Free WiFi');
    // The page's meal highlight, by its type.
    expect(d.highlights).toContain('breakfast');
    expect(d.meals[0]).toMatchObject({ type: 'breakfast', styles: ['Continental', 'Buffet'] });
    expect(d.policies.accepted_cards).toContain('Visa');
    expect(['allowed', 'not_allowed', 'on_request']).toContain(d.policies.pets);
    expect(d.languages_spoken.length).toBeGreaterThan(0);
    // The main photo is photos' first, signed, and opens on the image host.
    const photos = await api.get(`/v2/site_a/hotel/photos?hotel_id=${listed.hotel_id}`);
    expect(d.main_photo_url).toBe(photos.body.photos[0].large_url);
    expect((await fetch(d.main_photo_url)).status).toBe(200);
  });

  it.each([
    ['PATP_PROPERTY_ACCEPTS_CASH', true],
    ['PATP_PROPERTY_DOES_NOT_ACCEPT_CASH', false],
    ['PATP_PROPERTY_CASH_STATUS_UNKNOWN', null],
  ])("reads the page's cash status %s as cash %s", async (status, cash) => {
    const h = getWorld().hotels.find((x) => cashStatus(x) === status)!;
    const res = await api.get(`/v1/site_a/hotel/details?hotel_id=${h.ids.site_a}`);
    expect(res.status).toBe(200);
    expect(res.body.policies.cash).toBe(cash);
  });

  it('answers the same by url as by hotel_id', async () => {
    const h = paris();
    const [byId, byUrl] = await Promise.all([
      api.get(`/v1/site_a/hotel/details?hotel_id=${h.ids.site_a}`),
      api.get(`/v1/site_a/hotel/details?url=${q(`${pageUrl(h)}?aid=1&label=x`)}`),
    ]);
    expect(byUrl.status).toBe(200);
    expect(byUrl.body).toEqual(byId.body);
  });

  it('gives stars null, never 0, for a hotel whose page shows no rating', async () => {
    const h = getWorld().hotels.find((x) => x.stars <= 2)!;
    const res = await api.get(`/v1/site_a/hotel/details?hotel_id=${h.ids.site_a}`);
    expect(res.status).toBe(200);
    expect(res.body.stars).toBeNull();
    expect(res.body.accommodation_type).toBe('GUEST_HOUSE');
  });

  it.each([
    ['neither hotel_id nor url', '', 'MISSING_HOTEL'],
    ['both hotel_id and url', `hotel_id=1007790&url=${q('fr/aurelia-suites-paris')}`, 'MISSING_HOTEL'],
    ['a malformed hotel_id', 'hotel_id=12ab', 'INVALID_HOTEL_ID'],
    ['a URL of another site', `url=${q('https://www.site-b.test/hotel/fr/x.html')}`, 'INVALID_URL'],
    [
      'a URL that is not a hotel page',
      `url=${q('https://www.site-a.test/searchresults.html?ss=paris')}`,
      'INVALID_URL',
    ],
  ])('answers 400 for %s, with no upstream call', async (_case, query, code) => {
    const res = await api.get(`/v1/site_a/hotel/details?${query}`);
    expect([res.status, res.body.error_code]).toEqual([400, code]);
    expectDocumented(routes.siteAHotelDetails, res.status, res.headers.get('content-type'), res.body);
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it.each([
    ['an id site_a does not know', 'hotel_id=999999999'],
    ['a page site_a does not have', `url=${q('fr/no-such-hotel-anywhere')}`],
  ])('answers 404 HOTEL_NOT_FOUND for %s', async (_case, query) => {
    const res = await api.get(`/v1/site_a/hotel/details?${query}`);
    expect([res.status, res.body.error_code]).toEqual([404, 'HOTEL_NOT_FOUND']);
  });
});

describe('GET /v1/site_a/hotel/scores', () => {
  it('agrees with the review score search shows, and scores by category and kind of traveller', async () => {
    const h = paris();
    const search = await api.get(`/v1/site_a/search?dest_id=${cityId(h)}&rows_per_page=25`);
    const listed = search.body.hotels.find((x: { hotel_id: string }) => x.hotel_id === String(h.ids.site_a));
    const res = await api.get(`/v1/site_a/hotel/scores?hotel_id=${listed.hotel_id}`);
    expect(res.status).toBe(200);
    expectDocumented(routes.siteAHotelScores, res.status, res.headers.get('content-type'), res.body);
    const s = res.body;
    expect(s.overall).toBe(listed.review_score);
    expect(s.overall).toBe(siteAScore(h));
    expect(s.review_count).toBe(listed.review_count);
    for (const value of Object.values(s.categories)) expect(value).toEqual(expect.any(Number));
    // Scores to one decimal.
    for (const value of Object.values(s.categories) as number[])
      expect(Math.round(value * 10)).toBeCloseTo(value * 10, 6);
    expect(s.by_traveler_type.all).toMatchObject({ count: siteAReviewCount(h), overall: siteAScore(h) });
    // The facets of the review list: bands and languages add up to every review.
    const sum = (list: { count: number }[]) => list.reduce((n, x) => n + x.count, 0);
    expect(sum(s.distribution)).toBe(siteAReviewCount(h));
    expect(sum(s.languages)).toBe(siteAReviewCount(h));
    // The reviews endpoint agrees on the whole hotel's score.
    const reviews = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${listed.hotel_id}`);
    expect(reviews.body.review_score.overall).toBe(s.overall);
  });

  it('shares one page read with details: the second of the two asks the page no more', async () => {
    // Prepare: details read the page.
    const h = getWorld().hotels.find((x) => x.city === paris().city && x !== paris())!;
    const details = await api.get(`/v1/site_a/hotel/details?hotel_id=${h.ids.site_a}`);
    expect(details.status).toBe(200);
    expect(api.sandbox.requests('site_a').filter((r) => r.path.startsWith('/hotel/'))).toHaveLength(1);
    api.sandbox.resetLog();
    // Act
    const scores = await api.get(`/v1/site_a/hotel/scores?hotel_id=${h.ids.site_a}`);
    // Assess: only the review list's facets are asked.
    expect(scores.status).toBe(200);
    expect(api.sandbox.requests('site_a').map((r) => r.path)).toEqual(['/dml/graphql']);
    // And details after scores ask nothing.
    api.sandbox.resetLog();
    const again = await api.get(`/v1/site_a/hotel/details?hotel_id=${h.ids.site_a}&language=en-us`);
    expect(again.status).toBe(200);
    expect(api.sandbox.requests('site_a')).toHaveLength(0);
  });

  it('keeps the scores with distribution and languages null where the review list does not answer', async () => {
    const h = paris();
    api.sandbox.inject('site_a', { kind: 'contract-drift', mode: 'remove', only: { path: '/dml/graphql' } });
    const res = await api.get(`/v1/site_a/hotel/scores?hotel_id=${h.ids.site_a}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ distribution: null, languages: null, overall: siteAScore(h) });
  });

  it.each([
    ['a malformed hotel_id', 'hotel_id=x1', 400, 'INVALID_HOTEL_ID'],
    ['no hotel_id', '', 400, 'INVALID_PARAMETERS'],
    ['an id site_a does not know', 'hotel_id=999999999', 404, 'HOTEL_NOT_FOUND'],
  ])('answers %s with its documented error', async (_case, query, status, code) => {
    const res = await api.get(`/v1/site_a/hotel/scores?${query}`);
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.siteAHotelScores, res.status, res.headers.get('content-type'), res.body);
  });
});
