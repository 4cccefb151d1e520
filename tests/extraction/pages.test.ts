// Extractors on real sandbox pages, and on the same pages after a layout change.
import { describe, expect, it } from '@jest/globals';
import { siteB } from '../../infra/sandbox/sites/site-b.ts';
import { getWorld } from '../../infra/sandbox/world.ts';
import { siteBIdInPage } from '../../shared/providers/site-b/hotel.ts';

const relayout = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/\bdata-/g, 'data-v2-');

describe('site_b hotel page', () => {
  const page = async (i: number) => {
    const h = getWorld().hotels[i]!;
    const route = siteB.routes[0]!;
    const path = `/${h.slug}/hotel/${h.city.slug}-${h.city.country.toLowerCase()}.html`;
    const res = await route[2]({
      method: 'GET',
      body: '',
      path,
      query: new URLSearchParams(),
      headers: {},
      base: '',
      match: route[1].exec(path)!,
    });
    return { h, html: (res as { html: string }).html };
  };

  it('yields the hotel id from the page', async () => {
    for (const i of [0, 7, 99, 1234]) {
      const { h, html } = await page(i);
      expect(siteBIdInPage(html)).toBe(h.ids.site_b);
    }
  });

  it('yields nothing after a redesign', async () => {
    expect(siteBIdInPage(relayout((await page(3)).html))).toBeUndefined();
  });
});
