// GET /v1/chain_c/property/details against the sandbox: the header with the room catalogue, the
// catalogue refused (room_types []), loyalty search → details, and every error row.
import { afterEach, describe, expect, it } from '@jest/globals';
import { ChainCDetailsResponse } from '../../functions/chain-c/details.ts';
import { ChainCSearchResponse } from '../../functions/chain-c/search.ts';
import type { Fault } from '../../infra/sandbox/server.ts';
import { headerWithoutContact } from '../../infra/sandbox/sites/chain-c-property.ts';
import { propertyCode } from '../../infra/sandbox/sites/chain-c.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();
afterEach(() => useProviders(api.sandbox.providers()));

const details = (qs: Record<string, string>) =>
  api.get(`/v1/chain_c/property/details?${new URLSearchParams(qs)}`);
const own = (bare: boolean) =>
  getWorld().hotels.find((h) => h.chain === 'chain_c' && headerWithoutContact(h) === bare)!;

describe('GET /v1/chain_c/property/details', () => {
  it('returns the header of a property with its room catalogue from the brand origin', async () => {
    // Prepare
    const h = own(false);
    // Act
    const res = await details({ property_id: propertyCode(h).toLowerCase() });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainCDetailsResponse.strict().parse(res.body);
    expect(body).toMatchObject({
      success: true,
      property_id: propertyCode(h),
      name: h.name,
      brand: { code: h.brand!.code },
      address: { city: h.city.name, country_code: h.city.country },
      location: { latitude: h.latitude, longitude: h.longitude },
      phone: expect.stringMatching(/^\+\d+ \d{3} \d{4}$/),
      review: { rating: expect.any(Number), count: expect.any(Number) },
      photo_url: expect.stringMatching(/-exterior-\d+-hor-wide\.jpg$/),
      logo_url: expect.stringMatching(/-logo\.png$/),
    });
    expect(body.room_types).toEqual([
      {
        code: 'GR1K',
        name: 'Guest room, 1 King, City view',
        description: expect.any(String),
        max_occupancy: 3,
        beds: '1 King',
      },
      {
        code: 'GR2Q',
        name: 'Guest room, 2 Queen',
        description: expect.any(String),
        max_occupancy: 3,
        beds: '2 Queen',
      },
      {
        code: 'STE1K',
        name: 'Suite, 1 King, Terrace view',
        description: expect.any(String),
        max_occupancy: 4,
        beds: '1 King, 1 Sofa bed',
      },
    ]);
    const [photo, logo] = await Promise.all([fetch(body.photo_url!), fetch(body.logo_url!)]);
    expect([photo.status, logo.status]).toEqual([200, 200]);
  });

  it('asks the header operation, with its signature, and the catalogue on the brand origin, at once', async () => {
    // Act
    await details({ property_id: propertyCode(own(false)) });
    // Assess
    const sent = api.sandbox.requests('chain_c').map((r) => [r.method, r.path.split('?')[0], r.status]);
    expect(sent).toEqual(
      expect.arrayContaining([
        ['POST', '/mi/query/PhoenixBookDTTHotelHeaderData', 200],
        ['GET', '/brand/services/chain-c-hws/roomCards', 200],
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it('gives null for what a bare header leaves out: no phone, no logo', async () => {
    // Act
    const res = await details({ property_id: propertyCode(own(true)) });
    // Assess
    expect(res.status).toBe(200);
    expect(ChainCDetailsResponse.parse(res.body)).toMatchObject({ phone: null, logo_url: null });
  });

  it('answers room_types [] when the catalogue is refused (asked of the main origin, which answers 403)', async () => {
    // Prepare
    const providers = api.sandbox.providers();
    useProviders({ ...providers, chain_c: { ...providers.chain_c!, origins: {} } });
    // Act
    const res = await details({ property_id: propertyCode(own(false)) });
    // Assess
    expect(res.status).toBe(200);
    expect(ChainCDetailsResponse.parse(res.body)).toMatchObject({ name: own(false).name, room_types: [] });
    expect(api.sandbox.requests('chain_c').map((r) => [r.path.split('?')[0], r.status])).toContainEqual([
      '/services/chain-c-hws/roomCards',
      403,
    ]);
  });

  it('walks the chain: loyalty search near a point, then the details of the first property_id', async () => {
    // Prepare
    const stay = { check_in: day(40), check_out: day(42) };
    // Act
    const found = await api.get(
      `/v1/chain_c/loyalty/search?${new URLSearchParams({ latitude: '48.8566', longitude: '2.3522', ...stay })}`,
    );
    const first = ChainCSearchResponse.parse(found.body).hotels[0]!;
    const res = await details({ property_id: first.property_id });
    // Assess
    expect(res.status).toBe(200);
    const body = ChainCDetailsResponse.parse(res.body);
    expect(body).toMatchObject({
      property_id: first.property_id,
      name: first.name,
      brand: { code: first.brand!.id },
      location: first.location,
      photo_url: first.image,
    });
    expect(body.review?.rating).toBe(first.rating);
  });

  it('answers 404 PROPERTY_NOT_FOUND for a property chain_c does not know', async () => {
    // Act
    const res = await details({ property_id: 'ZZZZZZ' });
    // Assess
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error_code: 'PROPERTY_NOT_FOUND',
      provider: 'chain_c',
      product: 'details',
    });
  });

  it.each([['PAR-XY'], ['ABCDEFGHIJK'], [' '], ['']])(
    'answers 400 INVALID_PROPERTY_ID for %j, with no upstream request',
    async (id) => {
      // Act
      const res = await details({ property_id: id });
      // Assess
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'INVALID_PROPERTY_ID' });
      expect(api.sandbox.requests('chain_c')).toEqual([]);
    },
  );

  it('answers 400 naming property_id when it is missing', async () => {
    // Act
    const res = await details({});
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'property_id' })]);
  });

  it('answers 502 naming the setting when the header signature is stale', async () => {
    // Prepare
    withOperations(api, 'chain_c', { hotel_header_data: 'stale' });
    // Act
    const res = await details({ property_id: propertyCode(own(false)) });
    // Assess
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 'UPSTREAM_ERROR' });
    expect(res.body.detail).toContain('operations.hotel_header_data');
  });

  it.each<[string, Fault, number]>([
    ['a malformed body', { kind: 'malformed' }, 502],
    ['a changed layout', { kind: 'layout' }, 502],
    ['a bot manager challenge', { kind: 'challenge' }, 503],
  ])('answers %s with a documented error, never 404', async (_case, fault, status) => {
    // Prepare
    api.sandbox.inject('chain_c', fault);
    // Act
    const res = await details({ property_id: propertyCode(own(false)) });
    // Assess
    expect(res.status).toBe(status);
    expectDocumented(routes.chainCPropertyDetails, res.status, res.headers.get('content-type'), res.body);
  });
});
