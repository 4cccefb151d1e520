// maps_reviews endpoints against the sandbox's SERP-format maps service.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { reviewCount } from '../../infra/sandbox/sites/maps.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { MapsReview } from '../../shared/schemas/maps.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.resetUpstream());

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const silent = () => getWorld().hotels.find((h) => reviewCount(h) === 0)!;
const reviews = (qs: Record<string, string>) =>
  api.get(`/v1/maps_reviews/reviews?${new URLSearchParams(qs)}`);
const searchAndReview = (qs: Record<string, string>) =>
  api.get(`/v1/maps_reviews/search-and-review?${new URLSearchParams(qs)}`);

const Page = z.strictObject({
  success: z.literal(true),
  data_id: z.string(),
  place_name: z.string(),
  place_address: z.string(),
  total_reviews: z.number().int(),
  average_rating: z.number().min(1).max(5),
  reviews: z.array(MapsReview.strict()),
  next_page_token: z.string().nullable(),
  has_more: z.boolean(),
  search_metadata: z.strictObject({ datetime: z.iso.datetime() }),
});

describe('GET /v1/maps_reviews/reviews', () => {
  it('returns a first page of 8 to 10 reviews with the documented fields', async () => {
    const res = await reviews({ data_id: hotel().ids.maps_data_id });
    expect(res.status).toBe(200);
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

  it('sorts by highest and lowest rating', async () => {
    const high = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'highest_rating' })).body,
    ).reviews.map((r) => r.rating);
    const low = Page.parse(
      (await reviews({ data_id: hotel().ids.maps_data_id, sort_by: 'lowest_rating' })).body,
    ).reviews.map((r) => r.rating);
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    expect([...low].sort((a, b) => a - b)).toEqual(low);
    expect(high[0]).toBeGreaterThan(low[0]!);
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

  it('answers 400 for an invalid or expired page token', async () => {
    const res = await reviews({ data_id: hotel().ids.maps_data_id, next_page_token: 'eyJkIjoieCJ9.forged' });
    expect(res.status).toBe(400);
  });

  it('answers 404 NO_RESULTS for a place without reviews or an unknown data_id', async () => {
    expect((await reviews({ data_id: silent().ids.maps_data_id })).body.error_code).toBe('NO_RESULTS');
    expect((await reviews({ data_id: '0x1:0x2' })).status).toBe(404);
  });

  it('answers 429 RATE_LIMITED with Retry-After when the source rate-limits', async () => {
    api.sandbox.inject('maps_reviews', { kind: 'rate-limit', retryAfter: 45 });
    const res = await reviews({ data_id: hotel().ids.maps_data_id });
    expect(res.status).toBe(429);
    expect(res.body.error_code).toBe('RATE_LIMITED');
    expect(res.headers.get('retry-after')).toBe('45');
  });
});

describe('GET /v1/maps_reviews/search-and-review', () => {
  it('finds the place and returns its first page of reviews', async () => {
    const res = await searchAndReview({ query: `${hotel().name}` });
    expect(res.status).toBe(200);
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

  it('uses location to pick among places of the same name', async () => {
    const [a, b] = getWorld().hotels.filter(
      (h) => h.name.startsWith('Nordhaven') && h.city.name === 'Suzhou',
    );
    if (!a || !b) return;
    const res = await searchAndReview({
      query: 'Nordhaven Suzhou',
      location: `${b.latitude},${b.longitude}`,
    });
    expect(res.body.data_id).toBe(b.ids.maps_data_id);
    expect(res.body.search_location).toBe(`${b.latitude},${b.longitude}`);
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

  it('answers 502 EXTRACTION_FAILED when no usable data_id can be read', async () => {
    api.sandbox.inject('maps_reviews', { kind: 'layout' }, 1);
    const res = await searchAndReview({ query: hotel().name });
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('EXTRACTION_FAILED');
  });

  it('answers 504 UPSTREAM_TIMEOUT when the service does not answer in time', async () => {
    const slow = await startTestServer({ budgetMs: 2_000 });
    slow.sandbox.inject('maps_reviews', { kind: 'latency', ms: 4_000 });
    const res = await slow.get(
      `/v1/maps_reviews/search-and-review?query=${encodeURIComponent(hotel().name)}`,
    );
    expect(res.status).toBe(504);
    expect(res.body.error_code).toBe('UPSTREAM_TIMEOUT');
    await slow.close();
    useProviders(api.sandbox.providers()); // the second server installed its own sandbox for the process
  });
});
