// site_a hotel search and reviews by id against the sandbox: the chain from a destination lookup to a
// hotel's reviews and photos, paging without gaps or repeats, and the addendum's errors.
import { afterEach, describe, expect, it } from '@jest/globals';
import { siteAReviewCount, siteAReviews } from '../../infra/sandbox/sites/site-a-reviews.ts';
import { siteADestination } from '../../infra/sandbox/sites/site-a-search.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';

const api = useTestServer();

const q = (s: string) => encodeURIComponent(s);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const cityId = (h: Hotel) => String(-Number(h.city.placeId.split(':')[1]));
const paris = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
/** A hotel with few reviews, so that walking every page in every sort stays short. */
const fewReviews = () => getWorld().hotels.find((h) => siteAReviewCount(h) <= 12)!;

describe('the chain: lookup → search → reviews, photos and url-to-id of a result', () => {
  it('leads from a lookup dest_id to hotels whose ids answer photos and reviews and whose urls give the same id', async () => {
    // Prepare: the destination as the lookup names it.
    const lookup = await api.get('/v1/site_a/destinations/lookup?query=paris');
    expect(lookup.status).toBe(200);
    const dest =
      lookup.body.suggestions.find((s: { dest_type: string }) => s.dest_type === 'CITY') ?? lookup.body;
    // Act: search it, then follow the first result.
    const search = await api.get(
      `/v1/site_a/search?dest_id=${dest.dest_id}&dest_type=${dest.dest_type}&check_in=${inDays(40)}&check_out=${inDays(43)}`,
    );
    expect(search.status).toBe(200);
    expect(search.body.dest_id).toBe(String(dest.dest_id));
    const hotel = search.body.hotels[0];
    const [photos, reviews, toId] = await Promise.all([
      api.get(`/v2/site_a/hotel/photos?hotel_id=${hotel.hotel_id}`),
      api.get(`/v1/site_a/hotel/reviews?hotel_id=${hotel.hotel_id}`),
      api.get(`/v1/site_a/hotel/url-to-id?url=${q(hotel.url)}`),
    ]);
    // Assess
    expect(photos.status).toBe(200);
    expect(photos.body.photo_count).toBeGreaterThan(0);
    expect(reviews.status).toBe(200);
    expect(reviews.body.hotel_id).toBe(hotel.hotel_id);
    expect(reviews.body.review_score.review_count).toBe(hotel.review_count);
    expect(reviews.body.review_score.overall).toBe(hotel.review_score);
    expect(toId.status).toBe(200);
    expect(toId.body.hotel_id).toBe(hotel.hotel_id);
    expect(toId.body.url).toBe(hotel.url);
    // Both bodies as the OpenAPI document describes them (built from the same schemas as the addendum's).
    expectDocumented(routes.siteASearch, search.status, search.headers.get('content-type'), search.body);
    expectDocumented(
      routes.siteAHotelReviews,
      reviews.status,
      reviews.headers.get('content-type'),
      reviews.body,
    );
  });

  it('knows every destination the lookup suggests: an airport leads to hotels with reviews, a place without hotels is NO_RESULTS', async () => {
    const lookup = await api.get('/v1/site_a/destinations/lookup?query=paris');
    const suggestions: { dest_id: number; dest_type: string }[] = lookup.body.suggestions;
    expect(suggestions.map((s) => s.dest_type)).toContain('AIRPORT');
    for (const s of suggestions) {
      const res = await api.get(
        `/v1/site_a/search?dest_id=${s.dest_id}&dest_type=${s.dest_type}&rows_per_page=2`,
      );
      // A suggested place may have no hotel in the sandbox's world; it is never an unknown destination.
      expect([res.status, res.body.error_code ?? 'OK']).toEqual(
        res.status === 200 ? [200, 'OK'] : [404, 'NO_RESULTS'],
      );
      if (s.dest_type !== 'AIRPORT') continue;
      expect(res.status).toBe(200);
      expect(res.body.dest_type).toBe('AIRPORT');
      const hotel = res.body.hotels[0];
      const reviews = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${hotel.hotel_id}`);
      expect(reviews.status).toBe(200);
      expect(reviews.body.review_score.review_count).toBe(hotel.review_count);
    }
  });

  it('takes an empty children_ages as no ages: right with children=0, a mismatch with children=2', async () => {
    const base = `/v1/site_a/search?dest_id=${cityId(paris())}&rows_per_page=1&children_ages=`;
    const none = await api.get(`${base}&children=0`);
    expect(none.status).toBe(200);
    expect(none.body.search_params.children).toBe(0);
    const two = await api.get(`${base}&children=2`);
    expect([two.status, two.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it('prices the whole stay for every room, per night for one room, and has no prices without dates', async () => {
    const h = paris();
    const dated = await api.get(
      `/v1/site_a/search?dest_id=${cityId(h)}&check_in=${inDays(30)}&check_out=${inDays(34)}&rooms=2&currency=EUR`,
    );
    expect(dated.status).toBe(200);
    expect(dated.body.search_params).toMatchObject({ rooms: 2, currency: 'EUR', check_in: inDays(30) });
    const priced = dated.body.hotels.filter((x: { price: unknown }) => x.price);
    expect(priced.length).toBeGreaterThan(0);
    for (const x of priced) {
      expect(x.price.currency).toBe('EUR');
      // amount is the 4 nights of both rooms; per_night is one room for one night.
      expect(x.price.per_night).toBeCloseTo(x.price.amount / 4 / 2, 1);
    }
    const undated = await api.get(`/v1/site_a/search?dest_id=${cityId(h)}`);
    expect(undated.body.search_params).toMatchObject({
      check_in: null,
      check_out: null,
      adults: 2,
      rooms: 1,
      children: 0,
    });
    expect(undated.body.hotels.every((x: { price: unknown }) => x.price === null)).toBe(true);
  });

  it('costs one upstream request a search page, and one a reviews page once the country is known', async () => {
    const h = paris();
    await api.get(`/v1/site_a/search?dest_id=${cityId(h)}&rows_per_page=3`);
    expect(api.sandbox.requests('site_a')).toHaveLength(1);
    const found = (await api.get(`/v1/site_a/search?dest_id=${cityId(h)}&rows_per_page=3&offset=3`)).body
      .hotels[0];
    api.sandbox.resetLog();
    const res = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${found.hotel_id}&per_page=5`);
    expect(res.status).toBe(200);
    expect(api.sandbox.requests('site_a').map((r) => r.path)).toEqual(['/dml/graphql']);
  });
});

