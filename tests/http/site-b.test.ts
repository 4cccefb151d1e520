// GET /v1/site_b/hotel/url-to-id against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { getWorld } from '../../infra/sandbox/world.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.resetUpstream());

const hotel = () => getWorld().hotels.find((h) => h.name === 'Nordhaven London')!;
const q = (s: string) => encodeURIComponent(s);

describe('GET /v1/site_b/hotel/url-to-id', () => {
  const page = () => `https://www.site-b.test/${hotel().slug}/hotel/london-gb.html`;

  it.each([
    ['the hotel URL', () => page(), () => page()],
    [
      'the URL with dates, guests and a fragment',
      () => `${page()}?checkin=2027-01-01&group_adults=2#reviews`,
      () => page(),
    ],
    [
      'the /all/ variant',
      () => `https://www.site-b.test/${hotel().slug}/hotel/all/london-gb.html`,
      () => `https://www.site-b.test/${hotel().slug}/hotel/all/london-gb.html`,
    ],
    [
      'a language-prefixed URL',
      () => `https://www.site-b.test/en-gb/${hotel().slug}/hotel/london-gb.html`,
      () => `https://www.site-b.test/en-gb/${hotel().slug}/hotel/london-gb.html`,
    ],
  ])('resolves %s to an integer id', async (_case, input, normalized) => {
    const res = await api.get(`/v1/site_b/hotel/url-to-id?url=${q(input())}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, hotel_id: hotel().ids.site_b, url: normalized() });
  });

  it('reads the id of the short form from the URL, with no upstream request', async () => {
    const res = await api.get(
      `/v1/site_b/hotel/url-to-id?url=${q(`https://www.site-b.test/hotel-${hotel().ids.site_b}.html?x=1`)}`,
    );
    expect(res.body).toEqual({
      success: true,
      hotel_id: hotel().ids.site_b,
      url: `https://www.site-b.test/hotel-${hotel().ids.site_b}.html`,
    });
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it('answers 404 for a hotel page site_b does not have', async () => {
    const res = await api.get(
      `/v1/site_b/hotel/url-to-id?url=${q('https://www.site-b.test/nowhere-inn/hotel/london-gb.html')}`,
    );
    expect(res.status).toBe(404);
  });

  it.each([
    'https://www.site-a.test/hotel/fr/x.html',
    'https://www.site-b.test/searchresults.html?ss=london',
    'https://10.0.0.1/x/hotel/london-gb.html',
    'javascript:alert(1)',
    '',
  ])('answers 400 INVALID_URL for %j without any upstream request', async (input) => {
    const res = await api.get(`/v1/site_b/hotel/url-to-id?url=${q(input)}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_URL');
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it('answers 502 when the page lost its id (layout change), never a 200', async () => {
    api.sandbox.inject('site_b', { kind: 'layout' });
    const res = await api.get(`/v1/site_b/hotel/url-to-id?url=${q(page())}`);
    expect(res.status).toBe(502);
  });
});
