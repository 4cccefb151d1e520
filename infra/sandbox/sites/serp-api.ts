/**
 * What the sandbox's three SERP-API sites (web_search, maps_reviews, maps_hotels) share, in the real
 * API's shape: `search_metadata` (id, status, json_endpoint, created_at, processed_at,
 * `<engine>_url`, raw_html_file, total_time_taken), its error answers (`{"error": "…"}` with 400,
 * 401, 403 or 429; a 200 whose `search_metadata.status` is "Error") and its empty-result text.
 *
 * Accounts: the sandbox hands out SANDBOX_SERP_KEY with its provider configuration (`SERP_CONFIG`, sent
 * as the `params` a deployment sets), so every search carries a key as deployed. Unlike the real API, a
 * request without any key is still answered (the transport's own tests call the sites bare). A key that
 * does not start with `sandbox-` is refused with 401; `sandbox-deleted-account` gets 403,
 * `sandbox-out-of-searches` the 429 of an exhausted account, `sandbox-failing-searches` a 200 whose
 * search failed; any other `sandbox-…` key searches.
 */
import { picture } from '../picture.ts';
import { hash } from '../random.ts';
import type { Route, Site, SiteResponse } from '../site.ts';

/** The key the sandbox hands out to its SERP-API providers. */
export const SANDBOX_SERP_KEY = 'sandbox-serp-key';
/** The provider configuration of the three SERP-API sites: the key as a query parameter, as deployed. */
const SERP_CONFIG = { params: { api_key: SANDBOX_SERP_KEY } };

/**
 * A SERP-API site: its searches at `/search.json` on its host, with the key handed out, and the generated
 * pictures its answers link to.
 * @example export const webSearch = serpSite('web_search', 'search.test', ({ query, base }) => answer(query, base), /^\/favicons\/\d+\.png$/);
 */
export function serpSite(provider: string, host: string, search: Route[2], pictures: RegExp): Site {
  return {
    provider,
    config: SERP_CONFIG,
    hosts: [host],
    routes: [
      ['GET', /^\/search\.json$/, search],
      ['GET', pictures, ({ path }) => picture(path)],
    ],
  };
}

/** The engines' empty-result text, naming the source by its token. @example emptyResultText('web_search') */
export function emptyResultText(provider: string): string {
  return `${provider} hasn't returned any results for this query.`;
}

const hex = (seed: string, length: number) =>
  Array.from({ length: Math.ceil(length / 8) }, (_v, i) => hash(`${seed}:${i}`).toString(16).padStart(8, '0'))
    .join('')
    .slice(0, length);

const stamp = (t: number) => `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export interface MetadataOptions {
  engine: string;
  /** The sandbox site's base URL (for the archive links). */
  base: string;
  /** What makes the search id: the request's parameters. */
  seed: string;
  /** The same search on the service's public site: `<engine>_url`. */
  publicUrl: string;
  /** The hotels engine writes its time taken as `{ "float": n }`. */
  boxedTime?: boolean;
  status?: 'Success' | 'Error';
}

/** `search_metadata` as the API writes it. @example searchMetadata({ engine: 'search', base, seed: 'q=x', publicUrl }).status // 'Success' */
export function searchMetadata(o: MetadataOptions): Record<string, unknown> {
  const id = hex(`search:${o.seed}`, 24);
  const archive = `${o.base}/searches/${hex(`day:${o.seed}`, 16)}/${id}`;
  const now = Date.now();
  const taken = 0.5 + (hash(o.seed) % 300) / 100;
  return {
    id,
    status: o.status ?? 'Success',
    json_endpoint: `${archive}.json`,
    created_at: stamp(now - Math.round(taken * 1000)),
    processed_at: stamp(now),
    [`${o.engine}_url`]: o.publicUrl,
    raw_html_file: `${archive}.html`,
    ...(o.engine === 'search' ? {} : { prettify_html_file: `${archive}.prettify` }),
    total_time_taken: o.boxedTime ? { float: taken } : taken,
  };
}

/** The 400 answers for an engine the API does not have and a parameter it requires. */
export function badRequest(error: string): SiteResponse {
  return { status: 400, json: { error } };
}

/**
 * The answer for an account that may not search, or undefined when the search goes ahead.
 * @example refused(new URLSearchParams('api_key=wrong'), metadata)?.status // 401
 */
export function refused(
  query: URLSearchParams,
  metadata: () => Record<string, unknown>,
): SiteResponse | undefined {
  const key = query.get('api_key');
  if (key === null) return undefined;
  if (!key.startsWith('sandbox-'))
    return { status: 401, json: { error: 'Invalid API key. Your API key should be on your account page.' } };
  if (key === 'sandbox-deleted-account')
    return { status: 403, json: { error: 'The account associated with this API key has been deleted.' } };
  if (key === 'sandbox-out-of-searches')
    return { status: 429, json: { error: 'Your account has run out of searches.' } };
  if (key === 'sandbox-failing-searches')
    return {
      status: 200,
      json: {
        search_metadata: { ...metadata(), status: 'Error' },
        error: "We couldn't get valid results for this search. Please try again later.",
      },
    };
  return undefined;
}
