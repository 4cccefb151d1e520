/**
 * Bills authenticated calls against the key's daily quota (per UTC day, by tier) and sends
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (epoch seconds) on every
 * keyed response. Over quota: 429 `rate_limit_exceeded` with `Retry-After` until UTC midnight.
 *
 * Reserve, then settle: before the call, one conditional atomic write reserves it in the key's day item
 * (refused at the limit); when the outcome is not billable (daily-quota-billing.ts), one atomic write
 * gives it back in the same item. So the count is exact under concurrency and across instances, and the
 * billed calls never exceed the quota; a call may be refused while non-billable calls of the same key are
 * still in flight holding their reservation (at most as many as are in flight).
 */
import { createHash } from 'node:crypto';
import { GlobalError, ProblemError, RateLimitExceededError } from '../errors.ts';
import { utcDay } from '../dates.ts';
import { log } from '../log.ts';
import { BILLING_RULE, isBilled } from './daily-quota-billing.ts';
import { dailyQuota, type ApiKeyRecord, type CounterStore } from '../store/types.ts';
import { callerLookup } from './api-key-auth.ts';
import { startedWork, stateOf, type ApiMiddleware, type ApiRequest, type RequestState } from './state.ts';
import { routeEntries, type Route } from '../routes/index.ts';

/**
 * A route's short, stable name in the day's counter item: 4 base-36 digits of its manifest id's SHA-256.
 * With 60 and more routes, full ids would take a key that calls every endpoint past 1 KB, two write units a
 * call; 4 digits keep the item under 1 KB. A clash between two ids fails at import, so a test catches it.
 * @example endpointCode('coordinatesLookup') // 4 characters, always the same
 */
export function endpointCode(id: string): string {
  return BigInt(`0x${createHash('sha256').update(id).digest('hex').slice(0, 12)}`)
    .toString(36)
    .slice(-4)
    .padStart(4, '0');
}

const ROUTE_CODES = new Map<Route, string>(routeEntries.map(([id, route]) => [route, endpointCode(id)]));
/** The route of each code, for readers of the counts (usage, dashboard). */
export const ROUTE_OF_CODE = new Map<string, Route>(
  routeEntries.map(([id, route]) => [endpointCode(id), route]),
);
if (ROUTE_OF_CODE.size !== routeEntries.length) throw new Error('two route ids share an endpoint code');

/** The reservations started and not yet awaited, by request (`overlap`). */
const reservations = startedWork<void>('quota reservation');

/**
 * The request's quota reservation when `dailyQuotaLimit` started it without waiting (`overlap`): resolves
 * once the call is counted, rejects with the 429 (or the store's error). Undefined when there is none to
 * wait for (open route, uncounted route, or a reservation already awaited by the middleware).
 * @example await Promise.all([quotaReservation(event), results.get(key)])
 */
export function quotaReservation(event: object): Promise<void> | undefined {
  return reservations.of(event);
}

/**
 * Reservations of each key held by calls still running in this process. A refusal while some are held may
 * be theirs (a call that ends unbilled gives its reservation back), so it waits for them a little before
 * it says the quota is used up.
 */
const holding = new Map<string, { count: number; wake: (() => void)[] }>();
/** How long a refused call waits for the key's running calls to settle before it answers. */
export const IN_FLIGHT_WAIT_MS = 1_500;
/** The Retry-After of a refusal while calls of the key still run: the quota is not known to be used up. */
export const IN_FLIGHT_RETRY_S = 1;

/** How often a refused call asks again while another instance's calls may run. */
const POLL_MS = 500;
/** A reservation younger than the longest call (API Gateway's 29 s) may belong to a call still running. */
const mayRun = (lastAt: number | undefined) => lastAt !== undefined && Date.now() - lastAt < 30_000;

