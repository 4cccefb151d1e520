/** rental listing details, from the sections payload in the listing page's deferred state. */
import type { RentalDetails } from '../../schemas/rental.ts';
import { fetchExtracted } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { extractDetails } from './extract-details.ts';
import { pdpFromPage } from './page.ts';
import { listingPageRequest, type Stay } from './requests.ts';

/**
 * A listing's details, or undefined when the platform has no such listing.
 * @example await listingDetails(ctx, '40000001', { checkIn: '2030-06-01', checkOut: '2030-06-04', adults: 2, children: 0, infants: 0, pets: 0 }) // { title: 'Sunny loft in Tokyo', rating: '4.85 (123)', … }
 */
export async function listingDetails(
  ctx: UpstreamContext,
  listingId: string,
  stay: Stay,
): Promise<RentalDetails | undefined> {
  // The details, not the page, is kept: a hit reads nothing again.
  const res = await fetchExtracted(listingPageRequest(listingId, stay), ctx, 'details', ({ status, body }) =>
    status === 404 ? undefined : extractDetails(pdpFromPage(String(body), status)),
  );
  return res.body;
}
