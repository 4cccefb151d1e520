/**
 * site_a: destinations from the real autocomplete, hotel ids from the real page markers (read only as
 * far as the first one, about 60 KB of a 1.5 MB page), photos from the page's `hotelPhotos` literal,
 * reached from an id through a destination search. An id found by url-to-id is remembered, so photos
 * for it skip the search. Hotel searches read one results page (its Apollo cache) a page; reviews come
 * from the web app's GraphQL review list, which needs the hotel's country: known from a search that
 * listed the hotel, else from one lookup of the hotel as a destination, remembered.
 */
import { byteBoundedCache } from '../../memory-budget.ts';
import type { DestinationSuggestion, SiteAReviewsPage } from '../../schemas/site-a.ts';
import { fetchParsed, scanUpstream, type UpstreamRequest } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { operationId } from '../../upstream/providers.ts';
import { windowScan } from '../../extraction/stream-scan.ts';
import { AutocompleteAnswer, extractDestinations } from './extract.ts';
import { hotelIdInPage, readHotelPage } from './hotel-page.ts';
import { extractReviewList, ReviewListEnvelope } from './review-list.ts';
import { extractSearchPage, type Listing, type SearchAsked, type SearchPage } from './search-page.ts';
import {
  autocompleteRequest,
  hotelByIdRequest,
  hotelPageRequest,
  reviewListRequest,
  reviewSorter,
  searchOrder,
  searchResultsRequest,
  type ReviewSort,
  type SearchQuery,
  type SearchSort,
} from './requests.ts';
import { knownRefs } from './known.ts';
import { hotelRefById } from './lookup.ts';
import { hotelDetails, hotelScores } from './hotel.ts';
import { hotelUrl, imageBase, type HotelRef } from './urls.ts';

/** @example await siteA.destinations(ctx, 'paris', 'fr') // up to 5 suggestions, best first */
async function destinations(
  ctx: UpstreamContext,
  query: string,
  language: string,
): Promise<DestinationSuggestion[]> {
  const res = await fetchParsed(
    autocompleteRequest(query, language),
    AutocompleteAnswer,
    ctx,
    'the autocomplete answer',
  );
  return extractDestinations(res.body);
}

/** The numeric id of a hotel page, or undefined when there is no such page. @example await siteA.urlToId(ctx, { cc: 'fr', slug: 'x' }) */
async function urlToId(ctx: UpstreamContext, ref: HotelRef): Promise<string | undefined> {
  const res = await scanUpstream(hotelPageRequest(ref), ctx, () => windowScan(hotelIdInPage), 'hotel id');
  if (res.status === 404) return undefined;
  if (!res.body)
    throw new ExtractionError('site_a', 'the hotel page carries no hotel id', undefined, res.status);
  knownRefs.set(res.body, ref);
  return res.body;
}

/** What listings say of a hotel (its page, country and review summary): filled by searches and lookups. */
// Bounded by bytes: 2 % of the function's memory.
const knownListings = byteBoundedCache<string, Listing>(0.02, { ttl: 6 * 3600 * 1000 });

function remember(listings: Listing[]): void {
  for (const l of listings) {
    knownListings.set(l.hotelId, l);
    if (l.ref) knownRefs.set(l.hotelId, l.ref);
  }
}

/**
 * How the results page cuts a search: at most `rows` a page (`search_rows_max`), from offsets that are
 * multiples of `step` (`search_offset_step`; 1: any offset). A source that cuts otherwise than configured
 * is named by the echo check.
 */
function sourcePaging(): { rows: number; step: number } {
  const rows = Number(operationId('site_a', 'search_rows_max', '100'));
  const step = Number(operationId('site_a', 'search_offset_step', '1'));
  if (!(Number.isInteger(rows) && rows > 0 && Number.isInteger(step) && step > 0 && rows % step === 0))
    throw new UpstreamError(
      'site_a',
      'operations.search_rows_max must be a positive multiple of operations.search_offset_step',
    );
  return { rows, step };
}

/**
 * The results pages that cover the window asked: one when the source cuts it as asked; else its pages from
 * the aligned offset before the window, each `rows` long (at most five for 100 rows in pages of 25).
 * @example sourcePages(30, 10, { rows: 25, step: 25 }) // [{ offset: 25, rows: 25 }]
 */
export function sourcePages(
  offset: number,
  rows: number,
  paging: { rows: number; step: number },
): { offset: number; rows: number }[] {
  const start = offset - (offset % paging.step);
  const end = offset + rows;
  const pages: { offset: number; rows: number }[] = [];
  for (let o = start; o < end; o += paging.rows)
    pages.push({ offset: o, rows: paging.step === 1 ? Math.min(paging.rows, end - o) : paging.rows });
  return pages;
}

/**
 * A results page read as far as its Apollo cache, or undefined for a 404 the request accepts; read as a
 * hotel page is (readHotelPage: a reader's throw carried out of the stream, such an answer never cached).
 */
