/**
 * A resource route's JSON answer (the accounts', the watches'): rendered here, beside the other response
 * helpers, rather than in the manifest, which only states what a route declares.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import { DeclaredError } from '../errors.ts';
import { jsonResponse } from '../problem.ts';
// errors.ts, not the manifest's index.ts: a function's bundle then needs no ENTRY_READERS entry for this
// module (infra/route-manifest-plugin.ts), and the stand-in manifest re-exports the same routeError.
import { routeError } from '../routes/errors.ts';
import type { Route } from '../routes/index.ts';

/**
 * A resource route's answer: the work's result as JSON, checked by the response schema, or the route's
 * declared error for a `DeclaredError` the work raised.
 * @example return answered(routes.accountKeys, { response: KeyList }, () => listKeys(account));
 */
export async function answered(
  route: Route,
  answer: { response: z.ZodType; status?: number },
  work: () => unknown,
): Promise<APIGatewayProxyResult> {
  try {
    return jsonResponse(answer.status ?? 200, answer.response.parse(await work()));
  } catch (error) {
    if (error instanceof DeclaredError)
      throw routeError(route, error.code, error.message, { headers: error.headers, extras: error.extras });
    throw error;
  }
}
