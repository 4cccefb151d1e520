// GET /v1/site_a/search: the hotels site_a lists for a destination (a lookup's dest_id), one page at a time.
import * as z from 'zod';
import { endpoint, type RunContext } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { currencyParam, dateParam, idParam, intParam, nights } from '../../shared/schemas/params.ts';
import { DestType, SiteAHotel } from '../../shared/schemas/site-a.ts';
import { checkStayDates } from '../../shared/schemas/stay.ts';

const FORMAT = { error_code: 'INVALID_DATE_FORMAT' } as const;

export const SearchQuery = z
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
    language: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}(?:-[a-z]{2})?$/, { error: 'must be a language code such as en-us or fr' })
      .default('en-us')
      .meta({ description: 'Language of names and texts, e.g. en-us or fr. Default en-us' }),
    currency: currencyParam('USD').meta({ description: 'ISO 4217 code of the prices. Default USD' }),
  })
  .superRefine((q, ctx) => {
    if ((q.check_in === undefined) !== (q.check_out === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.check_in === undefined ? 'check_in' : 'check_out'],
        message: 'is required with the other date: give check_in and check_out together, or neither',
      });
    else checkStayDates(q.check_in, q.check_out, ctx);
    const ages = q.children_ages ?? [];
    if ((q.children > 0 || q.children_ages !== undefined) && ages.length !== q.children)
      ctx.addIssue({
        code: 'custom',
        path: ['children_ages'],
        message: `must give exactly ${q.children} ages (one per child), not ${ages.length}`,
      });
  });

export const SearchResponse = z.object({
  success: z.literal(true),
  dest_id: z.string().meta({ description: 'As given, sign kept' }),
  dest_type: DestType,
  search_params: z.object({
    check_in: z.iso.date().nullable(),
    check_out: z.iso.date().nullable(),
    adults: z.number().int(),
    rooms: z.number().int(),
    children: z.number().int(),
    currency: z.string(),
  }),
  hotels: z.array(SiteAHotel).min(1),
  pagination: z.object({
    offset: z.number().int().min(0),
    rows_per_page: z.number().int().min(1),
    total_results: z.number().int().min(0),
    has_next_page: z.boolean(),
  }),
});

/**
 * The search's answer for its parameters: what the route answers, and what search-by-url answers for the
 * parameters its URL names.
 * @example await searchAnswer(SearchQuery.parse({ dest_id: '-1456928' }), ctx)
 */
export async function searchAnswer(
  query: z.output<typeof SearchQuery>,
  ctx: RunContext<'DESTINATION_NOT_FOUND' | 'NO_RESULTS'>,
): Promise<z.input<typeof SearchResponse>> {
  const dated = query.check_in !== undefined && query.check_out !== undefined;
  const page = await siteA.search(ctx, {
    destId: query.dest_id,
    destType: query.dest_type,
    checkIn: query.check_in,
    checkOut: query.check_out,
    nights: dated ? nights(query.check_in!, query.check_out!) : undefined,
    adults: query.adults,
    rooms: query.rooms,
    childrenAges: query.children_ages ?? [],
    sort: query.sort_by,
    offset: query.offset,
    rows: query.rows_per_page,
    language: query.language,
    currency: query.currency,
  });
  if (page === 'unknown destination')
    throw ctx.error(
      'DESTINATION_NOT_FOUND',
      `site_a knows no ${query.dest_type} destination ${query.dest_id}.`,
    );
  if (page.hotels.length === 0)
    throw ctx.error(
      'NO_RESULTS',
      page.total === 0
        ? `site_a lists no hotel for ${query.dest_type} ${query.dest_id}.`
        : `offset ${query.offset} is past the end: site_a lists ${page.total} hotels for ${query.dest_type} ${query.dest_id}.`,
    );
  return {
    success: true as const,
    dest_id: query.dest_id,
    dest_type: query.dest_type,
    search_params: {
      check_in: query.check_in ?? null,
      check_out: query.check_out ?? null,
      adults: query.adults,
      rooms: query.rooms,
      children: query.children,
      currency: query.currency,
    },
    hotels: page.hotels,
    pagination: {
      offset: query.offset,
      rows_per_page: query.rows_per_page,
      total_results: page.total,
      has_next_page: query.offset + page.hotels.length < page.total,
    },
  };
}

export const handler = endpoint({
  route: routes.siteASearch,
  query: SearchQuery,
  response: SearchResponse,
  run: ({ query }, ctx) => searchAnswer(query, ctx),
});
