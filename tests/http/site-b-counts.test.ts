// site_b's review answers agree with themselves (issue #40): the score's review_count is the count the list
// pages through (pagination.total_count), and the pages hold that many reviews.
import { describe, expect, it } from '@jest/globals';
import { routes } from '../../shared/routes/index.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

describe('site_b review counts', () => {
  it.each([routes.siteBHotelReviews.example, routes.siteBReviews.example])(
    'states one count: review_count equals the paging total, and the pages hold it: %s',
    async (example) => {
      // Act: every page of the example's hotel
      const first = await api.get(example);
      expect(first.status).toBe(200);
      const { total_count, total_pages } = first.body.pagination;
      let seen = first.body.reviews.length;
      for (let page = 2; page <= total_pages; page++) {
        const url = new URL(example, api.url);
        url.searchParams.set('page', String(page));
        const next = await api.get(`${url.pathname}${url.search}`);
        expect(next.status).toBe(200);
        seen += next.body.reviews.length;
      }
      // Assess
      expect(first.body.review_score.review_count).toBe(total_count);
      expect(seen).toBe(total_count);
    },
  );
});
