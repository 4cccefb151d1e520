// maps_reviews endpoints against the sandbox's SERP-format maps service.
import { afterEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { MapsReviewsPaginatedResponse } from '../../functions/maps-reviews/reviews-paginated.ts';
import { MapsReviewsResponse } from '../../shared/schemas/maps.ts';
import { SearchAndReviewResponse } from '../../functions/maps-reviews/search-and-review.ts';
import { reviewCount } from '../../infra/sandbox/sites/maps.ts';
import { SANDBOX_SERP_KEY } from '../../infra/sandbox/sites/serp-api.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { MapsReview } from '../../shared/schemas/maps.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { SERP_ACCOUNT_FAILURES } from '../helpers/failure.ts';
import { startTestServer, useTestServer } from '../helpers/server.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

/** Sends the maps service a SERP API key, as a deployment's configuration does. */
function useKey(key: string): void {
  const providers: Providers = api.sandbox.providers();
  providers.maps_reviews = { ...providers.maps_reviews!, params: { api_key: key } };
  useProviders(providers);
}
/** The query strings the sandbox received for the reviews engine. */
const reviewRequests = () =>
  api.sandbox
    .requests('maps_reviews')
    .map((r) => new URLSearchParams(r.path.split('?')[1]))
    .filter((q) => q.get('engine') === 'reviews');

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const silent = () => getWorld().hotels.find((h) => reviewCount(h) === 0)!;
const reviews = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/maps_reviews/reviews?${new URLSearchParams(qs)}`, headers);
const searchAndReview = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/maps_reviews/search-and-review?${new URLSearchParams(qs)}`, headers);
const DAY_MS = 86_400_000;

/** The ages in whole days that an English relative date can stand for ("3 weeks ago" → 21 to 27, "a week ago" → 7 to 13). */
function agesOf(text: string): [number, number] {
  const units: Record<string, [number, number]> = {
    day: [1, 1],
    week: [7, 7],
    month: [30, 30],
    year: [365, 365],
  };
  if (text === 'today') return [0, 0];
  const ago = /^(\d+|a) (day|week|month|year)s? ago$/.exec(text);
  if (!ago) throw new Error(`not an English relative date: ${text}`);
  const [n, size] = [ago[1] === 'a' ? 1 : Number(ago[1]), units[ago[2]!]![0]];
  return [n * size, n * size + size - 1];
}

const Page = z.strictObject({
  success: z.literal(true),
  data_id: z.string(),
  place_name: z.string(),
  place_address: z.string().nullable(),
  total_reviews: z.number().int(),
  average_rating: z.number().min(1).max(5),
  reviews: z.array(MapsReview.strict()),
  next_page_token: z.string().nullable(),
  has_more: z.boolean(),
  search_metadata: z.strictObject({ datetime: z.iso.datetime() }),
});

/** The source's faults both reviews routes answer alike: the case, the fault, the status and error_code. */
const SOURCE_FAILS = [
  '502 UPSTREAM_ERROR when the source fails',
  { kind: 'status', status: 500 } as const,
  502,
  'UPSTREAM_ERROR',
] as const;
const MAINTENANCE = [
  '503 UPSTREAM_UNAVAILABLE when the source is in maintenance',
  { kind: 'maintenance', retryAfter: 60 } as const,
  503,
  'UPSTREAM_UNAVAILABLE',
] as const;

