/**
 * rental listings: details from the listing page's embedded JSON state, prices from the pricing
 * API. A stay the platform will not sell (booked nights, too many guests) is reported as such.
 */
import { parse } from 'node-html-parser';
import * as z from 'zod';
import { RentalDetails, RentalPricing } from '../../schemas/rental.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const State = z.object({
  listing: z.object({
    name: z.string(), pictureUrl: z.string(), hostName: z.string(), personCapacity: z.number().int(),
    avgRating: z.number(), reviewCount: z.number().int(), badge: z.string().default(''),
    guestControls: z.object({ allowsChildren: z.boolean(), allowsInfants: z.boolean(), allowsPets: z.boolean() }),
  }),
});

/** @example detailsFromPage(html) // { title, image_url, rating: '4.85 (123)', ... } */
export function detailsFromPage(html: string): RentalDetails {
  const script = parse(html, { blockTextElements: { script: true } }).querySelector('script#data-deferred-state');
  if (!script) throw new ExtractionError('rental', 'the listing page has no embedded state');
  let json: unknown;
  try {
    json = JSON.parse(script.text);
  } catch (cause) {
    throw new ExtractionError('rental', 'the embedded state does not parse', cause);
  }
  const parsed = State.safeParse(json);
  if (!parsed.success) throw new ExtractionError('rental', 'the embedded state does not have the expected fields', parsed.error);
  const l = parsed.data.listing;
  return RentalDetails.parse({
    title: l.name, image_url: l.pictureUrl, rating: `${l.avgRating.toFixed(2)} (${l.reviewCount})`, rating_count: l.reviewCount,
    badge: l.badge, host_name: l.hostName, max_guests: l.personCapacity,
    children_allowed: l.guestControls.allowsChildren, infants_allowed: l.guestControls.allowsInfants, pets_allowed: l.guestControls.allowsPets,
  });
}

export async function listingDetails(ctx: UpstreamContext, listingId: number): Promise<RentalDetails | undefined> {
  const res = await fetchUpstream<string>({ provider: 'rental', path: `/rooms/${listingId}`, expect: 'html', cache: 'reviews', notFoundOk: true }, ctx);
  return res.status === 404 ? undefined : detailsFromPage(res.body);
}

const Pricing = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string(), maxGuests: z.number().int().optional() }),
  z.object({ available: z.literal(true), currency: z.string(), lines: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number() })) }),
]);

export type PricingResult = { kind: 'priced'; pricing: RentalPricing } | { kind: 'unavailable'; reason: string; maxGuests?: number } | { kind: 'missing' };

const round = (n: number) => Math.round(n * 100) / 100;

export async function listingPricing(ctx: UpstreamContext, q: { listingId: number; checkIn: string; checkOut: string; nights: number; adults: number; currency: string }): Promise<PricingResult> {
  const res = await fetchUpstream({
    provider: 'rental', path: `/api/pricing/${q.listingId}`, expect: 'json', cache: 'prices', notFoundOk: true,
    query: { check_in: q.checkIn, check_out: q.checkOut, adults: q.adults, currency: q.currency },
  }, ctx);
  if (res.status === 404) return { kind: 'missing' };
  const parsed = Pricing.safeParse(res.body);
  if (!parsed.success) throw new ExtractionError('rental', 'pricing does not have the expected fields', parsed.error);
  const p = parsed.data;
  if (!p.available) return { kind: 'unavailable', reason: p.reason, maxGuests: p.maxGuests };
  const sum = (kind: string) => round(p.lines.filter((l) => l.kind === kind).reduce((n, l) => n + l.amount, 0));
  const total = round(p.lines.reduce((n, l) => n + l.amount, 0));
  const accommodation = sum('ACCOMMODATION');
  return {
    kind: 'priced',
    pricing: RentalPricing.parse({
      nights: q.nights, currency: p.currency, nightly_rate: round(accommodation / q.nights), accommodation_total: accommodation,
      service_fee: sum('SERVICE_FEE'), total, total_formatted: `${p.currency}${total.toFixed(2)}`,
      breakdown: p.lines.map((l) => ({ type: l.kind, description: l.label, amount: l.amount })),
    }),
  };
}
