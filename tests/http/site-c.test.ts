// site_c reviews-from-url and prices against the sandbox, which speaks the source's real batch format.
import { afterEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { SiteCPricesResponse } from '../../functions/site-c/prices.ts';
import { SiteCReviewsResponse } from '../../functions/site-c/reviews-from-url.ts';
import { FX, nightsOf, soldOut } from '../../infra/sandbox/prices.ts';
import {
  SITE_C_ENTRY_LIMIT,
  SITE_C_LANGUAGES,
  SITE_C_QUERIES,
  siteCOffers,
  siteCPagePath,
  siteCReview,
  siteCReviewTotal,
} from '../../infra/sandbox/sites/site-c.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { MAX_POLLS, siteC } from '../../shared/providers/site-c/index.ts';
import { SiteCReview } from '../../shared/schemas/site-c.ts';
import { Deadline } from '../../shared/upstream/deadline.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

type Entry = { variables: Record<string, unknown>; extensions: { preRegisteredQueryId: string } };
/** The query entries of each batch site_c received, in order. */
const batches = (): Entry[][] =>
  api.sandbox
    .requests('site_c')
    .filter((r) => r.method === 'POST')
    .map((r) => JSON.parse(r.body ?? '[]') as Entry[]);
const indexOf = (h: Hotel, reviewId: number) => reviewId - (900_000_000 + h.ids.site_c * 1000);

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const pageUrl = (host = 'www.site-c.test', or = '') =>
  `https://${host}/Hotel_Review-g${hotel().ids.site_c_geo}-d${hotel().ids.site_c}-Reviews${or}-Aurelia_Suites_Paris.html`;
const reviews = (qs: Record<string, string>, headers?: Record<string, string>) =>
  api.get(`/v1/site_c/hotel/reviews-from-url?${new URLSearchParams(qs)}`, headers);
const open = () => {
  for (let o = 30; ; o++)
    if (!nightsOf(day(o), day(o + 2)).some((n) => soldOut(hotel(), n)))
      return { check_in: day(o), check_out: day(o + 2) };
};
const prices = (qs: Record<string, string>, id: string | number = hotel().ids.site_c) =>
  api.get(`/v1/site_c/hotel/prices/${id}?${new URLSearchParams(qs)}`);
/** The amount of a formatted price: "SEK 1,234.50" → 1234.5. */
const amount = (formatted: string) => Number(formatted.replace(/[^\d.]/g, ''));

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
    const res = await reviews({ url: url() });
    SiteCReviewsResponse.strict().parse(res.body);
    const body = ReviewsBody.parse(res.body);
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
    expect(foreign.every((r) => /^[\x20-\x7e]+$/.test(r.text ?? ''))).toBe(true);
  });

  it('keeps only reviews written in the asked language, and counts that subset', async () => {
    const all = ReviewsBody.parse((await reviews({ url: pageUrl(), per_page: '50' })).body);
    const de = ReviewsBody.parse((await reviews({ url: pageUrl(), language: 'de', per_page: '50' })).body);
    expect(de.reviews.every((r) => r.language === 'de')).toBe(true);
    expect(de.total_count).toBeLessThan(all.total_count);
  });

  it.each<Record<string, string>>([{ per_page: '0' }, { per_page: '51' }, { page: '0' }, { language: 'pt' }])(
    'answers 400 INVALID_PARAMETERS for %j',
    async (qs) => {
      const res = await reviews({ url: pageUrl(), ...qs });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('INVALID_PARAMETERS');
    },
  );

  it('answers 404 NO_RESULTS for a page past the last one', async () => {
    // Prepare
    const last = Math.ceil(siteCReviewTotal(hotel()) / 10);
    // Act
    const lastPage = await reviews({ url: pageUrl(), page: String(last) });
    const past = await reviews({ url: pageUrl(), page: String(last + 1) });
    // Assess
    expect(ReviewsBody.parse(lastPage.body).pagination).toMatchObject({ has_next: false, total_pages: last });
    expect(past.status).toBe(404);
    expect(past.body.error_code).toBe('NO_RESULTS');
  });

  it('answers 404 NO_RESULTS for a page far past the end, with no page bound of its own below it', async () => {
    // Act: a page no hotel reaches, at the largest page size
    const res = await reviews({ url: pageUrl(), page: '40000000', per_page: '50' });
    // Assess
    expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
  });

  it.each([
    ['the first page whose offsets the source cannot take', '42949673', '50'],
    ['the largest safe integer', String(Number.MAX_SAFE_INTEGER), '10'],
  ])(
    'answers 404 NO_RESULTS for %s, never sending the source an offset beyond its 32-bit Int',
    async (_case, page, perPage) => {
      // Prepare
      const total = siteCReviewTotal(hotel());
      // Act
      const res = await reviews({ url: pageUrl(), page, per_page: perPage });
      // Assess: past the end with the hotel's real page count, learnt from page 1.
      expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
      expect(res.body.detail).toContain(`${Math.ceil(total / Number(perPage))} pages of ${perPage}`);
      const offsets = batches().flatMap((b) => b.map((e) => Number(e.variables['offset'])));
      expect(offsets.length).toBeGreaterThan(0);
      expect(Math.max(...offsets)).toBeLessThanOrEqual(2 ** 31 - 1);
    },
  );

  it('answers 404 NO_RESULTS when no review is written in the language asked for', async () => {
    // Prepare: the first hotel with a language none of its reviews is written in
    const [h, language] = (() => {
      for (const h of getWorld().hotels) {
        const written = new Set(
          Array.from({ length: siteCReviewTotal(h) }, (_v, i) => siteCReview(h, i).originalLanguage),
        );
        const missing = SITE_C_LANGUAGES.find((l) => !written.has(l));
        if (missing) return [h, missing] as const;
      }
      throw new Error('every hotel has reviews in every language');
    })();
    const url = `https://www.site-c.test/Hotel_Review-g${h.ids.site_c_geo}-d${h.ids.site_c}-Reviews-X.html`;
    // Act
    const res = await reviews({ url, language });
    // Assess
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
  });

  it('answers 404 LOCATION_NOT_FOUND for a hotel page site_c does not have', async () => {
    const res = await reviews({ url: 'https://www.site-c.test/Hotel_Review-g1-d5-Reviews-Nowhere.html' });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('LOCATION_NOT_FOUND');
  });

  it('answers 502 UPSTREAM_ERROR, not 500, when the reviews drift from the contract in the same shape', async () => {
    api.sandbox.inject('site_c', { kind: 'contract-drift' });
    const res = await reviews({ url: pageUrl() });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR', provider: 'site_c' });
  });

  it('asks the page in one batch of entries of at most 20 with consecutive offsets, in the source order', async () => {
    // Act
    const res = await reviews({ url: pageUrl(), page: '2', per_page: '25' });
    // Assess
    const [entries, ...more] = batches();
    expect(more).toEqual([]);
    expect(entries!.map((e) => [e.variables.offset, e.variables.limit, e.variables.sortBy])).toEqual([
      [25, 20, 'DATE'],
      [45, 5, 'DATE'],
    ]);
    expect(entries!.every((e) => e.extensions.preRegisteredQueryId === SITE_C_QUERIES.reviews)).toBe(true);
    const newest = Array.from({ length: 25 }, (_v, i) => siteCReview(hotel(), 25 + i).id);
    expect(ReviewsBody.parse(res.body).reviews.map((r) => r.id)).toEqual(newest);
  });

  it("filters by language with the source's own switch, keeping the texts as written", async () => {
    // Act
    const res = await reviews({ url: pageUrl(), language: 'de', per_page: '50' });
    // Assess
    expect(batches()[0]![0]!.variables).toMatchObject({
      filters: [{ axis: 'LANGUAGE', selections: ['de'] }],
      doMachineTranslation: false,
    });
    const body = ReviewsBody.parse(res.body);
    expect(body.reviews.length).toBeGreaterThan(0);
    for (const r of body.reviews) expect(r.text).toBe(siteCReview(hotel(), indexOf(hotel(), r.id)).text);
  });

  it('asks the source to translate every language to English', async () => {
    await reviews({ url: pageUrl() });
    expect(batches()[0]![0]!.variables).toMatchObject({
      filters: [],
      language: 'en',
      doMachineTranslation: true,
    });
  });

  it('answers 502 UPSTREAM_ERROR naming the stale query id when the source no longer knows it', async () => {
    // Prepare
    withOperations(api, 'site_c', { reviews: 'ffffffffffff0001' });
    // Act
    const res = await reviews({ url: pageUrl() });
    // Assess
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR', provider: 'site_c' });
    expect(res.body.detail).toMatch(/ffffffffffff0001 \(operations\.reviews\).*PersistedQueryNotFound/);
  });

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
      lowest_price: z.string().nullable(),
      pricing_complete: z.boolean().nullable(),
      has_member_rates: z.boolean().nullable(),
    }),
    // The contract's price offer, written out: each price null where the seller does not show it.
    available_offers: z
      .array(
        z.strictObject({
          provider: z.string().min(1),
          price_per_night: z.string().nullable(),
          total_stay_price: z.string().nullable(),
          taxes_value: z.number().min(0).nullable(),
          is_lowest_price: z.boolean(),
          rooms_remaining: z.number().int().min(0).nullable(),
        }),
      )
      .min(1),
    message: z.string(),
    retrieved_at: z.iso.datetime(),
  });
  it('compares sellers, marking the lowest', async () => {
    const res = await prices({ ...open(), currency: 'EUR' });
    SiteCPricesResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    expect(body.search_params).toMatchObject({ adults: 2, rooms: 1, currency: 'EUR' });
    expect(body.available_offers.filter((o) => o.is_lowest_price).length).toBeGreaterThanOrEqual(1);
    expect(body.available_offers[0]!.is_lowest_price).toBe(true);
    expect(body.pricing_summary.lowest_price).toBe(body.available_offers[0]!.total_stay_price);
    expect(body.available_offers[0]!.price_per_night).toMatch(/^€/);
    // The sandbox's sellers, like the real ones, carry no member flag: unknown, not false.
    expect(body.pricing_summary.has_member_rates).toBeNull();
  });

  it("gives no price per night for more than one room (nothing says whether a seller's night is one room's), the stay total kept", async () => {
    // Act
    const one = Body.parse((await prices({ ...open(), currency: 'EUR', rooms: '1' })).body);
    const two = Body.parse((await prices({ ...open(), currency: 'EUR', rooms: '2' })).body);
    // Assess
    expect(one.available_offers.length).toBeGreaterThan(0);
    expect(two.available_offers.length).toBeGreaterThan(0);
    expect(one.available_offers.every((o) => o.price_per_night !== null)).toBe(true);
    expect(two.available_offers.map((o) => o.price_per_night)).toEqual(two.available_offers.map(() => null));
    expect(two.available_offers.every((o) => o.total_stay_price !== null)).toBe(true);
  });

  it('prices in the currency asked for: SEK amounts, written in SEK', async () => {
    // Prepare
    const stay = open();
    // Act
    const usd = Body.parse((await prices({ ...stay, currency: 'USD' })).body);
    const sek = Body.parse((await prices({ ...stay, currency: 'sek' })).body);
    // Assess
    expect(sek.search_params.currency).toBe('SEK');
    for (const offer of sek.available_offers) {
      expect(offer.price_per_night).toMatch(/^SEK\s[\d,.]+$/);
      expect(offer.total_stay_price).toMatch(/^SEK\s[\d,.]+$/);
    }
    expect(sek.pricing_summary.lowest_price).toMatch(/^SEK\s/);
    const ratio = amount(sek.pricing_summary.lowest_price!) / amount(usd.pricing_summary.lowest_price!);
    expect(ratio).toBeCloseTo(FX.SEK!, 1);
  });

  it('answers 502 UPSTREAM_ERROR when no seller shows a total (a stale reading), never a 404 or prices without one', async () => {
    // Prepare: the reading looks for totals where the answer has none (a source that stopped showing them)
    withOperations(api, 'site_c', { offer_total: 'data.dataAtts.totalNotShown' });
    // Act
    const res = await prices({ ...open(), currency: 'EUR' });
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it.each([
    ['not an ISO 4217 code', 'XYZ'],
    ['an ISO 4217 code site_c does not price in', 'XAF'],
  ])('answers 400 INVALID_CURRENCY for %s', async (_case, currency) => {
    const res = await prices({ ...open(), currency });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_CURRENCY');
  });

  it('answers 404 NO_RESULTS when no seller offers the stay (sold out)', async () => {
    let o = 30;
    while (!soldOut(hotel(), day(o))) o++;
    const res = await prices({ check_in: day(o), check_out: day(o + 1) });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
  });

  it.each([
    [{ adults: '9' }, 'INVALID_PARAMETERS'],
    [{ rooms: '5' }, 'INVALID_PARAMETERS'],
    [{ adults: '0' }, 'INVALID_PARAMETERS'],
    [{ check_in: '01/06/2030' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: day(-3), check_out: day(2) }, 'PAST_DATES'],
    [{ check_in: day(40), check_out: day(39) }, 'INVALID_DATES'],
  ])('answers 400 for %j with %s', async (qs, code) => {
    const res = await prices({ ...open(), ...qs });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(code);
  });

  /** A stay of `h` the sandbox prices, whose offers complete (or never do) over polls. */
  const stayOf = (h: Hotel, completes: boolean) => {
    for (let o = 30; ; o++) {
      const [check_in, check_out] = [day(o), day(o + 2)];
      const ask = (n: number) =>
        siteCOffers(h, { travelInfo: { checkInDate: check_in, checkOutDate: check_out } }, n);
      const first = ask(0);
      const firstCount = first.chevronOffers.length + first.hiddenOffers.length;
      if (firstCount === 0 || first.complete) continue;
      if (ask(99).complete === completes) return { stay: { check_in, check_out }, firstCount };
    }
  };
  const offerPolls = () =>
    batches()
      .flat()
      .filter((e) => e.extensions.preRegisteredQueryId === SITE_C_QUERIES.prices_offers)
      .map((e) => (e.variables.request as { requestNumber: number }).requestNumber);

  it('polls the offers until every seller has answered', async () => {
    // Prepare
    const { stay, firstCount } = stayOf(hotel(), true);
    // Act
    const body = Body.parse((await prices({ ...stay, currency: 'EUR' })).body);
    // Assess
    expect(body.pricing_summary.pricing_complete).toBe(true);
    expect(body.available_offers.length).toBeGreaterThan(firstCount);
    const polls = offerPolls();
    expect(polls).toEqual(polls.map((_n, i) => i));
    expect(polls.length).toBeGreaterThan(1);
  });

  it('says pricing_complete false when a seller has not answered by the last poll', async () => {
    // Prepare
    const { stay } = stayOf(hotel(), false);
    // Act
    const body = Body.parse((await prices({ ...stay, currency: 'EUR' })).body);
    // Assess
    expect(body.pricing_summary.pricing_complete).toBe(false);
    expect(body.message).toMatch(/so far/);
    expect(offerPolls()).toHaveLength(MAX_POLLS + 1);
  });

  it('says pricing_complete null, after polling to the limit, when the source does not say whether every seller answered', async () => {
    // Prepare: a priced stay whose polls carry no completeness flag
    const stay = (() => {
      for (let o = 30; ; o++) {
        const [check_in, check_out] = [day(o), day(o + 2)];
        const last = siteCOffers(
          hotel(),
          { travelInfo: { checkInDate: check_in, checkOutDate: check_out } },
          99,
        );
        if (!('complete' in last) && last.chevronOffers.length > 0) return { check_in, check_out };
      }
    })();
    // Act
    const body = Body.parse((await prices({ ...stay, currency: 'EUR' })).body);
    // Assess: unknown, never false (nor true), and the sellers so far kept
    expect(body.pricing_summary.pricing_complete).toBeNull();
    expect(body.available_offers.length).toBeGreaterThan(0);
    expect(body.message).toMatch(/does not say/);
    expect(offerPolls()).toHaveLength(MAX_POLLS + 1);
  });

  it('asks the offers under the geo id, looked up once from a review when only location_id is known', async () => {
    // Prepare: a hotel no call has named yet
    const h = getWorld().hotels[777]!;
    // Act
    await prices(open(), h.ids.site_c);
    // Assess
    const [lookup, search] = batches();
    expect(lookup!.map((e) => [e.variables.locationId, e.variables.limit])).toEqual([[h.ids.site_c, 1]]);
    expect(search!.map((e) => e.variables.locationId)).toEqual([h.ids.site_c_geo, h.ids.site_c_geo]);
  });

  it('knows the geo id from an earlier reviews call without a lookup', async () => {
    // Prepare
    const h = getWorld().hotels[778]!;
    await reviews({ url: `https://www.site-c.test${siteCPagePath(h)}` });
    api.sandbox.resetLog();
    // Act
    const res = await prices(open(), h.ids.site_c);
    // Assess
    expect(res.status).not.toBe(502);
    expect(batches()[0]![0]!.extensions.preRegisteredQueryId).toBe(SITE_C_QUERIES.prices_context);
  });

  it('serves a repeated search from the cache though every search has its own page-view ids', async () => {
    // Prepare
    const ctx = () => ({ deadline: new Deadline(20_000), served: [] });
    const { stay } = stayOf(hotel(), true);
    const q = {
      locationId: hotel().ids.site_c,
      checkIn: stay.check_in,
      checkOut: stay.check_out,
      adults: 2,
      rooms: 1,
      currency: 'EUR',
    };
    const first = await siteC.prices(ctx(), q);
    api.sandbox.resetLog();
    // Act
    const started = Date.now();
    const again = await siteC.prices(ctx(), q);
    // Assess
    expect(again).toEqual(first);
    expect(batches()).toEqual([]);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it.each(['prices_context', 'prices_offers'])(
    'answers 502 UPSTREAM_ERROR naming the stale %s query id',
    async (operation) => {
      // Prepare
      withOperations(api, 'site_c', { [operation]: 'ffffffffffff0002' });
      // Act
      const res = await prices(open());
      // Assess
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain(`ffffffffffff0002 (operations.${operation})`);
    },
  );

  it('answers 404 LOCATION_NOT_FOUND for an unknown location and 400 INVALID_LOCATION_ID for a malformed one', async () => {
    const unknown = await prices(open(), 5);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('LOCATION_NOT_FOUND');
    // As details answers them (wave 3: a malformed id is 400 INVALID_<THING>_ID), asking nothing.
    api.sandbox.resetLog();
    for (const id of ['abc', '0', '+314467', '0010001']) {
      const res = await prices(open(), id);
      expect([id, res.status, res.body.error_code]).toEqual([id, 400, 'INVALID_LOCATION_ID']);
    }
    expect(api.sandbox.requests('site_c')).toHaveLength(0);
  });
});

describe('the sandbox site_c', () => {
  const post = (body: unknown, cookie = '') =>
    fetch(`${api.sandbox.url}/site_c/data/graphql/ids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const session = async () => {
    const res = await fetch(`${api.sandbox.url}/site_c/`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const reviewEntry = (id: string, limit: number) => ({
    variables: {
      locationId: hotel().ids.site_c,
      filters: [],
      limit,
      offset: 0,
      sortBy: 'DATE',
      language: 'en',
    },
    extensions: { preRegisteredQueryId: id },
  });

  it('refuses a batch without the TAUnique cookie its pages set', async () => {
    expect((await post([reviewEntry(SITE_C_QUERIES.reviews, 5)])).status).toBe(403);
    expect((await post([reviewEntry(SITE_C_QUERIES.reviews, 5)], 'TAUnique=%1%enc%3Aforged00x')).status).toBe(
      403,
    );
  });

  it('answers each entry in order: at most 20 reviews, PersistedQueryNotFound for an unknown id', async () => {
    // Act
    const res = await post(
      [reviewEntry(SITE_C_QUERIES.reviews, 50), reviewEntry('0000000000000000', 5)],
      await session(),
    );
    // Assess
    expect(res.status).toBe(200);
    const [page, stale] = (await res.json()) as [
      { data: { ReviewsProxy_getReviewListPageForLocation: { reviews: unknown[] }[] } },
      unknown,
    ];
    expect(page.data.ReviewsProxy_getReviewListPageForLocation[0]!.reviews).toHaveLength(SITE_C_ENTRY_LIMIT);
    expect(stale).toEqual({
      errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
  });
});
