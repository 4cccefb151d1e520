// GET /v1/site_c/hotel/prices/{location_id}: prices of one hotel across sellers for a stay.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteC } from '../../shared/providers/site-c/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { camelKeys } from '../../shared/schemas/camel.ts';
import { currencyParam, intParam } from '../../shared/schemas/params.ts';
import { LocationPath, PriceOffer } from '../../shared/schemas/site-c.ts';
import { StayDateParams, withStayOrder } from '../../shared/schemas/stay.ts';

export const PricesQuery = withStayOrder(
  z.object({
    ...StayDateParams,
    adults: intParam(1, 8, 2).meta({ description: 'Adults, 1 to 8. Default 2' }),
    rooms: intParam(1, 4, 1).meta({ description: 'Rooms, 1 to 4. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of the prices; asked of site_c, which prices in it',
    }),
  }),
);

export const SiteCPricesResponse = z.object({
  success: z.literal(true),
  location_id: z.number().int().positive(),
  search_params: z.object({
    check_in: z.iso.date(),
    check_out: z.iso.date(),
    adults: z.number().int().min(1).max(8),
    rooms: z.number().int().min(1).max(4),
    currency: z.string().meta({ description: 'ISO 4217 code every amount of the answer is in' }),
  }),
  pricing_summary: z.object({
    lowest_price: z.string().meta({ description: 'The lowest total stay price, formatted' }),
    pricing_complete: z.boolean().nullable().meta({
      description:
        'Whether every seller responded; null when the source does not say (its answers were polled to the limit)',
    }),
    has_member_rates: z.boolean().nullable().meta({
      description:
        'Whether some seller offers a member rate; null when the source does not say (it does not, today)',
    }),
  }),
  available_offers: z
    .array(PriceOffer)
    .min(1)
    .meta({ description: 'Cheapest total first, then the sellers that show no total' }),
  message: z.string(),
  retrieved_at: z.iso.datetime(),
});

/** What the message says of the sellers that may still answer. */
const progress = (complete: boolean | null) =>
  complete === null
    ? '; the source does not say whether every seller answered'
    : complete
      ? ''
      : ' so far; some sellers did not answer';

export const handler = endpoint({
  route: routes.siteCPrices,
  path: LocationPath,
  query: PricesQuery,
  response: SiteCPricesResponse,
  run: async ({ path, query }, ctx) => {
    const found = await siteC.prices(ctx, camelKeys({ ...path, ...query }));
    if (!found) throw ctx.error('LOCATION_NOT_FOUND', `site_c has no hotel ${path.location_id}.`);
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    if (found.currency !== query.currency)
      throw ctx.error(
        'INVALID_CURRENCY',
        `site_c does not price in ${query.currency} (it answered in ${found.currency}).`,
      );
    // Sellers without a total are still offers (the reader refuses a list in which none has one): only
    // no seller at all is no result.
    if (found.lowest === null)
      throw ctx.error(
        'NO_RESULTS',
        `No seller offers ${path.location_id} from ${query.check_in} to ${query.check_out}.`,
      );
    return {
      success: true as const,
      location_id: path.location_id,
      search_params: {
        check_in: query.check_in,
        check_out: query.check_out,
        adults: query.adults,
        rooms: query.rooms,
        currency: found.currency,
      },
      pricing_summary: {
        lowest_price: found.lowest,
        pricing_complete: found.complete,
        has_member_rates: found.hasMemberRates,
      },
      available_offers: found.offers,
      message: `${found.offers.length} offers${progress(found.complete)}`,
      retrieved_at: new Date().toISOString(),
    };
  },
});
