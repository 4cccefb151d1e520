// GET /v1/rental/listing/{listing_id}/details: a rental listing's details for a stay.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { listingDetails } from '../../shared/providers/rental/details.ts';
import { routes } from '../../shared/routes.ts';
import { ListingPath } from '../../shared/schemas/rental.ts';
import { currencyParam, intParam, nights } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const DetailsQuery = withStayOrder(
  z.object({
    ...StayDates,
    adults: intParam(1, 16, 1),
    children: intParam(0, 10, 0),
    infants: intParam(0, 5, 0),
    pets: intParam(0, 5, 0),
    currency: currencyParam(),
  }),
);

export const handler = endpoint({
  route: routes.rentalDetails,
  path: ListingPath,
  query: DetailsQuery,
  run: async ({ path, query }, ctx) => {
    const details = await listingDetails(ctx, path.listing_id);
    if (!details)
      throw new ProblemError(404, 'LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    return {
      success: true,
      listing_id: path.listing_id,
      check_in: query.check_in,
      check_out: query.check_out,
      nights: nights(query.check_in, query.check_out),
      details,
    };
  },
});
