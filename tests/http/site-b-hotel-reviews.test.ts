// GET /v1/site_b/hotel/reviews/{hotel_id} against the sandbox: reviews-from-url's body for an id, errors
// in Problem Details.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { siteBReviewCount } from '../../infra/sandbox/sites/site-b.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { dropSession } from '../../shared/upstream/session.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();
// The connector keeps site_b's session between requests: each test opens its own.
beforeEach(() => dropSession('site_b'));

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const pageUrl = () => `https://www.site-b.test/${hotel().slug}/hotel/paris-fr.html`;
const unknownId = () => Math.max(...getWorld().hotels.map((h) => h.ids.site_b)) + 1;
/** The body without the moment it was read, which differs between two calls. */
const stable = (body: Record<string, unknown>) => ({ ...body, retrieved_at: undefined });

describe('GET /v1/site_b/hotel/reviews/{hotel_id}', () => {
  it.each([
    ['page 1, most recent', ''],
    ['page 2, highest rating first', '&page=2&sorting=6'],
    ['lowest rating first', '&sorting=5'],
  ])('answers exactly the body of reviews-from-url for the same hotel (%s)', async (_case, extra) => {
    // Prepare: the id url-to-id gives for the hotel's page.
    const toId = await api.get(`/v1/site_b/hotel/url-to-id?url=${encodeURIComponent(pageUrl())}`);
    const id = toId.body.hotel_id as number;
    // Act
    const [byId, byUrl] = await Promise.all([
      api.get(`/v1/site_b/hotel/reviews/${id}?${extra.slice(1)}`),
      api.get(`/v1/site_b/hotel/reviews-from-url?url=${encodeURIComponent(pageUrl())}${extra}`),
    ]);
    // Assess
    expect(byId.status).toBe(200);
    expect(stable(byId.body)).toEqual(stable(byUrl.body));
    expect(byId.body.hotel_id).toBe(hotel().ids.site_b);
    expect(byId.body.pagination.total_count).toBe(siteBReviewCount(hotel()));
    expectDocumented(routes.siteBHotelReviews, byId.status, byId.headers.get('content-type'), byId.body);
  });

  it.each(['abc', '0', '-5', '12.5', '1e3'])(
    'answers 400 INVALID_HOTEL_ID in Problem Details for %j',
    async (id) => {
      const res = await api.get(`/v1/site_b/hotel/reviews/${encodeURIComponent(id)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.error_code).toBe('INVALID_HOTEL_ID');
      expect(api.sandbox.requests()).toHaveLength(0);
    },
  );

  it('answers 404 HOTEL_NOT_FOUND for an id site_b has no hotel for', async () => {
    const res = await api.get(`/v1/site_b/hotel/reviews/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('HOTEL_NOT_FOUND');
    expectDocumented(routes.siteBHotelReviews, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 404 NO_RESULTS for a page past the end', async () => {
    const last = Math.ceil(siteBReviewCount(hotel()) / 20);
    const res = await api.get(`/v1/site_b/hotel/reviews/${hotel().ids.site_b}?page=${last + 1}`);
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
  });

  it.each(['99999', String(Number.MAX_SAFE_INTEGER)])(
    'answers 404 NO_RESULTS for page %s, by id and from the url (no upper bound: past the end is not a bad input)',
    async (page) => {
      const byId = await api.get(`/v1/site_b/hotel/reviews/${hotel().ids.site_b}?page=${page}`);
      expect([byId.status, byId.body.error_code]).toEqual([404, 'NO_RESULTS']);
      const byUrl = await api.get(
        `/v1/site_b/hotel/reviews-from-url?url=${encodeURIComponent(pageUrl())}&page=${page}`,
      );
      expect([byUrl.status, byUrl.body.error?.code]).toEqual([404, 'NO_RESULTS']);
    },
  );

  it.each(['7', '6', '5'])(
    'walks every page sorted by %s: no review twice, none missing against the sandbox total',
    async (sorting) => {
      // A hotel with three pages or so: several pages, a short walk.
      const h = getWorld().hotels.find((x) => siteBReviewCount(x) > 40 && siteBReviewCount(x) <= 60)!;
      const seen: { id: string; rating: number }[] = [];
      for (let page = 1; ; page++) {
        const res = await api.get(`/v1/site_b/hotel/reviews/${h.ids.site_b}?page=${page}&sorting=${sorting}`);
        expect(res.status).toBe(200);
        expect(res.body.pagination.total_count).toBe(siteBReviewCount(h));
        seen.push(
          ...res.body.reviews.map((r: { review_id: string; rating: number }) => ({
            id: r.review_id,
            rating: r.rating,
          })),
        );
        expect(res.body.pagination.current_page).toBe(page);
        if (page >= res.body.pagination.total_pages) break;
      }
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
      expect(seen).toHaveLength(siteBReviewCount(h));
      const ratings = seen.map((r) => r.rating);
      if (sorting === '6') expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      if (sorting === '5') expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    },
  );

  it.each([
    ['sorting 4', 'sorting=4'],
    ['page 0', 'page=0'],
  ])('answers 400 INVALID_PARAMETERS in Problem Details for %s', async (_case, qs) => {
    const res = await api.get(`/v1/site_b/hotel/reviews/${hotel().ids.site_b}?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
  });
});