describe('GET /v1/maps_reviews/reviews', () => {
  it('returns a first page of 8 to 10 reviews with the documented fields', async () => {
    const res = await reviews({ data_id: hotel().ids.maps_data_id });
    expect(res.status).toBe(200);
    MapsReviewsResponse.strict().parse(res.body);
    const page = Page.parse(res.body);
    expect(page).toMatchObject({
      place_name: hotel().name,
      total_reviews: reviewCount(hotel()),
      has_more: true,
    });
    expect(page.reviews.length).toBeGreaterThanOrEqual(8);
    expect(page.reviews.length).toBeLessThanOrEqual(10);
  });

  it("pages with next_page_token until has_more is false, keeping the first page's order", async () => {
    let page = Page.parse((await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'newest' })).body);
    const dates = [...page.reviews.map((r) => r.iso_date)];
    for (let i = 0; i < 3 && page.next_page_token; i++) {
      page = Page.parse(
        (
          await reviews({
            data_id: hotel().ids.maps_data_id,
            next_page_token: page.next_page_token,
            sort_by: 'lowest_rating',
          })
        ).body,
      );
      dates.push(...page.reviews.map((r) => r.iso_date));
    }
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(dates).size).toBeGreaterThan(20);
  });

  it("sends the first page's sort_by with every page token, no num on page 1 and num=10 after", async () => {
    // Prepare
    const first = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'highest_rating' })).body,
    );
    // Act
    const second = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, next_page_token: first.next_page_token! })).body,
    );
    // Assess
    const [one, two] = reviewRequests();
    expect([one!.get('sort_by'), one!.has('num'), one!.has('next_page_token')]).toEqual([
      'ratingHigh',
      false,
      false,
    ]);
    expect([two!.get('sort_by'), two!.get('num'), two!.has('next_page_token')]).toEqual([
      'ratingHigh',
      '10',
      true,
    ]);
    expect([first.reviews.length, second.reviews.length]).toEqual([8, 10]);
    expect(second.reviews.every((r) => r.rating! <= first.reviews.at(-1)!.rating!)).toBe(true);
  });

  it('sorts by highest and lowest rating', async () => {
    const high = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'highest_rating' })).body,
    ).reviews.map((r) => r.rating!);
    const low = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'lowest_rating' })).body,
    ).reviews.map((r) => r.rating!);
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    expect([...low].sort((a, b) => a - b)).toEqual(low);
    expect(high[0]).toBeGreaterThan(low[0]!);
  });

  it('writes each relative date as the age of its iso_date at the current clock', async () => {
    // Act
    const page = Page.parse((await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'newest' })).body);
    // Assess
    const now = Date.now();
    for (const review of page.reviews) {
      const age = Math.floor((now - Date.parse(review.iso_date!)) / DAY_MS);
      const [min, max] = agesOf(review.date!);
      expect({ date: review.date, age, fits: age >= min && age <= max }).toMatchObject({ fits: true });
    }
  });

  it('returns reviewer pictures and review photos that resolve to image bytes', async () => {
    // Prepare: pages until one review carries a photo
    const urls: string[] = [];
    let token: string | null = null;
    for (let i = 0; i < 10 && !urls.some((u) => u.includes('/photos/')); i++) {
      const page: z.infer<typeof Page> = Page.parse(
        (await reviews({ data_id: hotel().ids.maps_data_id, ...(token ? { next_page_token: token } : {}) }))
          .body,
      );
      urls.push(page.reviews[0]!.reviewer!.profile_picture!, ...page.reviews.flatMap((r) => r.photos));
      token = page.next_page_token;
    }
    const picture = urls[0]!;
    const photo = urls.find((u) => u.includes('/photos/'))!;
    // Act
    const answers = await Promise.all([picture, photo].map((u) => fetch(u)));
    // Assess
    for (const image of answers) {
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('localises the relative date with hl', async () => {
    const fr = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'newest', hl: 'fr' })).body,
    );
    expect(fr.reviews.map((r) => r.date).join(' ')).toMatch(/il y a|hier|semaine/);
  });

  it('keeps star-only reviews with a null text', async () => {
    const texts: (string | null)[] = [];
    let token: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: z.infer<typeof Page> = Page.parse(
        (await reviews({ data_id: hotel().ids.maps_data_id, ...(token ? { next_page_token: token } : {}) }))
          .body,
      );
      texts.push(...page.reviews.map((r) => r.text));
      token = page.next_page_token;
    }
    expect(texts).toContain(null);
  });

  it.each([
    {},
    { data_id: 'ChIJ123' },
    { data_id: '0x12' },
    { data_id: hotel().ids.maps_data_id, sort_by: 'best' },
  ])('answers 400 INVALID_PARAMETERS for %j', async (qs) => {
    const res = await reviews(qs as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
  });

  it.each([
    ['not one of ours', 'eyJkIjoieCJ9.forged'],
    ['ours, but refused by the source', 'newest~eyJkIjoieCJ9.forged'],
  ])('answers 400 INVALID_PARAMETERS for a page token %s', async (_case, token) => {
    const res = await reviews({ data_id: hotel().ids.maps_data_id, next_page_token: token });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
    // As every validation refusal, the errors array names the parameter.
    expect(res.body.errors).toEqual([
      { parameter: 'next_page_token', in: 'query', message: expect.any(String) },
    ]);
  });

  it('answers 404 NO_RESULTS for a place without reviews or an unknown data_id', async () => {
    expect((await reviews({ data_id: silent().ids.maps_data_id })).body.error_code).toBe('NO_RESULTS');
    expect((await reviews({ data_id: '0x1:0x2' })).status).toBe(404);
  });

  it('answers 429 RATE_LIMITED in a Problem body with Retry-After when the source rate-limits', async () => {
    api.sandbox.inject('maps_reviews', { kind: 'rate-limit', retryAfter: 45 });
    const res = await reviews({ data_id: hotel().ids.maps_data_id });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body.error_code).toBe('RATE_LIMITED');
    expect(res.headers.get('retry-after')).toBe('45');
    expectDocumented(routes.mapsReviews, res.status, res.headers.get('content-type'), res.body);
  });

  it("answers 429 rate_limit_exceeded in the global body once the key's daily quota is used up", async () => {
    // Prepare: ten billed answers spend the free tier's day (a refused input would cost nothing)
    const key = api.addKey('free');
    for (let i = 0; i < 10; i++)
      expect((await reviews({ data_id: hotel().ids.maps_data_id }, { 'x-api-key': key })).status).toBe(200);
    // Act
    const res = await reviews({ data_id: hotel().ids.maps_data_id }, { 'x-api-key': key });
    // Assess
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({
      error: { code: 'rate_limit_exceeded', message: expect.any(String), details: expect.any(String) },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expectDocumented(routes.mapsReviews, res.status, res.headers.get('content-type'), res.body);
  });

  it.each(SERP_ACCOUNT_FAILURES)(
    'answers 502 UPSTREAM_ERROR, not NO_RESULTS, when %s',
    async (_case, key, cause) => {
      // Prepare
      useKey(key);
      // Act
      const res = await reviews({ data_id: hotel().ids.maps_data_id });
      // Assess
      expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
      expect(res.body.detail).toContain(cause);
      expect(res.text).not.toContain(key);
      expectDocumented(routes.mapsReviews, res.status, res.headers.get('content-type'), res.body);
    },
  );

  it('reads the real format whole: topics, positions, links, extracted snippets, images only when attached', async () => {
    // Prepare
    const raw = await fetch(
      `${api.sandbox.url}/maps_reviews/search.json?engine=reviews&data_id=${hotel().ids.maps_data_id}&hl=en&api_key=${SANDBOX_SERP_KEY}`,
    ).then((r) => r.json() as Promise<{ topics: unknown[]; reviews: Record<string, unknown>[] }>);
    // Act
    const page = Page.parse((await reviews({ data_id: hotel().ids.maps_data_id })).body);
    // Assess
    expect(raw.topics.length).toBeGreaterThan(0);
    expect(raw.reviews.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(
      raw.reviews.every((r) => 'link' in r && (!('images' in r) || (r.images as unknown[]).length > 0)),
    ).toBe(true);
    expect(page.reviews.map((r) => r.review_id)).toEqual(raw.reviews.map((r) => r.review_id));
  });

  it('answers 401 unauthorized without a key', async () => {
    const res = await reviews({ data_id: hotel().ids.maps_data_id }, {});
    expect([res.status, res.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it.each([
    SOURCE_FAILS,
    [
      '502 UPSTREAM_ERROR when the answer drifts from the contract',
      { kind: 'contract-drift' } as const,
      502,
      'UPSTREAM_ERROR',
    ],
    MAINTENANCE,
  ])('answers %s', async (_case, fault, status, code) => {
    api.sandbox.inject('maps_reviews', fault);
    const res = await reviews({ data_id: hotel().ids.maps_data_id });
    expect([res.status, res.body.error_code]).toEqual([status, code]);
  });
});

const paginated = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/maps_reviews/reviews-paginated?${new URLSearchParams(qs)}`, headers);

describe('GET /v1/maps_reviews/reviews-paginated', () => {
  it('with pages=3 equals the concatenation of three /reviews calls walked by token', async () => {
    // Prepare: three pages walked by hand
    const id = hotel().ids.maps_data_id;
    const walked = [Page.parse((await reviews({ data_id: id, sort_by: 'newest' })).body)];
    for (let i = 0; i < 2; i++)
      walked.push(
        Page.parse((await reviews({ data_id: id, next_page_token: walked.at(-1)!.next_page_token! })).body),
      );
    // Act
    const res = await paginated({ data_id: id, pages: '3', sort_by: 'newest' });
    // Assess
    expect(res.status).toBe(200);
    const all = MapsReviewsPaginatedResponse.strict().parse(res.body);
    expect(all.pages_fetched).toBe(3);
    expect(all.reviews.map((r) => r.review_id)).toEqual(
      walked.flatMap((p) => p.reviews.map((r) => r.review_id)),
    );
    expect(new Set(all.reviews.map((r) => r.review_id)).size).toBe(all.reviews.length);
    expect([all.place_name, all.total_reviews, all.has_more]).toEqual([
      hotel().name,
      reviewCount(hotel()),
      true,
    ]);
    expect(all.next_page_token).toEqual(expect.any(String));
  });

  it('hands out a next_page_token that /reviews accepts to continue after the last page fetched', async () => {
    // Prepare
    const id = hotel().ids.maps_data_id;
    const two = MapsReviewsPaginatedResponse.parse(
      (await paginated({ data_id: id, pages: '2', sort_by: 'newest' })).body,
    );
    // Act
    const next = await reviews({ data_id: id, next_page_token: two.next_page_token! });
    // Assess
    expect(next.status).toBe(200);
    const page = Page.parse(next.body);
    const seen = new Set(two.reviews.map((r) => r.review_id));
    expect(page.reviews.some((r) => seen.has(r.review_id))).toBe(false);
    expect(page.reviews[0]!.iso_date! <= two.reviews.at(-1)!.iso_date!).toBe(true);
  });

  it('stops early when the place runs out: fewer pages, has_more false, no token', async () => {
    // Prepare: a place with fewer reviews than ten pages hold
    const small = getWorld().hotels.find((h) => reviewCount(h) > 0 && reviewCount(h) <= 80)!;
    // Act
    const res = await paginated({ data_id: small.ids.maps_data_id, pages: '10' });
    // Assess
    const all = MapsReviewsPaginatedResponse.parse(res.body);
    expect(all.pages_fetched).toBeLessThan(10);
    expect(all.pages_fetched).toBe(reviewRequests().length);
    expect([all.has_more, all.next_page_token]).toEqual([false, null]);
    expect(all.reviews).toHaveLength(reviewCount(small));
  });

  it('respects the deadline: fewer pages rather than a 504, pages_fetched saying how many', async () => {
    const slow = await startTestServer({ budgetMs: 2_500 });
    try {
      // Prepare: each page takes 600 ms, so the budget holds two but not five
      slow.sandbox.inject('maps_reviews', { kind: 'latency', ms: 600 }, 10);
      // Act
      const res = await slow.get(
        `/v1/maps_reviews/reviews-paginated?data_id=${hotel().ids.maps_data_id}&pages=5`,
      );
      // Assess
      expect(res.status).toBe(200);
      const all = MapsReviewsPaginatedResponse.parse(res.body);
      expect(all.pages_fetched).toBeGreaterThanOrEqual(1);
      expect(all.pages_fetched).toBeLessThan(5);
      expect(all.has_more).toBe(true);
      expect(all.next_page_token).toEqual(expect.any(String));
    } finally {
      await slow.close();
      useProviders(api.sandbox.providers());
    }
  });

  it('answers 400 INVALID_PARAMETERS naming pages out of 1 to 10, and 404 NO_RESULTS for a place without reviews', async () => {
    const id = hotel().ids.maps_data_id;
    for (const pages of ['0', '11', 'two']) {
      const res = await paginated({ data_id: id, pages });
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
      expect(JSON.stringify(res.body.errors)).toContain('pages');
      expectDocumented(routes.mapsReviewsPaginated, res.status, res.headers.get('content-type'), res.body);
    }
    const none = await paginated({ data_id: silent().ids.maps_data_id, pages: '3' });
    expect([none.status, none.body.error_code]).toEqual([404, 'NO_RESULTS']);
  });
});

describe('GET /v1/maps_reviews/search-and-review', () => {
  it('finds the place and returns its first page of reviews', async () => {
    const res = await searchAndReview({ query: `${hotel().name}` });
    expect(res.status).toBe(200);
    SearchAndReviewResponse.strict().parse(res.body);
    expect(res.body).toMatchObject({
      success: true,
      search_query: hotel().name,
      search_location: null,
      data_id: hotel().ids.maps_data_id,
      place_id: hotel().ids.maps_place_id,
      place_name: hotel().name,
      total_reviews: reviewCount(hotel()),
      has_more: true,
      search_metadata: {
        search_url: null,
        total_time_taken: null,
        provider: null,
        datetime: expect.any(String),
      },
    });
    expect(res.body.reviews.length).toBeGreaterThanOrEqual(8);
    const next = await reviews({ data_id: res.body.data_id, next_page_token: res.body.next_page_token });
    expect(next.status).toBe(200);
  });

  it('gives each place its own place_id, also two hotels of one city', async () => {
    // Prepare
    const [a, b] = getWorld().hotels.filter((h) => h.city.name === 'Paris' && reviewCount(h) > 0);
    // Act
    const [one, two] = await Promise.all([a!, b!].map((h) => searchAndReview({ query: h.name })));
    // Assess
    expect(one!.body.data_id).toBe(a!.ids.maps_data_id);
    expect(two!.body.data_id).toBe(b!.ids.maps_data_id);
    expect(one!.body.place_id).not.toBe(two!.body.place_id);
  });

  it('uses location to pick among places of the same name', async () => {
    // Prepare: two hotels of one name, in two cities of one name
    const hotels = getWorld().hotels;
    const a = hotels.find((h) => hotels.some((o) => o !== h && o.name === h.name))!;
    const b = hotels.find((h) => h !== a && h.name === a.name)!;
    // Act
    const [nearA, nearB] = await Promise.all(
      [a, b].map((h) => searchAndReview({ query: h.name, location: `${h.latitude},${h.longitude}` })),
    );
    // Assess
    expect(nearA!.body.data_id).toBe(a.ids.maps_data_id);
    expect(nearB!.body.data_id).toBe(b.ids.maps_data_id);
    expect(nearB!.body.search_location).toBe(`${b.latitude},${b.longitude}`);
  });

  it('answers 404 NO_RESULTS when no place matches and NO_REVIEWS when it has none', async () => {
    expect((await searchAndReview({ query: 'Qwzx Nowhere' })).body.error_code).toBe('NO_RESULTS');
    expect((await searchAndReview({ query: silent().name })).body.error_code).toBe('NO_REVIEWS');
  });

  it.each([{}, { query: '' }, { query: 'x', sort_by: 'best' }, { query: 'x', location: 'paris' }])(
    'answers 422 VALIDATION_ERROR for %j',
    async (qs) => {
      const res = await searchAndReview(qs as Record<string, string>);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
    },
  );

  it.each([
    ['the search lost its structure', { kind: 'layout' } as const],
    ['the search drifts from the contract', { kind: 'contract-drift' } as const],
  ])('answers 502 EXTRACTION_FAILED when no usable data_id can be read: %s', async (_case, fault) => {
    api.sandbox.inject('maps_reviews', fault, 1);
    const res = await searchAndReview({ query: hotel().name });
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('EXTRACTION_FAILED');
  });

  it.each([SOURCE_FAILS, MAINTENANCE])('answers %s', async (_case, fault, status, code) => {
    api.sandbox.inject('maps_reviews', fault);
    const res = await searchAndReview({ query: hotel().name });
    expect([res.status, res.body.error_code]).toEqual([status, code]);
  });

  it('answers 504 UPSTREAM_TIMEOUT on both routes when the service does not answer in time', async () => {
    const slow = await startTestServer({ budgetMs: 1_500 });
    try {
      slow.sandbox.inject('maps_reviews', { kind: 'latency', ms: 3_000 });
      const found = await slow.get(
        `/v1/maps_reviews/search-and-review?query=${encodeURIComponent(hotel().name)}`,
      );
      const page = await slow.get(`/v1/maps_reviews/reviews?data_id=${hotel().ids.maps_data_id}`);
      expect([found.status, found.body.error_code]).toEqual([504, 'UPSTREAM_TIMEOUT']);
      expect([page.status, page.body.error_code]).toEqual([504, 'UPSTREAM_TIMEOUT']);
    } finally {
      await slow.close();
      useProviders(api.sandbox.providers()); // the second server installed its own sandbox for the process
    }
  });
});
