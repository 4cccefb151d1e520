// GET /v1/site_a/search-by-url: a site_a search-results URL run as /v1/site_a/search.
import * as z from 'zod';
import { endpoint } from '../../shared/http/endpoint.ts';
import { siteA } from '../../shared/providers/site-a/index.ts';
import { readSearchUrl, type SearchUrl } from '../../shared/providers/site-a/search-url.ts';
import { routes } from '../../shared/routes/index.ts';
import { claimedCodes, codedTransform, intParam, text } from '../../shared/schemas/params.ts';
import { DestType } from '../../shared/schemas/site-a.ts';
import { SiteASearchQuery } from '../../shared/schemas/site-a-query.ts';
import { DisallowedUrlError } from '../../shared/upstream/errors.ts';
import { searchAnswer, SearchResponse } from './search.ts';

const Parsed = z.object({
  dest_id: z.string().nullable().meta({ description: 'null when the URL has only free text' }),
  dest_type: z.string().nullable(),
  search_string: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  adults: z.number().int(),
  rooms: z.number().int(),
  children: z.number().int(),
  children_ages: z.array(z.number().int()),
  sort_by: z.string(),
  rows_per_page: z.number().int(),
  offset: z.number().int(),
  currency: z.string(),
  language: z.string(),
  filters: z
    .object({
      stars: z.array(z.number().int()),
      min_review_score: z.number().min(0).max(10).nullable(),
      accommodation_types: z.array(z.number().int()),
      free_cancellation: z.literal(true).nullable(),
      price: z
        .object({ currency: z.string(), min: z.number().nullable(), max: z.number().nullable() })
        .nullable(),
    })
    .meta({
      description:
        "The URL's nflt filters as read; /v1/site_a/search takes no filters, so they do not narrow the hotels",
    }),
});

/** The URL parameter each of search's parameters is read from, where the URL is what sets it. */
const URL_NAMES: Record<string, string> = {
  dest_id: 'dest_id',
  dest_type: 'dest_type',
  check_in: 'checkin',
  check_out: 'checkout',
  adults: 'group_adults',
  children: 'group_children',
  children_ages: 'age',
  rooms: 'no_rooms',
  currency: 'selected_currency',
  language: 'lang',
};

/**
 * The parameter to name for a refusal of search's `field`: the URL's parameter that set it, or, for one
 * the URL left out while its partner is there (checkin without checkout, children without ages), the URL
 * parameter that is missing. The route's own parameters (rows_per_page, an offset given apart) keep theirs.
 */
function urlParameter(field: PropertyKey | undefined, read: SearchUrl): (string | number)[] {
  const name = String(field ?? 'url');
  const param = read.from[name] ?? URL_NAMES[name];
  return param ? ['url', param] : [name];
}

export const SearchByUrlQuery = z
  .object({
    url: text(4_000).meta({
      description: 'A site_a search-results URL, https://<host>/searchresults[.{lang}].html?…, URL-encoded',
    }),
    rows_per_page: intParam(1, 100, 25).meta({ description: 'Hotels a page, 1 to 100. Default 25' }),
    offset: intParam(0, 1000).optional().meta({
      description: "0 to 1000; overrides the URL's offset (default: the URL's, else 0)",
      example: 0,
    }),
    debug: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .meta({ description: 'true: only parsed and ignored_params, with no upstream call. Default false' }),
  })
  .transform(
    // The URL's own codes, and those search's query answers a URL value with (forwarded below).
    codedTransform(['INVALID_URL', 'DESTINATION_MISSING', ...claimedCodes(SiteASearchQuery)], (q, ctx) => {
      let read: SearchUrl;
      try {
        read = readSearchUrl(q.url);
      } catch (error) {
        if (!(error instanceof DisallowedUrlError)) throw error;
        ctx.claim('INVALID_URL', `is not accepted: ${error.message}`, ['url']);
        return z.NEVER;
      }
      if (read.destId === null && read.searchString === null) {
        ctx.claim('DESTINATION_MISSING', 'names no destination: neither dest_id nor ss', ['url']);
        return z.NEVER;
      }
      // A URL value search would refuse is refused the same way, naming the URL's parameter. Free text is
      // checked with a stand-in id; the lookup gives the real one.
      const input: Record<string, string> = {
        ...read.params,
        dest_id: read.destId ?? '0',
        rows_per_page: String(q.rows_per_page),
        ...(q.offset === undefined ? {} : { offset: String(q.offset) }),
      };
      if (q.offset !== undefined) delete read.from.offset;
      if (read.destId === null) delete input.dest_type;
      const checked = SiteASearchQuery.safeParse(input);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const path = urlParameter(issue.path[0], read);
          const code = (issue as { params?: { error_code?: string } }).params?.error_code;
          if (code) ctx.claim(code, issue.message, path);
          else ctx.addIssue({ code: 'custom', path, message: issue.message });
        }
        return z.NEVER;
      }
      const search = checked.data;
      const parsed: z.infer<typeof Parsed> = {
        dest_id: read.destId,
        dest_type: read.destId === null ? null : search.dest_type,
        search_string: read.searchString,
        check_in: search.check_in ?? null,
        check_out: search.check_out ?? null,
        adults: search.adults,
        rooms: search.rooms,
        children: search.children,
        children_ages: search.children_ages ?? [],
        sort_by: search.sort_by,
        rows_per_page: search.rows_per_page,
        offset: search.offset,
        currency: search.currency,
        language: search.language,
        filters: read.filters,
      };
      return { search, parsed, ignored_params: read.ignored, debug: q.debug };
    }),
  );

const Extra = { parsed: Parsed, ignored_params: z.array(z.string()) };

export const SearchByUrlResponse = z.union([
  SearchResponse.extend(Extra),
  z.object({ success: z.literal(true), ...Extra }).meta({ description: 'debug=true: what the URL says' }),
]);

export const handler = endpoint({
  route: routes.siteASearchByUrl,
  query: SearchByUrlQuery,
  response: SearchByUrlResponse,
  run: async ({ query }, ctx) => {
    const extra = { parsed: query.parsed, ignored_params: query.ignored_params };
    if (query.debug) return { success: true as const, ...extra };
    let search = query.search;
    if (query.parsed.dest_id === null) {
      // Free text: the lookup's first suggestion, as the site's own search box resolves it.
      const [first] = await siteA.destinations(ctx, query.parsed.search_string!, query.search.language);
      if (!first)
        throw ctx.error(
          'DESTINATION_NOT_FOUND',
          `site_a knows no destination "${query.parsed.search_string}".`,
        );
      search = { ...search, dest_id: String(first.dest_id), dest_type: DestType.parse(first.dest_type) };
    }
    return { ...(await searchAnswer(search, ctx)), ...extra };
  },
});
