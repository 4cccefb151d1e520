// GET /v1/rental/listing/{listing_id}/pricing: what a stay in a rental listing costs, line by line.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import {
  ListingPath,
  ListingStay,
  listingStay,
  RentalPricing,
  RentalPricingQuery,
} from '../../shared/schemas/rental.ts';

export const RentalPricingResponse = z.object({
  success: z.literal(true),
  ...ListingStay,
  pricing: RentalPricing,
});

export const handler = endpoint({
  route: routes.rentalPricing,
  path: ListingPath,
  query: RentalPricingQuery,
  response: RentalPricingResponse,
  run: async ({ path, query }, ctx) => {
    const stay = listingStay(path.listing_id, query);
    const result = await rental.pricing(ctx, { ...camelKeys({ ...path, ...query }), nights: stay.nights });
    if (result.kind === 'missing')
      throw ctx.error('LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    if (result.kind === 'unavailable')
      throw result.reason === 'TOO_MANY_GUESTS'
        ? ctx.error('TOO_MANY_GUESTS', `The listing takes at most ${result.maxGuests} guests.`, {
            extras: { max_guests: result.maxGuests },
          })
        : ctx.error(
            'DATES_UNAVAILABLE',
            `The listing is not available from ${query.check_in} to ${query.check_out}: ${result.message}`,
          );
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    if (result.kind === 'other-currency')
      throw ctx.error(
        'INVALID_CURRENCY',
        `rental does not price in ${query.currency} (it answered in ${result.shown}).`,
      );
    return {
      success: true as const,
      ...stay,
      pricing: result.pricing,
    };
  },
});
