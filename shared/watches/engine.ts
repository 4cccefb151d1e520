/**
 * The watch engine, the same deployed and local: a tick finds the due watches in the due-time index and
 * claims each with one conditional write (so of the schedulers that find it due, one checks it), and
 * queues a check; a check is one billed call of the watched route on behalf of the owner's key, through
 * the route's own handler; when the condition starts to hold, a delivery is kept and queued; a delivery is
 * posted signed, again with the same `webhook-id` on a failure, with exponential backoff and jitter over
 * about a day, then marked failed and the watch paused with the reason. Time comes from `clock`, so tests
 * drive it.
 *
 * Deployed, the queues are SQS with dead-letter queues (functions/watches/*.ts); locally, in process
 * (local-queue.ts).
 */
import { randomBytes } from 'node:crypto';
import { STATUS } from '../errors.ts';
import { log } from '../log.ts';
import { emfLine } from '../metrics.ts';
import type { Route, WatchFields } from '../routes/index.ts';
import { CallbackUrlError, checkCallbackUrl } from './callback-url.ts';
import { holds, NOTHING_AVAILABLE, readValues, subject, valuesAt } from './condition.ts';
import { callRoute, type RouteHandler } from './invoke.ts';
import { KEPT, type Check, type Delivery, type Values, type WatchRecord } from './model.ts';
import { updateDelivery, updateWatch } from './store.ts';
import type { DeliveryRecord, WatchStore } from './store-types.ts';
import { postWebhook, signedHeaders, type PostResult } from './webhook.ts';
import { watchSecret } from './signing.ts';

/** A check to run: the watch, and the tick that claimed it. */
export interface CheckMessage {
  watchId: string;
  tick: number;
}
/** A delivery attempt to make. */
export interface DeliveryMessage {
  deliveryId: string;
}

/** Where the work goes: SQS deployed, in process locally. */
export interface Queue<T> {
  send(messages: T[]): Promise<void>;
}
export interface WatchQueues {
  checks: Queue<CheckMessage>;
  deliveries: Queue<DeliveryMessage>;
}

export interface EngineDeps {
  store: WatchStore;
  queues: WatchQueues;
  /** Epoch ms now. */
  clock: () => number;
  /** The route of a manifest id and its handler (loaded on first use). */
  route: (routeId: string) => Promise<{ route: Route; handler: RouteHandler }>;
  /** Posts a delivery (default: through the outbound guard). */
  post?: (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;
  /** 0 to 1, for the backoff's jitter. */
  random?: () => number;
  /**
   * The real time a delivery is signed at (its `webhook-timestamp`): receivers hold it against their own
   * clock, whatever clock drives the schedule. Default Date.now.
   */
  wallClock?: () => number;
}

/** The scheduler's period: a check that failed at its source is tried again one tick later. */
export const TICK_MS = 60_000;
/**
 * The delays before each attempt after the first (Standard Webhooks' suggested schedule): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; 8 attempts over about 27 hours, each delay ±20 % of jitter.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** How long a claimed delivery attempt is held before a tick may send it again (its worker died). */
export const ATTEMPT_LEASE_MS = 15 * 60_000;
/** At most this many due items are claimed in one tick, of each kind. */
export const TICK_LIMIT = 5_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The metric the delivery failure-rate alarm reads (infra/constructs/watches.ts), by outcome. */
export const DELIVERY_METRIC = 'WatchDeliveries';

/** One delivery attempt's outcome as a CloudWatch metric (EMF), deployed or with METRICS=emf. */
function recordAttempt(outcome: 'delivered' | 'retrying' | 'failed'): void {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.METRICS !== 'emf') return;
  process.stdout.write(emfLine(DELIVERY_METRIC, 'Count', 1, { outcome }));
}

/** What one tick did. */
export interface TickResult {
  due: number;
  claimed: number;
  deliveries: number;
}

/**
 * Finds what is due at `clock()` and queues it, each watch and delivery claimed by exactly one tick.
 * @example await tick(deps) // { due: 3, claimed: 3, deliveries: 0 }
 */
export async function tick(deps: EngineDeps): Promise<TickResult> {
  const now = deps.clock();
  const due = await deps.store.due(now, TICK_LIMIT);
  const claimed = await Promise.all(
    due.map(async (d) =>
      (await deps.store.claim(d.id, d.dueAt, now + d.interval * 1000)) ? d.id : undefined,
    ),
  );
  const checks = claimed
    .filter((id): id is string => id !== undefined)
    .map((watchId) => ({ watchId, tick: now }));
  if (checks.length > 0) await deps.queues.checks.send(checks);
  const pending = await deps.store.dueDeliveries(now, TICK_LIMIT);
  const attempts = (
    await Promise.all(
      pending.map(async (d) =>
        (await deps.store.claimDelivery(d.id, d.dueAt, now + ATTEMPT_LEASE_MS)) ? d.id : undefined,
      ),
    )
  )
    .filter((id): id is string => id !== undefined)
    .map((deliveryId) => ({ deliveryId }));
  if (attempts.length > 0) await deps.queues.deliveries.send(attempts);
  return { due: due.length, claimed: checks.length, deliveries: attempts.length };
}

