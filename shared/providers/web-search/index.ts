/**
 * web_search, the web search behind the meta endpoints: a public SERP API's web engine,
 * `GET /search.json?engine=<search engine>&q=…` answering `organic_results[]` (position, title, link,
 * snippet). The engine's wire name comes from configuration (`engines.search`). An empty search is
 * `search_information.organic_results_state: "Fully empty"`; a bad key, exhausted searches or a failed
 * search are upstream failures (`../serp/`), never "no results".
 */
import type { UpstreamContext } from '../../upstream/context.ts';
import { engineFor } from '../../upstream/providers.ts';
import { fetchSerp } from '../serp/index.ts';
import { extractResults, SearchAnswer, type OrganicResult } from './extract.ts';
import { searchRequest } from './requests.ts';

export { OrganicResult } from './extract.ts';

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
