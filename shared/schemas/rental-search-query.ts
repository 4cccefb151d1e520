/**
 * The query of rental search, as its handler validates it; a watch's creation checks its parameters with
 * it too (shared/watches/queries.ts), without loading the handler.
 */
import * as z from 'zod';
import { decodeCursor, searchFingerprint } from './rental-cursor.ts';
import { currencyParam, dateParam, intParam, text, coded } from './params.ts';
import { checkStayDates } from './stay.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;
const BOX = ['ne_lat', 'ne_lng', 'sw_lat', 'sw_lng'] as const;

/** A corner coordinate of the box: a decimal within ±limit, else 400 INVALID_BOUNDS. */
function bound(limit: 90 | 180) {
  return z
    .string()
    .trim()
    .check(
      coded(['INVALID_BOUNDS'], (value, ctx) => {
        const n = Number(value);
        if (!/^-?\d{1,3}(\.\d+)?$/.test(value) || Math.abs(n) > limit)
          ctx.claim('INVALID_BOUNDS', `must be a number from -${limit} to ${limit}`);
      }),
    )
    .transform(Number)
    .optional()
    .meta({ type: 'number', minimum: -limit, maximum: limit });
}

/** A nightly price bound: a decimal of 0 or more. */
const priceBound = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be a number of 0 or more' })
    .transform(Number)
    .optional()
    .meta({ type: 'number', minimum: 0, pattern: undefined });

const Fields = z.object({
  location: text(200).optional().meta({ description: 'Free text, e.g. "Lyon, France"; or the four bounds' }),
  ne_lat: bound(90).meta({
    description: 'North-east corner latitude; with the other three bounds, instead of location',
    example: 45.79,
  }),
  ne_lng: bound(180).meta({ description: 'North-east corner longitude', example: 4.9 }),
  sw_lat: bound(90).meta({ description: 'South-west corner latitude', example: 45.71 }),
  sw_lng: bound(180).meta({ description: 'South-west corner longitude', example: 4.78 }),
  check_in: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } })
    .optional()
    .meta({
      description: 'Arrival date, YYYY-MM-DD, with check_out; without dates price is null',
      example: '2030-06-10',
    }),
  check_out: dateParam({ format: FORMAT }).optional().meta({
    description: 'Departure date, YYYY-MM-DD, after check_in, at most 30 nights later',
    example: '2030-06-14',
  }),
  adults: intParam(1, 16, 1).meta({ description: 'Adults, 1 to 16. Default 1' }),
  children: intParam(0, 10, 0).meta({ description: 'Children, 0 to 10. Default 0' }),
  infants: intParam(0, 5, 0).meta({ description: 'Infants, 0 to 5. Default 0' }),
  pets: intParam(0, 5, 0).meta({ description: 'Pets, 0 to 5. Default 0' }),
  price_min: priceBound().meta({ description: 'Lowest price a night, in currency', example: 50 }),
  price_max: priceBound().meta({
    description: 'Highest price a night, in currency; not below price_min',
    example: 300,
  }),
  min_bedrooms: intParam(1, 50).optional().meta({ description: 'Bedrooms at least, 1 to 50', example: 1 }),
  currency: currencyParam().meta({
    description: 'ISO 4217 code (case-insensitive) of the prices. Default USD',
  }),
  cursor: z.string().trim().min(1).max(8_000).optional().meta({
    description: "A previous page's next_cursor, with the same other parameters",
    example: 'eyJ2IjoxfQ',
  }),
});
type Fields = z.output<typeof Fields>;

/** What identifies a search: every parameter but the cursor. @example fingerprintOf(query) // 'k3J…' */
export const fingerprintOf = ({ cursor: _cursor, ...search }: Fields) => searchFingerprint(search);

export const RentalSearchQuery = Fields.check(
  coded(['MISSING_LOCATION', 'INVALID_BOUNDS', 'INVALID_DATES'], (q, ctx) => {
    const given = BOX.filter((k) => q[k] !== undefined);
    if ((q.location === undefined) === (given.length === 0))
      ctx.claim(
        'MISSING_LOCATION',
        'give location or the four bounds (ne_lat, ne_lng, sw_lat, sw_lng), not both',
        ['location'],
      );
    else if (given.length > 0 && given.length < BOX.length)
      for (const k of BOX.filter((b) => q[b] === undefined))
        ctx.claim('INVALID_BOUNDS', 'is required with the other bounds', [k]);
    else if (given.length === BOX.length && (q.ne_lat! <= q.sw_lat! || q.ne_lng! <= q.sw_lng!))
      ctx.claim('INVALID_BOUNDS', 'the north-east corner must be north and east of the south-west one', [
        'ne_lat',
      ]);
    if ((q.check_in === undefined) !== (q.check_out === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.check_in === undefined ? 'check_in' : 'check_out'],
        message: 'check_in and check_out go together',
      });
    checkStayDates(q.check_in, q.check_out, ctx);
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_max < q.price_min)
      ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'must not be below price_min' });
    if (q.cursor !== undefined && decodeCursor(q.cursor)?.fingerprint !== fingerprintOf(q))
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'is not a next_cursor of this search (send it with the same other parameters)',
      });
  }),
);
