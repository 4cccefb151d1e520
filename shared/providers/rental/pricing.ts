/**
 * rental prices from the pricing API. A stay the platform will not sell (booked nights, too many
 * guests) is reported as such. Kept apart from the details so the pricing function parses no HTML.
 */
import * as z from 'zod';
import { RentalPricing } from '../../schemas/rental.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const Pricing = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(false),
    reason: z.string(),
    maxGuests: z.number().int().min(1).optional(),
  }),
  z.object({
    available: z.literal(true),
    currency: z.string(),
    lines: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number() })),
  }),
]);

export type PricingResult =
  | { kind: 'priced'; pricing: RentalPricing }
  | { kind: 'unavailable'; reason: string; maxGuests?: number }
  | { kind: 'missing' };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What the stay costs, in the currency the platform answered in (the caller checks it is the one asked
 * for); or why the platform will not sell it; or `missing` when there is no such listing.
 * @example await listingPricing(ctx, { listingId: 40000001, checkIn: '2030-06-01', checkOut: '2030-06-04', nights: 3, adults: 2, currency: 'EUR' }) // { kind: 'priced', pricing: { currency: 'EUR', total: 612.4, ... } }
 */
export async function listingPricing(
  ctx: UpstreamContext,
  q: {
    listingId: number;
    checkIn: string;
    checkOut: string;
    nights: number;
    adults: number;
    currency: string;
  },
): Promise<PricingResult> {
  const res = await fetchUpstream(
    {
      provider: 'rental',
      path: `/api/pricing/${q.listingId}`,
      expect: 'json',
      cache: 'prices',
      notFoundOk: true,
      query: { check_in: q.checkIn, check_out: q.checkOut, adults: q.adults, currency: q.currency },
    },
    ctx,
  );
  if (res.status === 404) return { kind: 'missing' };
  const parsed = Pricing.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'rental',
      'pricing does not have the expected fields',
      parsed.error,
      res.status,
    );
  const p = parsed.data;
  if (!p.available) return { kind: 'unavailable', reason: p.reason, maxGuests: p.maxGuests };
  const sum = (kind: string) =>
    round(p.lines.filter((l) => l.kind === kind).reduce((n, l) => n + l.amount, 0));
  const total = round(p.lines.reduce((n, l) => n + l.amount, 0));
  const accommodation = sum('ACCOMMODATION');
  return {
    kind: 'priced',
    pricing: conform(
      'rental',
      RentalPricing,
      {
        nights: q.nights,
        currency: p.currency,
        nightly_rate: round(accommodation / q.nights),
        accommodation_total: accommodation,
        service_fee: sum('SERVICE_FEE'),
        total,
        total_formatted: `${p.currency}${total.toFixed(2)}`,
        breakdown: p.lines.map((l) => ({ type: l.kind, description: l.label, amount: l.amount })),
      },
      'the pricing',
      res.status,
    ),
  };
}
