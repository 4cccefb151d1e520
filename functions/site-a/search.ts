// GET /v1/site_a/search: the hotels site_a lists for a destination (a lookup's dest_id), one page at a time.
import * as z from 'zod';
import { endpoint, type RunContext } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { routes } from '../../shared/routes/index.ts';
import { nights } from '../../shared/schemas/params.ts';
import { DestType, SiteAHotel } from '../../shared/schemas/site-a.ts';
import { SiteASearchQuery } from '../../shared/schemas/site-a-query.ts';

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
 * @example await searchAnswer(SiteASearchQuery.parse({ dest_id: '-1456928' }), ctx)
 */
export async function searchAnswer(
  query: z.output<typeof SiteASearchQuery>,
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
  query: SiteASearchQuery,
  response: SearchResponse,
  run: ({ query }, ctx) => searchAnswer(query, ctx),
});
