// rental search through the API and the sandbox: the chain search by place → search by the bounds around
// the first result → calendar → pricing (a stay the calendar shows free priced, one it shows taken refused)
// → reviews to the end; a cursor walk over every page with no listing twice although the source's pages
// overlap and its ranking shifts between calls; hotel cards read with their lines swapped; the stale-hash
// answer as a 502 with the drift counted; the documented errors.
import { afterEach, describe, expect, it } from '@jest/globals';
import { RentalSearchResponse } from '../../functions/rental/search.ts';
import { API_KEY, listing } from '../../infra/sandbox/sites/rental.ts';
import { SEARCH_HASH } from '../../infra/sandbox/sites/rental-search.ts';
import { parseExact } from '../../shared/json.ts';
import { listingIdOfCard, searchRequest, type SearchQuery } from '../../shared/providers/rental/search.ts';
import { routes } from '../../shared/routes/index.ts';
import { addDays, todayUtc } from '../../shared/dates.ts';
import { observeDrift } from '../../shared/extraction/tolerant.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A listing id as written on the wire (parseExact keeps those above 2^53 as raw JSON). */
const idOf = (l: Body): string =>
  typeof l.listing_id === 'object' ? l.listing_id.rawJSON : String(l.listing_id);
const search = (query: Record<string, string>) => api.get(`/v1/rental/search?${new URLSearchParams(query)}`);
const get = (path: string, query: Record<string, string> = {}) =>
  api.get(`${path}?${new URLSearchParams(query)}`);

/** Every page of a search, on its cursor; the ids of each page, and whether the source repeated any. */
async function walk(query: Record<string, string>): Promise<{ pages: Body[]; ids: string[] }> {
  const pages: Body[] = [];
  let cursor: string | null = null;
  do {
    const res = await search(cursor ? { ...query, cursor } : query);
    expect(res.status).toBe(200);
    const body = RentalSearchResponse.strict().parse(parseExact(res.text)) as Body;
    pages.push(parseExact(res.text) as Body);
    cursor = body.next_cursor;
  } while (cursor && pages.length < 30);
  return { pages, ids: pages.flatMap((p) => p.listings.map(idOf)) };
}

