/**
 * Pure readers of site_a's real payloads: the autocomplete answer, the id markers of a hotel page (its
 * `hotelPhotos` literal is read by gallery.ts, apart, so that only the photos bundle loads JSON5), the first hotel link of a search results page, the results page's Apollo
 * cache (one page of a search), and the web app's GraphQL review list.
 */
import * as z from 'zod';
import {
  DestinationSuggestion,
  DestType,
  SiteAHotel,
  SiteAReviewsPage,
  type SiteAReview,
} from '../../schemas/site-a.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import type { StreamScan } from '../../upstream/stream-scan.ts';
import { recordMissing, tolerant } from '../../upstream/tolerant.ts';
import type { HotelRef } from './urls.ts';
import { resolveRefs } from './apollo.ts';

/** Read by the tolerant rule (docs/connector-guide.md): an item needs its id and type, the rest may be absent. */
export const AutocompleteAnswer = tolerant(
  'site_a',
  z.object({
    results: z.array(
      z.looseObject({
        dest_id: z.union([z.string(), z.number()]),
        dest_type: z.string(),
        label: z.string().optional(),
        label1: z.string().optional(),
        value: z.string().optional(),
        // The contract's country_code has no empty value.
        cc1: z.string().regex(/^[A-Za-z]{2}$/),
        latitude: z.number().optional(),
        longitude: z.number().optional(),
      }),
    ),
  }),
  'the autocomplete',
);
export type AutocompleteAnswer = z.infer<typeof AutocompleteAnswer>;

/**
 * Suggestions in the contract's terms, at most five. Items of a type outside the contract's (`hotel`,
 * `country`) are skipped, not failed; `name` is `label1` (else `value`), since the real item has no `name`.
 * @example extractDestinations({ results: [{ dest_id: '-1456928', dest_type: 'city', label: 'Paris, France', label1: 'Paris', cc1: 'fr', latitude: 48.8, longitude: 2.3 }] })[0].dest_id // -1456928
 */
export function extractDestinations(answer: AutocompleteAnswer): DestinationSuggestion[] {
  const out: DestinationSuggestion[] = [];
  for (const item of answer.results) {
    const type = DestType.safeParse(item.dest_type.toUpperCase());
    // A type the contract has no name for (hotel, country) is skipped; a missing one means the format drifted.
    if (!/^[a-z_]+$/.test(item.dest_type))
      throw new ExtractionError('site_a', `an autocomplete item without a destination type`);
    if (!type.success) continue;
    const label = item.label ?? item.value ?? '';
    out.push(
      conform(
        'site_a',
        DestinationSuggestion,
        {
          dest_id: Number(item.dest_id),
          dest_type: type.data,
          name: item.label1 ?? item.value ?? label.split(', ')[0],
          label,
          country_code: item.cc1.toUpperCase(),
          latitude: item.latitude ?? null,
          longitude: item.longitude ?? null,
        },
        'a destination suggestion',
      ),
    );
    if (out.length === 5) break;
  }
  return out;
}

// Where real pages carry the id, in the order they appear: the `booking.env` block and `utag_data`
// near 60 KB, the hidden form input, then the late data attribute (about 400 KB in).
const ID_MARKERS = [
  /\bb_hotel_id\s*:\s*'(\d{1,12})'/,
  /utag_data\s*=\s*\{[^}]*?\bhotel_id\s*:\s*'(\d{1,12})'/,
  /<input\b[^>]*\bname="hotel_id"[^>]*\bvalue="(\d{1,12})"/,
  /\bdata-hotel-id="(\d{1,12})"/,
];

