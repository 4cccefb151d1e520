// GET /v1/chain_b/search: chain_b hotels near coordinates or a destination slug, nearest first.
import * as z from 'zod';
import { ProblemError } from '../../shared/errors.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { searchChainB } from '../../shared/providers/chain-b/search.ts';
import { routes } from '../../shared/routes.ts';
import {
  coordinateParam,
  currencyParam,
  dateParam,
  intParam,
  todayUtc,
} from '../../shared/schemas/params.ts';

const FORMAT = { status: 400, error_code: 'INVALID_DATE_FORMAT' } as const;
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const ChainBQuery = z
  .object({
    latitude: coordinateParam(90).optional(),
    longitude: coordinateParam(180).optional(),
    destination_slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'must be a destination slug such as paris-fr' })
      .optional(),
    radius_km: intParam(1, 200, 50),
    check_in: dateParam({ format: FORMAT, past: { status: 400, error_code: 'PAST_DATES' } }).optional(),
    check_out: dateParam({ format: FORMAT }).optional(),
    adults: intParam(1, 8, 1),
    currency: currencyParam(),
    country_market: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166 alpha-2 code' })
      .transform((c) => c.toUpperCase())
      .default('US'),
    limit: intParam(1, 50, 20),
    offset: intParam(0, 100_000, 0),
  })
  .superRefine((q, ctx) => {
    const geo = q.latitude !== undefined && q.longitude !== undefined;
    if (!geo && !q.destination_slug) {
      ctx.addIssue({
        code: 'custom',
        path: ['latitude'],
        message: 'is required with longitude, unless destination_slug is given',
        params: { status: 400, error_code: 'MISSING_LOCATION' },
      });
    } else if (geo && q.destination_slug) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination_slug'],
        message: 'give coordinates or destination_slug, not both',
        params: { status: 400, error_code: 'INVALID_PARAMETERS' },
      });
    }
    const checkIn = q.check_in ?? todayUtc();
    if (q.check_out !== undefined && q.check_out <= checkIn) {
      ctx.addIssue({
        code: 'custom',
        path: ['check_out'],
        message: 'must be after check_in',
        params: { status: 400, error_code: 'INVALID_DATES' },
      });
    }
  })
  .transform((q) => {
    const checkIn = q.check_in ?? todayUtc();
    return { ...q, check_in: checkIn, check_out: q.check_out ?? nextDay(checkIn) };
  });

export const handler = endpoint({
  route: routes.chainBSearch,
  query: ChainBQuery,
  run: async ({ query }, ctx) => {
    const result = await searchChainB(ctx, {
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
      throw new ProblemError(
        404,
        'DESTINATION_NOT_FOUND',
        `chain_b knows no destination ${query.destination_slug}.`,
      );
    const nightly = result.hotels.flatMap((h) => (h.best_offer ? [h.best_offer.per_night] : []));
    return {
      success: true,
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
