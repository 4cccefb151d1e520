/**
 * rental's search (real-sources §16 rental, Search): the persisted query `StaysSearch` by POST, the body
 * `{operationName, variables{staysSearchRequest{cursor, rawParams[…], …}, staysMapSearchRequestV2{…}},
 * extensions}`, answering `data.presentation.staysSearch.results{searchResults[], paginationInfo{
 * nextPageCursor}}` (about 18 cards, no total count). A card is identified by `demandStayListing.id`, the
 * base64 of `DemandStayListing:{id}`, decoded to the decimal string. Hotel cards swap their lines: `title`
 * is the hotel's name and `subtitle` the "Hotel in …" line. A stale hash answers HTTP 200 with `data:
 * null` and a ValidationError (graphql.ts). The pages overlap and the ranking shifts between calls: the
 * chain's cursor (search-cursor.ts) carries what was already returned.
 */
import * as z from 'zod';
import type { SearchListing } from '../../schemas/rental-search.ts';
import { fetchExtracted } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { siteOrigin } from '../../upstream/providers.ts';
import { recordMissing, recordSkipped, tolerant } from '../../extraction/tolerant.ts';
import type { SourceRequest } from '../../upstream/client.ts';
import { currencySymbol, parsePrice } from './extract.ts';
import { graphqlAnswer, graphqlHeaders, operationHash } from './graphql.ts';
import { LOCALE, type Guests } from './requests.ts';
import { cents } from '../../extraction/values.ts';

/** What a search asks, in the contract's terms: the guests as every rental call counts them, and where and when. */
export interface SearchQuery extends Guests {
  location?: string;
  bounds?: { ne_lat: number; ne_lng: number; sw_lat: number; sw_lng: number };
  checkIn?: string;
  checkOut?: string;
  nights?: number;
  priceMin?: number;
  priceMax?: number;
  minBedrooms?: number;
  currency: string;
}

/** Cards the web app asks a page for. */
export const ITEMS_PER_GRID = 18;

/**
 * The search request for one page: the web app's body with the search as `rawParams`.
 * @example searchRequest({ location: 'Lyon, France', adults: 2, children: 0, infants: 0, pets: 0, currency: 'EUR' }).method // 'POST'
 */
export function searchRequest(q: SearchQuery, cursor?: string): SourceRequest {
  const hash = operationHash('StaysSearch');
  const param = (filterName: string, value: string | number | undefined) =>
    value === undefined ? [] : [{ filterName, filterValues: [String(value)] }];
  const raw = [
    ...(q.location
      ? [...param('query', q.location), { filterName: 'refinementPaths', filterValues: ['/homes'] }]
      : []),
    ...(q.bounds
      ? [
          ...param('neLat', q.bounds.ne_lat),
          ...param('neLng', q.bounds.ne_lng),
          ...param('swLat', q.bounds.sw_lat),
          ...param('swLng', q.bounds.sw_lng),
          ...param('searchByMap', 'true'),
        ]
      : []),
    ...param('checkin', q.checkIn),
    ...param('checkout', q.checkOut),
    ...param('adults', q.adults),
    ...param('children', q.children || undefined),
    ...param('infants', q.infants || undefined),
    ...param('pets', q.pets || undefined),
    ...param('price_min', q.priceMin),
    ...param('price_max', q.priceMax),
    ...param('min_bedrooms', q.minBedrooms),
    ...param('priceFilterInputType', 0),
    ...param('priceFilterNumNights', q.nights ?? 1),
    ...param('channel', 'EXPLORE'),
    ...param('tabId', 'home_tab'),
  ];
  const common = {
    ...(cursor ? { cursor } : {}),
    metadataOnly: false,
    requestedPageType: 'STAYS_SEARCH',
    treatmentFlags: [],
  };
  return {
    provider: 'rental',
    method: 'POST',
    path: `/api/v3/StaysSearch/${hash}`,
    query: { operationName: 'StaysSearch', locale: LOCALE, currency: q.currency },
    headers: graphqlHeaders(),
    body: {
      json: {
        operationName: 'StaysSearch',
        variables: {
          staysSearchRequest: {
            ...common,
            maxMapItems: 9999,
            rawParams: [...raw, ...param('itemsPerGrid', ITEMS_PER_GRID)],
          },
          staysMapSearchRequestV2: { ...common, rawParams: raw },
          isLeanTreatment: false,
        },
        extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
      },
    },
    // A search reads; it may be retried like a GET.
    safe: true,
    session: true,
    expect: 'json',
    cache: 'search',
    passStatuses: [400, 422],
  };
}

