/**
 * The watch resource (issue #38): what a key's owner sends to create one, what is kept, and the limits of
 * each tier. The conditions are few and typed; which fields of a route's answer they may follow is
 * declared once, on the route (`watch` in the manifest).
 */
import * as z from 'zod';
import type { Tier } from '../store/types.ts';

/** A watch's id: `wch_` and 20 hex digits. */
export const WatchId = z
  .string()
  .regex(/^wch_[0-9a-f]{20}$/, {
    error: 'must be a watch id as its creation returned it (wch_ and 20 hex digits)',
  })
  .meta({ description: 'The watch id, as its creation returned it', example: 'wch_0123456789abcdef0123' });

export const Condition = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('price_at_or_under'),
      value: z.number().positive().meta({ description: "The price, in the watched answer's currency" }),
    }),
    z.object({
      type: z.literal('price_drop_pct'),
      value: z
        .number()
        .gt(0)
        .max(100)
        .meta({ description: 'A drop in percent from the price of the first check' }),
    }),
    z.object({ type: z.literal('becomes_available') }),
    z.object({ type: z.literal('any_change') }),
  ])
  .meta({
    description:
      'When to call: the lowest price at or under a value, a drop in percent from the first check, availability, or any change of the fields the route declares watchable (prices, availability, rating)',
  });
export type Condition = z.infer<typeof Condition>;

/** A query parameter as JSON may carry it: the check sends it as the query string would. */
const ParamValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);

export const WatchBody = z
  .object({
    route: z.string().min(1).meta({
      description:
        'The path of the keyed data route to watch: as documented (`/v1/rental/listing/{listing_id}/pricing`, its path parameters then in params) or with them filled in (`/v1/rental/listing/40000001/pricing`)',
      example: '/v1/chain_b/hotel/rooms',
    }),
    params: z.record(z.string(), ParamValue).default({}).meta({
      description:
        "The route's query and, unless the path names them, its path parameters; checked as a real call would be",
    }),
    condition: Condition,
    callback_url: z
      .string()
      .min(1)
      .max(2048)
      .meta({ description: 'The https URL each delivery is posted to' }),
    interval: z
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(3_600)
      .meta({
        description: "Seconds between checks, at least the tier's minimum (free: hourly). Default 3600",
      }),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "When to stop; a watch also ends by itself once its stay's first day is past" }),
  })
  .strict();
export type WatchBody = z.infer<typeof WatchBody>;

/** The limits of each tier: how many watches a key keeps, and how often each may be checked. */
export const WATCH_LIMITS: Record<Tier, { watches: number; minInterval: number }> = {
  free: { watches: 3, minInterval: 3_600 },
  basic: { watches: 25, minInterval: 900 },
  pro: { watches: 250, minInterval: 300 },
  enterprise: { watches: 2_500, minInterval: 60 },
};

/** The values of a route's answer a watch follows (null where the answer does not state one). */
export const Values = z.object({
  price: z.number().nullable(),
  available: z.boolean().nullable(),
  rating: z.number().nullable(),
});
export type Values = z.infer<typeof Values>;

export const Attempt = z.object({
  at: z.iso.datetime(),
  status: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The receiver's HTTP status, null when none came" }),
  error: z.string().nullable(),
});

export const Delivery = z.object({
  webhook_id: z.string().meta({ description: 'The webhook-id header, the same on every attempt' }),
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: z.iso.datetime(),
  next_attempt_at: z.iso.datetime().nullable(),
  attempts: z.array(Attempt),
});
export type Delivery = z.infer<typeof Delivery>;

export const Check = z.object({
  at: z.iso.datetime(),
  outcome: z.enum(['answered', 'partial', 'source_failed', 'quota', 'refused']).meta({
    description:
      'answered (billed), partial (an answer that could not read every entry: billed, not compared, checked again at the interval), source_failed (retried next tick, not billed), quota, refused (ends the watch)',
  }),
  status: z.number().int(),
  values: Values.nullable(),
  fired: z.boolean(),
});
export type Check = z.infer<typeof Check>;

