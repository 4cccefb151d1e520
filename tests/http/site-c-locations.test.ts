// site_c locations search and hotel details against the sandbox: typeahead "paris" → a hotel → its details,
// prices and reviews; the typeahead's mixed list; a page read before its description and amenities render;
// the documented errors.
import { describe, expect, it } from '@jest/globals';
import { SiteCDetailsResponse } from '../../functions/site-c/details.ts';
import { SiteCLocationsResponse } from '../../functions/site-c/locations.ts';
import { nightsOf, soldOut } from '../../infra/sandbox/prices.ts';
import { SITE_C_QUERIES, siteCPagePath, siteCReviewTotal } from '../../infra/sandbox/sites/site-c.ts';
import { siteCBarePage } from '../../infra/sandbox/sites/site-c-pages.ts';
import { getWorld, type Hotel } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer, withOperations } from '../helpers/server.ts';
import { day } from '../helpers/dates.ts';

const api = useTestServer();

const search = (qs: Record<string, string>) =>
  api.get(`/v1/site_c/locations/search?${new URLSearchParams(qs)}`);
const details = (id: string | number) => api.get(`/v1/site_c/hotel/details/${id}`);
/** A two-night stay the hotel is not sold out for. */
const stayFor = (h: Hotel) => {
  for (let o = 30; ; o++)
    if (!nightsOf(day(o), day(o + 2)).some((n) => soldOut(h, n)))
      return { check_in: day(o), check_out: day(o + 2) };
};
const byId = (id: number) => getWorld().hotels.find((h) => h.ids.site_c === id)!;
const pages = () => api.sandbox.requests('site_c').filter((r) => r.path.startsWith('/Hotel_Review-'));

describe('site_c locations search "paris" → a hotel → its details, prices and reviews', () => {
  it('leads from a hotel of the typeahead to its details, its prices and its reviews', async () => {
    // Act
    const found = await search({ query: 'paris' });
    const hotel = found.body.locations.find((l: { type: string }) => l.type === 'hotel');
    const about = await details(hotel.location_id);
    const priced = await api.get(
      `/v1/site_c/hotel/prices/${hotel.location_id}?${new URLSearchParams(stayFor(byId(hotel.location_id)))}`,
    );
    const said = await api.get(
      `/v1/site_c/hotel/reviews-from-url?${new URLSearchParams({ url: hotel.url })}`,
    );
    // Assess
    expect([found.status, about.status, priced.status, said.status]).toEqual([200, 200, 200, 200]);
    SiteCLocationsResponse.strict().parse(found.body);
    SiteCDetailsResponse.strict().parse(about.body);
    expect(about.body).toMatchObject({ location_id: hotel.location_id, name: hotel.name, url: hotel.url });
    expect(about.body.location).toEqual({ latitude: hotel.latitude, longitude: hotel.longitude });
    expect(about.body.address.street).toBe(hotel.address);
    expect(priced.body.location_id).toBe(hotel.location_id);
    expect(said.body.location_id).toBe(hotel.location_id);
    expect(about.body.rating.review_count).toBe(said.body.total_count);
  });
});

