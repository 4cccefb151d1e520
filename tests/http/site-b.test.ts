// GET /v1/site_b/hotel/url-to-id against the sandbox: every URL shape and every documented error.
import { describe, expect, it } from '@jest/globals';
import { getWorld } from '../../infra/sandbox/world.ts';
import { SiteBUrlToIdResponse } from '../../functions/site-b/url-to-id.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

const hotel = () => getWorld().hotels.find((h) => h.name === 'Nordhaven London')!;
const q = (s: string) => encodeURIComponent(s);
const urlToId = (url: string, headers?: Record<string, string>) =>
  api.get(`/v1/site_b/hotel/url-to-id?url=${q(url)}`, headers);
/** An id no site_b hotel has: one past the largest. */
const unknownId = () => Math.max(...getWorld().hotels.map((h) => h.ids.site_b)) + 1;

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
    const res = await urlToId(input());
    expect(res.status).toBe(200);
    expect(SiteBUrlToIdResponse.strict().parse(res.body)).toEqual({
      success: true,
      hotel_id: hotel().ids.site_b,
      url: normalized(),
    });
  });

  it('resolves the short form after site_b confirms the hotel exists, once a day', async () => {
    // Prepare
    const short = `https://www.site-b.test/hotel-${hotel().ids.site_b}.html`;
    // Act
    const first = await urlToId(`${short}?x=1`);
    const asked = api.sandbox.requests('site_b').length;
    const again = await urlToId(short);
    // Assess
    expect(first.body).toEqual({ success: true, hotel_id: hotel().ids.site_b, url: short });
    expect(asked).toBeGreaterThan(0);
    expect(again.body).toEqual(first.body);
    expect(api.sandbox.requests('site_b')).toHaveLength(asked); // the id is cached
  });

  it('reads the id of a newer slug ending in -h<id> from the URL, without any upstream request', async () => {
    // Prepare
    const url = `https://www.site-b.test/${hotel().slug}-h${hotel().ids.site_b}/hotel/london-gb.html`;
    // Act
    const res = await urlToId(`${url}?checkin=2027-01-01`);
    // Assess
    expect(res.body).toEqual({ success: true, hotel_id: hotel().ids.site_b, url });
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it('reads the page only up to its first id marker, about halfway through', async () => {
    // Act
    await urlToId(page());
    await new Promise((ok) => setTimeout(ok, 50));
    // Assess
    const [read] = api.sandbox.requests('site_b');
    const whole = (
      await fetch(`${api.sandbox.url}/site_b/${hotel().slug}/hotel/london-gb.html`).then((r) => r.text())
    ).length;
    expect(read!.path).toBe(`/${hotel().slug}/hotel/london-gb.html`);
    expect(read!.bytes).toBeLessThan(whole * 0.6);
  });

  it('answers 404 HOTEL_NOT_FOUND for the short form of an id site_b does not have', async () => {
    const res = await urlToId(`https://www.site-b.test/hotel-${unknownId()}.html`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'HOTEL_NOT_FOUND', provider: 'site_b' });
  });

  it('answers 404 HOTEL_NOT_FOUND for a hotel page site_b does not have, with the URL provided', async () => {
    const url = 'https://www.site-b.test/nowhere-inn/hotel/london-gb.html';
    const res = await urlToId(url);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'HOTEL_NOT_FOUND', provided: url });
  });

  it.each([
    'https://www.site-a.test/hotel/fr/x.html',
    'https://www.site-b.test/searchresults.html?ss=london',
    'https://10.0.0.1/x/hotel/london-gb.html',
    'javascript:alert(1)',
    '',
  ])('answers 400 INVALID_URL for %j without any upstream request', async (input) => {
    const res = await urlToId(input);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_URL');
    expect(api.sandbox.requests()).toHaveLength(0);
  });

  it('answers 502 UPSTREAM_ERROR naming a client-rendered shell when the page lost its scripts, never a 200', async () => {
    api.sandbox.inject('site_b', { kind: 'layout' });
    const res = await urlToId(page());
    expect(res.status).toBe(502);
    expect(res.body.error_code).toBe('UPSTREAM_ERROR');
    expect(res.body.detail).toMatch(/client-rendered shell/);
  });
});
