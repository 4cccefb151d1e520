/** web_search's real request: `GET /search.json?engine=<search engine>&q=…` on the SERP API's origin. */
import type { SourceRequest } from '../../upstream/client.ts';
import { serpRequest } from '../serp/index.ts';

/**
 * The request for the first page of a web search.
 * @example searchRequest('Aurelia Suites Paris site:www.site-a.test', 'search').query // { engine: 'search', q: '…' }
 */
export function searchRequest(q: string, engine: string): SourceRequest {
  return serpRequest('web_search', { engine, q }, 'search');
}
