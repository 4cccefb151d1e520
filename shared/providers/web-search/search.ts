/**
 * web_search, the web search behind the meta endpoints: a public SERP API's web engine,
 * `GET /search.json?engine=<search engine>&q=…` answering `organic_results[]` (position, title, link,
 * snippet). The engine's wire name comes from configuration (`engines.search`). An empty search is
 * `search_information.organic_results_state: "Fully empty"`; a bad key, exhausted searches or a failed
 * search are upstream failures (`serp-api.ts`), never "no results".
 */
import * as z from 'zod';
import type { UpstreamRequest } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { engineFor } from '../../upstream/providers.ts';
import { fetchSerp, isEmptyResult, SerpEnvelope } from './serp-api.ts';

export const OrganicResult = z.object({
  position: z.number().int(),
  title: z.string(),
  link: z.url(),
  snippet: z.string().default(''),
});
export type OrganicResult = z.infer<typeof OrganicResult>;

export const SearchAnswer = z.object({
  ...SerpEnvelope,
  search_information: z.object({ organic_results_state: z.string().optional() }).optional(),
  organic_results: z.array(OrganicResult).optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/**
 * The request for the first page of a web search.
 * @example searchRequest('Aurelia Suites Paris site:www.site-a.test', 'search').query // { engine: 'search', q: '…' }
 */
export function searchRequest(q: string, engine: string): UpstreamRequest {
  return {
    provider: 'web_search',
    path: '/search.json',
    query: { engine, q },
    expect: 'json',
    cache: 'search',
  };
}

/**
 * The organic results of an answer that is not a failure; none in the engine's empty state, or when a
 * successful search shows only other features (the state key is then often absent). An answer that
 * says neither means the format changed: an extraction error, never an empty 200.
 * @example extractResults({ organic_results: [{ position: 1, title: 'T', link: 'https://x.test/', snippet: '' }] })
 */
export function extractResults(answer: SearchAnswer): OrganicResult[] {
  if (answer.organic_results) return answer.organic_results;
  if (answer.search_information?.organic_results_state === 'Fully empty' || isEmptyResult(answer.error))
    return [];
  if (answer.error) throw new UpstreamError('web_search', 'the search answered an error instead of results');
  if (answer.search_metadata?.status === 'Success') return [];
  throw new ExtractionError('web_search', 'no organic_results and no search status', undefined, 200);
}

export const webSearch = {
  /**
   * The first page of organic results for `q` (none when the search finds nothing).
   * @example await webSearch.search(ctx, 'Aurelia Suites Paris site:www.site-a.test')
   */
  async search(ctx: UpstreamContext, q: string): Promise<OrganicResult[]> {
    const req = searchRequest(q, engineFor('web_search', 'search'));
    const { body } = await fetchSerp(req, SearchAnswer, ctx, 'the search answer');
    return extractResults(body);
  },
};
