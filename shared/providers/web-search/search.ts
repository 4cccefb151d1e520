/**
 * The web-search source behind the meta endpoints, in the documented format of a public SERP API
 * (`organic_results[]` of position, title, link, snippet). An answer with neither results nor the
 * source's "no results" state means its format changed: an extraction error, never an empty 200.
 */
import * as z from 'zod';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

export const OrganicResult = z.object({
  position: z.number().int(),
  title: z.string(),
  link: z.url(),
  snippet: z.string().default(''),
});
export type OrganicResult = z.infer<typeof OrganicResult>;

const SearchResponse = z.object({
  organic_results: z.array(OrganicResult).optional(),
  search_information: z.object({ organic_results_state: z.string().optional() }).optional(),
  error: z.string().optional(),
});

/**
 * @example const results = await webSearch(ctx, 'Aurelia Paris site:www.site-a.test');
 */
export async function webSearch(ctx: UpstreamContext, q: string, num = 10): Promise<OrganicResult[]> {
  const res = await fetchUpstream(
    { provider: 'web_search', path: '/search.json', query: { q, num }, expect: 'json', cache: 'search' },
    ctx,
  );
  const parsed = SearchResponse.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'web_search',
      'organic results do not match the documented format',
      parsed.error,
    );
  const { organic_results: results, search_information: info, error } = parsed.data;
  if (results) return results;
  if (info?.organic_results_state === 'Fully empty' || error) return [];
  throw new ExtractionError('web_search', 'no organic_results and no empty-result state');
}