/** @example hotelIdInPage("booking['env'] = { b_hotel_id: '1234567', …") // '1234567' */
export function hotelIdInPage(html: string): string | undefined {
  for (const marker of ID_MARKERS) {
    const m = marker.exec(html);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The first hotel page a search results page links to.
 * @example hotelRefInResults('<a href="https://www.x.test/hotel/fr/le-grand.html?aid=1">') // { cc: 'fr', slug: 'le-grand' }
 */
export function hotelRefInResults(html: string): HotelRef | undefined {
  const m =
    /href="(?:https?:\/\/[^/"]+)?\/hotel\/([a-z]{2})\/([a-z0-9][a-z0-9-]*?)(?:\.[a-z]{2}(?:-[a-z]{2})?)?\.html/.exec(
      html,
    );
  // A match group is a slice of the page it was found in: the slug is copied, or each ref knownRefs keeps
  // would keep its whole page window alive (61 KB for a 30-byte slug; the soak's mixed run grew 28 MB so).
  return m ? { cc: m[1]!, slug: Buffer.from(m[2]!).toString() } : undefined;
}

// ---------------------------------------------------------------------------------------------------
// The search results page: its Apollo cache (`<script type="application/json"
// data-capla-store-data="apollo">`), whose `ROOT_QUERY.searchQueries["search({…})"]` node holds the page's
// results and the total; the node's key echoes the input the server used.
// ---------------------------------------------------------------------------------------------------

