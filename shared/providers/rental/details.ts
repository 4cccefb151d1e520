/** rental listing details, from the listing page's embedded JSON state. */
import { parse } from 'node-html-parser';
import * as z from 'zod';
import { RentalDetails } from '../../schemas/rental.ts';
import { fetchUpstream } from '../../upstream/client.ts';
import { conform } from '../../upstream/conform.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { ExtractionError } from '../../upstream/errors.ts';

const State = z.object({
  listing: z.object({
    name: z.string(),
    pictureUrl: z.string(),
    hostName: z.string(),
    personCapacity: z.number().int(),
    avgRating: z.number(),
    reviewCount: z.number().int(),
    badge: z.string().default(''),
    guestControls: z.object({
      allowsChildren: z.boolean(),
      allowsInfants: z.boolean(),
      allowsPets: z.boolean(),
    }),
  }),
});

/** @example detailsFromPage(html) // { title, image_url, rating: '4.85 (123)', ... } */
export function detailsFromPage(html: string): RentalDetails {
  const script = parse(html, { blockTextElements: { script: true } }).querySelector(
    'script#data-deferred-state',
  );
  if (!script) throw new ExtractionError('rental', 'the listing page has no embedded state');
  let json: unknown;
  try {
    json = JSON.parse(script.text);
  } catch (cause) {
    throw new ExtractionError('rental', 'the embedded state does not parse', cause);
  }
  const parsed = State.safeParse(json);
  if (!parsed.success)
    throw new ExtractionError('rental', 'the embedded state does not have the expected fields', parsed.error);
  const l = parsed.data.listing;
  return conform(
    'rental',
    RentalDetails,
    {
      title: l.name,
      image_url: l.pictureUrl,
      rating: `${l.avgRating.toFixed(2)} (${l.reviewCount})`,
      rating_count: l.reviewCount,
      badge: l.badge,
      host_name: l.hostName,
      max_guests: l.personCapacity,
      children_allowed: l.guestControls.allowsChildren,
      infants_allowed: l.guestControls.allowsInfants,
      pets_allowed: l.guestControls.allowsPets,
    },
    'the listing details',
  );
}

/**
 * A listing's details, or undefined when the platform has no such listing.
 * @example await listingDetails(ctx, 40000001) // { title: 'Sunny loft in Tokyo', image_url: 'https://…/0.jpg', rating: '4.85 (123)', ... }
 */
export async function listingDetails(
  ctx: UpstreamContext,
  listingId: number,
): Promise<RentalDetails | undefined> {
  const res = await fetchUpstream<string>(
    { provider: 'rental', path: `/rooms/${listingId}`, expect: 'html', cache: 'reviews', notFoundOk: true },
    ctx,
  );
  return res.status === 404 ? undefined : detailsFromPage(res.body);
}
