/**
 * A site_a search-results URL (`https://<host>/searchresults[.{lang}].html?…`) read as the parameters of
 * `/v1/site_a/search` (real-sources §16 site_a, search by URL): destination (`dest_id`, `dest_type`, or the
 * free text `ss`), dates (`checkin`/`checkout`, or the older `checkin_year`/`_month`/`_monthday`), party
 * (`group_adults`, `group_children`, repeated `age`, `no_rooms`), `order`, `offset`, `selected_currency`,
 * `lang`, and the `nflt` filters (`class`, `review_score` × 10, `ht_id`, `fc`, `price=CUR-min-max-1`).
 * Every other parameter, tracking and session ones included, is named as ignored, as is an `nflt` key not
 * understood (`nflt:<key>`).
 */
import { DisallowedUrlError } from '../../upstream/errors.ts';
import { parseUserUrl } from '../../upstream/user-url.ts';
import { searchOrder, SEARCH_ORDERS, type SearchSort } from './requests.ts';

export interface UrlFilters {
  stars: number[];
  min_review_score: number | null;
  accommodation_types: number[];
  free_cancellation: true | null;
  price: { currency: string; min: number | null; max: number | null } | null;
}

/** A search URL read: the search parameters it sets (as query texts), where each came from, and the rest. */
export interface SearchUrl {
  /** Search's parameters as texts, by search's names (absent: search's default). */
  params: Record<string, string>;
  /** For each of search's parameters set, the URL parameter it was read from (for errors). */
  from: Record<string, string>;
  searchString: string | null;
  destId: string | null;
  destType: string | null;
  childrenAges: number[];
  /** The URL's `order` as search's sort, or undefined (popularity) when it names none. */
  sortBy?: SearchSort;
  filters: UrlFilters;
  ignored: string[];
}

const PATH = /^\/searchresults(?:\.[a-z]{2}(?:-[a-z]{2})?)?\.html$/i;
/** The URL parameters read (beyond the legacy date parts and nflt). */
const READ = new Set([
  'ss',
  'dest_id',
  'dest_type',
  'checkin',
  'checkout',
  'group_adults',
  'group_children',
  'age',
  'no_rooms',
  'order',
  'offset',
  'selected_currency',
  'lang',
  'nflt',
]);
const LEGACY = ['year', 'month', 'monthday'] as const;

const pad = (v: string | null) => (v !== null && /^\d$/.test(v) ? `0${v}` : v);

/** A URL parameter's value, or null when it is absent or blank (`dest_id=` names no destination). */
function valueOf(q: URLSearchParams, name: string): string | null {
  const value = q.get(name);
  return value === null || value.trim() === '' ? null : value;
}

/** A date from the URL: `checkin`, or the older three parts (a missing part leaves a date search refuses). */
function dateOf(
  q: URLSearchParams,
  which: 'checkin' | 'checkout',
  used: Set<string>,
): [string, string] | undefined {
  const whole = valueOf(q, which);
  if (whole !== null) return [whole, which];
  const parts = LEGACY.map((p) => `${which}_${p}`).filter((name) => valueOf(q, name) !== null);
  for (const p of LEGACY) if (q.has(`${which}_${p}`)) used.add(`${which}_${p}`);
  if (parts.length === 0) return undefined;
  const [y, m, d] = LEGACY.map((p) => valueOf(q, `${which}_${p}`));
  return [`${y ?? ''}-${pad(m ?? '')}-${pad(d ?? '')}`, parts[0]!];
}

/** The `nflt` filters: `;`-joined `key=value`s (the site also joins them URL-encoded). */
function filtersOf(nflt: string | null, unknown: string[]): UrlFilters {
  const filters: UrlFilters = {
    stars: [],
    min_review_score: null,
    accommodation_types: [],
    free_cancellation: null,
    price: null,
  };
  for (const part of (nflt ?? '').split(';').filter(Boolean)) {
    const [key = '', value = ''] = part.split('=');
    const int = /^\d+$/.test(value) ? Number(value) : undefined;
    const price = /^([A-Z]{3})-(\d*)-(\d*)-\d+$/.exec(value);
    if (key === 'class' && int !== undefined && int >= 1 && int <= 5) filters.stars.push(int);
    else if (key === 'review_score' && int !== undefined && int <= 100) filters.min_review_score = int / 10;
    else if (key === 'ht_id' && int !== undefined) filters.accommodation_types.push(int);
    else if (key === 'fc' && value === '2') filters.free_cancellation = true;
    else if (key === 'price' && price)
      filters.price = {
        currency: price[1]!,
        min: price[2] ? Number(price[2]) : null,
        max: price[3] ? Number(price[3]) : null,
      };
    else if (!unknown.includes(`nflt:${key}`)) unknown.push(`nflt:${key}`);
  }
  return filters;
}

/** The sort whose configured `order` value the URL names, or undefined. */
function sortOf(order: string): SearchSort | undefined {
  return (Object.keys(SEARCH_ORDERS) as SearchSort[]).find((s) => searchOrder(s).value === order);
}

/**
 * The search a site_a results URL names; throws DisallowedUrlError for a URL of another site or one that
 * is not a results page.
 * @example readSearchUrl('https://www.site-a.test/searchresults.html?dest_id=-1456928&dest_type=city&aid=7').ignored // ['aid']
 */
export function readSearchUrl(raw: string): SearchUrl {
  const url = parseUserUrl(raw, 'site_a');
  if (!PATH.test(url.pathname))
    throw new DisallowedUrlError(
      raw,
      'not a site_a search-results URL of the form https://<host>/searchresults.html?…',
    );
  const q = url.searchParams;
  const used = new Set<string>();
  const params: Record<string, string> = {};
  const from: Record<string, string> = {};
  // A blank value is no value: the parameter reads as absent (search's default, or its partner missing).
  const take = (name: string, param: string) => {
    const value = valueOf(q, param);
    if (value === null) return;
    params[name] = value;
    from[name] = param;
  };
  take('dest_id', 'dest_id');
  take('dest_type', 'dest_type');
  take('adults', 'group_adults');
  take('children', 'group_children');
  take('rooms', 'no_rooms');
  take('offset', 'offset');
  take('currency', 'selected_currency');
  take('language', 'lang');
  for (const which of ['checkin', 'checkout'] as const) {
    const date = dateOf(q, which, used);
    if (!date) continue;
    const name = which === 'checkin' ? 'check_in' : 'check_out';
    params[name] = date[0];
    from[name] = date[1];
  }
  const ages = q.getAll('age').filter((a) => a.trim() !== '');
  if (ages.length) {
    params.children_ages = ages.join(',');
    from.children_ages = 'age';
  }
  const order = q.get('order');
  const sortBy = order === null ? undefined : sortOf(order);
  if (sortBy) params.sort_by = sortBy;
  const unknownFilters: string[] = [];
  const filters = filtersOf(q.get('nflt'), unknownFilters);
  // In the URL's order: what search does not read (tracking and session ones included), an order it
  // has no sort for, then the filters not understood.
  const ignored = [
    ...[...new Set(q.keys())].filter(
      (name) => (!READ.has(name) && !used.has(name)) || (name === 'order' && !sortBy),
    ),
    ...unknownFilters,
  ];
  return {
    params,
    from,
    searchString: q.get('ss')?.trim() || null,
    destId: valueOf(q, 'dest_id'),
    destType: valueOf(q, 'dest_type'),
    childrenAges: ages.map(Number),
    sortBy,
    filters,
    ignored,
  };
}
