// maps_reviews place details through the API and the sandbox: by place_id and by data_id the same place,
// agreeing with search-and-review; hours with plain spaces, categories, the rating distribution; the
// documented errors.
import { describe, expect, it } from '@jest/globals';
import { MapsPlaceResponse } from '../../functions/maps-reviews/place.ts';
import { reviewsOf } from '../../infra/sandbox/sites/maps.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { routes } from '../../shared/routes/index.ts';
import { WEEK_DAYS } from '../../shared/schemas/maps-place.ts';
import { expectDocumented } from '../helpers/contract.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const hotel = () => getWorld().hotels.find((h) => h.name === 'Aurelia Suites Paris')!;
const place = (query: Record<string, string>) =>
  api.get(`/v1/maps_reviews/place?${new URLSearchParams(query)}`);

describe('GET /v1/maps_reviews/place', () => {
  it('gives the same place by place_id and by data_id, and search-and-review agrees with it', async () => {
    // Prepare
    const h = hotel();
    // Act
    const found = await api.get(
      `/v1/maps_reviews/search-and-review?${new URLSearchParams({ query: 'Aurelia Suites Paris' })}`,
    );
    const byPlaceId = await place({ place_id: found.body.place_id ?? h.ids.maps_place_id });
    const byDataId = await place({ data_id: found.body.data_id });
    // Assess
    expect([found.status, byPlaceId.status, byDataId.status]).toEqual([200, 200, 200]);
    MapsPlaceResponse.strict().parse(byPlaceId.body);
    expect(byDataId.body).toEqual(byPlaceId.body);
    const p = byPlaceId.body.place;
    expect(p).toMatchObject({
      name: found.body.place_name,
      address: found.body.place_address,
      data_id: found.body.data_id,
      place_id: h.ids.maps_place_id,
      location: { latitude: h.latitude, longitude: h.longitude },
      review_count: found.body.total_reviews,
      rating: found.body.average_rating,
    });
    // The distribution counts the place's own reviews.
    const counts = [1, 2, 3, 4, 5].map((s) => reviewsOf(h).filter((r) => r.rating === s).length);
    expect(p.rating_distribution).toEqual({
      1: counts[0],
      2: counts[1],
      3: counts[2],
      4: counts[3],
      5: counts[4],
    });
  });

  it('answers the week Monday first with plain spaces, categories from the type list, and attributes by group', async () => {
    // Prepare: a four-star place whose hours are not round the clock
    let body: { place: Record<string, any> } | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const candidate of getWorld()
      .hotels.filter((x) => x.stars >= 4)
      .slice(0, 30)) {
      const res = await place({ data_id: candidate.ids.maps_data_id });
      if (res.body.place.hours[0].text !== 'Open 24 hours') {
        body = res.body;
        break;
      }
    }
    // Assess
    const p = body!.place;
    expect(p.hours.map((d: { day: string }) => d.day)).toEqual(WEEK_DAYS);
    expect(p.hours[0].text).toMatch(/^\d{1,2} AM–\d{1,2} PM$/);
    expect(JSON.stringify(p)).not.toMatch(/\u202f/);
    expect(p.open_state).toMatch(/^Open · Closes \d{1,2} PM$/);
    expect(p.categories).toEqual(['Hotel', 'Resort hotel']);
    expect(p.attributes.accessibility).toContain('Wheelchair-accessible entrance');
    expect(p.price_level).toMatch(/^\$+$/);
  });

  it.each([
    ['neither place_id nor data_id', 400, 'MISSING_PLACE', {}],
    [
      'both place_id and data_id',
      400,
      'MISSING_PLACE',
      { place_id: 'ChIJAAAAAAAAAAAAAAAA', data_id: '0x1:0x2' },
    ],
    ['a malformed place_id', 400, 'INVALID_PLACE_ID', { place_id: 'not a place!' }],
    ['a malformed data_id', 400, 'INVALID_PLACE_ID', { data_id: '0x12-0x34' }],
    ['an unknown place_id', 404, 'PLACE_NOT_FOUND', { place_id: 'ChIJunknownplace000000000' }],
    ['an unknown data_id', 404, 'PLACE_NOT_FOUND', { data_id: '0x1:0x2' }],
  ] as const)('answers %s with %i %s', async (_name, status, code, query) => {
    // Act
    const res = await place(query);
    // Assess
    expect([res.status, res.body.error_code]).toEqual([status, code]);
    expectDocumented(routes.mapsPlace, res.status, res.headers.get('content-type'), res.body);
  });
});
