/** web_search's reader of the real answer: `organic_results[]`, or the empty state. */
import * as z from 'zod';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { isEmptyResult, SerpEnvelope } from '../serp/index.ts';

// A result is its link, the one thing its readers need; its position is never output.
export const OrganicResult = z.object({
  position: z.number().int().optional(),
  title: z.string().optional(),
  link: z.url(),
  // Some results show no snippet: absent, never an empty text read as one.
  snippet: z.string().nullish(),
});
export type OrganicResult = z.infer<typeof OrganicResult>;

/**
 * The answer, read by the tolerant rule (docs/connector-guide.md): a result needs its link; its position,
 * title and snippet may be absent (counted); a placeholder or a result without a link is skipped. No `organic_results` is the engine's documented
 * way of saying "none" (with a success status or the empty state).
 */
export const SearchAnswer = tolerant(
  'web_search',
  z
    .looseObject({
      ...SerpEnvelope,
      search_information: z.object({ organic_results_state: z.string().optional() }).optional(),
      organic_results: z.array(OrganicResult).optional(),
    })
    // An answer that says neither results nor a state is drift: refused as it loads, so never kept.
    .refine(
      (a) =>
        a.organic_results !== undefined ||
        a.search_information?.organic_results_state !== undefined ||
        a.error !== undefined ||
        a.search_metadata?.status !== undefined,
      { error: 'no organic_results and no search status' },
    ),
  'the search answer',
);
export type SearchAnswer = z.infer<typeof SearchAnswer>;
/** A result whose title or snippet is sent blank shows none: read as absent, and counted as such. */
function withoutBlanks(result: OrganicResult): OrganicResult {
  const out = { ...result };
  for (const field of ['title', 'snippet'] as const)
    if (typeof out[field] === 'string' && !out[field].trim()) {
      delete out[field];
      recordMissing('web_search', `organic_results[].${field}`, 'the search answer');
    }
  return out;
}

/**
 * The organic results of an answer that is not a failure; none in the engine's empty state, or when a
 * successful search shows only other features (the state key is then often absent). An answer that
 * says neither means the format changed: an extraction error, never an empty 200.
 * @example extractResults({ organic_results: [{ position: 1, title: 'T', link: 'https://x.test/', snippet: '' }] })
 */
export function extractResults(answer: SearchAnswer): OrganicResult[] {
  if (answer.organic_results) return answer.organic_results.map(withoutBlanks);
  const error = answer.error ?? undefined;
  if (answer.search_information?.organic_results_state === 'Fully empty' || isEmptyResult(error)) return [];
  if (error) throw new UpstreamError('web_search', 'the search answered an error instead of results');
  if (answer.search_metadata?.status === 'Success') return [];
  throw new ExtractionError('web_search', 'no organic_results and no search status', undefined, 200);
}
