// GET /v1/rental/listing/{listing_id}/details: a rental listing's details for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { rental } from '../../shared/providers/rental/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { ListingPath, ListingStay, listingStay, RentalDetails } from '../../shared/schemas/rental.ts';
import { currencyParam, intParam } from '../../shared/schemas/params.ts';
import { StayDateParams, withStayOrder } from '../../shared/schemas/stay.ts';

export const DetailsQuery = withStayOrder(
  z.object({
    ...StayDateParams,
    adults: intParam(1, 16, 1).meta({ description: 'Adults, 1 to 16. Default 1' }),
    children: intParam(0, 10, 0).meta({ description: 'Children, 0 to 10. Default 0' }),
    infants: intParam(0, 5, 0).meta({ description: 'Infants, 0 to 5. Default 0' }),
    pets: intParam(0, 5, 0).meta({ description: 'Pets, 0 to 5. Default 0' }),
    currency: currencyParam().meta({
      description:
        'ISO 4217 code (case-insensitive), checked like every currency; the details carry no amount',
    }),
  }),
);

export const RentalDetailsResponse = z.object({
  success: z.literal(true),
  ...ListingStay,
  details: RentalDetails,
});

export const handler = endpoint({
  route: routes.rentalDetails,
  path: ListingPath,
  query: DetailsQuery,
  response: RentalDetailsResponse,
  run: async ({ path, query }, ctx) => {
    const details = await rental.details(ctx, path.listing_id, camelKeys(query));
    if (!details) throw ctx.error('LISTING_NOT_FOUND', `rental has no listing ${path.listing_id}.`);
    return {
      success: true as const,
      ...listingStay(path.listing_id, query),
      details,
    };
  },
});
