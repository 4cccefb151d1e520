// GET /v1/site_g/destinations/lookup against the sandbox (real Chinese divisions and world cities).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { SiteGSuggestion } from '../../shared/schemas/site-g.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.resetUpstream());

const lookup = (qs: Record<string, string>) =>
  api.get(`/v1/site_g/destinations/lookup?${new URLSearchParams(qs)}`);
const Body = z.strictObject({
  success: z.literal(true),
  query: z.string(),
  city_id: z.number().int(),
  name: z.string().nullable(),
  name_en: z.string().nullable(),
  country: z.string().nullable(),
  suggestions: z.array(SiteGSuggestion.strict()),
  returned: z.number().int(),
});

describe('GET /v1/site_g/destinations/lookup', () => {
  it.each([
    [{ query: 'Shanghai' }, 3100, '上海'],
    [{ query: '上海' }, 3100, '上海'],
    [{ query: '  苏州 ' }, 3205, '苏州'],
    [{ query: 'Sanya', country: 'China' }, 4602, '三亚'],
    [{ query: 'Sanya', country: '中国' }, 4602, '三亚'],
    [{ query: 'Paris', country: 'france' }, 2988507, 'Paris'],
  ])('resolves %j to city %i', async (qs, cityId, name) => {
    const res = await lookup(qs);
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    expect(body).toMatchObject({ city_id: cityId, name });
    expect(body.returned).toBe(body.suggestions.length);
    expect(body.suggestions[0]).toMatchObject({
      city_id: cityId,
      search_url: expect.stringContaining(String(cityId)),
    });
  });

  it.each<Record<string, string>>([
    { query: 'Suzhou' },
    { query: 'Suzhou', limit: '1' },
    { query: 'Suzhou', country: 'China' },
  ])('answers 409 DESTINATION_AMBIGUOUS for the two cities named Suzhou (%j)', async (qs) => {
    const res = await lookup(qs);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'DESTINATION_AMBIGUOUS', candidate_count: 2 });
    const ids = (res.body.suggestions as { city_id: number }[]).map((s) => s.city_id);
    expect(ids).toEqual(qs.limit ? [3205] : [3205, 3413]);
  });

  it('tells apart the two Suzhous by province and suggests a city_id, not a country that cannot help', async () => {
    const res = await lookup({ query: 'Suzhou', country: 'China' });
    expect(res.body.detail).not.toMatch(/country/i);
    expect(res.body.detail).toMatch(/city_id/);
    expect(res.body.detail).toMatch(/Jiangsu/);
  });

  it.each([
    ['Hainan', 460000, '三亚'],
    ['Bali', 900001, 'Denpasar'],
  ])('answers 422 DESTINATION_NOT_CITY for %s with its cities', async (query, id, city) => {
    const res = await lookup({ query });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error_code: 'DESTINATION_NOT_CITY',
      destination: { id, type: 'island' },
    });
    expect(res.body.destination.city_suggestions.map((c: { name: string }) => c.name)).toContain(city);
    expect(res.body.suggestions).toEqual(res.body.destination.city_suggestions);
  });

  it('answers 404 DESTINATION_NOT_FOUND when no city matches', async () => {
    const res = await lookup({ query: 'Qqqzzx' });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('DESTINATION_NOT_FOUND');
  });

  it('answers 404 when the country rules out every match', async () => {
    const res = await lookup({ query: 'Shanghai', country: 'Japan' });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ query: 'a' }],
    [{ query: 'x'.repeat(101) }],
    [{ query: 'Paris', country: 'FR' }],
    [{ query: 'Paris', country: 'USA' }],
    [{ query: 'Paris', country: 'F' }],
    [{ query: 'Paris', limit: '0' }],
    [{ query: 'Paris', limit: '16' }],
    [{}],
  ])('answers 400 for invalid input %j', async (qs) => {
    const res = await lookup(qs as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETERS');
  });

  it('is never an empty success when site_g fails', async () => {
    api.sandbox.inject('site_g', { kind: 'status', status: 500 });
    expect((await lookup({ query: 'Shanghai' })).status).toBe(502);
    api.sandbox.inject('site_g', { kind: 'maintenance', retryAfter: 30 });
    expect((await lookup({ query: 'Beijing' })).status).toBe(503);
  });
});
