/**
 * Which calls the daily quota bills: an answer, or a definitive negative from the source (it looked and
 * found nothing, or the thing asked for is not one it can answer). Never the caller's input errors, never
 * a refused key or quota, never our or the source's failures. The README, `/docs`, the error pages and the
 * 429 body's `details` all say this in the same words (BILLING_RULE).
 */
import { errorSpec, routeList, type ErrorSpec, type Route } from '../routes/index.ts';

/** The errors the manifest declares billed beyond the 404 rule, as `409 DESTINATION_AMBIGUOUS` (site_g). */
const declaredBilled = [
  ...new Set(
    routeList.flatMap((route) =>
      Object.entries(route.errors)
        .filter(([, spec]) => spec.billed)
        .map(([code, spec]) => `${spec.status} ${code} (${route.provider})`),
    ),
  ),
];

/** The rule in one sentence, as the 429 body, the README, the reference and the error pages state it. */
export const BILLING_RULE =
  'Only answers count against the quota: a 2xx, or a definitive negative (404 NO_RESULTS, a 404 *_NOT_FOUND' +
  `${declaredBilled.map((e) => `, ${e}`).join('')}); every other error costs nothing: input errors, 401, 429, ` +
  'and failures of a source or of the service.';

/**
 * API Gateway's usage plans count every request that passes the key check, billed or not: their daily quota
 * is this many times the tier's, a coarse ceiling above the functions' exact count that stops runaway use at
 * the edge. Only a key that sends more than two unbilled requests per billed one meets it first.
 */
export const GATEWAY_CEILING_FACTOR = 3;

/**
 * A declared error that is a definitive negative: billed like an answer. A spec says so with `billed`;
 * without it, a 404 NO_RESULTS or `*_NOT_FOUND` is one.
 * @example definitiveNegative('HOTEL_NOT_FOUND', { status: 404, when: '…' }) // true
 */
export function definitiveNegative(code: string, spec: ErrorSpec): boolean {
  return spec.billed ?? (spec.status === 404 && (code === 'NO_RESULTS' || code.endsWith('_NOT_FOUND')));
}

/**
 * Whether a route's outcome is billed: any 2xx, or one of its declared definitive negatives.
 * @example isBilled(routes.coordinatesLookup, 400, 'INVALID_PARAMETERS') // false
 */
export function isBilled(route: Route, status: number, code?: string): boolean {
  if (status >= 200 && status < 300) return true;
  const spec = code ? errorSpec(route, code) : undefined;
  return spec !== undefined && spec.status === status && definitiveNegative(code!, spec);
}
