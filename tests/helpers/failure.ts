/** The contract error a promise fails with; any other outcome fails the test. */
import { ProblemError } from '../../shared/errors.ts';

/** @example expect(await failure(fetchUpstream(req, ctx))).toMatchObject({ status: 502 }) */
export async function failure(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

/**
 * The SERP API accounts the sandbox refuses, each a 502 UPSTREAM_ERROR of a route over it, never NO_RESULTS:
 * the case, the api_key, and what the answer's detail says.
 * @example it.each(SERP_ACCOUNT_FAILURES)('answers 502 when %s', async (_case, key, cause) => { … });
 */
export const SERP_ACCOUNT_FAILURES: [string, string, string][] = [
  ['the SERP API key is refused (401)', 'not-a-sandbox-key', 'the API key was refused (HTTP 401)'],
  ['the account may not search (403)', 'sandbox-deleted-account', 'may not search (HTTP 403)'],
  ['the account has run out of searches (429)', 'sandbox-out-of-searches', 'run out of searches (HTTP 429)'],
  ['the search failed at the source (200, status Error)', 'sandbox-failing-searches', 'status Error'],
];
