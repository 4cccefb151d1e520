/** site_b, an online travel agency: hotel pages whose id is only in the page (an inline variable and a data attribute). */
import type { Site, SiteResponse } from '../site.ts';
import { getWorld } from '../world.ts';

export const siteB: Site = {
  provider: 'site_b',
  routes: [
    ['GET', /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?([a-z0-9-]+)\/hotel\/(?:all\/)?([a-z0-9-]+)\.html$/, ({ match }): SiteResponse => {
      const slug = match[1]!;
      const h = getWorld().hotels.find((x) => x.slug === slug && match[2]!.endsWith(`-${x.city.country.toLowerCase()}`));
      if (!h) return { status: 404, html: '<html><body>Not found</body></html>' };
      return {
        status: 200,
        html: `<!DOCTYPE html><html><head><title>${h.name}</title>
<script>window.utag_data = { hotel_id: "${h.ids.site_b}", city: "${h.city.name}" };</script></head>
<body><main class="property" data-property-id="${h.ids.site_b}"><h1 class="property-name">${h.name}</h1>
<p class="property-address">${h.city.label}</p></main></body></html>`,
      };
    }],
    ['GET', /^\/hotel-(\d+)\.html$/, ({ match, base }): SiteResponse => {
      const h = getWorld().bySiteB.get(Number(match[1]));
      if (!h) return { status: 404, html: '<html><body>Not found</body></html>' };
      return { status: 301, html: '', headers: { Location: `${base}/${h.slug}/hotel/${h.city.slug}-${h.city.country.toLowerCase()}.html` } };
    }],
  ],
};
