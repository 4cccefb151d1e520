// GET /v1/dining/restaurants/{restaurant_id}, …/menu and …/reviews against the sandbox: search → details,
// menu and reviews of the first restaurant; one profile page serves details and menu; an info-only listing;
// the three menu outcomes; reviews paged to the end; the documented errors.
import { describe, expect, it } from '@jest/globals';
import { DiningDetailsResponse } from '../../functions/dining/details.ts';
import { DiningMenuResponse } from '../../functions/dining/menu.ts';
import { DiningReviewsResponse } from '../../functions/dining/reviews.ts';
import { FIRST_RESTAURANT_ID, restaurant, SANDBOX_CSRF_TOKEN } from '../../infra/sandbox/sites/dining.ts';
import { isListing, menuKind } from '../../infra/sandbox/sites/dining-profile.ts';
import { routes } from '../../shared/routes/index.ts';
import { todayUtc } from '../../shared/schemas/params.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';

const api = useTestServer();

const HOME = restaurant(FIRST_RESTAURANT_ID)!;
/** The first restaurant of the world whose id meets `test`. */
function idWhere(test: (id: number) => boolean): number {
  for (let id = FIRST_RESTAURANT_ID; ; id++) if (test(id)) return id;
}
const LISTING = idWhere(isListing);
const NO_MENU = idWhere((id) => menuKind(id) === 'none');
const details = (id: number | string) => api.get(`/v1/dining/restaurants/${id}`);
const menu = (id: number | string) => api.get(`/v1/dining/restaurants/${id}/menu`);
const reviews = (id: number | string, qs: Record<string, string> = {}) =>
  api.get(`/v1/dining/restaurants/${id}/reviews?${new URLSearchParams(qs)}`);
const pages = () => api.sandbox.requests('dining').filter((r) => r.path.startsWith('/restaurant/profile/'));

describe('dining search → details, menu and reviews', () => {
  it('leads from the first restaurant_id of a search to its details, menu and reviews', async () => {
    // Prepare
    const date = todayUtc(new Date(Date.now() + 21 * 86_400_000));
    const found = await api.get(
      `/v1/dining/search?latitude=${HOME.latitude}&longitude=${HOME.longitude}&date=${date}&time=19:30`,
    );
    const first = found.body.restaurants[0];
    // Act
    const about = await details(first.restaurant_id);
    const menus = await menu(first.restaurant_id);
    const said = await reviews(first.restaurant_id);
    // Assess
    expect([about.status, menus.status, said.status]).toEqual([200, 200, 200]);
    DiningDetailsResponse.strict().parse(about.body);
    DiningMenuResponse.strict().parse(menus.body);
    DiningReviewsResponse.strict().parse(said.body);
    expect(about.body).toMatchObject({
      restaurant_id: first.restaurant_id,
      name: first.name,
      cuisine: first.cuisine,
      price_band: first.price_band,
      location: { latitude: first.latitude, longitude: first.longitude },
    });
    expect(said.body.total_count).toBe(first.review_count);
  });
});

