// site_c reviews-from-url and prices against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { nightsOf, soldOut } from '../../infra/sandbox/prices.ts';
import { siteCReviewTotal } from '../../infra/sandbox/sites/site-c.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { todayUtc } from '../../shared/schemas/params.ts';
import { PriceOffer, SiteCReview } from '../../shared/schemas/site-c.ts';
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
const pageUrl = (host = 'www.site-c.test', or = '') =>
  `https://${host}/Hotel_Review-g${hotel().ids.site_c_geo}-d${hotel().ids.site_c}-Reviews${or}-Aurelia_Suites_Paris.html`;
const reviews = (qs: Record<string, string>) =>
  api.get(`/v1/site_c/hotel/reviews-from-url?${new URLSearchParams(qs)}`);
const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));

const ReviewsBody = z.strictObject({
  success: z.literal(true),
  reviews: z.array(SiteCReview.strict()),
  total_count: z.number().int(),
  review_count: z.number().int(),
  location_id: z.number().int(),
  pagination: z.strictObject({
    page: z.number().int(),
    per_page: z.number().int(),
    total_count: z.number().int(),
    total_pages: z.number().int(),
    has_next: z.boolean(),
    has_previous: z.boolean(),
  }),
});

describe('GET /v1/site_c/hotel/reviews-from-url', () => {
  it.each([
    ['a standard URL', () => pageUrl()],
    ['a paged URL', () => pageUrl('www.site-c.test', '-or10')],
    ['another country host', () => pageUrl('www.site-c.test.uk')],
    ['the mobile host', () => pageUrl('m.site-c.test')],
  ])('reads reviews newest first from %s', async (_c, url) => {
    const body = ReviewsBody.parse((await reviews({ url: url() })).body);
    expect(body).toMatchObject({
      location_id: hotel().ids.site_c,
      total_count: siteCReviewTotal(hotel()),
      review_count: 10,
    });
    const dates = body.reviews.map((r) => r.published_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.pagination).toMatchObject({ page: 1, per_page: 10, has_previous: false, has_next: true });
  });

  it('translates to English with language=all but keeps the original language code', async () => {
    const body = ReviewsBody.parse((await reviews({ url: pageUrl(), per_page: '50' })).body);
    const foreign = body.reviews.filter((r) => r.language !== 'en');
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.every((r) => /^[\x20-\x7e]+$/.test(r.text))).toBe(true);
  });

  it('keeps only reviews written in the asked language, and counts that subset', async () => {
    const all = ReviewsBody.parse((await reviews({ url: pageUrl(), per_page: '50' })).body);
    const de = ReviewsBody.parse((await reviews({ url: pageUrl(), language: 'de', per_page: '50' })).body);
    expect(de.reviews.every((r) => r.language === 'de')).toBe(true);
    expect(de.total_count).toBeLessThan(all.total_count);
  });

  it.each<Record<string, string>>([{ per_page: '0' }, { per_page: '51' }, { page: '0' }, { language: 'pt' }])(
    'answers 400 for %j',
    async (qs) => {
      expect((await reviews({ url: pageUrl(), ...qs })).status).toBe(400);
    },
  );

  it.each([
    'https://www.site-c.test/Tourism-g180417-Paris-Vacations.html',
    'https://www.site-a.test/hotel/fr/x.html',
    'file:///etc/passwd',
  ])('answers 400 INVALID_URL for %s', async (url) => {
    const res = await reviews({ url });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_URL');
  });
});

describe('GET /v1/site_c/hotel/prices/{location_id}', () => {
  const Body = z.strictObject({
    success: z.literal(true),
    location_id: z.number().int(),
    search_params: z.strictObject({
      check_in: z.string(),
      check_out: z.string(),
      adults: z.number().int(),
      rooms: z.number().int(),
      currency: z.string(),
    }),
    pricing_summary: z.strictObject({
      lowest_price: z.string(),
      pricing_complete: z.boolean(),
      has_member_rates: z.boolean(),
    }),
    available_offers: z.array(PriceOffer.strict()).min(1),
    message: z.string(),
    retrieved_at: z.iso.datetime(),
  });
  const open = () => {
    for (let o = 30; ; o++)
      if (!nightsOf(day(o), day(o + 2)).some((n) => soldOut(hotel(), n)))
        return { check_in: day(o), check_out: day(o + 2) };
  };
  const prices = (qs: Record<string, string>, id: string | number = hotel().ids.site_c) =>
    api.get(`/v1/site_c/hotel/prices/${id}?${new URLSearchParams(qs)}`);

  it('compares sellers, marking the lowest', async () => {
    const body = Body.parse((await prices({ ...open(), currency: 'EUR' })).body);
    expect(body.search_params).toMatchObject({ adults: 2, rooms: 1, currency: 'EUR' });
    expect(body.available_offers.filter((o) => o.is_lowest_price).length).toBeGreaterThanOrEqual(1);
    expect(body.available_offers[0]!.is_lowest_price).toBe(true);
    expect(body.pricing_summary.lowest_price).toBe(body.available_offers[0]!.total_stay_price);
    expect(body.available_offers[0]!.price_per_night).toMatch(/^€/);
  });

  it.each([[{ adults: '9' }], [{ rooms: '5' }], [{ adults: '0' }]])('answers 400 for %j', async (qs) => {
    expect((await prices({ ...open(), ...qs })).status).toBe(400);
  });

  it('answers 404 for an unknown location and 400 for a non-numeric one', async () => {
    expect((await prices(open(), 5)).status).toBe(404);
    expect((await prices(open(), 'abc')).status).toBe(400);
  });
});