describe('paging', () => {
  it.each(['popularity', 'price', 'review_score', 'distance'])(
    'walks every search page sorted by %s: no hotel twice, none missing',
    async (sort) => {
      const h = paris();
      const expected = siteADestination(cityId(h), 'city')!
        .hotels.map((x) => String(x.ids.site_a))
        .sort();
      const seen: string[] = [];
      let offset = 0;
      for (;;) {
        const res = await api.get(
          `/v1/site_a/search?dest_id=${cityId(h)}&sort_by=${sort}&rows_per_page=3&offset=${offset}&check_in=${inDays(20)}&check_out=${inDays(22)}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.pagination.total_results).toBe(expected.length);
        seen.push(...res.body.hotels.map((x: { hotel_id: string }) => x.hotel_id));
        if (!res.body.pagination.has_next_page) break;
        offset += 3;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual(expected);
    },
  );

  it('sorts by review_score from the highest score down', async () => {
    const res = await api.get(`/v1/site_a/search?dest_id=${cityId(paris())}&sort_by=review_score`);
    const scores = res.body.hotels.map((x: { review_score: number }) => x.review_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it.each(['relevance', 'recent_desc', 'recent_asc', 'score_desc', 'score_asc'])(
    'walks every reviews page sorted by %s: no review twice, none missing',
    async (sort) => {
      const h = fewReviews();
      const expected = siteAReviews(h)
        .map((r) => r.reviewUrl)
        .sort();
      const seen: { id: string; score: number; date: string }[] = [];
      for (let page = 1; ; page++) {
        const res = await api.get(
          `/v1/site_a/hotel/reviews?hotel_id=${h.ids.site_a}&sort=${sort}&per_page=4&page=${page}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.pagination.total_count).toBe(expected.length);
        seen.push(
          ...res.body.reviews.map((r: { review_id: string; score: number; date: string }) => ({
            id: r.review_id,
            score: r.score,
            date: r.date,
          })),
        );
        if (!res.body.pagination.has_next) break;
      }
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
      expect(seen.map((r) => r.id).sort()).toEqual(expected);
      const dates = seen.map((r) => r.date);
      const scores = seen.map((r) => r.score);
      if (sort === 'recent_desc') expect(dates).toEqual([...dates].sort().reverse());
      if (sort === 'recent_asc') expect(dates).toEqual([...dates].sort());
      if (sort === 'score_desc') expect(scores).toEqual([...scores].sort((a, b) => b - a));
      if (sort === 'score_asc') expect(scores).toEqual([...scores].sort((a, b) => a - b));
    },
  );

  it('filters reviews by language, and total_count counts that language only', async () => {
    const h = getWorld().hotels.find((x) => siteAReviews(x).some((r) => r.textDetails.lang === 'de'))!;
    const german = siteAReviews(h).filter((r) => r.textDetails.lang === 'de');
    const res = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${h.ids.site_a}&language=de&per_page=25`);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total_count).toBe(german.length);
    expect(res.body.review_score.review_count).toBe(siteAReviewCount(h));
    expect(res.body.reviews.every((r: { language: string }) => r.language === 'de')).toBe(true);
  });
});

describe('a source that cuts 25 rows from offsets in steps of 25 (search_rows_max and search_offset_step 25)', () => {
  const stepped = () => withOperations(api, 'site_a', { search_rows_max: '25', search_offset_step: '25' });
  afterEach(() => useProviders(api.sandbox.providers()));

  it.each([
    [0, 25, 1],
    [25, 7, 1],
    [3, 10, 1],
    [20, 10, 2],
    [5, 60, 3],
  ])(
    'serves offset %i, %i rows as the source pages asked directly would, from %i aligned page(s)',
    async (offset, rows, requests) => {
      // The world's largest destination (32 hotels), so that windows cross the source's pages.
      const dest = cityId(getWorld().hotels.find((h) => h.city.name === 'Mexico City')!);
      const path = `/v1/site_a/search?dest_id=${dest}&sort_by=price&rows_per_page=${rows}&offset=${offset}`;
      const direct = await api.get(path);
      stepped();
      api.resetUpstream();
      const viaPages = await api.get(path);
      expect(direct.status).toBe(200);
      expect(viaPages.status).toBe(200);
      expect(viaPages.body).toEqual(direct.body);
      const asked = api.sandbox.requests('site_a').map((r) => new URL(r.path, 'http://x').searchParams);
      expect(asked).toHaveLength(requests);
      for (const a of asked) {
        expect(Number(a.get('offset')) % 25).toBe(0);
        expect(a.get('rows')).toBe('25');
      }
    },
  );
});

describe('errors', () => {
  const base = () => `/v1/site_a/search?dest_id=${cityId(paris())}`;

  it.each([
    ['children_ages fewer than children', '&children=2&children_ages=4', 'children_ages'],
    ['children_ages more than children', '&children=1&children_ages=4,9', 'children_ages'],
    ['children without children_ages', '&children=1', 'children_ages'],
    ['an age over 17', '&children=1&children_ages=18', 'children_ages'],
    ['offset over 1000', '&offset=1001', 'offset'],
    ['rows_per_page over 100', '&rows_per_page=101', 'rows_per_page'],
    ['adults over 30', '&adults=31', 'adults'],
    ['rooms over 8', '&rooms=9', 'rooms'],
    ['an unknown sort_by', '&sort_by=stars', 'sort_by'],
    ['an unknown dest_type', '&dest_type=PLANET', 'dest_type'],
    ['check_in without check_out', `&check_in=${inDays(5)}`, 'check_out'],
  ])('answers 400 INVALID_PARAMETERS for %s', async (_case, extra, param) => {
    const res = await api.get(`${base()}${extra}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
    expect(res.body.errors.map((e: { parameter: string }) => e.parameter)).toContain(param);
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it.each([
    ['a date not YYYY-MM-DD', `&check_in=2027-1-05&check_out=${inDays(9)}`, 'INVALID_DATE_FORMAT'],
    ['check_in in the past', `&check_in=2020-01-01&check_out=2020-01-03`, 'PAST_DATES'],
    ['check_out not after check_in', `&check_in=${inDays(9)}&check_out=${inDays(9)}`, 'INVALID_DATES'],
    ['a stay over 30 nights', `&check_in=${inDays(9)}&check_out=${inDays(40)}`, 'INVALID_DATES'],
  ])('answers 400 %s', async (_case, extra, code) => {
    const res = await api.get(`${base()}${extra}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(code);
  });

  it.each(['abc', '1.5', '12a', '--5', '1234567890123'])(
    'answers 400 INVALID_DESTINATION_ID for dest_id %j, asking no source',
    async (id) => {
      const res = await api.get(`/v1/site_a/search?dest_id=${q(id)}`);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('INVALID_DESTINATION_ID');
      expectDocumented(routes.siteASearch, res.status, res.headers.get('content-type'), res.body);
      expect(res.body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(['dest_id']);
      expect(api.sandbox.requests()).toHaveLength(0);
    },
  );

  it('answers 404 DESTINATION_NOT_FOUND for a dest_id site_a does not know', async () => {
    const res = await api.get('/v1/site_a/search?dest_id=-999999999');
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('DESTINATION_NOT_FOUND');
    expectDocumented(routes.siteASearch, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 404 NO_RESULTS for an offset past the last hotel', async () => {
    const res = await api.get(`${base()}&offset=1000`);
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
    expectDocumented(routes.siteASearch, res.status, res.headers.get('content-type'), res.body);
  });

  it.each(['abc', '12a', '-5', '1.5'])('answers 400 INVALID_HOTEL_ID for hotel_id %j', async (id) => {
    const res = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${q(id)}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_HOTEL_ID');
    expectDocumented(routes.siteAHotelReviews, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 404 HOTEL_NOT_FOUND for an id site_a does not list', async () => {
    const res = await api.get('/v1/site_a/hotel/reviews?hotel_id=999999999');
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('HOTEL_NOT_FOUND');
  });

  it('answers 404 NO_RESULTS for a reviews page past the end, and for a language without reviews', async () => {
    const h = fewReviews();
    const past = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${h.ids.site_a}&page=50`);
    expect(past.status).toBe(404);
    expect(past.body.error_code).toBe('NO_RESULTS');
    const none = await api.get(`/v1/site_a/hotel/reviews?hotel_id=${h.ids.site_a}&language=ko`);
    expect(none.status).toBe(404);
    expect(none.body.error_code).toBe('NO_RESULTS');
  });

  it.each(['99999', String(Number.MAX_SAFE_INTEGER)])(
    'answers 404 NO_RESULTS for reviews page %s (no upper bound: past the end is not a bad input)',
    async (page) => {
      const res = await api.get(
        `/v1/site_a/hotel/reviews?hotel_id=${fewReviews().ids.site_a}&page=${page}&per_page=25`,
      );
      expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
    },
  );

  it.each([
    ['per_page over 25', 'per_page=26'],
    ['page 0', 'page=0'],
    ['an unknown sort', 'sort=newest'],
  ])('answers 400 INVALID_PARAMETERS for reviews with %s', async (_case, extra) => {
    const res = await api.get(`/v1/site_a/hotel/reviews?hotel_id=1007790&${extra}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
  });
});