describe('GET /v1/dining/restaurants/{restaurant_id}', () => {
  it('reads a bookable restaurant from its profile page state, hours as the free text the source gives', async () => {
    // Act
    const res = await details(FIRST_RESTAURANT_ID);
    // Assess
    expect(res.status).toBe(200);
    const body = DiningDetailsResponse.strict().parse(res.body);
    expect(body).toMatchObject({ restaurant_id: FIRST_RESTAURANT_ID, name: HOME.name, bookable: true });
    expect(body.hours_text).toContain('\n');
    expect(body.rating).not.toBeNull();
    const spread = Object.values(body.rating_distribution!).reduce((a: number, b) => a + b!, 0);
    expect(spread).toBe(body.rating!.count);
    expect(body.url).toBe(`https://www.dining.test/restaurant/profile/${FIRST_RESTAURANT_ID}`);
  });

  it("answers an info-only listing with bookable false and no phone (the service line is not the restaurant's)", async () => {
    // Act
    const res = await details(LISTING);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ restaurant_id: LISTING, bookable: false, phone: null, website: null });
  });

  it('serves details and menu from one page fetch: the second costs no upstream request', async () => {
    // Act
    const first = await details(FIRST_RESTAURANT_ID);
    const second = await menu(FIRST_RESTAURANT_ID);
    // Assess
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(pages().map((r) => r.path)).toEqual([`/restaurant/profile/${FIRST_RESTAURANT_ID}`]);
  });

  it('answers 404 RESTAURANT_NOT_FOUND for a restaurant the source does not have', async () => {
    for (const get of [details, menu, reviews]) {
      const res = await get(42);
      expect([res.status, res.body.error_code]).toEqual([404, 'RESTAURANT_NOT_FOUND']);
    }
    expectDocumented(routes.diningDetails, 404, 'application/problem+json', (await details(42)).body);
  });

  it.each(['0', '-4', 'abc', '1.5'])(
    'answers 422 INVALID_PARAMETERS when restaurant_id is %s',
    async (id) => {
      for (const get of [details, menu, reviews]) {
        const res = await get(id);
        expect([res.status, res.body.error_code]).toEqual([422, 'INVALID_PARAMETERS']);
      }
    },
  );

  it('answers 502 UPSTREAM_ERROR when the profile page lost its state', async () => {
    api.sandbox.inject('dining', { kind: 'layout' });
    const res = await details(FIRST_RESTAURANT_ID);
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});

describe('GET /v1/dining/restaurants/{restaurant_id}/menu', () => {
  it('answers structured menus in the source order, prices as numbers and as the source wrote them', async () => {
    // Act
    const res = await menu(FIRST_RESTAURANT_ID);
    // Assess
    const body = DiningMenuResponse.strict().parse(res.body);
    expect(body.menus.map((m) => m.title)).toEqual(['Dinner', 'Drinks']);
    // The section without items is left out, the untitled one kept.
    expect(body.menus[0]!.sections.map((s) => s.title)).toEqual(['Starters', 'Mains']);
    expect(body.menus[1]!.sections[0]!.title).toBeNull();
    const items = body.menus[0]!.sections.flatMap((s) => s.items);
    expect(items.find((i) => i.price_text === null)).toMatchObject({ price: null });
    expect(items[0]!.price).toBe(Number(items[0]!.price_text));
    expect(body.menus[1]!.sections[0]!.items[0]!.variations).toEqual([
      { name: 'Glass', price: 11 },
      { name: 'Bottle', price: 44 },
    ]);
    expect(body.menus[0]!.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+$/);
    expect(body.external_menu_url).toBeNull();
  });

  it('answers only the link for a menu kept elsewhere', async () => {
    const res = await menu(LISTING);
    expect(res.status).toBe(200);
    expect(res.body.menus).toEqual([]);
    expect(res.body.external_menu_url).toMatch(/^https:\/\/menus\.example\/.+/);
  });

  it('answers 200 with menus [] and no link for a restaurant that publishes no menu', async () => {
    const res = await menu(NO_MENU);
    expect(res.body).toEqual({ success: true, restaurant_id: NO_MENU, menus: [], external_menu_url: null });
  });
});