describe('GET /v1/site_c/locations/search', () => {
  it('answers the locations of the typeahead, typed by kind, without its suggestion and rescue items', async () => {
    // Act
    const res = await search({ query: '  Paris ', limit: '10' });
    // Assess
    expect(res.status).toBe(200);
    const body = SiteCLocationsResponse.strict().parse(res.body);
    expect(body.query).toBe('Paris');
    expect(body.locations[0]).toMatchObject({
      name: 'Paris',
      type: 'city',
      parent: 'France',
      address: null,
      url: expect.stringMatching(/^https:\/\/www\.site-c\.test\/Tourism-g\d+-Paris-Vacations\.html$/),
      hotels_url: expect.stringMatching(/^https:\/\/www\.site-c\.test\/Hotels-g\d+-Paris-Hotels\.html$/),
    });
    const hotels = body.locations.filter((l) => l.type === 'hotel');
    expect(hotels.length).toBeGreaterThan(0);
    for (const h of hotels) {
      const world = byId(h.location_id);
      expect(h).toMatchObject({
        name: world.name,
        parent: 'Paris, France',
        url: `https://www.site-c.test${siteCPagePath(world)}`,
      });
    }
    expect(body.locations.every((l) => l.location_id > 0)).toBe(true);
    // The typeahead answered a suggestion and a rescue item too: neither is a location.
    const sent = JSON.parse(api.sandbox.requests('site_c').find((r) => r.method === 'POST')!.body!);
    expect(sent).toEqual([
      expect.objectContaining({
        variables: {
          request: expect.objectContaining({
            query: 'Paris',
            limit: 10,
            types: ['LOCATION', 'QUERY_SUGGESTION', 'RESCUE_RESULT'],
          }),
        },
        extensions: { preRegisteredQueryId: SITE_C_QUERIES.typeahead },
      }),
    ]);
  });

  it('answers at most limit locations', async () => {
    const res = await search({ query: 'paris', limit: '3' });
    expect(res.body.locations).toHaveLength(3);
  });

  it('answers 404 NO_RESULTS when only the rescue item comes back', async () => {
    const res = await search({ query: 'qqzxv nowhere' });
    expect([res.status, res.body.error_code]).toEqual([404, 'NO_RESULTS']);
    expectDocumented(routes.siteCLocations, res.status, res.headers.get('content-type'), res.body);
  });

  it.each([
    [{}],
    [{ query: '   ' }],
    [{ query: 'x'.repeat(101) }],
    [{ query: 'paris', limit: '0' }],
    [{ query: 'paris', limit: '11' }],
  ])('answers 400 INVALID_PARAMETERS for %j', async (qs) => {
    const res = await search(qs as Record<string, string>);
    expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_PARAMETERS']);
    expectDocumented(routes.siteCLocations, res.status, res.headers.get('content-type'), res.body);
  });

  it('answers 502 UPSTREAM_ERROR naming the stale typeahead query id', async () => {
    withOperations(api, 'site_c', { typeahead: 'ffffffffffffffff' });
    try {
      const res = await search({ query: 'paris' });
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain('operations.typeahead');
    } finally {
      useProviders(api.sandbox.providers());
    }
  });
});

describe('GET /v1/site_c/hotel/details/{location_id}', () => {
  const paris = getWorld().hotels.filter((h) => h.city.name === 'Paris');
  const rendered = paris.find((h) => !siteCBarePage(h))!;
  const bare = getWorld().hotels.find(siteCBarePage)!;

  it('reads the structured data, the price band without its sentence, and the rendered description and amenities', async () => {
    // Act: no typeahead first, so the page is found through the hotel's reviews
    const res = await details(rendered.ids.site_c);
    // Assess
    expect(res.status).toBe(200);
    const body = SiteCDetailsResponse.strict().parse(res.body);
    expect(body).toMatchObject({
      name: rendered.name,
      url: `https://www.site-c.test${siteCPagePath(rendered)}`,
      address: { city: 'Paris', country: 'France' },
      rating: { review_count: siteCReviewTotal(rendered) },
    });
    expect(body.price_range).toMatch(/^\$+( - \$+)?$/);
    expect(body.description).toContain('Rooms are quiet & bright.');
    expect(body.amenities.length).toBeGreaterThan(0);
    expect(pages()).toHaveLength(1);
  });

  it('answers null and [] where the page was read before its description and amenities rendered', async () => {
    const res = await details(bare.ids.site_c);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: bare.name, description: null, amenities: [] });
  });

  it('reads the page once: a second call costs no upstream request', async () => {
    await details(rendered.ids.site_c);
    const before = api.sandbox.requests('site_c').length;
    const again = await details(rendered.ids.site_c);
    expect(again.status).toBe(200);
    expect(api.sandbox.requests('site_c')).toHaveLength(before);
  });

  it('answers 404 LOCATION_NOT_FOUND for a location site_c does not have', async () => {
    const res = await details(5);
    expect([res.status, res.body.error_code]).toEqual([404, 'LOCATION_NOT_FOUND']);
    expectDocumented(routes.siteCDetails, res.status, res.headers.get('content-type'), res.body);
  });

  it.each(['0', '-3', 'abc', '1.5', '9'.repeat(13)])(
    'answers 400 INVALID_LOCATION_ID when location_id is %s',
    async (id) => {
      const res = await details(id);
      expect([res.status, res.body.error_code]).toEqual([400, 'INVALID_LOCATION_ID']);
      expectDocumented(routes.siteCDetails, res.status, res.headers.get('content-type'), res.body);
    },
  );

  it('answers 502 UPSTREAM_ERROR when the page lost its structured data', async () => {
    // Prepare: the page's path is known, so the fault meets the page itself
    await search({ query: rendered.name });
    api.sandbox.inject('site_c', { kind: 'layout' }, 1);
    // Act
    const res = await details(rendered.ids.site_c);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});
