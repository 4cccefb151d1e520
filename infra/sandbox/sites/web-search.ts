/**
 * web_search, in the real format of a public SERP API's web engine: `GET /search.json?engine=search&q=`
 * (the engine answers to its operation name, as the sandbox's provider configuration says) answering
 * `search_metadata`, `search_parameters`, `search_information` (`organic_results_state`),
 * `organic_results[]` (position, title, link, redirect_link, displayed_link with ` › ` breadcrumbs,
 * favicon, snippet, snippet_highlighted_words, source) and, past the first page, `serpapi_pagination`.
 * An empty search is `organic_results_state: "Fully empty"` with the empty-result error; keys and
 * failures answer as the real API does (`serp-api.ts`). The `site:` operator works. Results mix hotel
 * pages of every site with pages that are not hotel pages.
 */
import { fold } from '../../../shared/geo/fold.ts';
import { pageUrls } from '../pages.ts';
import { hash } from '../random.ts';
import type { Site, SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { badRequest, emptyResultText, refused, searchMetadata, serpSite } from './serp-api.ts';

/** The search engine's public site. */
const PUBLIC_SITE = 'https://search.test';
const PAGE_SIZE = 10;

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

/**
 * Whether the engine shows this hotel's site_f page without a snippet, as the real engine sometimes shows
 * a result (the key is then absent).
 * @example snippetless(hotel) // false for most hotels
 */
export function snippetless(h: Hotel): boolean {
  return hash(`snippet:${h.key}`) % 5 === 0;
}

function resultsFor(h: Hotel): { link: string; title: string; snippet?: string }[] {
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
    {
      link: urls.site_f,
      title: `${h.name} - Hotel Detail`,
      ...(snippetless(h) ? {} : { snippet: `${h.name}: rooms, rates and reviews.` }),
    },
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

/** The link as the engine displays it: origin, then path segments after ` › `. */
function displayed(link: string): string {
  const url = new URL(link);
  const segments = url.pathname.split('/').filter(Boolean);
  const shown = segments.map((s) => (s.length > 30 ? `${s.slice(0, 27)}...` : s));
  return [url.origin, ...shown].join(' › ');
}

function answer(query: URLSearchParams, base: string): SiteResponse {
  // Like the real API, whose web engine is the default one.
  const engine = query.get('engine') ?? 'search';
  if (engine !== 'search') return badRequest(`Unsupported \`${engine}\` search engine.`);
  const q = query.get('q');
  if (!q) return badRequest('Missing query `q` parameter.');
  const num = Math.min(100, Math.max(1, Number(query.get('num') ?? PAGE_SIZE) || PAGE_SIZE));
  const publicUrl = `${PUBLIC_SITE}/search?${new URLSearchParams({ q })}`;
  const metadata = () => searchMetadata({ engine, base, seed: query.toString(), publicUrl });
  const refusal = refused(query, metadata);
  if (refusal) return refusal;

  const siteHosts = [...q.matchAll(/\bsite:([^\s()]+)/g)].map((m) => m[1]!.toLowerCase());
  // `site:` operators, joined by OR and grouped, restrict the results to those hosts.
  const text = q.replace(/\bsite:\S+/g, ' ').replace(/\bOR\b|[()"]/g, ' ');
  let results = matches(text).flatMap(resultsFor);
  if (siteHosts.length) results = results.filter((r) => siteHosts.includes(new URL(r.link).hostname));
  const parameters = {
    engine,
    q,
    ...Object.fromEntries(['hl', 'gl', 'num'].flatMap((k) => (query.has(k) ? [[k, query.get(k)]] : []))),
    device: 'desktop',
  };
  const taken = (hash(q) % 60) / 100 + 0.2;
  const words = fold(text)
    .split(' ')
    .filter((w) => w.length > 2);
  // What every answer opens with: the search, its parameters, and how much it found.
  const opening = (totalResults: number, state: string) => ({
    search_metadata: metadata(),
    search_parameters: parameters,
    search_information: {
      query_displayed: q,
      total_results: totalResults,
      time_taken_displayed: taken,
      organic_results_state: state,
    },
  });
  if (results.length === 0)
    return { status: 200, json: { ...opening(0, 'Fully empty'), error: emptyResultText('web_search') } };
  const page = results.slice(0, num);
  const next =
    results.length > num
      ? `${base}/search.json?${new URLSearchParams({ engine, q, start: String(num) })}`
      : undefined;
  return {
    status: 200,
    json: {
      ...opening(results.length * 1_000 + (hash(q) % 1_000), 'Results for exact spelling'),
      organic_results: page.map((r, i) => {
        const host = new URL(r.link).hostname;
        return {
          position: i + 1,
          title: r.title,
          link: r.link,
          redirect_link: `${PUBLIC_SITE}/url?${new URLSearchParams({ sa: 't', url: r.link })}`,
          displayed_link: displayed(r.link),
          favicon: `${base}/favicons/${hash(host)}.png`,
          ...(r.snippet === undefined
            ? {}
            : {
                snippet: r.snippet,
                snippet_highlighted_words: words.filter((w) => fold(r.snippet!).split(' ').includes(w)),
              }),
          source: host.replace(/^www\./, ''),
        };
      }),
      ...(next
        ? {
            serpapi_pagination: { current: 1, next_link: next, next, other_pages: { 2: next } },
          }
        : {}),
    },
  };
}

export const webSearch: Site = serpSite(
  'web_search',
  'search.test',
  ({ query, base }) => answer(query, base),
  /^\/favicons\/\d+\.png$/,
);
