/**
 * The queries of site_a search and hotel rooms, as their handlers validate them; a watch's creation checks
 * its parameters with them too (shared/watches/queries.ts), without loading the handlers.
 */
import * as z from 'zod';
import { currencyParam, dateParam, idParam, intParam, coded } from './params.ts';
import { DestType } from './site-a.ts';
import { checkStayDates, StayDates } from './stay.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

/** One age per child, when there are children or ages are given. */
function checkChildrenAges(q: { children: number; children_ages?: number[] }, ctx: z.RefinementCtx): void {
  const ages = q.children_ages ?? [];
  if ((q.children > 0 || q.children_ages !== undefined) && ages.length !== q.children)
    ctx.addIssue({
      code: 'custom',
      path: ['children_ages'],
      message: `must give exactly ${q.children} ages (one per child), not ${ages.length}`,
    });
}

/** A site_a language code such as en-us or fr, lower-cased; en-us by default. */
export const SiteALanguage = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}(?:-[a-z]{2})?$/, { error: 'must be a language code such as en-us or fr' })
  .default('en-us');

export const SiteASearchQuery = z
  .object({
    dest_id: idParam(
      /^-?\d{1,12}$/,
      'INVALID_DESTINATION_ID',
      'must be a site_a dest_id such as -1456928, as the lookup returned it',
    ).meta({
      description: 'As destinations/lookup returned it; may be negative (keep the sign)',
      pattern: '^\\s*-?\\d{1,12}\\s*$',
      example: '-1456928',
    }),
    dest_type: z.string().trim().toUpperCase().pipe(DestType).default('CITY').meta({
      description: 'CITY (default), REGION, DISTRICT, AIRPORT or LANDMARK',
      type: 'string',
      enum: DestType.options,
    }),
    check_in: dateParam({ format: FORMAT, past: { error_code: 'PAST_DATES' } })
      .optional()
      .meta({
        description:
          'Arrival, YYYY-MM-DD, not before today (UTC); with check_out. Without dates there are no prices',
      }),
    check_out: dateParam({ format: FORMAT })
      .optional()
      .meta({ description: 'Departure, YYYY-MM-DD, after check_in, at most 30 nights; with check_in' }),
    adults: intParam(1, 30, 2).meta({ description: 'Adults, 1 to 30. Default 2' }),
    rooms: intParam(1, 8, 1).meta({ description: 'Rooms, 1 to 8. Default 1' }),
    children: intParam(0, 10, 0).meta({ description: 'Children, 0 to 10. Default 0' }),
    children_ages: z
      .string()
      .trim()
      // Empty is no ages: right for children=0, a count mismatch otherwise.
      .regex(/^(?:(?:1[0-7]|\d)(?:\s*,\s*(?:1[0-7]|\d))*)?$/, {
        error: 'must be comma-separated ages from 0 to 17',
      })
      .transform((s) => (s === '' ? [] : s.split(',').map((a) => Number(a.trim()))))
      .optional()
      .meta({
        description: 'Comma-separated ages 0 to 17, exactly `children` of them when children > 0',
        example: '4,9',
      }),
    sort_by: z
      .enum(['popularity', 'price', 'review_score', 'distance'])
      .default('popularity')
      .meta({ description: 'popularity (default), price, review_score or distance' }),
    rows_per_page: intParam(1, 100, 25).meta({ description: 'Hotels a page, 1 to 100. Default 25' }),
    offset: intParam(0, 1000, 0).meta({ description: 'Hotels to skip, 0 to 1000. Default 0' }),
    language: SiteALanguage.meta({
      description: 'Language of names and texts, e.g. en-us or fr. Default en-us',
    }),
    currency: currencyParam('USD').meta({ description: 'ISO 4217 code of the prices. Default USD' }),
  })
  .check(
    coded(['INVALID_DATES'], (q, ctx) => {
      if ((q.check_in === undefined) !== (q.check_out === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [q.check_in === undefined ? 'check_in' : 'check_out'],
          message: 'is required with the other date: give check_in and check_out together, or neither',
        });
      else checkStayDates(q.check_in, q.check_out, ctx);
      checkChildrenAges(q, ctx);
    }),
  );

// The party, currency and language as site_a search takes them.
const { adults, rooms, children, children_ages, currency, language } = SiteASearchQuery.shape;

/**
 * The required site_a hotel id of the hotel routes (rooms, reviews, scores). Photos and details check theirs
 * in the query's own rule: photos refuses `url` and names a missing id MISSING_PARAMETER, details takes
 * the id or a URL.
 */
export const SiteAHotelId = idParam(
  /^\d{1,12}$/,
  'INVALID_HOTEL_ID',
  'must be a numeric site_a hotel id',
).meta({
  description: 'Numeric site_a hotel id (from search or url-to-id)',
  pattern: '^\\s*\\d{1,12}\\s*$',
  example: '1007790',
});

export const SiteAHotelRoomsQuery = z
  .object({
    hotel_id: SiteAHotelId,
    check_in: StayDates.check_in.meta({ description: 'Arrival, YYYY-MM-DD, not before today (UTC)' }),
    check_out: StayDates.check_out.meta({
      description: 'Departure, YYYY-MM-DD, after check_in, at most 30 nights',
    }),
    adults,
    rooms,
    children,
    children_ages,
    currency,
    language,
  })
  .check(
    coded(['INVALID_DATES'], (q, ctx) => {
      checkStayDates(q.check_in, q.check_out, ctx);
      checkChildrenAges(q, ctx);
    }),
  );