/** The error code an error answer carries, in any of the contract's bodies. */
function codeOf(body: unknown): string | undefined {
  const b = body as { error_code?: string; error?: { code?: string } } | null;
  return b?.error_code ?? b?.error?.code;
}

/**
 * How a check's answer is taken: by its status and, for a refusal, the code it came with. A code the route
 * declares `unavailable` (nothing free for the stay) is an answer, a state the watch follows.
 */
function outcomeOf(status: number, body: unknown, fields: WatchFields | undefined): Check['outcome'] {
  // A partial answer (an entry that could not be read) is never compared: it would read as a change. It is
  // an answer (billed), so it waits for the interval like one, not for the next tick.
  if (status >= 200 && status < 300)
    return fields?.unread && valuesAt(body, fields.unread).includes(null) ? 'partial' : 'answered';
  if (status >= 400 && status < 500 && fields?.unavailable?.includes(codeOf(body) ?? '')) return 'answered';
  if (status === STATUS.tooManyRequests) return 'quota';
  const refused: number[] = [
    STATUS.badRequest,
    STATUS.unauthorized,
    STATUS.notFound,
    STATUS.unprocessableContent,
  ];
  if (refused.includes(status)) return 'refused';
  return 'source_failed';
}

/** The reason an error answer gives, in words. */
function reasonOf(status: number, body: unknown): string {
  const b = body as { detail?: string; error?: { message?: string } } | null;
  const code = codeOf(body);
  const text = b?.detail ?? b?.error?.message;
  return `the route answered ${status}${code ? ` ${code}` : ''}${text ? `: ${text}` : ''}`;
}

/** Whether the watch's stay or date has begun: its first day before today (UTC). */
function stayPast(watch: WatchRecord, ends: string | undefined, now: number): boolean {
  const first = ends ? watch.params[ends] : undefined;
  const day = Array.isArray(first) ? first[0] : first;
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && day < iso(now).slice(0, 10);
}

/**
 * Runs one claimed check: the route called on behalf of the key, the check recorded, and a delivery kept
 * and queued when the condition starts to hold. A source's failure is tried again next tick (the call was
 * not billed: the quota gives it back); a refusal for input (a date now past, the key revoked) ends the
 * watch with its reason.
 * @example await runCheck(deps, { watchId, tick: now })
 */
export async function runCheck(deps: EngineDeps, message: CheckMessage): Promise<void> {
  const watch = await deps.store.get(message.watchId);
  if (!watch || watch.status !== 'active') return;
  // SQS delivers at least once: a message received again after its check was recorded is not billed twice.
  const last = watch.checks[0];
  if (last && Date.parse(last.at) >= message.tick) return;
  const now = deps.clock();
  const { route, handler } = await deps.route(watch.routeId);
  if (watch.expiresAt <= now || stayPast(watch, route.watch?.ends, now)) {
    await updateWatch(deps.store, watch.id, (w) => {
      if (w.status !== 'active') return false;
      w.status = 'ended';
      w.reason =
        w.expiresAt <= now
          ? 'expired: its end (expires_at) has come'
          : "expired: the watched stay's first day is past";
    });
    return;
  }
  const answer = await callRoute(route, handler, watch.params, watch.keyId);
  const outcome = outcomeOf(answer.status, answer.body, route.watch);
  const values: Values | null =
    outcome !== 'answered'
      ? null
      : answer.status < 300
        ? readValues(answer.body, route.watch!)
        : NOTHING_AVAILABLE;
  let delivery: DeliveryRecord | undefined;
  await updateWatch(
    deps.store,
    watch.id,
    (w) => {
      if (w.status !== 'active') return false;
      let fired = false;
      delivery = undefined;
      if (values) {
        // price_drop_pct measures from the first price seen: a first check with nothing free sets none.
        const baseline =
          w.baseline && (w.baseline.price !== null || values.price === null) ? w.baseline : values;
        const now_ = holds(w.condition, values, w.last, baseline);
        fired = now_ && !w.holding;
        if (fired) delivery = newDelivery(w, values, answer.body, now);
        w.baseline = baseline;
        w.holding = now_;
        w.last = values;
      } else if (outcome === 'refused') {
        w.status = 'ended';
        w.reason = reasonOf(answer.status, answer.body);
      } else if (outcome === 'source_failed') {
        // Not billed; tried again at the next tick rather than a whole interval later.
        w.dueAt = Math.min(w.dueAt, now + TICK_MS);
      }
      w.checks = [{ at: iso(now), outcome, status: answer.status, values, fired }, ...w.checks].slice(
        0,
        KEPT.checks,
      );
      if (delivery) w.deliveries = [summaryOf(delivery), ...w.deliveries].slice(0, KEPT.deliveries);
    },
    watch,
  );
  if (!delivery) return;
  // Kept due now before it is queued: should the queueing fail, the next tick finds it.
  await deps.store.putDelivery(delivery);
  if (await deps.store.claimDelivery(delivery.id, now, now + ATTEMPT_LEASE_MS))
    await deps.queues.deliveries.send([{ deliveryId: delivery.id }]);
}

