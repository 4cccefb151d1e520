// site_a search by a results-page URL against the sandbox: the same answer as search for the same
// parameters, what the URL names and ignores, free text resolved, debug without upstream calls, the errors;
// and the chain from a destination lookup to a result's details, scores and rooms.
import { describe, expect, it } from '@jest/globals';
import { carrierOf } from '../../infra/sandbox/sites/site-a-rooms.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const q = (s: string) => encodeURIComponent(s);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const paris = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const cityId = (h: Hotel) => String(-Number(h.city.placeId.split(':')[1]));
const byUrl = (url: string, extra = '') => api.get(`/v1/site_a/search-by-url?url=${q(url)}${extra}`);
const withoutUrlParts = ({ parsed: _p, ignored_params: _i, ...rest }: Record<string, unknown>) => rest;

describe('the chain: lookup → search → details, scores and rooms of a result; search-by-url of its URL', () => {
  it('leads from a lookup to a hotel with details, scores and rooms agreeing with search, and a results URL answering as search', async () => {
    // Prepare: the destination as the lookup names it, and a stay.
    const lookup = await api.get('/v1/site_a/destinations/lookup?query=paris');
    expect(lookup.status).toBe(200);
    const dest = lookup.body.suggestions.find((s: { dest_type: string }) => s.dest_type === 'CITY');
    const [checkIn, checkOut] = [inDays(45), inDays(48)];
    const stay = `check_in=${checkIn}&check_out=${checkOut}&adults=2&rooms=1&currency=EUR`;
    // Act: search, then follow a result priced for the stay.
    const search = await api.get(
      `/v1/site_a/search?dest_id=${dest.dest_id}&dest_type=CITY&${stay}&rows_per_page=25`,
    );
    expect(search.status).toBe(200);
    const hotel = search.body.hotels.find(
      (h: { price: unknown; hotel_id: string }) =>
        h.price && carrierOf(getWorld().bySiteA.get(Number(h.hotel_id))!) !== 'apollo',
    );
    const id = hotel.hotel_id;
    const [details, scores, rooms] = await Promise.all([
      api.get(`/v1/site_a/hotel/details?hotel_id=${id}`),
      api.get(`/v1/site_a/hotel/scores?hotel_id=${id}`),
      api.get(`/v1/site_a/hotel/rooms?hotel_id=${id}&${stay}`),
    ]);
    // Assess: each answers, agreeing with what search showed.
    expect([details.status, scores.status, rooms.status]).toEqual([200, 200, 200]);
    expect(details.body).toMatchObject({ hotel_id: id, name: hotel.name, url: hotel.url });
    expect(details.body.stars?.value ?? null).toBe(hotel.star_rating);
    expect([scores.body.overall, scores.body.review_count]).toEqual([hotel.review_score, hotel.review_count]);
    expect(Math.abs(rooms.body.cheapest.total - hotel.price.amount)).toBeLessThanOrEqual(0.01);
    expectDocumented(
      routes.siteAHotelDetails,
      details.status,
      details.headers.get('content-type'),
      details.body,
    );
    expectDocumented(routes.siteAHotelScores, scores.status, scores.headers.get('content-type'), scores.body);
    expectDocumented(routes.siteAHotelRooms, rooms.status, rooms.headers.get('content-type'), rooms.body);
    // And the results page's URL, in its real form with tracking parameters, answers as the search did.
    const url =
      `https://www.site-a.test/searchresults.en-gb.html?label=gen173nr-1FCAEoggI46AdIM1gEaE2IAQGYAQm4ARfIAQzYAQHoAQH4AQKIAgGoAgO4Aq&sid=8c2f0e1ab4&aid=304142` +
      `&ss=Paris&ssne=Paris&ssne_untouched=Paris&dest_id=${dest.dest_id}&dest_type=city&checkin=${checkIn}&checkout=${checkOut}` +
      `&group_adults=2&no_rooms=1&group_children=0&selected_currency=EUR&srpvid=1a2b3c4d5e&lang=en-us`;
    const fromUrl = await byUrl(url);
    expect(fromUrl.status).toBe(200);
    expectDocumented(
      routes.siteASearchByUrl,
      fromUrl.status,
      fromUrl.headers.get('content-type'),
      fromUrl.body,
    );
    expect(withoutUrlParts(fromUrl.body)).toEqual(search.body);
    expect(fromUrl.body.ignored_params).toEqual(['label', 'sid', 'aid', 'ssne', 'ssne_untouched', 'srpvid']);
  });
});

