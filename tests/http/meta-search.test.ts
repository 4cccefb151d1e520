// GET /v1/meta/search against the sandbox.
import { MetaSearchResponse } from '../../functions/meta/search.ts';
import { describe, expect, it } from '@jest/globals';
import { pageUrls } from '../../infra/sandbox/pages.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { useProviders } from '../../shared/upstream/providers.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer();

describe('GET /v1/meta/search', () => {
  it('links the hotel on site_a, site_d, site_h and site_b with two concurrent searches', async () => {
    const h = getWorld().hotels.find((x) => x.name === 'Aurelia Suites Paris')!;
    const res = await api.get(`/v1/meta/search?hotel_name=${encodeURIComponent(h.name)}`);
    expect(res.status).toBe(200);
    const urls = pageUrls(h);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        hotel_name: h.name,
        links: { site_a: urls.site_a, site_d: urls.site_d, site_h: urls.site_h, site_b: urls.site_b },
        platform_count: 4,
        official_website_detected: false,
      },
    });
    const searches = api.sandbox
      .requests('web_search')
      .map((r) => new URL(r.path, 'http://x').searchParams.get('q'));
    expect(searches.sort()).toEqual(
      [
        h.name,
        `${h.name} (site:www.site-a.test OR site:www.site-d.test OR site:www.site-h.test OR site:www.site-b.test)`,
      ].sort(),
    );
  });

  it('detects an official website', async () => {
    const h = getWorld().hotels.find((x) => x.officialWebsite && !x.unlistedOn.length)!;
    const res = await api.get(`/v1/meta/search?hotel_name=${encodeURIComponent(h.name)}`);
    expect(res.body.data.official_website_detected).toBe(true);
  });

  it('answers null for a site without a hotel page, every key still there, with two searches', async () => {
    const h = getWorld().hotels.find((x) => x.unlistedOn.includes('site_h'))!;
    const res = await api.get(`/v1/meta/search?hotel_name=${encodeURIComponent(h.name)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.platform_count).toBe(3);
    const urls = pageUrls(h);
    expect(res.body.data.links).toEqual({
      site_a: urls.site_a,
      site_d: urls.site_d,
      site_h: null,
      site_b: urls.site_b,
    });
    expect(MetaSearchResponse.parse(res.body).data.platform_count).toBe(
      Object.values(res.body.data.links).filter((l) => l !== null).length,
    );
    expect(api.sandbox.requests('web_search')).toHaveLength(2);
  });

  it('answers null for a platform this deployment does not configure, instead of failing', async () => {
    const h = getWorld().hotels.find((x) => x.name === 'Aurelia Suites Paris')!;
    useProviders(Object.fromEntries(Object.entries(api.sandbox.providers()).filter(([p]) => p !== 'site_d')));
    try {
      const res = await api.get(`/v1/meta/search?hotel_name=${encodeURIComponent(h.name)}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data.links).sort()).toEqual(['site_a', 'site_b', 'site_d', 'site_h']);
      expect(res.body.data.links.site_d).toBeNull();
      const restricted = api.sandbox
        .requests('web_search')
        .map((r) => new URL(r.path, 'http://x').searchParams.get('q')!)
        .find((q) => q.includes('site:'));
      expect(restricted).not.toContain('site-d');
    } finally {
      useProviders(api.sandbox.providers());
    }
  });

  it('answers 404 NO_RESULTS when the search finds nothing', async () => {
    const res = await api.get('/v1/meta/search?hotel_name=Qzxw%20Nowhere');
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NO_RESULTS');
  });

  it.each(['', 'hotel_name=', 'hotel_name=%20%20'])('answers 400 for %j', async (qs) => {
    const res = await api.get(`/v1/meta/search?${qs}`);
    expect(res.status).toBe(400);
  });
});
