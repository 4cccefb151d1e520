// GET /v1/rental/listing/{listing_id}/pricing: what a stay in a rental listing costs, line by line.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { listingPricing } from '../../shared/providers/rental/pricing.ts';
import { routes } from '../../shared/routes.ts';
import { currencyParam, intParam, nights } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';
import { ListingPath } from '../../shared/schemas/rental.ts';

export const PricingQuery = withStayOrder(
  z.object({ ...StayDates, adults: intParam(1, 16, 1), currency: currencyParam() }),
);

export const handler = endpoint({
  route: routes.rentalPricing,
  path: ListingPath,
  query: PricingQuery,
  run: async ({ path, query }, ctx) => {
    const stayNights = nights(query.check_in, query.check_out);
    const result = await listingPricing(ctx, {
      listingId: path.listing_id,
      checkIn: query.check_in,
      checkOut: query.check_out,
      nights: stayNights,
      adults: query.adults,
      currency: query.currency,
    });
    if (result.kind === 'missing')
      throw new ProblemError(404, 'LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    if (result.kind === 'unavailable') {
      throw result.reason === 'TOO_MANY_GUESTS'
        ? new ProblemError(422, 'TOO_MANY_GUESTS', `The listing takes at most ${result.maxGuests} guests.`, {
            extras: { max_guests: result.maxGuests },
          })
        : new ProblemError(
            422,
            'DATES_UNAVAILABLE',
            `The listing is not available from ${query.check_in} to ${query.check_out}.`,
          );
    }
    return {
      success: true,
      listing_id: path.listing_id,
      check_in: query.check_in,
      check_out: query.check_out,
      nights: stayNights,
      pricing: result.pricing,
    };
  },
});
