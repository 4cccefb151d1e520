/** rental listing details, from the sections payload in the listing page's deferred state. */
import type { RentalDetails } from '../../schemas/rental.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { extractDetails } from './extract.ts';
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
  const res = await fetchUpstream<string>(listingPageRequest(listingId, stay), ctx);
  return res.status === 404 ? undefined : extractDetails(pdpFromPage(res.body, res.status));
}
