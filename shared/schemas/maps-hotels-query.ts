/**
 * The queries of maps_hotels search and info, as their handlers validate them; a watch's creation checks
 * its parameters with them too (shared/watches/queries.ts), without loading the handlers.
 */
import * as z from 'zod';
import { currencyParam, intParam, text } from './params.ts';
import { MAX_NIGHTS, StayDateParams, StayDates, withStayOrder } from './stay.ts';

/** The age each child is sent as: the contract has no ages, the source needs one per child. */
export const CHILD_AGE = 8;

const RATING = 'must be a number from 1.0 to 5.0';

export const MapsHotelsQuery = withStayOrder(
  z.object({
    location: text(200).meta({ description: 'Place name, e.g. a city' }),
    ...StayDateParams,
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    children: intParam(0, 10, 0).meta({
      description: `Children, 0 to 10; only partly supported by the source, which prices each child as ${CHILD_AGE} years old. Default 0`,
    }),
    currency: currencyParam().meta({
      description:
        'ISO 4217 code (case-insensitive) of the prices; asked of the maps service, which prices in it',
    }),
    min_rating: z
      .string()
      .trim()
      .regex(/^\d(\.\d+)?$/, { error: RATING })
      .transform(Number)
      .pipe(z.number().min(1, { error: RATING }).max(5, { error: RATING }))
      .optional()
      .meta({
        description: 'Only hotels rated at least this, 1.0 to 5.0',
        example: 4,
        type: 'number',
        minimum: 1,
        maximum: 5,
        pattern: undefined,
      }),
  }),
);

/**
 * A maps_hotels hotel_id: the service's property token as search returned it, URL-safe base64 (letters,
 * digits, `-`, `_`, padding `=`). Anything else is the addendum's malformed id, 400 INVALID_HOTEL_ID,
 * refused before any call to the source.
 */
export const MapsHotelId = text(500)
  .refine((id) => /^[A-Za-z0-9_-]+={0,2}$/.test(id), {
    error: 'must be a hotel_id as /v1/maps_hotels/search returned it (letters, digits, - and _)',
    params: { error_code: 'INVALID_HOTEL_ID' },
  })
  .meta({ description: 'hotel_id from /v1/maps_hotels/search', example: 'ChkIaDExMTI1007790' });

export const MapsHotelInfoQuery = withStayOrder(
  z.object({
    hotel_id: MapsHotelId.optional(),
    query: text(200).optional().meta({ description: 'A hotel name, ideally with its city' }),
    check_in: StayDateParams.check_in,
    check_out: StayDates.check_out.meta({
      description: `Departure date, YYYY-MM-DD, after check_in, at most ${MAX_NIGHTS} nights later`,
    }),
    adults: intParam(1, 10, 2).meta({ description: 'Adults, 1 to 10. Default 2' }),
    currency: currencyParam().meta({
      description: 'ISO 4217 code (case-insensitive) of the prices. Default USD',
    }),
  }),
).refine((q) => (q.hotel_id === undefined) !== (q.query === undefined), {
  path: ['hotel_id'],
  error: 'give exactly one of hotel_id or query',
  params: { error_code: 'MISSING_HOTEL' },
});