describe('GET /v1/rental/search', () => {
  it('walks the chain: search by place, by the bounds around the first result, calendar, pricing, reviews', async () => {
    // Act: search by place, then by a box around the first listing found
    const byPlace = await search({ location: 'Paris, France', adults: '2' });
    const first = (parseExact(byPlace.text) as Body).listings[0];
    const box = {
      ne_lat: String(first.latitude + 0.01),
      ne_lng: String(first.longitude + 0.01),
      sw_lat: String(first.latitude - 0.01),
      sw_lng: String(first.longitude - 0.01),
    };
    const byBox = await search({ ...box, adults: '2' });
    const id = idOf(first);
    const calendar = await get(`/v1/rental/listing/${id}/calendar`, { months: '3' });
    const days: { date: string; available: boolean }[] = calendar.body.months.flatMap((m: Body) => m.days);
    const future = days.filter((d) => d.date > todayUtc());
    const free = future.findIndex((_d, i) => [0, 1, 2].every((k) => future[i + k]?.available === true));
    const taken = future.findIndex((d) => !d.available);
    const stay = (i: number) => ({
      check_in: future[i]!.date,
      check_out: addDays(future[i]!.date, 3),
      adults: '2',
    });
    const priced = await get(`/v1/rental/listing/${id}/pricing`, stay(free));
    const refused = await get(`/v1/rental/listing/${id}/pricing`, stay(taken));
    const reviewIds: string[] = [];
    let total = 0;
    for (let offset: number | null = 0, n = 0; offset !== null && n < 20; n++) {
      const page = await get(`/v1/rental/listing/${id}/reviews`, { limit: '50', offset: String(offset) });
      if (page.status === 404 && offset === 0) break;
      expect(page.status).toBe(200);
      total = page.body.total_count;
      reviewIds.push(...page.body.reviews.map((r: Body) => r.review_id));
      offset = page.body.pagination.next_offset;
    }
    // Assess
    expect([byPlace.status, byBox.status, calendar.status]).toEqual([200, 200, 200]);
    expect(byPlace.body.search_params).toMatchObject({ location: 'Paris, France', bounds: null, adults: 2 });
    expect(byBox.body.search_params.bounds).toEqual({
      ne_lat: Number(box.ne_lat),
      ne_lng: Number(box.ne_lng),
      sw_lat: Number(box.sw_lat),
      sw_lng: Number(box.sw_lng),
    });
    expect((parseExact(byBox.text) as Body).listings.map(idOf)).toContain(id);
    for (const l of byBox.body.listings) {
      expect(l.latitude).toBeGreaterThanOrEqual(Number(box.sw_lat));
      expect(l.latitude).toBeLessThanOrEqual(Number(box.ne_lat));
    }
    expect(first.name).toBe(listing(id)!.title);
    expect([free, taken].every((i) => i >= 0)).toBe(true);
    expect(priced.status).toBe(200);
    expect([refused.status, refused.body.error_code]).toEqual([422, 'DATES_UNAVAILABLE']);
    expect(reviewIds.length).toBe(listing(id)!.reviews);
    expect(new Set(reviewIds).size).toBe(reviewIds.length);
    if (reviewIds.length) expect(total).toBe(reviewIds.length);
  });

  it('walks every page on the cursor with no listing twice, though the source repeats and reorders them', async () => {
    // Prepare: what the source itself sends along the same chain
    const sent = await sourceWalk({
      location: 'Paris, France',
      adults: 1,
      children: 0,
      infants: 0,
      pets: 0,
      currency: 'USD',
    });
    // Act
    const { pages, ids } = await walk({ location: 'Paris, France' });
    // Assess
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    // The source did send some listings twice along the chain (its pages overlap, its ranking shifts).
    expect(sent.length).toBeGreaterThan(new Set(sent).size);
    expect(new Set(ids)).toEqual(new Set(sent));
    expect(pages.at(-1)).toMatchObject({ next_cursor: null, has_more: false, total_count: null });
    expect(pages.slice(0, -1).every((p) => p.has_more && p.next_cursor)).toBe(true);
  });

  it('prices the cards for the dates asked, as pricing prices the same stay, and reads hotel cards rightly', async () => {
    // Prepare
    const checkIn = addDays(todayUtc(), 40);
    const query = {
      location: 'Paris, France',
      check_in: checkIn,
      check_out: addDays(checkIn, 3),
      adults: '2',
      currency: 'EUR',
    };
    // Act
    const { pages } = await walk(query);
    const cards: Body[] = pages.flatMap((p) => p.listings);
    const card = cards.find((l) => l.price)!;
    const priced = await get(`/v1/rental/listing/${idOf(card)}/pricing`, {
      check_in: checkIn,
      check_out: addDays(checkIn, 3),
      adults: '2',
      currency: 'EUR',
    });
    // Assess
    expect(card.price).toMatchObject({ currency: 'EUR', qualifier: 'total', per_night: expect.any(Number) });
    expect(card.price.total).toBe(priced.body.pricing.total);
    expect(card.price.per_night).toBeCloseTo(card.price.total / 3, 2);
    const hotel = cards.find((l) => l.kind === 'Hotel')!;
    const l = listing(idOf(hotel))!;
    expect(hotel).toMatchObject({ name: l.title, title: `Hotel in ${l.city.name}` });
    expect(cards.filter((c) => c.kind !== 'Hotel').every((c) => / in /.test(c.title))).toBe(true);
  });

  it("gives listing ids and pages that the other rental routes take, a hotel room's too", async () => {
    // Prepare
    const { pages } = await walk({ location: 'Paris, France' });
    const cards: Body[] = pages.flatMap((p) => p.listings);
    const hotel = cards.find((l) => l.kind === 'Hotel')!;
    const recent = cards.find((l) => idOf(l).length === 19)!;
    // Act
    const answers = await Promise.all(
      [hotel, recent].flatMap((card) => [
        get(`/v1/rental/listing/${idOf(card)}/overview`),
        get(`/v1/rental/listing/${idOf(card)}/calendar`, { months: '1' }),
        get('/v1/rental/listing/extract-id', { url: card.url }),
      ]),
    );
    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers[0]!.body.overview.title).toBe(hotel.name);
    expect(answers[2]!.body.listing_id).toBe(idOf(hotel));
    expect(answers[5]!.body.listing_id).toBe(idOf(recent));
    expect(answers[3]!.text).toContain(`"listing_id":${idOf(recent)}`);
  });

  it('answers a stale search hash as a 502 naming the setting, with the drift counted, never an empty result', async () => {
    // Prepare
    withOperations(api, 'rental', { stays_search: 'e'.repeat(64) });
    const drift: string[] = [];
    const stop = observeDrift((d) => void (d.provider === 'rental' && drift.push(d.field)));
    // Act
    const res = await search({ location: 'Paris, France' }).finally(stop);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect(res.body.detail).toContain('operations.stays_search');
    expect(res.body.upstream_status).toBe(200);
    expect(drift).toEqual(['data']);
    expect(SEARCH_HASH).not.toBe('e'.repeat(64));
  });

  it.each([
    ['no location and no bounds', 400, 'MISSING_LOCATION', {}],
    [
      'both location and bounds',
      400,
      'MISSING_LOCATION',
      { location: 'Paris', ne_lat: '49', ne_lng: '3', sw_lat: '48', sw_lng: '2' },
    ],
    ['half the bounds', 400, 'INVALID_BOUNDS', { ne_lat: '49', ne_lng: '3' }],
    ['inverted bounds', 400, 'INVALID_BOUNDS', { ne_lat: '48', ne_lng: '2', sw_lat: '49', sw_lng: '3' }],
    [
      'a latitude out of range',
      400,
      'INVALID_BOUNDS',
      { ne_lat: '91', ne_lng: '3', sw_lat: '48', sw_lng: '2' },
    ],
    ['check_in alone', 400, 'INVALID_PARAMETERS', { location: 'Paris', check_in: addDays(todayUtc(), 5) }],
    [
      'a past check_in',
      400,
      'PAST_DATES',
      { location: 'Paris', check_in: '2020-01-01', check_out: '2020-01-03' },
    ],
    [
      'a malformed date',
      400,
      'INVALID_DATE_FORMAT',
      { location: 'Paris', check_in: '2030-1-1', check_out: '2030-01-03' },
    ],
    [
      'more than 30 nights',
      400,
      'INVALID_DATES',
      { location: 'Paris', check_in: addDays(todayUtc(), 5), check_out: addDays(todayUtc(), 40) },
    ],
    ['an unknown currency', 400, 'INVALID_CURRENCY', { location: 'Paris', currency: 'XYZ' }],
    [
      'price_max below price_min',
      400,
      'INVALID_PARAMETERS',
      { location: 'Paris', price_min: '200', price_max: '100' },
    ],
    ['17 adults', 400, 'INVALID_PARAMETERS', { location: 'Paris', adults: '17' }],
    [
      'a cursor that cannot be read',
      400,
      'INVALID_PARAMETERS',
      { location: 'Paris', cursor: 'not-a-cursor' },
    ],
    ['a place nobody rents in', 404, 'NO_RESULTS', { location: 'Qzxv Nowhere' }],
  ] as const)('answers %s with %i %s', async (_name, status, code, query) => {
    // Act
    const res = await search(query as Record<string, string>);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.rentalSearch, res.status, res.headers.get('content-type'), res.body);
  });

  it("refuses another search's cursor", async () => {
    // Prepare
    const first = await search({ location: 'Paris, France' });
    // Act
    const res = await search({ location: 'Paris, France', adults: '3', cursor: first.body.next_cursor });
    // Assess
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
    expect(JSON.stringify(res.body.errors)).toContain('cursor');
  });
});

/** The listing ids of every page the sandbox's search sends along one chain, asked as the connector asks. */
async function sourceWalk(q: SearchQuery): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const req = searchRequest(q, cursor);
    const url = new URL(`${api.sandbox.providers().rental!.baseUrl}${req.path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'x-rental-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify((req.body as { json: unknown }).json),
    });
    const answer = (await res.json()) as Body;
    const results = answer.data.presentation.staysSearch.results;
    ids.push(...results.searchResults.map((r: Body) => listingIdOfCard(r.demandStayListing.id)!));
    cursor = results.paginationInfo.nextPageCursor ?? undefined;
  } while (cursor);
  return ids;
}