describe('GET /v1/site_a/search-by-url', () => {
  const h = paris();
  const base = `https://www.site-a.test/searchresults.html?dest_id=${cityId(h)}&dest_type=city`;

  it('reads party, order, paging, currency, language and the nflt filters; names what it does not read', async () => {
    const url =
      `${base}&checkin_year=2030&checkin_month=6&checkin_monthday=10&checkout_year=2030&checkout_month=6&checkout_monthday=12` +
      `&group_adults=3&group_children=2&age=4&age=9&no_rooms=2&order=price&offset=25&selected_currency=GBP&lang=fr` +
      `&nflt=${q('class=4;class=5;review_score=80;ht_id=204;fc=2;price=EUR-50-200-1;distance=1000;mealplan=1')}&aid=1&chal_t=x`;
    const res = await byUrl(url, '&debug=true&rows_per_page=10');
    expect(res.status).toBe(200);
    expectDocumented(routes.siteASearchByUrl, res.status, res.headers.get('content-type'), res.body);
    expect(res.body).toEqual({
      success: true,
      parsed: {
        dest_id: cityId(h),
        dest_type: 'CITY',
        search_string: null,
        check_in: '2030-06-10',
        check_out: '2030-06-12',
        adults: 3,
        rooms: 2,
        children: 2,
        children_ages: [4, 9],
        sort_by: 'price',
        rows_per_page: 10,
        offset: 25,
        currency: 'GBP',
        language: 'fr',
        filters: {
          stars: [4, 5],
          min_review_score: 8,
          accommodation_types: [204],
          free_cancellation: true,
          price: { currency: 'EUR', min: 50, max: 200 },
        },
      },
      ignored_params: ['aid', 'chal_t', 'nflt:distance', 'nflt:mealplan'],
    });
    // debug makes no upstream call.
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it('answers as search for the same parameters, the offset parameter overriding the URL', async () => {
    const [a, b] = await Promise.all([
      byUrl(`${base}&order=review_score_and_price&offset=50`, '&rows_per_page=5&offset=5'),
      api.get(`/v1/site_a/search?dest_id=${cityId(h)}&sort_by=review_score&rows_per_page=5&offset=5`),
    ]);
    expect(a.status).toBe(200);
    expect(withoutUrlParts(a.body)).toEqual(b.body);
    expect(a.body.parsed).toMatchObject({ sort_by: 'review_score', offset: 5 });
  });

  it('ignores an order with no sort_by, naming it, and sorts by popularity', async () => {
    const res = await byUrl(`${base}&order=bayesian_review_score`, '&debug=true');
    expect(res.body.parsed.sort_by).toBe('popularity');
    expect(res.body.ignored_params).toEqual(['order']);
  });

  it('resolves free text through the destinations lookup, and names a place it cannot resolve', async () => {
    const res = await byUrl(
      'https://www.site-a.test/searchresults.html?ss=paris&rows=25',
      '&rows_per_page=3',
    );
    expect(res.status).toBe(200);
    const lookup = await api.get('/v1/site_a/destinations/lookup?query=paris');
    expect(res.body).toMatchObject({
      dest_id: String(lookup.body.dest_id),
      dest_type: lookup.body.dest_type,
    });
    expect(res.body.parsed).toMatchObject({ dest_id: null, dest_type: null, search_string: 'paris' });
    const debug = await byUrl('https://www.site-a.test/searchresults.html?ss=paris', '&debug=true');
    expect(debug.body.parsed.dest_id).toBeNull();
    const none = await byUrl('https://www.site-a.test/searchresults.html?ss=zzqxvw', '');
    expect([none.status, none.body.error_code]).toEqual([404, 'DESTINATION_NOT_FOUND']);
  });

  it.each([
    ['a URL of another site', 'https://www.site-b.test/searchresults.html?dest_id=-1', 'INVALID_URL', 'url'],
    ['a hotel page, not a results page', 'https://www.site-a.test/hotel/fr/x.html', 'INVALID_URL', 'url'],
    ['not a URL', 'paris hotels', 'INVALID_URL', 'url'],
    [
      'a URL without destination',
      'https://www.site-a.test/searchresults.html?checkin=2030-01-01',
      'DESTINATION_MISSING',
      'url',
    ],
    [
      'a malformed dest_id',
      'https://www.site-a.test/searchresults.html?dest_id=abc',
      'INVALID_DESTINATION_ID',
      'url.dest_id',
    ],
    [
      'a date not YYYY-MM-DD',
      `${base}&checkin=10-06-2030&checkout=2030-06-12`,
      'INVALID_DATE_FORMAT',
      'url.checkin',
    ],
    ['a past check-in', `${base}&checkin=2020-06-10&checkout=2030-06-12`, 'PAST_DATES', 'url.checkin'],
    [
      'more than 30 nights',
      `${base}&checkin=2030-06-10&checkout=2030-08-12`,
      'INVALID_DATES',
      'url.checkout',
    ],
    [
      'a legacy date with a part missing',
      `${base}&checkin_year=2030&checkin_month=6&checkout=2030-06-12`,
      'INVALID_DATE_FORMAT',
      'url.checkin_year',
    ],
    [
      'a currency that is not ISO 4217',
      `${base}&selected_currency=ZZZ`,
      'INVALID_CURRENCY',
      'url.selected_currency',
    ],
    ['too many adults', `${base}&group_adults=31`, 'INVALID_PARAMETERS', 'url.group_adults'],
    // A refusal for a missing partner names the URL's missing parameter, not search's.
    ['a check-in without its check-out', `${base}&checkin=2030-06-10`, 'INVALID_PARAMETERS', 'url.checkout'],
    ['a check-out without its check-in', `${base}&checkout=2030-06-12`, 'INVALID_PARAMETERS', 'url.checkin'],
    ['children without their ages', `${base}&group_children=2`, 'INVALID_PARAMETERS', 'url.age'],
    [
      'blank destination parameters',
      'https://www.site-a.test/searchresults.html?ss=&dest_id=&dest_type=',
      'DESTINATION_MISSING',
      'url',
    ],
  ])(
    'answers 400 for %s, naming the parameter, with no upstream call',
    async (_case, url, code, parameter) => {
      const res = await byUrl(url);
      expect([res.status, res.body.error_code]).toEqual([400, code]);
      expect(res.body.errors.map((e: { parameter: string }) => e.parameter)).toContain(parameter);
      expectDocumented(routes.siteASearchByUrl, res.status, res.headers.get('content-type'), res.body);
      expect(api.sandbox.requests()).toHaveLength(0);
    },
  );

  it('reads blank URL values as absent: an empty dest_id leaves the free text to resolve, an empty dest_type the default', async () => {
    // Prepare
    const lookup = await api.get('/v1/site_a/destinations/lookup?query=paris');
    // Act
    const free = await byUrl(
      'https://www.site-a.test/searchresults.html?ss=paris&dest_id=&dest_type=&checkin=&aid=1',
      '&rows_per_page=3',
    );
    const typeless = await byUrl(
      `https://www.site-a.test/searchresults.html?dest_id=${cityId(paris())}&dest_type=`,
      '&debug=true',
    );
    // Assess
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      dest_id: String(lookup.body.dest_id),
      dest_type: lookup.body.dest_type,
    });
    expect(free.body.parsed).toMatchObject({
      dest_id: null,
      dest_type: null,
      search_string: 'paris',
      check_in: null,
    });
    expect(free.body.ignored_params).toEqual(['aid']);
    expect(typeless.status).toBe(200);
    expect(typeless.body.parsed).toMatchObject({ dest_id: cityId(paris()), dest_type: 'CITY' });
  });

  it("answers search's own 404s: an unknown destination, a page past the end", async () => {
    const unknown = await byUrl(
      'https://www.site-a.test/searchresults.html?dest_id=-999999999&dest_type=city',
    );
    expect([unknown.status, unknown.body.error_code]).toEqual([404, 'DESTINATION_NOT_FOUND']);
    const past = await byUrl(`${base}&offset=1000`);
    expect([past.status, past.body.error_code]).toEqual([404, 'NO_RESULTS']);
  });
});
