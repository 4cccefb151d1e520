/**
 * Pure readers of site_a's search results page: the first hotel page it links to, and its Apollo cache
 * (`<script type="application/json" data-capla-store-data="apollo">`), whose
 * `ROOT_QUERY.searchQueries["search({…})"]` node holds the page's results and the total; the node's key
 * echoes the input the server used.
 */
import * as z from 'zod';
import { SiteAHotel } from '../../schemas/site-a.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import type { StreamScan } from '../../extraction/stream-scan.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import { resolveRefs } from './apollo.ts';
import type { HotelRef } from './urls.ts';
import { cents } from '../../extraction/values.ts';
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

// A result is its id: its name (displayName), page name and country may each be absent (wave3's identity
// rule); the page name and country only build its page URL.
const Listing = z.looseObject({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
  pageName: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .optional(),
  location: z
    .looseObject({
      countryCode: z
        .string()
        .regex(/^[a-zA-Z]{2}$/)
        .optional(),
      address: z.string().nullish(),
      latitude: z.number().min(-90).max(90).nullish(),
      longitude: z.number().min(-180).max(180).nullish(),
    })
    .optional(),
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
  displayName: z.looseObject({ text: z.string().min(1) }).nullish(),
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
  /** Its page; undefined when the listing names no page name or no country. */
  ref?: HotelRef;
  score: number | null;
  scoreWord: string | null;
  reviewCount: number | null;
}

export interface SearchAsked {
  /** Nights of the stay, or undefined for a search without dates (no prices). */
  nights?: number;
  /** Rooms asked (default 1): the shown price covers all of them, per_night one. */
  rooms?: number;
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

/** A result's page: its country and page name, or undefined when it shows either not. */
function refOf(b: SearchResult['basicPropertyData']): HotelRef | undefined {
  const cc = b.location?.countryCode;
  return cc && b.pageName ? { cc: cc.toLowerCase(), slug: b.pageName } : undefined;
}

function toHotel(r: SearchResult, asked: SearchAsked): SiteAHotel {
  const b = r.basicPropertyData;
  const ref = refOf(b);
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
    name: r.displayName?.text ?? null,
    url: ref ? asked.hotelUrl(ref) : null,
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
    address: b.location?.address ?? null,
    latitude: b.location?.latitude ?? null,
    longitude: b.location?.longitude ?? null,
    distance: r.location?.mainDistance ?? null,
    // Without dates the source shows no prices; a price it shows is for the whole stay and every room
    // (amountPerStay), so one room for one night is that divided by both.
    price:
      asked.nights && stay
        ? {
            amount: stay.amountUnformatted,
            per_night: cents(stay.amountUnformatted / asked.nights / (asked.rooms ?? 1)),
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
      ref: refOf(r.basicPropertyData),
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