function newDelivery(w: WatchRecord, values: Values, answer: unknown, now: number): DeliveryRecord {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const payload = {
    type: 'watch.triggered',
    timestamp: iso(now),
    data: {
      watch_id: w.id,
      route: w.route,
      params: w.params,
      condition: w.condition,
      previous: subject(w.condition, w.last),
      current: subject(w.condition, values),
      baseline: subject(w.condition, w.baseline ?? values),
      checked_at: iso(now),
      answer,
    },
  };
  return {
    id,
    watchId: w.id,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: [],
    createdAt: now,
    nextAttemptAt: now,
    version: 0,
  };
}

const summaryOf = (d: DeliveryRecord): Delivery => ({
  webhook_id: d.id,
  status: d.status,
  created_at: iso(d.createdAt),
  next_attempt_at: d.status === 'pending' && d.nextAttemptAt !== null ? iso(d.nextAttemptAt) : null,
  attempts: d.attempts,
});

/**
 * Makes one attempt of a delivery: signed now, posted, recorded on the delivery and the watch; a failure
 * waits its turn in the schedule (the next tick after it sends it), and the last one fails the delivery
 * and pauses the watch with the reason.
 * @example await runDelivery(deps, { deliveryId })
 */
export async function runDelivery(deps: EngineDeps, message: DeliveryMessage): Promise<void> {
  const delivery = await deps.store.getDelivery(message.deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const watch = await deps.store.get(delivery.watchId);
  if (!watch) {
    await updateDelivery(deps.store, delivery.id, (d) => {
      d.status = 'failed';
      d.nextAttemptAt = null;
    });
    return;
  }
  const now = deps.clock();
  let result: PostResult;
  try {
    await checkCallbackUrl(watch.callbackUrl);
    const headers = signedHeaders(
      await watchSecret(watch.id),
      delivery.id,
      new Date((deps.wallClock ?? Date.now)()),
      delivery.payload,
    );
    result = await (deps.post ?? postWebhook)(watch.callbackUrl, headers, delivery.payload);
  } catch (error) {
    result = { status: null, error: error instanceof CallbackUrlError ? error.message : String(error) };
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300 && !result.error;
  const random = deps.random ?? Math.random;
  const written = await updateDelivery(deps.store, delivery.id, (d) => {
    if (d.status !== 'pending') return false;
    d.attempts.push({
      at: iso(now),
      status: result.status,
      error: ok ? null : (result.error ?? `HTTP ${result.status}`),
    });
    const delay = RETRY_DELAYS_MS[d.attempts.length - 1];
    if (ok) {
      d.status = 'delivered';
      d.nextAttemptAt = null;
    } else if (delay === undefined) {
      d.status = 'failed';
      d.nextAttemptAt = null;
    } else d.nextAttemptAt = now + Math.round(delay * (0.8 + 0.4 * random()));
  });
  if (!written) return;
  const failedFinally = written.status === 'failed';
  recordAttempt(written.status === 'pending' ? 'retrying' : written.status);
  if (failedFinally) log('warn', 'watch delivery failed', { watch: watch.id, delivery: written.id });
  await updateWatch(deps.store, watch.id, (w) => {
    w.deliveries = w.deliveries.map((d) => (d.webhook_id === written.id ? summaryOf(written) : d));
    if (!w.deliveries.some((d) => d.webhook_id === written.id))
      w.deliveries = [summaryOf(written), ...w.deliveries].slice(0, KEPT.deliveries);
    if (failedFinally && w.status === 'active') {
      w.status = 'paused';
      w.reason = `delivery ${written.id} failed after ${written.attempts.length} attempts over about a day (last: ${written.attempts.at(-1)?.error ?? 'no answer'})`;
    }
  });
}