const Localized = z.looseObject({ localizedStringWithTranslationPreference: z.string().nullish() }).nullish();
const RawCard = z.looseObject({
  demandStayListing: z.looseObject({
    id: z.string().min(1),
    description: z.looseObject({ name: Localized }).nullish(),
    location: z
      .looseObject({
        coordinate: z.looseObject({
          latitude: z.number().min(-90).max(90),
          longitude: z.number().min(-180).max(180),
        }),
      })
      .nullish(),
  }),
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  nameLocalized: Localized,
  avgRatingLocalized: z.string().nullish(),
  structuredDisplayPrice: z
    .looseObject({
      primaryLine: z
        .looseObject({
          price: z.string().nullish(),
          discountedPrice: z.string().nullish(),
          originalPrice: z.string().nullish(),
          qualifier: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  badges: z.array(z.looseObject({ text: z.string() })).nullish(),
  paymentMessages: z.array(z.looseObject({ type: z.string() })).nullish(),
  contextualPictures: z.array(z.looseObject({ picture: z.string() })).nullish(),
});
type RawCard = z.output<typeof RawCard>;

export const SearchAnswer = tolerant(
  'rental',
  z.looseObject({
    data: z.looseObject({
      presentation: z.looseObject({
        staysSearch: z.looseObject({
          results: z.looseObject({
            searchResults: z.array(RawCard),
            // Null on the last page; absent is a changed answer.
            paginationInfo: z.looseObject({ nextPageCursor: z.string().min(1).nullable() }),
          }),
        }),
      }),
    }),
  }),
  'the search answer',
);
export type SearchAnswer = z.output<typeof SearchAnswer>;

/** One page of the source: its listings in order and the source's cursor to the next. */
export interface SourcePage {
  listings: SearchListing[];
  nextCursor: string | null;
}

const CARDS = 'data.presentation.staysSearch.results.searchResults[]';
const WHAT = 'the search answer';

/**
 * The decimal listing id of a card's `DemandStayListing` id (or of a plain decimal id), else undefined.
 * @example listingIdOfCard('RGVtYW5kU3RheUxpc3Rpbmc6NDAwMDAwMDE=') // '40000001'
 */
export function listingIdOfCard(id: string): string | undefined {
  if (/^[1-9]\d{0,19}$/.test(id)) return id;
  const decoded = /^DemandStayListing:([1-9]\d{0,19})$/.exec(Buffer.from(id, 'base64').toString('utf8'));
  return decoded?.[1];
}

/** "4.95 (74)" → 4.95 and 74; "New" → nothing stated; anything else is counted as unreadable. */
function ratingOf(text: string | null | undefined): { rating: number | null; count: number | null } {
  const m = /^(\d(?:\.\d+)?)\s*\((\d[\d,]*)\)$/.exec(text?.trim() ?? '');
  if (m) return { rating: Number(m[1]), count: Number(m[2]!.replace(/,/g, '')) };
  if (text && text.trim() && !/^new\b/i.test(text.trim()))
    recordMissing('rental', `${CARDS}.avgRatingLocalized`, WHAT);
  return { rating: null, count: null };
}

/** The card's price, in the currency asked: the stay's total and its average night, as the qualifier says. */
function priceOf(card: RawCard, q: SearchQuery): SearchListing['price'] {
  // Without dates a card's price is the source's guess at a stay nobody asked for.
  if (!q.nights) return null;
  const line = card.structuredDisplayPrice?.primaryLine;
  const display = line?.discountedPrice ?? line?.price ?? line?.originalPrice;
  const price = display ? parsePrice(display) : undefined;
  if (!display || !price || price.symbol !== currencySymbol(q.currency)) {
    recordMissing('rental', `${CARDS}.structuredDisplayPrice.primaryLine.price`, WHAT);
    return null;
  }
  const qualifier = line?.qualifier?.trim() || null;
  // "total" says the stay ("total for 3 nights" too); "night" alone says one night; neither says nothing.
  const total = qualifier && /total/i.test(qualifier) ? price.amount : null;
  const perNight = total === null && qualifier && /night/i.test(qualifier) ? price.amount : null;
  return {
    total: total ?? (perNight === null ? null : cents(perNight * q.nights)),
    per_night: perNight ?? (total === null ? null : cents(total / q.nights)),
    currency: q.currency,
    display: display.replace(/[\u00a0\u202f]/g, ' '),
    qualifier,
  };
}

/**
 * A page of the source as the contract's listings, in the source's order. A card whose id cannot be read
 * is skipped and counted; a hotel card's lines are read swapped (its `title` is the name). Listing pages
 * are on `origin`, with the stay asked.
 * @example extractSearchPage(answer, query, 'https://www.rental.test').listings[0] // { listing_id: '40000001', name: 'Sunny loft in Lyon', kind: 'Loft', … }
 */
export function extractSearchPage(answer: SearchAnswer, q: SearchQuery, origin: string): SourcePage {
  const { searchResults, paginationInfo } = answer.data.presentation.staysSearch.results;
  const stay =
    q.checkIn && q.checkOut ? `?check_in=${q.checkIn}&check_out=${q.checkOut}&adults=${q.adults}` : '';
  const listings = searchResults.flatMap((card): SearchListing[] => {
    const id = listingIdOfCard(card.demandStayListing.id);
    if (!id) {
      recordSkipped('rental', CARDS, WHAT);
      return [];
    }
    const [title, subtitle] = [card.title?.trim() || null, card.subtitle?.trim() || null];
    // Hotel cards: the name in `title`, the "Hotel in …" line in `subtitle`.
    const swapped = Boolean(subtitle && / in /.test(subtitle) && !(title && / in /.test(title)));
    const line = swapped ? subtitle : title;
    const named =
      card.demandStayListing.description?.name?.localizedStringWithTranslationPreference ??
      card.nameLocalized?.localizedStringWithTranslationPreference;
    const { rating, count } = ratingOf(card.avgRatingLocalized);
    const coordinate = card.demandStayListing.location?.coordinate;
    const badges = (card.badges ?? []).map((b) => b.text.trim()).filter(Boolean);
    if (badges.length < (card.badges?.length ?? 0))
      recordSkipped('rental', `${CARDS}.badges[]`, WHAT, (card.badges?.length ?? 0) - badges.length);
    return [
      {
        listing_id: id,
        name: named?.trim() || (swapped ? title : null),
        kind: line && / in /.test(line) ? line.slice(0, line.indexOf(' in ')).trim() || null : null,
        title: line,
        latitude: coordinate?.latitude ?? null,
        longitude: coordinate?.longitude ?? null,
        rating,
        review_count: count,
        price: priceOf(card, q),
        badges,
        free_cancellation:
          card.paymentMessages?.some((m) => m.type === 'FREE_CANCELLATION_HIGHLIGHT') || null,
        photo_url: card.contextualPictures?.[0]?.picture || null,
        url: `${origin}/rooms/${id}${stay}`,
      },
    ];
  });
  return { listings, nextCursor: paginationInfo.nextPageCursor };
}

/**
 * One page of the source for a search, from its cursor (none: the first page).
 * @example await searchPage(ctx, query) // { listings: [...], nextCursor: 'eyJzZWN0aW9uX29mZnNldCI6MCwiaXRlbXNfb2Zmc2V0IjoxOH0=' }
 */
export async function searchPage(ctx: UpstreamContext, q: SearchQuery, cursor?: string): Promise<SourcePage> {
  const res = await fetchExtracted(searchRequest(q, cursor), ctx, 'search', ({ status, body }) => {
    return extractSearchPage(
      graphqlAnswer('StaysSearch', SearchAnswer, WHAT, status, body),
      q,
      // The listing's page as users open it: the site's public host, which extract-id reads back.
      siteOrigin('rental'),
    );
  });
  return res.body;
}
