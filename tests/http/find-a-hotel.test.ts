// The whole chain: a hotel found by name is matched on all six platforms, its links come back from
// meta search, and its URLs resolve to ids on site_a and site_b, the same hotel everywhere.
import { describe, expect, it } from '@jest/globals';
import { galleryIds } from '../../infra/sandbox/sites/site-a.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { useTestServer } from '../helpers/server.ts';

const api = useTestServer({ resetEach: false });

describe('finding a hotel', () => {
  it('walks from a name to every platform and to site_a and site_b ids', async () => {
    const hotel = getWorld().hotels.find((h) => h.city.name === 'Rome' && h.chain === 'chain_b')!;
    const name = encodeURIComponent(hotel.name);

    const search = await api.get(`/v1/meta/search?hotel_name=${name}`);
    expect(search.status).toBe(200);
    expect(search.body.data.platform_count).toBe(4);

    const urls: Record<string, string> = {};
    for (const platform of ['site_a', 'site_b', 'site_c', 'site_d', 'site_e', 'site_f']) {
      const res = await api.get(`/v1/meta/match?name=${name}&platform=${platform}`);
      expect(res.status).toBe(200);
      urls[platform] = res.body.match.url;
    }
    expect(urls.site_a).toBe(search.body.data.links.site_a);
    expect(urls.site_b).toBe(search.body.data.links.site_b);

    const a = await api.get(`/v1/site_a/hotel/url-to-id?url=${encodeURIComponent(urls.site_a!)}`);
    expect(a.body).toEqual({ success: true, hotel_id: String(hotel.ids.site_a), url: urls.site_a });
    const b = await api.get(`/v1/site_b/hotel/url-to-id?url=${encodeURIComponent(urls.site_b!)}`);
    expect(b.body).toEqual({ success: true, hotel_id: hotel.ids.site_b, url: urls.site_b });

    const photos = await api.get(`/v2/site_a/hotel/photos?hotel_id=${a.body.hotel_id}`);
    expect(photos.body.photo_count).toBe(galleryIds(hotel).length);
  });
});
