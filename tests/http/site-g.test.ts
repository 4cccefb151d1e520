// GET /v1/site_g/destinations/lookup against the sandbox's keyword search (real Chinese divisions and world
// cities, numbered with the source's own small integers).
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { SiteGSuggestion } from '../../shared/schemas/site-g.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

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
    [{ query: 'Shanghai' }, 73, '上海'],
    [{ query: '上海' }, 73, '上海'],
    [{ query: '  苏州 ' }, 78, '苏州'],
    [{ query: 'Sanya', country: 'China' }, 230, '三亚'],
    [{ query: 'Sanya', country: '中国' }, 230, '三亚'],
    [{ query: 'Paris', country: 'france' }, 1140, 'Paris'],
    [{ query: 'Jilin' }, 52, '吉林'],
  ])('resolves %j to city %i', async (qs, cityId, name) => {
    const res = await lookup(qs);
    expect(res.status).toBe(200);
    const body = Body.parse(res.body);
    expect(body).toMatchObject({ city_id: cityId, name });
    expect(body.returned).toBe(body.suggestions.length);
    expect(body.suggestions[0]).toMatchObject({
      city_id: cityId,
      search_url: `https://www.site-g.test/hotels/list?city=${cityId}`,
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
    expect(ids).toEqual(qs.limit ? [78] : [78, 109]);
  });

  it('tells apart the two Suzhous by province and suggests a city_id, not a country that cannot help', async () => {
    const res = await lookup({ query: 'Suzhou', country: 'China' });
    expect(res.body.detail).not.toMatch(/country/i);
    expect(res.body.detail).toMatch(/city_id/);
    expect(res.body.detail).toMatch(/Jiangsu/);
  });

  it.each([
    ['Hainan', 21, 'province', '三亚'],
    ['Bali', 101, 'province', 'Denpasar'],
    ['Pudong', 10719, 'district', '上海'],
  ])('answers 422 DESTINATION_NOT_CITY for %s with its cities', async (query, id, type, city) => {
    const res = await lookup({ query });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error_code: 'DESTINATION_NOT_CITY', destination: { id, type } });
    expect(res.body.destination.city_suggestions.map((c: { name: string }) => c.name)).toContain(city);
    expect(res.body.suggestions).toEqual(res.body.destination.city_suggestions);
  });

  it("posts the source's keyword search once, and answers the same query again from the cache", async () => {
    // Act
    const first = await lookup({ query: 'Suzhou' });
    const again = await lookup({ query: 'Suzhou', limit: '1' });
    const other = await lookup({ query: 'Shanghai' });
    const otherAgain = await lookup({ query: 'Shanghai' });
    // Assess
    const calls = api.sandbox.requests('site_g');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/htls/getKeyWordSearch' });
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ keyWord: 'Suzhou', head: { locale: 'zh-CN' } });
    expect([first.status, again.status]).toEqual([409, 409]);
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(otherAgain.headers.get('x-cache')).toBe('HIT');
  });

  it('names cities in the configured locale', async () => {
    // Prepare
    const sandbox = api.sandbox.providers();
    useProviders({ ...sandbox, site_g: { ...sandbox.site_g!, operations: { locale: 'en-US' } } });
    try {
      // Act
      const res = await lookup({ query: 'Shanghai' });
      // Assess
      expect(res.body).toMatchObject({
        city_id: 73,
        name: 'Shanghai',
        name_en: 'Shanghai',
        country: 'China',
      });
    } finally {
      useProviders(sandbox);
    }
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