describe('GET /v1/dining/restaurants/{restaurant_id}/reviews', () => {
  /** A restaurant with a few reviews, so that paging to the end takes a few calls. */
  const FEW = idWhere((id) => restaurant(id)!.reviews > 30 && restaurant(id)!.reviews < 80);

  it('pages to the end: total_count reviews, none twice, then 404 NO_RESULTS', async () => {
    // Act
    const seen: string[] = [];
    let page = 1;
    let last;
    do {
      last = await reviews(FEW, { page: String(page), page_size: '25' });
      expect(last.status).toBe(200);
      DiningReviewsResponse.strict().parse(last.body);
      seen.push(...last.body.reviews.map((r: { review_id: string }) => r.review_id));
      page++;
    } while (last.body.pagination.has_next);
    const past = await reviews(FEW, { page: String(page), page_size: '25' });
    // Assess
    expect(seen).toHaveLength(restaurant(FEW)!.reviews);
    expect(new Set(seen).size).toBe(seen.length);
    expect(last.body.pagination.total_pages).toBe(page - 1);
    expect([past.status, past.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expectDocumented(routes.diningReviews, past.status, past.headers.get('content-type'), past.body);
  });

  it.each([['10001'], ['900000000'], ['9007199254740991']])(
    'answers 404 NO_RESULTS for page %s, past the end (no upper bound on page)',
    async (page) => {
      // Act
      const res = await reviews(FEW, { page, page_size: '25' });
      // Assess: the source is never asked for a page number beyond its 32-bit Int
      expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
      const pages = api.sandbox
        .requests('dining')
        .filter((r) => r.method === 'POST')
        .map((r) => (JSON.parse(r.body!) as { variables: { page: number } }).variables.page);
      expect(pages.every((n) => n <= 2 ** 31 - 1)).toBe(true);
    },
  );

  it('answers 404 RESTAURANT_NOT_FOUND for an unknown restaurant however far the page', async () => {
    const res = await reviews(42, { page: '9007199254740991' });
    expect([res.status, res.body.error_code]).toEqual([404, 'RESTAURANT_NOT_FOUND']);
  });

  it('asks the review search in pages of ten with the session token and the profile page group', async () => {
    // Act
    const res = await reviews(FIRST_RESTAURANT_ID, { page: '2', page_size: '15' });
    // Assess
    expect(res.body.reviews).toHaveLength(15);
    const posts = api.sandbox.requests('dining').filter((r) => r.method === 'POST');
    const sent = posts.map((r) => JSON.parse(r.body!));
    expect(posts.map((r) => r.path)).toEqual([
      '/dapi/fe/gql?optype=query&opname=ReviewSearchResults',
      '/dapi/fe/gql?optype=query&opname=ReviewSearchResults',
    ]);
    expect(sent.map((b) => b.variables.page)).toEqual([2, 3]);
    expect(sent[0]).toMatchObject({
      operationName: 'ReviewSearchResults',
      variables: { restaurantId: FIRST_RESTAURANT_ID, pageSize: 10, sortBy: 'newestReview' },
    });
  });

  it('orders by rating for highest and lowest', async () => {
    const high = await reviews(FIRST_RESTAURANT_ID, { sort: 'highest', page_size: '25' });
    const low = await reviews(FIRST_RESTAURANT_ID, { sort: 'lowest', page_size: '25' });
    const overall = (b: { reviews: { rating: { overall: number } }[] }) =>
      b.reviews.map((r) => r.rating.overall);
    expect(overall(high.body)).toEqual([...overall(high.body)].sort((a, b) => b - a));
    expect(overall(low.body)).toEqual([...overall(low.body)].sort((a, b) => a - b));
    expect(overall(high.body)[0]).toBeGreaterThan(overall(low.body)[0]!);
  });

  it.each([[{ page: '0' }], [{ page_size: '26' }], [{ page_size: '0' }], [{ sort: 'oldest' }]])(
    'answers 422 INVALID_PARAMETERS for %j',
    async (qs) => {
      const res = await reviews(FIRST_RESTAURANT_ID, qs);
      expect([res.status, res.body.error_code]).toEqual([422, 'INVALID_PARAMETERS']);
      expect(res.body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(Object.keys(qs));
    },
  );

  it('answers 502 UPSTREAM_ERROR naming the stale persisted query hash', async () => {
    // Prepare
    const stale = 'c'.repeat(64);
    withOperations(api, 'dining', { reviews: stale });
    try {
      // Act
      const res = await reviews(FIRST_RESTAURANT_ID);
      // Assess
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain(stale);
      expect(res.body.detail).toContain('operations.reviews');
    } finally {
      useProviders(api.sandbox.providers());
    }
  });

  it('the sandbox refuses a review search whose opname does not name the operation (409)', async () => {
    const res = await fetch(`${api.sandbox.url}/dining/dapi/fe/gql?optype=query&opname=Other`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': SANDBOX_CSRF_TOKEN },
      body: JSON.stringify({ operationName: 'ReviewSearchResults', variables: { restaurantId: 10001 } }),
    });
    expect(res.status).toBe(409);
  });
});