const APOLLO = /<script\b[^>]*\bdata-capla-store-data=["']apollo["'][^>]*>([\s\S]*?)<\/script>/;

/** Whether the page has arrived as far as its Apollo cache, or ended. */
export function searchPageComplete(html: string): boolean {
  return APOLLO.test(html) || /<\/html>\s*$/i.test(html.slice(-256));
}

const APOLLO_OPEN = /<script\b[^>]*\bdata-capla-store-data=["']apollo["'][^>]*>/;

/**
 * A results page read until its Apollo cache has arrived (or the page has ended with `</html>`), looked
 * for in what is new only; then `read` sees the page so far, once.
 * @example scanAll(searchPageScan((html) => extractSearchPage(html, asked)), html)
 */
export function searchPageScan<T>(read: (html: string) => T): StreamScan<T> {
  const parts: string[] = [];
  let tail = '';
  let inside = false;
  let examined = 0;
  const done = () => {
    const html = parts.join('');
    examined += html.length;
    return read(html);
  };
  return {
    feed(fresh) {
      parts.push(fresh);
      let window = tail + fresh;
      examined += window.length;
      if (!inside) {
        const open = APOLLO_OPEN.exec(window);
        if (!open) {
          tail = window.slice(-1024);
          return undefined;
        }
        inside = true;
        window = window.slice(open.index + open[0].length);
      }
      if (window.includes('</script>')) return done();
      tail = window.slice(-8);
      return undefined;
    },
    end() {
      const last = parts.length ? parts.join('').slice(-256) : '';
      return /<\/html>\s*$/i.test(last) ? done() : undefined;
    },
    get examined() {
      return examined;
    },
  };
}

const Money = z.looseObject({
  amount: z.string().optional(),
  amountRounded: z.string().optional(),
  amountUnformatted: z.number().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const Listing = z.looseObject({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
  pageName: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  location: z.looseObject({
    countryCode: z.string().regex(/^[a-zA-Z]{2}$/),
    address: z.string().nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  }),
  starRating: z.looseObject({ value: z.number().min(0).max(5).nullish() }).nullish(),
  reviews: z
    .looseObject({
      totalScore: z.number().min(0).max(10).nullish(),
      reviewsCount: z.number().int().min(0).nullish(),
      totalScoreTextTag: z.looseObject({ translation: z.string().nullish() }).nullish(),
    })
    .nullish(),
  photos: z
    .looseObject({
      main: z
        .looseObject({ highResUrl: z.looseObject({ relativeUrl: z.string().min(1) }).nullish() })
        .nullish(),
    })
    .nullish(),
});

const SearchResult = z.looseObject({
  basicPropertyData: Listing,
  displayName: z.looseObject({ text: z.string().min(1) }),
  location: z
    .looseObject({ mainDistance: z.string().nullish(), displayLocation: z.string().nullish() })
    .nullish(),
  policies: z.looseObject({ showFreeCancellation: z.boolean().nullish() }).nullish(),
  soldOutInfo: z.looseObject({ isSoldOut: z.boolean().nullish() }).nullish(),
  priceDisplayInfoIrene: z
    .looseObject({
      displayPrice: z.looseObject({ amountPerStay: Money }),
      excludedCharges: z
        .looseObject({
          excludeChargesAggregated: z
            .looseObject({
              amountPerStay: z.looseObject({ amountUnformatted: z.number().nullish() }).nullish(),
            })
            .nullish(),
          excludeChargesList: z.array(z.unknown()).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
type SearchResult = z.infer<typeof SearchResult>;

/** The part of the search node the connector reads. */
export const SearchNode = tolerant(
  'site_a',
  z.looseObject({
    results: z.array(SearchResult),
    pagination: z.looseObject({ nbResultsTotal: z.number().int().min(0) }),
  }),
  'the search results',
);

/** What the search node's key says the server used: the page it cut and the order it sorted by. */
const EchoedInput = z.looseObject({
  input: z.looseObject({
    pagination: z.looseObject({ rowsPerPage: z.number().int(), offset: z.number().int() }).optional(),
    sorters: z.looseObject({ selectedSorter: z.string().nullish() }).optional(),
  }),
});

/** A hotel as a listing shows it: enough to reach its page and to score its reviews. */
export interface Listing {
  hotelId: string;
  ref: HotelRef;
  score: number | null;
  scoreWord: string | null;
  reviewCount: number | null;
}

export interface SearchAsked {
  /** Nights of the stay, or undefined for a search without dates (no prices). */
  nights?: number;
  /** The page and order asked, checked against what the server echoes; unset: not checked. */
  offset?: number;
  rows?: number;
  order?: { value: string; operation: string };
  /** Where the source's relative image paths live. */
  imageBase?: string;
  hotelUrl: (ref: HotelRef) => string;
}

export interface SearchPage {
  total: number;
  hotels: SiteAHotel[];
  listings: Listing[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function toHotel(r: SearchResult, asked: SearchAsked): SiteAHotel {
  const b = r.basicPropertyData;
  const ref = { cc: b.location.countryCode.toLowerCase(), slug: b.pageName };
  const stay = r.priceDisplayInfoIrene?.displayPrice.amountPerStay;
  const charges = r.priceDisplayInfoIrene?.excludedCharges;
  const excluded = charges?.excludeChargesAggregated?.amountPerStay?.amountUnformatted;
  const list = charges?.excludeChargesList;
  // Included only when the answer says nothing is left out; unknown when it does not say.
  const taxesIncluded =
    list === undefined || list === null
      ? null
      : list.length > 0 || (excluded ?? 0) > 0
        ? false
        : excluded === undefined || excluded === null
          ? null
          : true;
  const photo = b.photos?.main?.highResUrl?.relativeUrl;
  const stars = b.starRating?.value;
  return {
    hotel_id: String(b.id),
    name: r.displayName.text,
    url: asked.hotelUrl(ref),
    image_url: photo
      ? /^https?:\/\//.test(photo)
        ? photo
        : asked.imageBase
          ? `${asked.imageBase}${photo}`
          : null
      : null,
    star_rating: stars && stars >= 1 ? Math.round(stars) : null,
    review_score: b.reviews?.totalScore ?? null,
    review_score_word: b.reviews?.totalScoreTextTag?.translation ?? null,
    review_count: b.reviews?.reviewsCount ?? null,
    address: b.location.address ?? null,
    latitude: b.location.latitude ?? null,
    longitude: b.location.longitude ?? null,
    distance: r.location?.mainDistance ?? null,
    // Without dates the source shows no prices; a price it shows is for the whole stay and every room.
    price:
      asked.nights && stay
        ? {
            amount: stay.amountUnformatted,
            per_night: round2(stay.amountUnformatted / asked.nights),
            currency: stay.currency,
            display: stay.amountRounded ?? stay.amount ?? `${stay.amountUnformatted} ${stay.currency}`,
            taxes_included: taxesIncluded,
          }
        : null,
    free_cancellation: r.policies?.showFreeCancellation ?? null,
    is_sold_out: r.soldOutInfo?.isSoldOut ?? null,
  };
}

/**
 * The search node of a results page, its Apollo references resolved, with its key (the server's echo of
 * the page and order); `'unknown destination'` when the site sent the search to its home page.
 * @example searchNodeIn(html) // { key: 'search({"input":…})', node: { results: […], pagination: {…} } }
 */
export function searchNodeIn(html: string): { key: string; node: unknown } | 'unknown destination' {
  const script = APOLLO.exec(html)?.[1];
  if (script === undefined) {
    if (/\bb_action\s*:\s*'index'/.test(html)) return 'unknown destination';
    throw new ExtractionError('site_a', 'the results page carries no Apollo cache');
  }
  let store: Record<string, unknown>;
  try {
    store = z.record(z.string(), z.unknown()).parse(JSON.parse(script));
  } catch (cause) {
    throw new ExtractionError('site_a', 'the Apollo cache of the results page is not a JSON object', cause);
  }
  const queries = z
    .looseObject({ ROOT_QUERY: z.looseObject({ searchQueries: z.record(z.string(), z.unknown()) }) })
    .safeParse(store).data?.ROOT_QUERY.searchQueries;
  const key = Object.keys(queries ?? {}).find((k) => k.startsWith('search('));
  if (!queries || !key) throw new ExtractionError('site_a', 'the Apollo cache has no search node');
  return { key, node: resolveRefs(queries[key], store) };
}

/**
 * A search node, read, in the contract's terms: the hotels, the total and the listings.
 * @example searchPageOf(conform('site_a', SearchNode, node, 'the search results'), asked).total // 1284
 */
export function searchPageOf(node: z.output<typeof SearchNode>, asked: SearchAsked): SearchPage {
  const hotels = node.results.map((r) => toHotel(r, asked));
  return {
    total: node.pagination.nbResultsTotal,
    hotels: hotels.map((h) => conform('site_a', SiteAHotel, h, 'a search result')),
    listings: node.results.map((r) => ({
      hotelId: String(r.basicPropertyData.id),
      ref: { cc: r.basicPropertyData.location.countryCode.toLowerCase(), slug: r.basicPropertyData.pageName },
      score: r.basicPropertyData.reviews?.totalScore ?? null,
      scoreWord: r.basicPropertyData.reviews?.totalScoreTextTag?.translation ?? null,
      reviewCount: r.basicPropertyData.reviews?.reviewsCount ?? null,
    })),
  };
}

/**
 * One page of a results page in the contract's terms, or `'unknown destination'` when the site sent the
 * search to its home page (what it does with a destination it does not know). The server's echo of the
 * page and order is checked: a source that cut another page or sorted otherwise is named, never served.
 * @example extractSearchPage(html, { nights: 3, hotelUrl }).hotels[0].hotel_id
 */
export function extractSearchPage(html: string, asked: SearchAsked): SearchPage | 'unknown destination' {
  const found = searchNodeIn(html);
  if (found === 'unknown destination') return found;
  checkEcho(found.key, asked);
  return searchPageOf(conform('site_a', SearchNode, found.node, 'the search results'), asked);
}

function checkEcho(key: string, asked: SearchAsked): void {
  let echoed: z.infer<typeof EchoedInput>['input'] | undefined;
  try {
    echoed = EchoedInput.safeParse(JSON.parse(key.slice('search('.length, -1))).data?.input;
  } catch {
    echoed = undefined; // A key that is not JSON says nothing about the page; the results still count.
  }
  const page = echoed?.pagination;
  if (page && asked.rows !== undefined && (page.rowsPerPage !== asked.rows || page.offset !== asked.offset))
    throw new UpstreamError(
      'site_a',
      `its results page cut ${page.rowsPerPage} results from ${page.offset} where ${asked.rows} from ${asked.offset} were asked ` +
        `(operations.search_rows_max caps the rows asked of one page)`,
    );
  const sorter = echoed?.sorters?.selectedSorter;
  if (asked.order && sorter && sorter !== asked.order.value)
    throw new UpstreamError(
      'site_a',
      `it sorted by ${sorter} where ${asked.order.value} was asked: update operations.${asked.order.operation}`,
    );
}

// ---------------------------------------------------------------------------------------------------
// The web app's GraphQL review list (`ReviewList`): `data.reviewListFrontend` is a
// `ReviewListFrontendResult` or a `ReviewsFrontendError`; a variable the schema refuses is in `errors[]`.
// ---------------------------------------------------------------------------------------------------

/** The envelope: GraphQL errors, or the result's type name (read further by its own schema). */
export const ReviewListEnvelope = z.looseObject({
  data: z.looseObject({ reviewListFrontend: z.looseObject({ __typename: z.string() }).nullable() }).nullish(),
  errors: z.array(z.looseObject({ message: z.string() })).nullish(),
});
export type ReviewListEnvelope = z.infer<typeof ReviewListEnvelope>;

const ReviewCard = z.looseObject({
  reviewUrl: z.string().min(1),
  reviewScore: z.number(),
  reviewedDate: z.number().positive(),
  guestDetails: z
    .looseObject({
      username: z.string().nullish(),
      avatarUrl: z.string().nullish(),
      countryCode: z.string().nullish(),
      guestTypeTranslation: z.string().nullish(),
    })
    .nullish(),
  bookingDetails: z
    .looseObject({
      roomType: z.looseObject({ name: z.string().nullish() }).nullish(),
      checkinDate: z.string().nullish(),
      numNights: z.number().int().min(0).nullish(),
    })
    .nullish(),
  helpfulVotesCount: z.number().int().min(0).nullish(),
  textDetails: z
    .looseObject({
      title: z.string().nullish(),
      positiveText: z.string().nullish(),
      negativeText: z.string().nullish(),
      lang: z.string().nullish(),
    })
    .nullish(),
  isApproved: z.boolean().nullish(),
  partnerReply: z.looseObject({ reply: z.string().nullish() }).nullish(),
  photos: z
    .array(z.looseObject({ urls: z.array(z.looseObject({ size: z.string().nullish(), url: z.string() })) }))
    .nullish(),
});
type ReviewCard = z.infer<typeof ReviewCard>;

const Counted = z.looseObject({ value: z.string(), count: z.number().int().min(0) });

export const ReviewListResult = tolerant(
  'site_a',
  z.looseObject({
    reviewCard: z.array(ReviewCard),
    reviewsCount: z.number().int().min(0),
    languageFilter: z.array(Counted).nullish(),
    sorters: z.array(z.looseObject({ value: z.string(), name: z.string().nullish() })).nullish(),
  }),
  'the review list',
);

export interface ReviewsAsked {
  hotelId: string;
  page: number;
  perPage: number;
  sorter: { value: string; operation: string };
  listing: Listing;
}

/** No reply: null, and a reply sent as an empty text counted as missing (the source no longer fills it). */
function noReply(c: ReviewCard): null {
  if (c.partnerReply?.reply === '')
    recordMissing('site_a', 'reviewCard[].partnerReply.reply', 'the review list');
  return null;
}
/** A review date as the source sends it (seconds, or milliseconds) as YYYY-MM-DD. */
const day = (t: number) => new Date(t > 1e12 ? t : t * 1000).toISOString().slice(0, 10);

function toReview(c: ReviewCard): SiteAReview {
  const text = c.textDetails;
  const photos = (c.photos ?? []).flatMap((p) => {
    const largest = p.urls.find((u) => u.size === 'max500') ?? p.urls.at(-1);
    return largest ? [largest.url] : [];
  });
  const country = c.guestDetails?.countryCode;
  if (country === '') recordMissing('site_a', 'reviewCard[].guestDetails.countryCode', 'the review list');
  const checkin = c.bookingDetails?.checkinDate;
  return {
    review_id: c.reviewUrl,
    score: c.reviewScore,
    title: text?.title ?? null,
    positive: text?.positiveText ?? null,
    negative: text?.negativeText ?? null,
    language: text?.lang ?? null,
    date: day(c.reviewedDate),
    stay_date: checkin && /^\d{4}-\d{2}/.test(checkin) ? checkin.slice(0, 7) : null,
    nights: c.bookingDetails?.numNights || null,
    room_type: c.bookingDetails?.roomType?.name ?? null,
    traveler_type: c.guestDetails?.guestTypeTranslation ?? null,
    reviewer: {
      name: c.guestDetails?.username ?? null,
      country: country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : null,
      avatar_url: c.guestDetails?.avatarUrl ?? null,
    },
    helpful_votes: c.helpfulVotesCount ?? null,
    photos,
    // The reply carries no date upstream; an empty one is no reply, counted as the field missing.
    owner_response: c.partnerReply?.reply ? { text: c.partnerReply.reply, published_date: null } : noReply(c),
  };
}

/**
 * A page of a hotel's reviews in the contract's terms, or undefined when the source answers that it has
 * no such hotel. GraphQL errors (a sorter it no longer knows) and a sorter missing from the answer's own
 * list are named with the setting to change, never served as sorted.
 * @example extractReviewList(answer, { hotelId: '4410087', page: 1, perPage: 10, sorter, listing }).pagination.total_count
 */
export function extractReviewList(
  answer: ReviewListEnvelope,
  asked: ReviewsAsked,
): SiteAReviewsPage | undefined {
  const failure = answer.errors?.[0]?.message;
  if (failure)
    throw new UpstreamError(
      'site_a',
      `its review list refused the request (${failure}); check operations.${asked.sorter.operation}`,
    );
  const result = answer.data?.reviewListFrontend;
  if (!result) throw new ExtractionError('site_a', 'the review list answer has no reviewListFrontend');
  if (result.__typename === 'ReviewsFrontendError') {
    const status = (result as { statusCode?: unknown }).statusCode;
    if (status === 404) return undefined;
    throw new UpstreamError(
      'site_a',
      `its review list failed (${String(status)}: ${String((result as { message?: unknown }).message)})`,
    );
  }
  const list = conform('site_a', ReviewListResult, result, 'the review list');
  if (list.sorters?.length && !list.sorters.some((s) => s.value === asked.sorter.value))
    throw new UpstreamError(
      'site_a',
      `it has no review sorter ${asked.sorter.value}; its sorters are ${list.sorters.map((s) => s.value).join(', ')}: update operations.${asked.sorter.operation}`,
    );
  const reviews = list.reviewCard.filter((c) => c.isApproved !== false).map(toReview);
  const everyLanguage = list.languageFilter?.find((f) => f.value === '')?.count;
  const total = list.reviewsCount;
  const { listing } = asked;
  if (listing.score === null && reviews.length > 0)
    throw new ExtractionError('site_a', "the hotel's listing carries no review score");
  return conform(
    'site_a',
    SiteAReviewsPage,
    {
      hotel_id: asked.hotelId,
      review_score: {
        overall: listing.score ?? null,
        score_text: listing.scoreWord ?? null,
        review_count: everyLanguage ?? listing.reviewCount ?? total,
      },
      reviews,
      pagination: {
        page: asked.page,
        per_page: asked.perPage,
        total_count: total,
        total_pages: Math.ceil(total / asked.perPage),
        has_next: asked.page * asked.perPage < total,
      },
    },
    'the review list',
  );
}