function readResultsPage(
  ctx: UpstreamContext,
  req: UpstreamRequest,
  asked: SearchAsked,
  reading: string,
): Promise<SearchPage | 'unknown destination' | undefined> {
  return readHotelPage(ctx, req, (html) => extractSearchPage(html, asked), reading, 'the results page');
}

export interface SearchOptions extends Omit<SearchQuery, 'order' | 'destType'> {
  destType: string;
  sort: SearchSort;
  nights?: number;
}

/**
 * One page of hotels for a destination: one results page, read to its Apollo cache, when the source cuts
 * the window as asked (else the few results pages that cover it, sliced). Every listing is remembered, so
 * the photos and reviews of a result need no lookup. `'unknown destination'` when the site sends the
 * search home.
 * @example await siteA.search(ctx, { destId: '-1456928', destType: 'city', sort: 'popularity', … })
 */
async function search(ctx: UpstreamContext, q: SearchOptions): Promise<SearchPage | 'unknown destination'> {
  const order = searchOrder(q.sort);
  const windows = sourcePages(q.offset, q.rows, sourcePaging());
  const pages = await Promise.all(
    windows.map(async (w) => {
      const page = await readResultsPage(
        ctx,
        searchResultsRequest({ ...q, ...w, destType: q.destType.toLowerCase(), order: order.value }),
        { nights: q.nights, rooms: q.rooms, ...w, order, imageBase: imageBase(), hotelUrl },
        'search page',
      );
      if (!page) throw new ExtractionError('site_a', 'the results page is missing');
      return page;
    }),
  );
  if (pages.some((p) => p === 'unknown destination')) return 'unknown destination';
  const read = pages as SearchPage[];
  const listings = read.flatMap((p) => p.listings);
  remember(listings);
  const skip = q.offset - windows[0]!.offset;
  return {
    total: read[0]!.total,
    hotels: read.flatMap((p) => p.hotels).slice(skip, skip + q.rows),
    listings,
  };
}

/**
 * What the listings say of a hotel, from a search that found it or, once, from the results page for the
 * hotel as a destination (the lookup `hotel_by_id` names); undefined when site_a lists no such hotel.
 */
async function listingOf(ctx: UpstreamContext, hotelId: string): Promise<Listing | undefined> {
  const known = knownListings.get(hotelId);
  if (known) return known;
  const page = await readResultsPage(ctx, hotelByIdRequest(hotelId), { hotelUrl }, 'hotel listing');
  if (!page || page === 'unknown destination') return undefined;
  remember(page.listings);
  return page.listings.find((l) => l.hotelId === hotelId);
}

/** The largest value of GraphQL's Int (32-bit signed), the type of the review list's skip. */
const GRAPHQL_INT_MAX = 2 ** 31 - 1;

export interface ReviewOptions {
  page: number;
  perPage: number;
  sort: ReviewSort;
  /** A language code, or undefined for every language. */
  language?: string;
}

/**
 * A page of a hotel's reviews: one GraphQL call once the hotel's country is known (from a search, or
 * one lookup, remembered); undefined when site_a has no such hotel.
 * @example await siteA.reviews(ctx, '1007790', { page: 1, perPage: 10, sort: 'relevance' })
 */
async function reviews(
  ctx: UpstreamContext,
  hotelId: string,
  o: ReviewOptions,
): Promise<SiteAReviewsPage | undefined> {
  const listing = await listingOf(ctx, hotelId);
  if (!listing) return undefined;
  // A listing that names no country: the hotel's page (its link on the results page) does.
  const countryCode = listing.ref?.cc ?? (await hotelRefById(ctx, hotelId))?.cc;
  if (!countryCode)
    throw new ExtractionError(
      'site_a',
      `neither the listing nor the results page of hotel ${hotelId} names its country`,
    );
  const sorter = reviewSorter(o.sort);
  const res = await fetchParsed(
    reviewListRequest({
      hotelId,
      countryCode,
      sorter: sorter.value,
      // A page beyond GraphQL's Int is past the end of any hotel's reviews: the largest skip says so too.
      skip: Math.min((o.page - 1) * o.perPage, GRAPHQL_INT_MAX),
      limit: o.perPage,
      language: o.language,
    }),
    ReviewListEnvelope,
    ctx,
    'the review list',
  );
  return extractReviewList(res.body, { hotelId, page: o.page, perPage: o.perPage, sorter, listing });
}

/**
 * site_a, as the handlers use it; its photos are `sitePhotos` in photos.ts (the only reader that needs
 * JSON5), its rooms for a stay `hotelRooms` in stay-rooms.ts (JSON5 too), its hotel details and scores in hotel.ts.
 */
export const siteA = { destinations, urlToId, search, reviews, hotelDetails, hotelScores };
