// GET /v1/chain_b/search: chain_b hotels near coordinates or a destination slug, nearest first.
import * as z from 'zod';
import { addDays } from '../../shared/dates.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { chainB } from '../../shared/providers/chain-b/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { ChainBHotel, ChainBPlace } from '../../shared/schemas/chain-b.ts';
import { marketParam } from '../../shared/schemas/chain-b-query.ts';
import { checkStayDates } from '../../shared/schemas/stay.ts';
import {
  coordinateParam,
  currencyParam,
  dateParam,
  intParam,
  todayUtc,
} from '../../shared/schemas/params.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

export const ChainBQuery = z
  .object({
    latitude: coordinateParam(90).optional().meta({
      description: 'Latitude of the search center, -90 to 90; with longitude, instead of destination_slug',
      example: 48.8566,
    }),
    longitude: coordinateParam(180)
      .optional()
      .meta({ description: 'Longitude of the search center, -180 to 180; with latitude', example: 2.3522 }),
    destination_slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'must be a destination slug such as paris-fr' })
      .optional()
      .meta({ description: 'chain_b destination, e.g. paris-fr; instead of coordinates' }),
    radius_km: intParam(1, 200, 50).meta({
      description: 'Search radius in km around the coordinates, 1 to 200 (coordinates mode only). Default 50',
    }),
    check_in: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } })
      .optional()
      .meta({ description: 'Arrival date, YYYY-MM-DD, not before today (UTC). Default today' }),
    check_out: dateParam({ format: FORMAT })
      .optional()
      .meta({ description: 'Departure date, YYYY-MM-DD, after check_in. Default check_in plus 1 night' }),
    adults: intParam(1, 8, 1).meta({ description: 'Adults, 1 to 8. Default 1' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of every amount; asked of chain_b, which prices in it',
    }),
    country_market: marketParam(),
    limit: intParam(1, 50, 20).meta({ description: 'Hotels per answer, 1 to 50. Default 20' }),
    offset: intParam(0, 100_000, 0).meta({ description: 'Hotels to skip, nearest first. Default 0' }),
  })
  .superRefine((q, ctx) => {
    const geo = q.latitude !== undefined && q.longitude !== undefined;
    if (!geo && !q.destination_slug) {
      ctx.addIssue({
        code: 'custom',
        path: ['latitude'],
        message: 'is required with longitude, unless destination_slug is given',
        params: { error_code: 'MISSING_LOCATION' },
      });
    } else if (geo && q.destination_slug) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination_slug'],
        // Both modes at once is an invalid combination: the route's validation error (422 INVALID_PARAMETERS).
        message: 'give coordinates or destination_slug, not both',
      });
    }
    // Dates in the wrong format are refused as such, not also as out of order (checkStayDates skips them).
    checkStayDates(q.check_in ?? todayUtc(), q.check_out, ctx);
  })
  .transform((q) => {
    const checkIn = q.check_in ?? todayUtc();
    return { ...q, check_in: checkIn, check_out: q.check_out ?? addDays(checkIn, 1) };
  });

export const ChainBSearchResponse = z.object({
  success: z.literal(true),
  hotels: z.array(ChainBHotel).min(1).meta({ description: 'Nearest first' }),
  total: z.number().int().min(1).meta({ description: 'Hotels in this answer' }),
  place: ChainBPlace,
  price_range: z.object({ min: z.number().min(0).nullable(), max: z.number().min(0).nullable() }).meta({
    description:
      'Lowest and highest nightly price (best_offer.per_night) across the hotels of this answer, in the ' +
      'requested currency; both null when none has a priced offer',
  }),
});

export const handler = endpoint({
  route: routes.chainBSearch,
  query: ChainBQuery,
  response: ChainBSearchResponse,
  run: async ({ query }, ctx) => {
    const result = await chainB.search(ctx, {
      latitude: query.latitude,
      longitude: query.longitude,
      destinationSlug: query.destination_slug,
      radiusKm: query.radius_km,
      checkIn: query.check_in,
      checkOut: query.check_out,
      adults: query.adults,
      currency: query.currency,
      countryMarket: query.country_market,
      limit: query.limit,
      offset: query.offset,
    });
    if (!result)
      throw ctx.error('DESTINATION_NOT_FOUND', `No destination is known as ${query.destination_slug}.`);
    if (result.hotels.length === 0)
      throw ctx.error(
        'NO_RESULTS',
        query.offset > 0
          ? `chain_b has no hotel past offset ${query.offset} for this search.`
          : 'chain_b has no hotel within the search area.',
      );
    const offers = result.hotels.flatMap((h) => (h.best_offer ? [h.best_offer] : []));
    // Amounts in another currency than the one asked for would be mislabelled: refuse instead.
    const other = offers.find((o) => o.currency !== query.currency);
    if (other)
      throw ctx.error(
        'INVALID_CURRENCY',
        `chain_b does not price in ${query.currency} (it answered in ${other.currency}).`,
      );
    const nightly = offers.map((o) => o.per_night);
    return {
      success: true as const,
      hotels: result.hotels,
      total: result.hotels.length,
      place: result.place,
      price_range: {
        min: nightly.length ? Math.min(...nightly) : null,
        max: nightly.length ? Math.max(...nightly) : null,
      },
    };
  },
});
