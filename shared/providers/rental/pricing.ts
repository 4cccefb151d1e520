/**
 * rental prices from the sections API's book-it section, one checked GET with the web app's key (the
 * provider's session). A stay the platform will not sell (too many guests, unavailable dates) is reported
 * as such; an unknown persisted-query hash is a 502 naming it, and so is a stale one (the answer it gives:
 * no errors, no price, no reason).
 */
import { fetchParsed } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { extractQuote, type Quote } from './extract-quote.ts';
import { PdpAnswer, sectionsRefusal } from './extract.ts';
import { sectionsHash, sectionsRequest } from './requests.ts';

export type PricingResult = Exclude<Quote, { kind: 'no-price' }> | { kind: 'missing' };

/**
 * What the stay costs in the currency asked for; or why the platform will not sell it; or that it priced in
 * another currency; or `missing` when there is no such listing.
 * @example await listingPricing(ctx, { listingId: '40000001', checkIn: '2030-06-01', checkOut: '2030-06-04', nights: 3, adults: 2, currency: 'EUR' }) // { kind: 'priced', pricing: { currency: 'EUR', total: 612.4, … } }
 */
export async function listingPricing(
  ctx: UpstreamContext,
  q: {
    listingId: string;
    checkIn: string;
    checkOut: string;
    nights: number;
    adults: number;
    currency: string;
  },
): Promise<PricingResult> {
  const stay = {
    checkIn: q.checkIn,
    checkOut: q.checkOut,
    adults: q.adults,
    children: 0,
    infants: 0,
    pets: 0,
  };
  const res = await fetchParsed(
    sectionsRequest(q.listingId, stay, q.currency),
    PdpAnswer,
    ctx,
    'the sections answer',
  );
  const refused = sectionsRefusal(res.body, res.status, sectionsHash());
  if (refused) throw refused;
  if (!res.body.data)
    throw new ExtractionError('rental', 'the sections answer has no data', undefined, res.status);
  const page = res.body.data.presentation?.stayProductDetailPage;
  // Only a page stated null is a listing the source does not have; no page at all is a changed answer.
  if (page === null) return { kind: 'missing' };
  if (!page) throw new ExtractionError('rental', 'the sections answer has no page', undefined, res.status);
  const quote = extractQuote(page.sections, q);
  // A stale hash still answers, without errors[]: a book-it section with neither a price nor a reason.
  if (quote.kind === 'no-price')
    throw new UpstreamError(
      'rental',
      `StaysPdpSections answered neither a price nor a reason for ${q.checkIn} to ${q.checkOut}` +
        `${quote.note ? ` ("${quote.note}")` : ''}: the persisted query ${sectionsHash()} is stale; ` +
        'update operations.stays_pdp_sections',
      res.status,
    );
  return quote;
}
