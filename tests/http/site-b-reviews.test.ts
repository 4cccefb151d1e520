// GET /v1/site_b/hotel/reviews-from-url against the sandbox; every error in the global shape.
import { beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { SiteBReviewsResponse } from '../../functions/site-b/reviews-from-url.ts';
import { siteBReviewCount } from '../../infra/sandbox/sites/site-b.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { SiteBReview } from '../../shared/schemas/site-b.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { dropSession } from '../../shared/upstream/session.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { startTestServer, useTestServer } from '../helpers/server.ts';

const api = useTestServer();
// The connector keeps site_b's session between requests: each test opens its own.
beforeEach(() => dropSession('site_b'));

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const page = () => `https://www.site-b.test/${hotel().slug}/hotel/paris-fr.html`;
const reviews = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/site_b/hotel/reviews-from-url?${new URLSearchParams(qs)}`, headers);
/** An id no site_b hotel has: one past the largest. */
const unknownId = () => Math.max(...getWorld().hotels.map((h) => h.ids.site_b)) + 1;
/** Asserts an error answer in the global body, as a row the route documents. */
function expectGlobal(res: Awaited<ReturnType<typeof reviews>>, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(GlobalError.parse(res.body).error.code).toBe(code);
  expectDocumented(routes.siteBReviews, res.status, res.headers.get('content-type'), res.body);
}
const Body = z.strictObject({
  success: z.literal(true),
  hotel_id: z.number().int(),
  hotel_name: z.string(),
  reviews: z.array(SiteBReview.strict()),
  pagination: z.strictObject({
    current_page: z.number().int(),
    page_size: z.literal(20),
    total_count: z.number().int(),
    total_pages: z.number().int(),
  }),
  review_score: z.strictObject({
    overall: z.number().nullable(),
    score_text: z.string().nullable(),
    review_count: z.number().int().nullable(),
  }),
  retrieved_at: z.iso.datetime(),
});
/** A session cookie as the sandbox's home page hands it out. */
const sessionCookie = async () =>
  String((await fetch(`${api.sandbox.url}/site_b/`)).headers.get('set-cookie')).split(';')[0]!;
const GlobalError = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), details: z.string() }),
});

describe('GET /v1/site_b/hotel/reviews-from-url', () => {
  it.each([
    ['the hotel URL with dates', () => `${page()}?checkin=2030-01-01&group_adults=2`],
    ['the /all/ form', () => `https://www.site-b.test/${hotel().slug}/hotel/all/paris-fr.html`],
    [
      'a language-prefixed URL with the city alone',
      () => `https://www.site-b.test/en-gb/${hotel().slug}/hotel/paris.html`,
    ],
    ['the short form', () => `https://www.site-b.test/hotel-${hotel().ids.site_b}.html`],
  ])('reads 20 reviews a page from %s', async (_case, url) => {
    const res = await reviews({ url: url() });
    expect(res.status).toBe(200);
    SiteBReviewsResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(body).toMatchObject({ hotel_id: hotel().ids.site_b, hotel_name: hotel().name });
    expect(body.reviews).toHaveLength(20);
    expect(body.pagination).toEqual({
      current_page: 1,
      page_size: 20,
      total_count: siteBReviewCount(hotel()),
      total_pages: Math.ceil(siteBReviewCount(hotel()) / 20),
    });
  });

  it("sends the review API's real body: site_b's own provider, the page, and the configured sort code", async () => {
    // Act
    await reviews({ url: page(), page: '2', sorting: '6' });
    // Assess
    const [list] = api.sandbox
      .requests('site_b')
      .filter((r) => r.path === '/api/cronos/property/review/ReviewComments');
    expect(list!.method).toBe('POST');
    expect(JSON.parse(list!.body!)).toMatchObject({
      hotelId: hotel().ids.site_b,
      providerId: 332,
      providerIds: [332],
      page: 2,
      pageSize: 20,
      sorting: 2,
    });
  });

  it("lists site_b's own reviews only, and the score counts the same reviews (the sandbox's reading, #40)", async () => {
    const body = Body.parse((await reviews({ url: page() })).body);
    expect(body.pagination.total_count).toBe(siteBReviewCount(hotel()));
    // Whether the real score counts partner reviews is unsettled (real-sources §4): the sandbox's score is the
    // own provider's, so that review_count and the paging total agree.
    expect(body.review_score.review_count).toBe(siteBReviewCount(hotel()));
    const unfiltered = await fetch(`${api.sandbox.url}/site_b/api/cronos/property/review/ReviewComments`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: await sessionCookie() },
      body: JSON.stringify({ hotelId: hotel().ids.site_b, page: 1, pageSize: 50, sorting: 1 }),
    }).then((r) => r.json() as Promise<{ comments: { providerId: number }[] }>);
    expect(new Set(unfiltered.comments.map((c) => c.providerId))).toEqual(new Set([332, 3038]));
  });

  it('opens one session with a page visit and reuses it; the review API refuses calls without it', async () => {
    // Act
    await reviews({ url: page() });
    await reviews({ url: page(), page: '2' });
    const bare = await fetch(`${api.sandbox.url}/site_b/api/cronos/property/review/ReviewComments`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ hotelId: hotel().ids.site_b }),
    });
    // Assess
    expect(api.sandbox.requests('site_b').filter((r) => r.path === '/')).toHaveLength(1);
    expect(bare.status).toBe(403);
  });

  it('reads a newer -h<id> slug without fetching the page, and the name once per hotel', async () => {
    // Prepare
    const newer = `https://www.site-b.test/${hotel().slug}-h${hotel().ids.site_b}/hotel/paris-fr.html`;
    // Act
    const one = await reviews({ url: newer });
    await reviews({ url: newer, page: '2' });
    // Assess
    expect(one.body).toMatchObject({ hotel_id: hotel().ids.site_b, hotel_name: hotel().name });
    const paths = api.sandbox.requests('site_b').map((r) => r.path);
    expect(paths.filter((p) => p.includes('/hotel/'))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('/HotelReviews'))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/ReviewComments'))).toHaveLength(2);
  });

  it('answers 502 UPSTREAM_ERROR naming the operation when a configured sort code is stale', async () => {
    // Prepare
    const sandbox = api.sandbox.providers();
    useProviders({ ...sandbox, site_b: { ...sandbox.site_b!, operations: { sort_recent: '9' } } });
    try {
      // Act
      const res = await reviews({ url: page() });
      // Assess
      expectGlobal(res, 502, 'UPSTREAM_ERROR');
      expect(JSON.stringify(res.body)).toMatch(/sort code 9 .*operations\.sort_recent/);
    } finally {
      useProviders(sandbox);
    }
  });

  it('sorts 6 highest and 5 lowest rating first', async () => {
    // The sandbox rates every review: a null here is a defect, not an unrated review.
    const rated = (r: { rating: number | null }) => r.rating!;
    const high = Body.parse((await reviews({ url: page(), sorting: '6' })).body).reviews.map(rated);
    const low = Body.parse((await reviews({ url: page(), sorting: '5' })).body).reviews.map(rated);
    expect([...high, ...low].every((r) => typeof r === 'number')).toBe(true);
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    expect([...low].sort((a, b) => a - b)).toEqual(low);
  });

  it('pages', async () => {
    const one = Body.parse((await reviews({ url: page(), page: '1' })).body).reviews.map((r) => r.review_id);
    const two = Body.parse((await reviews({ url: page(), page: '2' })).body).reviews.map((r) => r.review_id);
    expect(two.some((id) => one.includes(id))).toBe(false);
  });

  it.each([
    ['https://www.site-a.test/hotel/fr/x.html', 'INVALID_URL'],
    ['https://www.site-b.test/searchresults.html', 'INVALID_URL'],
    ['https://169.254.169.254/x/hotel/paris-fr.html', 'INVALID_URL'],
  ])('answers 400 %s → %s in the global shape', async (url, code) => {
    const res = await reviews({ url });
    expect(res.status).toBe(400);
    expect(GlobalError.parse(res.body).error.code).toBe(code);
  });

  it('answers 400 HOTEL_ID_NOT_FOUND when the page carries no id', async () => {
    api.sandbox.inject('site_b', { kind: 'layout' }, 1);
    expectGlobal(await reviews({ url: page() }), 400, 'HOTEL_ID_NOT_FOUND');
  });

  it.each([
    ['a hotel page site_b does not have', () => 'https://www.site-b.test/nowhere-inn/hotel/paris-fr.html'],
    [
      'the short form of an id site_b does not have',
      () => `https://www.site-b.test/hotel-${unknownId()}.html`,
    ],
  ])('answers 400 HOTEL_ID_NOT_FOUND in the global shape for %s', async (_case, url) => {
    expectGlobal(await reviews({ url: url() }), 400, 'HOTEL_ID_NOT_FOUND');
  });

  it('answers 404 NO_RESULTS in the global shape for a page past the last one', async () => {
    // Prepare
    const last = Math.ceil(siteBReviewCount(hotel()) / 20);
    // Act
    const lastPage = await reviews({ url: page(), page: String(last) });
    const past = await reviews({ url: page(), page: String(last + 1) });
    // Assess
    expect(Body.parse(lastPage.body).reviews.length).toBeGreaterThan(0);
    expectGlobal(past, 404, 'NO_RESULTS');
  });

  it('answers 502 UPSTREAM_ERROR when the review list lost its structure', async () => {
    const short = `https://www.site-b.test/hotel-${hotel().ids.site_b}.html`;
    api.sandbox.inject('site_b', { kind: 'contract-drift' });
    expectGlobal(await reviews({ url: short }), 502, 'UPSTREAM_ERROR');
  });

  it.each<Record<string, string>>([{ sorting: '3' }, { page: '0' }, {}])(
    'answers 400 INVALID_PARAMETERS in the global shape for %j',
    async (qs) => {
      const res = await reviews({ ...(Object.keys(qs).length ? { url: page() } : {}), ...qs });
      expectGlobal(res, 400, 'INVALID_PARAMETERS');
    },
  );

  it('answers upstream failures in the global shape too', async () => {
    api.sandbox.inject('site_b', { kind: 'status', status: 500 });
    const res = await reviews({ url: `https://www.site-b.test/hotel-${hotel().ids.site_b}.html` });
    expectGlobal(res, 502, 'UPSTREAM_ERROR');
  });

  it('answers 504 UPSTREAM_TIMEOUT in the global shape when site_b does not answer in time', async () => {
    const slow = await startTestServer({ budgetMs: 1_500 });
    try {
      slow.sandbox.inject('site_b', { kind: 'latency', ms: 3_000 });
      const res = await slow.get(`/v1/site_b/hotel/reviews-from-url?${new URLSearchParams({ url: page() })}`);
      expectGlobal(res, 504, 'UPSTREAM_TIMEOUT');
    } finally {
      await slow.close();
      useProviders(api.sandbox.providers()); // the second server installed its own sandbox for the process
    }
  });
});