const heldBy = (keyId: string) => holding.get(keyId)?.count ?? 0;
function hold(keyId: string): void {
  const h = holding.get(keyId) ?? { count: 0, wake: [] };
  h.count++;
  holding.set(keyId, h);
}
function release(keyId: string): void {
  const h = holding.get(keyId);
  if (!h) return;
  if (--h.count === 0) holding.delete(keyId);
  for (const wake of h.wake.splice(0)) wake();
}
/** Resolves when a call of the key settles here, or after `ms`. */
const settled = (keyId: string, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    holding.get(keyId)?.wake.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A call counted against a key's day, given back when its outcome is not billed. */
interface Reservation {
  keyId: string;
  day: string;
  endpoint: string;
  limit: number;
}

/**
 * Counts the call against the caller's tier for the UTC day; runs after `apiKeyAuth` (and, when that one
 * overlaps its key lookup, sends the reservation as soon as the caller is known).
 *
 * With `overlap`, the reservation is started and not awaited: the handler must await
 * `quotaReservation(event)` before any work the quota guards, and may do so together with a read of its
 * own (the shared result cache), so that a hit costs one round trip. A refusal still wins: the handler's
 * await throws the 429, and when an earlier error (an invalid parameter) ends the request first, the 429
 * replaces it, as it would have come first without overlap. An unbilled outcome is given back as ever.
 * @example middy(handler).use(apiKeyAuth(keys)).use(dailyQuotaLimit(async () => (await stores()).counters))
 */
export function dailyQuotaLimit(
  counters: () => CounterStore | Promise<CounterStore>,
  clock: () => Date = () => new Date(),
  { overlap = false }: { overlap?: boolean } = {},
): ApiMiddleware {
  const reserved = new WeakMap<object, Reservation>();
  // The UTC day and its reset, worked out once a day rather than on every call: reused while the clock
  // stays within that day.
  let today = { day: '', resetEpoch: 0, from: 0 };
  const dayOf = (now: Date) => {
    const t = now.getTime();
    if (t < today.from || t >= today.resetEpoch * 1000) {
      const { day, resetEpoch } = utcDay(now);
      today = { day, resetEpoch, from: Date.parse(`${day}T00:00:00Z`) };
    }
    return today;
  };
  const reserve = async (request: ApiRequest, state: RequestState, caller: ApiKeyRecord) => {
    const now = clock();
    const { day, resetEpoch } = dayOf(now);
    const limit = dailyQuota(caller.tier);
    // The route is counted with the call, in the same write (per-endpoint usage), by its short code: a day's
    // counter item stays under 1 KB, one write unit, however many endpoints a key calls.
    const endpoint = ROUTE_CODES.get(state.route) ?? state.route.path;
    const store = await counters();
    let { allowed, count, lastAt } = await store.consume(caller.keyId, day, limit, endpoint);
    // Refused while calls of the key may still run (here, or reserved moments ago by another instance):
    // wait for them to settle, then ask again, so that a call given back is not refused as "used up".
    const until = Date.now() + IN_FLIGHT_WAIT_MS;
    while (!allowed && Date.now() < until && (heldBy(caller.keyId) > 0 || mayRun(lastAt))) {
      await settled(caller.keyId, Math.min(POLL_MS, until - Date.now()));
      ({ allowed, count, lastAt } = await store.consume(caller.keyId, day, limit, endpoint));
    }
    state.responseHeaders['X-RateLimit-Limit'] = String(limit);
    state.responseHeaders['X-RateLimit-Remaining'] = String(Math.max(0, limit - count));
    state.responseHeaders['X-RateLimit-Reset'] = String(resetEpoch);
    if (!allowed) {
      const running = heldBy(caller.keyId);
      throw running
        ? new RateLimitExceededError(limit, IN_FLIGHT_RETRY_S, BILLING_RULE, running)
        : new RateLimitExceededError(
            limit,
            Math.max(1, Math.ceil(resetEpoch - now.getTime() / 1000)),
            BILLING_RULE,
          );
    }
    hold(caller.keyId);
    reserved.set(request.event, { keyId: caller.keyId, day, endpoint, limit });
  };
  const dailyQuotaBefore = async (request: ApiRequest) => {
    const state = stateOf(request.event);
    if (state.route.counted === false) return; // reads the quota without spending it: it sets its own headers
    // The caller, known, or still being looked up (apiKeyAuth's overlap): the reservation follows the lookup,
    // and fails with its 401.
    const lookup = callerLookup(request.event);
    if (!state.caller && !lookup) return; // open route: nothing to count
    const reservation = lookup
      ? lookup.then((caller) => reserve(request, state, caller))
      : reserve(request, state, state.caller!);
    if (!overlap) return reservation;
    reservations.start(request.event, reservation); // the handler or onError sees the refusal
  };
  /** Gives the reservation back when the outcome is not billable. */
  const settle = (request: ApiRequest, status: number, code?: string): Promise<void> | undefined => {
    const held = reserved.get(request.event);
    if (!held) return;
    reserved.delete(request.event);
    const state = stateOf(request.event);
    // A HEAD answers as its GET would (429 included) but carries no answer: it is never billed.
    if (request.event.httpMethod !== 'HEAD' && isBilled(state.route, status, code)) {
      release(held.keyId);
      return;
    }
    return refund(state, held).finally(() => release(held.keyId));
  };
  const refund = async (state: RequestState, held: Reservation) => {
    try {
      await (await counters()).refund(held.keyId, held.day, held.endpoint);
      const remaining = Number(state.responseHeaders['X-RateLimit-Remaining']) + 1;
      state.responseHeaders['X-RateLimit-Remaining'] = String(Math.min(held.limit, remaining));
    } catch (error) {
      // The answer stands; the call stays billed (the safe side for the quota) and the failure is logged.
      log('error', 'quota refund failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const dailyQuotaAfter = (request: ApiRequest) => {
    // A handler that answered without awaiting a refused reservation does not get to send its answer.
    const billed = () => settle(request, request.response?.statusCode ?? 200);
    const landing = reservations.landed(request.event);
    if (!landing) return billed();
    return landing.then((refused) => {
      if (refused) throw refused;
      return billed();
    });
  };
  const dailyQuotaOnError = async (request: ApiRequest) => {
    const refused = await reservations.landed(request.event);
    if (refused && refused !== request.error) request.error = refused as Error;
    const error = request.error;
    if (error instanceof ProblemError) return settle(request, error.status, error.errorCode);
    if (error instanceof GlobalError) return settle(request, error.status, error.code);
    const status = (error as { status?: number; statusCode?: number } | null)?.status;
    return settle(request, typeof status === 'number' ? status : 500);
  };
  return { name: 'dailyQuota', before: dailyQuotaBefore, after: dailyQuotaAfter, onError: dailyQuotaOnError };
}
