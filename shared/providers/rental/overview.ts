/** rental listing overview, from the sections payload of the listing page asked for without dates. */
import type { RentalOverview } from '../../schemas/rental.ts';
import { fetchExtracted } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { extractOverview } from './extract-overview.ts';
import { pdpFromPage } from './page.ts';
import { listingPageRequest } from './requests.ts';

/**
 * A listing's overview, or undefined when the platform has no such listing.
 * @example await listingOverview(ctx, '1300000000000000001') // { title: 'Sunny loft in Lorvane', bedrooms: 2, baths: 1.5, … }
 */
export async function listingOverview(
  ctx: UpstreamContext,
  listingId: string,
): Promise<RentalOverview | undefined> {
  // The overview, not the page, is kept: a hit reads nothing again.
  const res = await fetchExtracted(listingPageRequest(listingId), ctx, 'overview', ({ status, body }) =>
    status === 404 ? undefined : extractOverview(pdpFromPage(String(body), status)),
  );
  return res.body;
}