/** A watch as kept. Its signing secret is not: it is derived from its id (signing.ts). */
export interface WatchRecord {
  id: string;
  keyId: string;
  accountId?: string;
  tier: Tier;
  routeId: string;
  route: string;
  params: Record<string, string | string[]>;
  condition: Condition;
  callbackUrl: string;
  interval: number;
  /** Epoch ms. */
  expiresAt: number;
  createdAt: number;
  status: 'active' | 'paused' | 'ended';
  reason: string | null;
  /** Epoch ms of the next check, while active. */
  dueAt: number;
  /** The first check's values (price_drop_pct measures from them). */
  baseline: Values | null;
  last: Values | null;
  /** Whether the condition held at the last check: a delivery goes when it starts to hold. */
  holding: boolean;
  checks: Check[];
  deliveries: Delivery[];
  /** Optimistic lock: every write is conditional on it. */
  version: number;
}

/** What a watch's creation decides; the rest of its record is its state. */
export type NewWatch = Omit<
  WatchRecord,
  'status' | 'reason' | 'dueAt' | 'baseline' | 'last' | 'holding' | 'checks' | 'deliveries' | 'version'
>;

/**
 * A new watch's record: active and due at once (the first check runs at the next tick, whatever the
 * interval), nothing checked or delivered yet.
 * @example await store.create(newWatchRecord({ id, keyId, tier, routeId, route, params, … }), limit)
 */
export function newWatchRecord(watch: NewWatch): WatchRecord {
  return {
    ...watch,
    status: 'active',
    reason: null,
    dueAt: watch.createdAt,
    baseline: null,
    last: null,
    holding: false,
    checks: [],
    deliveries: [],
    version: 0,
  };
}

/** How many checks and deliveries a watch keeps to show. */
export const KEPT = { checks: 20, deliveries: 10 };

export const WatchView = z.object({
  id: WatchId,
  route: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  condition: Condition,
  callback_url: z.string(),
  interval: z.number().int(),
  expires_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  status: z.enum(['active', 'paused', 'ended']),
  reason: z.string().nullable().meta({ description: 'Why the watch is paused or ended' }),
  next_check_at: z.iso.datetime().nullable(),
  last_check: Check.nullable(),
  last_values: Values.nullable(),
});

export const WatchDetail = WatchView.extend({
  baseline: Values.nullable().meta({ description: 'The values of the first check' }),
  checks: z.array(Check).meta({ description: 'The last checks, newest first' }),
  deliveries: z
    .array(Delivery)
    .meta({ description: 'The last deliveries, newest first, each attempt listed' }),
});

const iso = (ms: number) => new Date(ms).toISOString();

/** @example viewOf(record).next_check_at */
export function viewOf(w: WatchRecord): z.input<typeof WatchView> {
  return {
    id: w.id,
    route: w.route,
    params: w.params,
    condition: w.condition,
    callback_url: w.callbackUrl,
    interval: w.interval,
    expires_at: iso(w.expiresAt),
    created_at: iso(w.createdAt),
    status: w.status,
    reason: w.reason,
    next_check_at: w.status === 'active' ? iso(w.dueAt) : null,
    last_check: w.checks[0] ?? null,
    last_values: w.last,
  };
}

/** @example detailOf(record).deliveries[0].attempts.length */
export function detailOf(w: WatchRecord): z.input<typeof WatchDetail> {
  return { ...viewOf(w), baseline: w.baseline, checks: w.checks, deliveries: w.deliveries };
}

/** The body of a delivery (the OpenAPI document's `webhooks`), signed by the three Standard Webhooks headers. */
export const WebhookPayload = z
  .object({
    type: z.literal('watch.triggered'),
    timestamp: z.iso.datetime().meta({ description: 'When the check that fired ran' }),
    data: z.object({
      watch_id: WatchId,
      route: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      condition: Condition,
      previous: z
        .unknown()
        .meta({ description: "The condition's value at the check before (null at the first)" }),
      current: z.unknown().meta({
        description: "The condition's value now: a price, an availability, or every followed value",
      }),
      baseline: z.unknown().meta({ description: "The condition's value at the first check" }),
      checked_at: z.iso.datetime(),
      answer: z.unknown().meta({ description: "The watched route's answer as checked" }),
    }),
  })
  .meta({
    description:
      'Posted to the callback URL with webhook-id (the same on every attempt), webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of id.timestamp.body under the whsec_ secret); answer 2xx to acknowledge',
  });
