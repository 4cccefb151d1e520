// rental details and pricing against the sandbox.
import { afterEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { RentalDetailsResponse } from '../../functions/rental/details.ts';
import { RentalPricingResponse } from '../../functions/rental/pricing.ts';
import { FX } from '../../infra/sandbox/prices.ts';
import { booked, listing } from '../../infra/sandbox/sites/rental.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders, type Providers } from '../../shared/upstream/providers.ts';
import { dropSession } from '../../shared/upstream/session.ts';
import { RentalPricing } from '../../shared/schemas/rental.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const ID = 40_000_001;
function freeStay(n: number, id = ID): { check_in: string; check_out: string } {
  for (let offset = 20; ; offset++) {
    const nights = Array.from({ length: n }, (_v, k) => day(offset + k));
    if (!nights.some((x) => booked(id, x))) return { check_in: day(offset), check_out: day(offset + n) };
  }
}
function bookedStay(id = ID): { check_in: string; check_out: string } {
  for (let offset = 20; ; offset++)
    if (booked(id, day(offset))) return { check_in: day(offset), check_out: day(offset + 1) };
}
const get = (what: 'details' | 'pricing', qs: Record<string, string>, id: string | number = ID) =>
  api.get(`/v1/rental/listing/${id}/${what}?${new URLSearchParams(qs)}`);

/** What both listing answers echo of the stay asked. */
const STAY_ANSWER = {
  success: z.literal(true),
  listing_id: z.number().int(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
};

describe('GET /v1/rental/listing/{listing_id}/details', () => {
  // The contract's table, written out: every sandbox listing shows its picture, host and capacity.
  const Details = z.strictObject({
    title: z.string().min(1),
    image_url: z.url({ protocol: /^https?$/ }),
    rating: z.string().regex(/^\d\.\d\d \(\d+\)$/),
    rating_count: z.number().int().min(0),
    badge: z.string().min(1).nullable(),
    host_name: z.string().min(1),
    max_guests: z.number().int().min(1),
    children_allowed: z.boolean().nullable(),
    infants_allowed: z.boolean().nullable(),
    pets_allowed: z.boolean().nullable(),
  });
  const Body = z.strictObject({ ...STAY_ANSWER, details: Details });

  it('returns the documented details, rating as "average (count)"', async () => {
    const res = await get('details', { ...freeStay(3), adults: '2' });
    expect(res.status).toBe(200);
    RentalDetailsResponse.strict().parse(res.body);
    const body = Body.parse(res.body);
    const l = listing(ID)!;
    expect(body).toMatchObject({ listing_id: ID, nights: 3 });
    expect(body.details).toMatchObject({
      title: l.title,
      host_name: l.host,
      max_guests: l.maxGuests,
      rating_count: l.reviews,
      rating: `${l.rating.toFixed(2)} (${l.reviews})`,
    });
    expect(body.details).not.toHaveProperty('description');
  });

  it('reads the badge and the guest rules the listing page states', async () => {
    // Prepare: listings of each badge, and of refused children, infants and pets
    const ids = Array.from({ length: 60 }, (_v, k) => ID + k);
    // Act
    const found = await Promise.all(
      ids.map(
        async (id) => [id, Body.parse((await get('details', freeStay(2, id), id)).body).details] as const,
      ),
    );
    // Assess
    for (const [id, details] of found) {
      const l = listing(id)!;
      expect(details).toMatchObject({
        badge: l.badge,
        children_allowed: l.children,
        infants_allowed: l.infants,
        pets_allowed: l.pets,
      });
    }
    expect(new Set(found.map(([, d]) => d.badge))).toEqual(new Set(['Superhost', 'Guest favourite']));
    expect(new Set(found.map(([, d]) => `${d.children_allowed} ${d.infants_allowed}`)).size).toBe(4);
  });

  it('reads a listing page of real size, its state in the deferred-state script near the end', async () => {
    // Act
    const res = await fetch(`${api.sandbox.url}/rental/rooms/${ID}?check_in=${freeStay(1).check_in}`);
    const html = await res.text();
    // Assess
    expect(html.length).toBeGreaterThan(300_000);
    expect(html.indexOf('<script id="data-deferred-state-0"')).toBeGreaterThan(html.length * 0.8);
    expect(html).toContain('"niobeClientData":[["StaysPdpSections:');
  });

  it("links to the listing's picture, and the picture resolves", async () => {
    // Prepare
    const { details } = Body.parse((await get('details', freeStay(2))).body);
    // Act
    const res = await fetch(details.image_url);
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it.each([[{ adults: '17' }], [{ adults: '0' }], [{ children: '11' }], [{ infants: '6' }], [{ pets: '6' }]])(
    'answers 400 INVALID_PARAMETERS for %j',
    async (qs) => {
      const res = await get('details', { ...freeStay(1), ...qs });
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
    },
  );

  it.each(['dollars', 'XYZ'])('answers 400 INVALID_CURRENCY for currency=%s', async (currency) => {
    const res = await get('details', { ...freeStay(1), currency });
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_CURRENCY']);
  });

  it.each([
    [{ check_in: '2027-6-1', check_out: '2027-06-03' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: () => day(-3), check_out: () => day(2) }, 'PAST_DATES'],
    [{ check_in: () => day(9), check_out: () => day(8) }, 'INVALID_DATES'],
  ])('answers 400 for dates %j with %s', async (dates, code) => {
    const v = (x: string | (() => string)) => (typeof x === 'function' ? x() : x);
    const res = await get('details', { check_in: v(dates.check_in), check_out: v(dates.check_out) });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(code);
  });

  it('answers 404 LISTING_NOT_FOUND for an unknown listing and 400 INVALID_LISTING_ID for a non-numeric id', async () => {
    const unknown = await get('details', freeStay(1), 12);
    expect([unknown.status, unknown.body.error_code]).toEqual([404, 'LISTING_NOT_FOUND']);
    const malformed = await get('details', freeStay(1), 'abc');
    // As on every rental route (wave 3: listing_id "as on the other rental routes").
    expect([malformed.status, malformed.body.error_code]).toEqual([400, 'INVALID_LISTING_ID']);
  });

  it('answers 502 UPSTREAM_ERROR, not 500, when the listing state drifts from the contract in the same shape', async () => {
    api.sandbox.inject('rental', { kind: 'contract-drift' });
    const res = await get('details', freeStay(2));
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});

describe('GET /v1/rental/listing/{listing_id}/pricing', () => {
  const Body = z.strictObject({ ...STAY_ANSWER, pricing: RentalPricing.strict() });

  it('prices a stay line by line, the total adding up', async () => {
    const res = await get('pricing', { ...freeStay(3), adults: '2', currency: 'eur' });
    expect(res.status).toBe(200);
    RentalPricingResponse.strict().parse(res.body);
    const { pricing } = Body.parse(res.body);
    expect(pricing).toMatchObject({ nights: 3, currency: 'EUR' });
    expect(pricing.total).toBeCloseTo(
      pricing.breakdown.reduce((n, l) => n + l.amount, 0),
      2,
    );
    expect(pricing.nightly_rate).toBeCloseTo(pricing.accommodation_total / 3, 1);
    expect(pricing.total_formatted).toBe(`EUR${pricing.total.toFixed(2)}`);
    expect(pricing.breakdown.map((l) => l.type)).toEqual(
      expect.arrayContaining(['ACCOMMODATION', 'SERVICE_FEE']),
    );
  });

  it('answers 422 DATES_UNAVAILABLE for booked nights and TOO_MANY_GUESTS beyond capacity', async () => {
    expect((await get('pricing', bookedStay())).body.error_code).toBe('DATES_UNAVAILABLE');
    const over = await get('pricing', { ...freeStay(2), adults: '16' });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ error_code: 'TOO_MANY_GUESTS', max_guests: listing(ID)!.maxGuests });
  });

  it('prices in the currency asked for: EUR amounts, not USD amounts relabelled', async () => {
    // Prepare
    const stay = { ...freeStay(2), adults: '2' };
    // Act
    const usd = Body.parse((await get('pricing', { ...stay, currency: 'USD' })).body).pricing;
    const eur = Body.parse((await get('pricing', { ...stay, currency: 'EUR' })).body).pricing;
    // Assess
    expect(eur.currency).toBe('EUR');
    expect(eur.accommodation_total / usd.accommodation_total).toBeCloseTo(FX.EUR!, 2);
    expect(eur.total / usd.total).toBeCloseTo(FX.EUR!, 2);
  });

  it.each([
    ['not an ISO 4217 code', 'XYZ'],
    ['an ISO 4217 code rental does not price in', 'XAF'],
  ])('answers 400 INVALID_CURRENCY for %s', async (_case, currency) => {
    const res = await get('pricing', { ...freeStay(2), currency });
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_CURRENCY']);
    expectDocumented(routes.rentalPricing, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 400 INVALID_PARAMETERS for adults above 16', async () => {
    const res = await get('pricing', { ...freeStay(2), adults: '17' });
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it.each([
    [{ check_in: '2030-6-1', check_out: '2030-06-03' }, 'INVALID_DATE_FORMAT'],
    [{ check_in: day(-3), check_out: day(2) }, 'PAST_DATES'],
    [{ check_in: day(9), check_out: day(9) }, 'INVALID_DATES'],
  ])('answers 400 for dates %j with %s', async (dates, code) => {
    const res = await get('pricing', dates);
    expect([res.status, res.body.error_code]).toEqual([400, code]);
  });

  it('answers 502 UPSTREAM_ERROR naming the persisted query hash when the source does not know it', async () => {
    // Prepare
    const providers: Providers = api.sandbox.providers();
    providers.rental = {
      ...providers.rental!,
      operations: { ...providers.rental!.operations, stays_pdp_sections: 'e'.repeat(64) },
    };
    useProviders(providers);
    // Act
    const res = await get('pricing', freeStay(2));
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect(res.body.detail).toContain(`StaysPdpSections persisted query ${'e'.repeat(64)} is unknown`);
    expect(res.body.detail).toContain('operations.stays_pdp_sections');
  });

  it("sends the web app's key read from the homepage, which the sections API requires", async () => {
    // Prepare
    dropSession('rental');
    // Act
    const priced = await get('pricing', freeStay(2));
    const calls = api.sandbox.requests('rental').map((r) => `${r.method} ${r.path.split('?')[0]}`);
    const keyless = await fetch(`${api.sandbox.url}/rental/api/v3/StaysPdpSections/${'0'.repeat(64)}`);
    // Assess
    expect(priced.status).toBe(200);
    expect(calls).toEqual([
      'GET /',
      expect.stringMatching(/^GET \/api\/v3\/StaysPdpSections\/[0-9a-f]{64}$/),
    ]);
    expect(keyless.status).toBe(403);
  });

  it("says why the dates are unavailable in the source's words", async () => {
    const res = await get('pricing', bookedStay());
    expect([res.status, res.body.error_code]).toEqual([422, 'DATES_UNAVAILABLE']);
    expect(res.body.detail).toContain('Those dates are not available');
  });

  it('answers 404 LISTING_NOT_FOUND for an unknown listing and 400 INVALID_LISTING_ID for a malformed id', async () => {
    const res = await get('pricing', freeStay(1), 12);
    expect([res.status, res.body.error_code]).toEqual([404, 'LISTING_NOT_FOUND']);
    for (const id of ['abc', '0', '123456789012345678901']) {
      const malformed = await get('pricing', freeStay(1), id);
      expect([malformed.status, malformed.body.error_code]).toEqual([400, 'INVALID_LISTING_ID']);
    }
  });

  it('answers 502 UPSTREAM_ERROR, not 500, when the pricing drifts from the contract in the same shape', async () => {
    api.sandbox.inject('rental', { kind: 'contract-drift' });
    const res = await get('pricing', freeStay(2));
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});
