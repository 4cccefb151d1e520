/**
 * The web-search source, speaking the documented format of a public SERP API's web search
 * (`organic_results[]` with position, title, link, displayed_link, snippet), including the
 * `site:` operator. Results mix hotel pages of every site with pages that are not hotel pages.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { pageUrls } from '../pages.ts';
import { getWorld, type Hotel } from '../world.ts';
import type { Site } from '../site.ts';

const STOP = new Set(['hotel', 'the', 'in', 'at', 'and', 'of']);

function matches(q: string): Hotel[] {
  const tokens = fold(q)
    .split(' ')
    .filter((t) => t && !STOP.has(t));
  if (tokens.length === 0) return [];
  const scored = getWorld().hotels.map((h) => {
    const text = ` ${fold(`${h.name} ${h.city.label}`)} `;
    return { h, hits: tokens.filter((t) => text.includes(` ${t} `)).length };
  });
  const full = scored.filter((s) => s.hits === tokens.length);
  const pool = full.length
    ? full
    : scored.filter((s) => s.hits >= Math.ceil(tokens.length * 0.6) && s.hits >= 2);
  return pool
    .sort((a, b) => b.hits - a.hits || a.h.key.localeCompare(b.h.key))
    .slice(0, 3)
    .map((s) => s.h);
}

function resultsFor(h: Hotel): { link: string; title: string; snippet: string }[] {
  const urls = pageUrls(h);
  const where = `${h.city.name}, ${h.city.label.split(', ').at(-1)}`;
  const list = [
    {
      link: urls.site_a,
      title: `${h.name}, ${where} - Updated Prices`,
      snippet: `${h.stars}-star hotel in ${h.city.name}. Great location, free WiFi.`,
    },
    {
      link: `https://www.site-c.test/Tourism-g${h.ids.site_c_geo}-${h.city.slug}-Vacations.html`,
      title: `${h.city.name} Tourism: Best of ${h.city.name}`,
      snippet: `Travel guide for ${h.city.name}.`,
    },
    {
      link: urls.site_c,
      title: `${h.name} - Reviews & Price Comparison`,
      snippet: `Read traveller reviews of ${h.name}.`,
    },
    {
      link: urls.site_b,
      title: `${h.name} in ${h.city.name} - Room Deals, Photos & Reviews`,
      snippet: `Book ${h.name} at the best price.`,
    },
    { link: urls.site_d, title: `${h.name} | ${h.city.name} Hotels`, snippet: `Compare rooms at ${h.name}.` },
    {
      link: `https://www.site-e.test/hotel-deals/${h.city.slug}/`,
      title: `Hotels in ${h.city.name}`,
      snippet: `Deals on hotels in ${h.city.name}.`,
    },
    { link: urls.site_e, title: `${h.name} Hotel Deals`, snippet: `Find deals for ${h.name}.` },
    { link: urls.site_f, title: `${h.name} - Hotel Detail`, snippet: `${h.name}: rooms, rates and reviews.` },
    { link: urls.site_h, title: `${h.name} from`, snippet: `Compare prices for ${h.name}.` },
  ];
  const unlisted = h.unlistedOn.map((site) => urls[site]);
  if (h.officialWebsite)
    list.unshift({
      link: h.officialWebsite,
      title: `${h.name} | Official Site`,
      snippet: `Book direct at ${h.name}.`,
    });
  return list.filter((r) => !unlisted.includes(r.link));
}

export const webSearch: Site = {
  provider: 'web_search',
  hosts: ['search.test'],
  routes: [
    [
      'GET',
      /^\/search\.json$/,
      ({ query }) => {
        const q = query.get('q') ?? '';
        const num = Math.min(100, Math.max(1, Number(query.get('num') ?? 10) || 10));
        const siteHosts = [...q.matchAll(/\bsite:(\S+)/g)].map((m) => m[1]!.toLowerCase());
        const text = q.replace(/\bsite:\S+/g, ' ').replace(/"/g, ' ');
        let results = matches(text).flatMap(resultsFor);
        if (siteHosts.length) results = results.filter((r) => siteHosts.includes(new URL(r.link).hostname));
        results = results.slice(0, num);
        const metadata = {
          id: `sandbox-${q.length}`,
          status: 'Success',
          created_at: '2026-01-01 00:00:00 UTC',
          total_time_taken: 0.42,
        };
        const base = {
          search_metadata: metadata,
          search_parameters: { engine: query.get('engine') ?? 'web', q },
        };
        if (results.length === 0) {
          return {
            status: 200,
            json: {
              ...base,
              search_information: { organic_results_state: 'Fully empty' },
              error: 'The search returned no results for this query.',
            },
          };
        }
        return {
          status: 200,
          json: {
            ...base,
            search_information: {
              organic_results_state: 'Results for exact spelling',
              total_results: results.length * 1_000,
            },
            organic_results: results.map((r, i) => ({
              position: i + 1,
              title: r.title,
              link: r.link,
              displayed_link: r.link.replace(/^https:\/\//, ''),
              snippet: r.snippet,
              source: new URL(r.link).hostname,
            })),
          },
        };
      },
    ],
  ],
};
