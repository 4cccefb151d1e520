// GET /v1/site_c/hotel/prices/{location_id}: prices of one hotel across sellers for a stay.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteCOffers } from '../../shared/providers/site-c/site-c.ts';
import { routes } from '../../shared/routes.ts';
import { currencyParam, intParam } from '../../shared/schemas/params.ts';
import { StayDates, withStayOrder } from '../../shared/schemas/stay.ts';

export const PricesPath = z.object({ location_id: intParam(1, Number.MAX_SAFE_INTEGER) });
export const PricesQuery = withStayOrder(
  z.object({ ...StayDates, adults: intParam(1, 8, 2), rooms: intParam(1, 4, 1), currency: currencyParam() }),
);

export const handler = endpoint({
  route: routes.siteCPrices,
  path: PricesPath,
  query: PricesQuery,
  run: async ({ path, query }, ctx) => {
    const found = await siteCOffers(ctx, {
      locationId: path.location_id,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      rooms: query.rooms,
      currency: query.currency,
    });
    if (!found) throw new ProblemError(404, 'LOCATION_NOT_FOUND', `site_c has no hotel ${path.location_id}.`);
    if (found.offers.length === 0)
      throw new ProblemError(
        404,
        'NO_OFFERS',
        `No seller offers ${path.location_id} from ${query.check_in} to ${query.check_out}.`,
      );
    return {
      success: true,
      location_id: path.location_id,
      search_params: {
        check_in: query.check_in,
        check_out: query.check_out,
        adults: query.adults,
        rooms: query.rooms,
        currency: query.currency,
      },
      pricing_summary: {
        lowest_price: found.lowest,
        pricing_complete: found.complete,
        has_member_rates: found.hasMemberRates,
      },
      available_offers: found.offers,
      message: `${found.offers.length} offers${found.complete ? '' : ' so far; some sellers did not answer'}`,
      retrieved_at: new Date().toISOString(),
    };
  },
});
