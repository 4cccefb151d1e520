/**
 * The only way a connector talks to a third party: got, under the invocation's deadline, to one of the
 * provider's configured origins, with its headers, session and proxy; retries only for requests marked
 * safe; per-provider breaker and concurrency cap, size and content-type checks, the response cache,
 * and every failure mapped to the contract's 502/503/504. The parts, by job: the request model
 * (`request.ts`), the transport (`transport.ts`, `reads.ts`), the session (`session.ts`) and the one
 * pipeline both reads go through (`pipeline.ts`).
 */
import type * as z from 'zod';
import type { UpstreamContext } from './context.ts';
import { conform } from '../extraction/conform.ts';
import { sendUpstream } from './pipeline.ts';
import { bufferedRead, streamedRead, withRetries } from './reads.ts';
import { sentUrl, type UpstreamRequest, type UpstreamResponse } from './request.ts';
import type { StreamScan } from '../extraction/stream-scan.ts';

export { SLOT_LEASE_MS } from './pipeline.ts';
export {
  BROWSER_HEADERS,
  cacheKeyOf,
  type SourceRequest,
  type UpstreamBody,
  type UpstreamRequest,
  type UpstreamResponse,
} from './request.ts';
export {
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  DEFAULT_MAX_BYTES,
  MAX_RETRY_AFTER_WAIT_MS,
  RETRY_LIMIT,
} from './transport.ts';

/**
 * @example
 * const res = await fetchUpstream({ provider: 'web_search', path: '/search.json', query: { q }, expect: 'json', cache: 'search' }, ctx);
 */
export async function fetchUpstream<T = unknown>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
): Promise<UpstreamResponse<T>> {
  const res = await sendUpstream(req, ctx, {
    read: (outbound, session) => bufferedRead(outbound, sentUrl(outbound), session),
  });
  return res as UpstreamResponse<T>;
}

/**
 * The one checked fetch of a connector: the answer's body through `schema`, so that a source whose format
 * drifted gives the route's documented extraction error, never a half-read answer. The check runs before
 * the answer is cached: an answer that fails it is never kept, and the next request asks the source again.
 * @example const { body } = await fetchParsed({ provider: 'web_search', path: '/search.json', expect: 'json', cache: 'search' }, SearchAnswer, ctx, 'a search answer');
 */
export async function fetchParsed<S extends z.ZodType>(
  req: UpstreamRequest,
  schema: S,
  ctx: UpstreamContext,
  what: string,
): Promise<UpstreamResponse<z.output<S>>> {
  // The request that loads the answer checks it once, inside the load; one served from the cache, or
  // by another request's load, checks it here.
  let proven: { body: z.output<S> } | undefined;
  const res = await sendUpstream(req, ctx, {
    read: (outbound, session) => bufferedRead(outbound, sentUrl(outbound), session),
    prove: (loaded) => {
      proven = { body: conform(req.provider, schema, loaded.body, what, loaded.status) };
    },
  });
  return { ...res, body: proven ? proven.body : conform(req.provider, schema, res.body, what, res.status) };
}

/**
 * Fetches an answer and keeps what `extract` makes of it, not the answer: the extraction runs once, when
 * the answer arrives, and a hit (or a request that joined the one in flight) is served its result
 * without reading the page again. An extraction that throws keeps nothing, so the next request asks the
 * source again. `reading` names the extraction in the cache key; the result must depend only on the
 * answer (what the request asked is in the key, the caller's other state is not).
 * @example const { body } = await fetchExtracted(listingPageRequest(id), ctx, 'overview', (res) => res.status === 404 ? undefined : extractOverview(pdpFromPage(res.body as string, res.status)))
 */
export async function fetchExtracted<T>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
  reading: string,
  extract: (answer: { status: number; body: unknown }) => T,
): Promise<UpstreamResponse<T>> {
  const res = await sendUpstream(req, ctx, {
    keyPrefix: `extract ${reading} `,
    read: (outbound, session) => bufferedRead(outbound, sentUrl(outbound), session),
    extract: (loaded) => extract(loaded),
  });
  return res as UpstreamResponse<T>;
}

/**
 * Reads an HTML page only as far as needed: a fresh scan from `scan()` for each attempt is given the
 * text as it arrives (each character once, see stream-scan.ts), and the download stops at its first
 * defined answer. The answer, not the page, is cached, under the name of what was read (`reading`): two
 * readings of one page are two cache entries.
 * @example await scanUpstream(req, ctx, () => windowScan((html) => /b_hotel_id: '(\d+)'/.exec(html)?.[1]), 'hotel id')
 */
export async function scanUpstream<T>(
  req: UpstreamRequest,
  ctx: UpstreamContext,
  scan: () => StreamScan<T>,
  reading: string,
): Promise<UpstreamResponse<T | undefined>> {
  const res = await sendUpstream(req, ctx, {
    keyPrefix: `scan ${reading} `,
    read: (outbound, session) =>
      withRetries(outbound.deadline, () => streamedRead(outbound, sentUrl(outbound), scan(), session)),
  });
  return res as UpstreamResponse<T | undefined>;
}
