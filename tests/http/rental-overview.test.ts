// rental's listing URL → extract-id → overview → details → pricing walk against the sandbox; extract-id's
// cases; listing ids above 2^53 written back digit for digit; a 28-night monthly stay, rupees in lakhs and
// the stale-hash answer through the API.
import { afterEach, describe, expect, it } from '@jest/globals';
import { ExtractIdResponse } from '../../functions/rental/extract-id.ts';
import { RentalOverviewResponse } from '../../functions/rental/overview.ts';
import {
  booked,
  FIRST_RECENT_LISTING_ID,
  listing,
  MONTHLY_NIGHTS,
  overviewItems,
  STALE_SECTIONS_HASH,
} from '../../infra/sandbox/sites/rental.ts';
import { parseExact } from '../../shared/json.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { KEYS, useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

/** 1234567890123456789: above 2^53, which a double would write as 1234567890123456800. */
const BIG = FIRST_RECENT_LISTING_ID;
function freeStay(n: number, id: string): { check_in: string; check_out: string } {
  for (let offset = 20; ; offset++) {
    const nights = Array.from({ length: n }, (_v, k) => day(offset + k));
    if (!nights.some((x) => booked(id, x))) return { check_in: day(offset), check_out: day(offset + n) };
  }
}
const extractId = (url: string) => api.get(`/v1/rental/listing/extract-id?${new URLSearchParams({ url })}`);
/** The listing_id of a body exactly as written on the wire. */
const wireId = (text: string) => /"listing_id":\s*("?)(\d+)\1/.exec(text)?.[2];

describe('a listing URL → extract-id → overview → details → pricing', () => {
  it('walks the chain on one 19-digit id, kept digit for digit at every step', async () => {
    // Prepare
    const l = listing(BIG)!;
    const url = `https://www.rental.test/rooms/${BIG}?check_in=2030-06-01&adults=2`;
    const stay = freeStay(3, BIG);
    // Act
    const ids = await extractId(url);
    const id = ids.body.listing_id as string;
    const overview = await api.get(`/v1/rental/listing/${id}/overview`);
    const details = await api.get(
      `/v1/rental/listing/${id}/details?${new URLSearchParams({ ...stay, adults: '2' })}`,
    );
    const pricing = await api.get(
      `/v1/rental/listing/${id}/pricing?${new URLSearchParams({ ...stay, adults: '2', currency: 'EUR' })}`,
    );
    // Assess
    expect(ids.status).toBe(200);
    ExtractIdResponse.strict().parse(ids.body);
    expect(ids.body).toEqual({
      success: true,
      listing_id: BIG,
      url, // as given, query and all (the contract's "url (as given)")
      encoded_id: Buffer.from(`StayListing:${BIG}`).toString('base64'),
    });
    expect(ids.text).toContain(`"listing_id":"${BIG}"`);
    for (const res of [overview, details, pricing]) {
      expect(res.status).toBe(200);
      expect(wireId(res.text)).toBe(BIG);
      expect(res.text).toContain(`"listing_id":${BIG}`);
    }
    RentalOverviewResponse.strict().parse(parseExact(overview.text));
    // The overview agrees with the details: the same name, the same guest count.
    expect(overview.body.overview.title).toBe(l.title);
    expect(overview.body.overview.title).toBe(details.body.details.title);
    expect(overview.body.overview.guests).toBe(details.body.details.max_guests);
    expect(pricing.body.pricing.nights).toBe(3);
  });

  it('states the overview as the page words it: counts, null bedrooms for a studio, half baths', async () => {
    // Prepare: listings of both page kinds (placeholders and sections in place), studios among them
    const ids = Array.from({ length: 8 }, (_v, k) => String(40_000_001 + k));
    // Act
    const found = await Promise.all(
      ids.map(async (id) => [id, await api.get(`/v1/rental/listing/${id}/overview`)] as const),
    );
    // Assess
    for (const [id, res] of found) {
      const l = listing(id)!;
      expect(res.status).toBe(200);
      expect(res.body.overview).toMatchObject({
        title: l.title,
        guests: l.maxGuests,
        bedrooms: l.bedrooms === 0 ? null : l.bedrooms,
        beds: l.beds,
        baths: l.baths,
        raw_items: overviewItems(l),
      });
      expect(res.body.overview.description).not.toMatch(/<|&amp;/);
      expect(res.body.overview.room_arrangements).toHaveLength(l.sleeping.length);
    }
    const all = found.map(([id]) => listing(id)!);
    expect(new Set(all.map((l) => l.placeholders))).toEqual(new Set([true, false]));
    expect(all.some((l) => l.bedrooms === 0)).toBe(true);
    expect(all.some((l) => !Number.isInteger(l.baths))).toBe(true);
  });

  it('asks the listing page without dates for the overview', async () => {
    // Act
    await api.get(`/v1/rental/listing/${BIG}/overview`);
    // Assess
    const pages = api.sandbox.requests('rental').filter((r) => r.path.startsWith('/rooms/'));
    expect(pages.map((r) => r.path)).toEqual([`/rooms/${BIG}`]);
  });

  it('answers 404 LISTING_NOT_FOUND for an unknown listing, and 400 INVALID_LISTING_ID for an id that is no number', async () => {
    // Act
    const missing = await api.get('/v1/rental/listing/12/overview');
    const bad = await api.get('/v1/rental/listing/12a/overview');
    // Assess
    expect([missing.status, missing.body.error_code]).toEqual([404, 'LISTING_NOT_FOUND']);
    expectDocumented(
      routes.rentalOverview,
      missing.status,
      missing.headers.get('content-type'),
      missing.body,
    );
    // The addendum's rule for a malformed id: 400 INVALID_<THING>_ID.
    expect([bad.status, bad.body.error_code]).toEqual([400, 'INVALID_LISTING_ID']);
    expectDocumented(routes.rentalOverview, bad.status, bad.headers.get('content-type'), bad.body);
    expect(bad.body.errors).toEqual([expect.objectContaining({ parameter: 'listing_id' })]);
  });
});

describe('GET /v1/rental/listing/extract-id', () => {
  it.each([
    [`https://www.rental.test/rooms/${BIG}`, BIG],
    ['https://www.rental.fr.test/rooms/40000001?adults=2&check_in=2030-06-01', '40000001'],
    ['https://m.rental.test/rooms/plus/40000002', '40000002'],
    ['https://rental.test/listing/18446744073709551615', '18446744073709551615'],
    [`https://www.rental.co.uk.test/rooms/${BIG}/photos?source_impression_id=p3`, BIG],
    ['www.rental.test/Rooms/40000003#reviews', '40000003'],
    [`https://WWW.RENTAL.FR.TEST/rooms/${BIG}/`, BIG],
  ])('reads %s without asking the source', async (url, id) => {
    // Act
    const res = await extractId(url);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.listing_id).toBe(id);
    expect(res.body.url).toBe(url);
    expect(res.text).toContain(`"listing_id":"${id}"`);
    expect(api.sandbox.requests('rental')).toEqual([]);
  });

  it.each(['https://www.rental.test/s/Lorvane/homes?adults=2', 'https://www.rental.test/experiences/4100'])(
    'answers 400 LISTING_ID_NOT_FOUND for %s',
    async (url) => {
      // Act
      const res = await extractId(url);
      // Assess
      expect([res.status, res.body.error_code]).toEqual([400, 'LISTING_ID_NOT_FOUND']);
      expectDocumented(routes.rentalExtractId, res.status, res.headers.get('content-type'), res.body);
    },
  );

  it.each([
    'https://www.site-a.test/rooms/40000001',
    'http://www.rental.test.evil.test/rooms/40000001',
    'not a url at all',
    'https://www.rental.test:444/rooms/40000001',
  ])('answers 400 INVALID_URL for %s', async (url) => {
    // Act
    const res = await extractId(url);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_URL']);
    expectDocumented(routes.rentalExtractId, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers the url as given, only trimmed', async () => {
    const res = await extractId('  https://WWW.Rental.test/Rooms/40000001/photos?adults=2#reviews \n');
    expect([res.status, res.body.url]).toEqual([
      200,
      'https://WWW.Rental.test/Rooms/40000001/photos?adults=2#reviews',
    ]);
  });

  it('answers 400 INVALID_URL without a url', async () => {
    const res = await api.get('/v1/rental/listing/extract-id');
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_URL']);
  });
});

describe('listing ids of any length on details and pricing', () => {
  it('round-trips 1234567890123456789 as the digits of a JSON number', async () => {
    // Act
    const res = await api.get(
      `/v1/rental/listing/1234567890123456789/details?${new URLSearchParams({ ...freeStay(2, BIG), adults: '1' })}`,
    );
    // Assess
    expect(res.status).toBe(200);
    expect(res.text).toContain('"listing_id":1234567890123456789,');
    expect(api.sandbox.requests('rental').map((r) => r.path.split('?')[0])).toContain(
      '/rooms/1234567890123456789',
    );
  });

  it('sends a large id to the sections API as the very digits it came as', async () => {
    // Act
    await api.get(
      `/v1/rental/listing/${BIG}/pricing?${new URLSearchParams({ ...freeStay(2, BIG), currency: 'USD' })}`,
    );
    // Assess
    const call = api.sandbox.requests('rental').find((r) => r.path.startsWith('/api/v3/'))!;
    const variables = JSON.parse(new URL(call.path, 'http://x').searchParams.get('variables')!);
    expect(Buffer.from(variables.id, 'base64').toString()).toBe(`StayListing:${BIG}`);
  });
});

describe('pricing in the late-2026 formats', () => {
  it('prices a 28-night stay monthly: nightly rate the average, the discount negative, no service fee', async () => {
    // Prepare
    const stay = freeStay(MONTHLY_NIGHTS, BIG);
    // Act
    const res = await api.get(
      `/v1/rental/listing/${BIG}/pricing?${new URLSearchParams({ ...stay, adults: '2', currency: 'USD' })}`,
    );
    // Assess
    expect(res.status).toBe(200);
    const p = res.body.pricing;
    expect(p.nights).toBe(MONTHLY_NIGHTS);
    expect(p.service_fee).toBe(0);
    expect(p.nightly_rate).toBeCloseTo(p.accommodation_total / MONTHLY_NIGHTS, 2);
    const types = p.breakdown.map((l: { type: string }) => l.type);
    expect(types).toEqual(['ACCOMMODATION', 'DISCOUNT', 'CLEANING_FEE']);
    expect(p.breakdown[1].amount).toBeLessThan(0);
    const sum = p.breakdown.reduce((n: number, l: { amount: number }) => n + l.amount, 0);
    expect(p.total).toBeCloseTo(sum, 2);
  });

  it('reads rupees grouped in lakhs', async () => {
    // Act
    const res = await api.get(
      `/v1/rental/listing/${BIG}/pricing?${new URLSearchParams({ ...freeStay(6, BIG), adults: '2', currency: 'INR' })}`,
    );
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.pricing.currency).toBe('INR');
    expect(res.body.pricing.total).toBeGreaterThan(100_000);
  });

  it('names the stale-hash answer as such: 502 naming the configured hash', async () => {
    // Prepare: a hash the source still accepts but no longer prices with
    const providers: Providers = api.sandbox.providers();
    providers.rental = {
      ...providers.rental!,
      operations: { ...providers.rental!.operations, stays_pdp_sections: STALE_SECTIONS_HASH },
    };
    useProviders(providers);
    // Act
    const res = await api.get(`/v1/rental/listing/${BIG}/pricing?${new URLSearchParams(freeStay(2, BIG))}`);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect(res.body.detail).toContain(`persisted query ${STALE_SECTIONS_HASH} is stale`);
    expect(res.body.detail).toContain('operations.stays_pdp_sections');
  });
});

describe('the rental tools over MCP', () => {
  it('write a listing id above 2^53 digit for digit in the structured content', async () => {
    // Act: a JSON-RPC tools/call as any MCP client sends it
    const res = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: {
        'x-api-key': KEYS.pro,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'rentalOverview', arguments: { listing_id: BIG } },
      }),
    });
    const text = await res.text();
    // Assess
    expect(res.status).toBe(200);
    expect(text).toContain(`"structuredContent":{"success":true,"listing_id":${BIG},`);
  });
});
