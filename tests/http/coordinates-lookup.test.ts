// GET /v1/meta/coordinates-lookup, per the spec section and its error rows.
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { Location } from '../../shared/schemas/location.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

const Body = z.strictObject({
  success: z.literal(true),
  query: z.string(),
  total: z.number().int(),
  locations: z.array(Location.strict()),
});
const lookup = (qs: string) => api.get(`/v1/meta/coordinates-lookup?${qs}`);

describe('GET /v1/meta/coordinates-lookup', () => {
  it('finds Paris, France first for "paris", with the documented Location fields', async () => {
    const res = await lookup('term=paris');
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    expect(body.locations[0]).toEqual({
      name: 'Paris, France',
      type: 'locality',
      latitude: 48.85341,
      longitude: 2.3488,
      country: 'FR',
      place_id: 'geonames:2988507',
    });
    expect(body.total).toBe(body.locations.length);
  });

  it('finds the airport for "heathrow"', async () => {
    const body = Body.parse((await lookup('term=heathrow')).body);
    expect(body.locations[0]).toMatchObject({
      type: 'airport',
      country: 'GB',
      name: expect.stringContaining('Heathrow'),
    });
  });

  it.each([
    ['oslo', 'Oslo, Norway', 'NO'],
    ['lisbon', 'Lisbon, Portugal', 'PT'],
  ])('ranks the city above its airports for its exact name "%s"', async (term, name, country) => {
    const body = Body.parse((await lookup(`term=${term}&limit=1`)).body);
    expect(body.locations[0]).toMatchObject({ name, type: 'locality', country });
  });

  it("still finds a city's airport by the city's name and by its IATA code", async () => {
    const byName = Body.parse((await lookup('term=oslo&limit=10')).body).locations;
    expect(byName.some((l) => l.type === 'airport' && l.country === 'NO')).toBe(true);
    const byCode = Body.parse((await lookup('term=osl&limit=1')).body).locations;
    expect(byCode[0]).toMatchObject({
      type: 'airport',
      country: 'NO',
      name: expect.stringContaining('Oslo'),
    });
  });

  it('finds countries', async () => {
    const body = Body.parse((await lookup('term=japan&limit=1')).body);
    expect(body.locations[0]).toMatchObject({ type: 'country', country: 'JP', place_id: 'iso3166:JP' });
  });

  it('narrows by region or country words after the name', async () => {
    const body = Body.parse((await lookup('term=paris%2C%20tx&limit=1')).body);
    expect(body.locations[0]).toMatchObject({ name: 'Paris, Texas, United States', country: 'US' });
  });

  it('matches without accents', async () => {
    const body = Body.parse((await lookup('term=sao%20paulo&limit=1')).body);
    expect(body.locations[0]?.name).toBe('São Paulo, Brazil');
  });

  it('echoes the trimmed term lower-cased', async () => {
    expect((await lookup('term=%20%20LONDON%20')).body.query).toBe('london');
  });

  it('returns 10 locations by default and honours limit 1 to 25', async () => {
    expect(Body.parse((await lookup('term=san')).body).locations).toHaveLength(10);
    expect(Body.parse((await lookup('term=san&limit=1')).body).locations).toHaveLength(1);
    expect(Body.parse((await lookup('term=san&limit=25')).body).locations).toHaveLength(25);
  });

  it('answers 200 with total 0 when nothing matches', async () => {
    const res = await lookup('term=qqxzzv');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, query: 'qqxzzv', total: 0, locations: [] });
  });

  it('is stable: the same term gives the same place ids', async () => {
    const a = Body.parse((await lookup('term=springfield')).body).locations.map((l) => l.place_id);
    const b = Body.parse((await lookup('term=springfield')).body).locations.map((l) => l.place_id);
    expect(a).toEqual(b);
  });

  it.each([
    ['missing', ''],
    ['empty', 'term='],
    ['whitespace only', 'term=%20%20%20'],
  ])('answers 400 INVALID_INPUT when the term is %s', async (_case, qs) => {
    const res = await lookup(qs);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({
      type: expect.stringMatching(/\/errors\/invalid-input$/),
      title: 'Invalid Input',
      status: 400,
      error_code: 'INVALID_INPUT',
      instance: '/v1/meta/coordinates-lookup',
      correlation_id: expect.any(String),
    });
  });

  it.each(['0', '26', '-1', '2.5', 'ten'])('answers 400 for limit=%s', async (limit) => {
    const res = await lookup(`term=paris&limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: 'limit' })]);
  });
});
