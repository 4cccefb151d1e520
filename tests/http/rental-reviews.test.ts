// rental's reviews through the API and the sandbox: paged to the end they give total_count reviews, none
// twice, in both sorts; plain text with line breaks; host responses; the documented errors.
import { describe, expect, it } from '@jest/globals';
import { RentalReviewsResponse } from '../../functions/rental/reviews.ts';
import { FIRST_RECENT_LISTING_ID, listing } from '../../infra/sandbox/sites/rental.ts';
import { parseExact } from '../../shared/json.ts';
import { routes } from '../../shared/routes/index.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const BIG = FIRST_RECENT_LISTING_ID;
const reviews = (id: string, query: Record<string, string> = {}) =>
  api.get(`/v1/rental/listing/${id}/reviews?${new URLSearchParams(query)}`);
/** A listing id whose listing has between `min` and `max` reviews. */
function withReviews(min: number, max: number): string {
  for (let k = 0n; ; k++) {
    const id = String(BigInt(BIG) + k);
    const n = listing(id)!.reviews;
    if (n >= min && n <= max) return id;
  }
}
interface Review {
  review_id: string;
  text: string | null;
  host_response: { text: string; date: string | null } | null;
}

describe('GET /v1/rental/listing/{listing_id}/reviews', () => {
  it.each(['best', 'recent'])(
    'pages to the end in %s order: total_count reviews, none twice, then has_more false',
    async (sort) => {
      // Prepare
      const id = withReviews(60, 140);
      const seen: string[] = [];
      const pages: { body: Record<string, any> }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
      // Act
      for (let offset: number | null = 0; offset !== null && pages.length < 20;) {
        const res = await reviews(id, { limit: '50', offset: String(offset), sort });
        expect(res.status).toBe(200);
        RentalReviewsResponse.strict().parse(parseExact(res.text));
        pages.push(res);
        seen.push(...(res.body.reviews as Review[]).map((r) => r.review_id));
        offset = res.body.pagination.next_offset;
      }
      // Assess
      const total = pages[0]!.body.total_count;
      expect(total).toBe(listing(id)!.reviews);
      expect(seen.length).toBe(total);
      expect(new Set(seen).size).toBe(total);
      expect(pages.at(-1)!.body.pagination).toMatchObject({ next_offset: null, has_more: false });
      expect(pages[0]!.body.pagination).toEqual({ offset: 0, limit: 50, next_offset: 50, has_more: true });
      expect(pages[0]!.body.listing_id).toBe(Number(id));
    },
  );

  it('answers plain text with line breaks, host responses where there are some, and tags with counts', async () => {
    // Act
    const res = await reviews(withReviews(200, 400), { limit: '50' });
    // Assess
    expect(res.status).toBe(200);
    const all = res.body.reviews as Review[];
    expect(all.some((r) => r.text?.includes('\n'))).toBe(true);
    expect(all.every((r) => !/<br|&amp;/.test(r.text ?? ''))).toBe(true);
    const replied = all.filter((r) => r.host_response);
    expect(replied.length).toBeGreaterThan(0);
    expect(all.some((r) => r.host_response === null)).toBe(true);
    expect(replied[0]!.host_response!.text).toMatch(/^Thank you \w+!\nWe hope/);
    expect(res.body.tags[0]).toEqual({
      name: expect.stringMatching(/^[A-Z]+$/),
      label: expect.any(String),
      count: expect.any(Number),
    });
  });

  it('writes a listing id above 2^53 digit for digit', async () => {
    const res = await reviews(BIG, { limit: '1' });
    expect(res.text).toContain(`"listing_id":${BIG}`);
  });

  it.each([
    ['an offset past the end', 404, 'NO_RESULTS', (): string => withReviews(5, 30), { offset: '500' }],
    ['a listing without reviews', 404, 'NO_RESULTS', (): string => withReviews(0, 0), {}],
    ['an unknown listing', 404, 'LISTING_NOT_FOUND', (): string => '99', {}],
    ['a listing_id that is not a number', 400, 'INVALID_LISTING_ID', (): string => '12ab', {}],
    ['a limit of 51', 400, 'INVALID_PARAMETERS', (): string => BIG, { limit: '51' }],
    ['a negative offset', 400, 'INVALID_PARAMETERS', (): string => BIG, { offset: '-1' }],
    ['an unknown sort', 400, 'INVALID_PARAMETERS', (): string => BIG, { sort: 'worst' }],
  ] as const)('answers %s with %i %s', async (_name, status, code, id, query) => {
    // Act
    const res = await reviews(id(), query as Record<string, string>);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.rentalReviews, res.status, res.headers.get('content-type'), res.body);
  });
});
