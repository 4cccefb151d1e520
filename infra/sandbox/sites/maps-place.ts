/**
 * maps_reviews' place details in the real format of the SERP API's maps engine (real-sources §16
 * maps_reviews, Place): `engine=<place_search>` with `place_id`, or `data_cid` (a data_id's second number
 * in decimal), or `type=place&data=!4m5!3m4!1s<data_id>!8m2!3d<lat>!4d<lng>`, answering `place_results`
 * with `type` an array, `hours` a list of single-key objects (times with U+202F before AM/PM and an en
 * dash), `open_state`, `rating_summary[]` counted from the place's own reviews, `price`, `extensions[]`;
 * the empty-result error for an id the service does not know. The place is the one search-and-review finds
 * (same title, ids, address and coordinates).
 */
import { hash } from '../random.ts';
import type { SiteResponse } from '../site.ts';
import { getWorld, type Hotel } from '../world.ts';
import { badRequest, emptyResultText, refused, searchMetadata } from './serp-api.ts';

const PUBLIC_SITE = 'https://maps.test';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** The narrow no-break space the service puts before AM and PM. */
const NNBSP = '\u202f';

/** Whether a maps search request asks for one place by its id rather than searching. @example isPlaceRequest(new URLSearchParams('place_id=ChIJ1')) // true */
export function isPlaceRequest(query: URLSearchParams): boolean {
  return query.has('place_id') || query.has('data_cid') || query.get('type') === 'place';
}

/** The place a request names, or undefined when the service does not know it. */
function placeOf(query: URLSearchParams): Hotel | undefined {
  const hotels = getWorld().hotels;
  const placeId = query.get('place_id');
  if (placeId !== null) return hotels.find((h) => h.ids.maps_place_id === placeId);
  const cid = query.get('data_cid');
  if (cid !== null)
    return /^\d+$/.test(cid)
      ? hotels.find((h) => BigInt(`0x${h.ids.maps_data_id.split(':0x')[1]}`) === BigInt(cid))
      : undefined;
  const dataId = /!1s(0x[0-9a-f]+:0x[0-9a-f]+)!/i.exec(query.get('data') ?? '')?.[1];
  return dataId ? hotels.find((h) => h.ids.maps_data_id === dataId) : undefined;
}

/** A reception's hours as the service writes them: "7 AM–11 PM" with narrow no-break spaces. */
function hoursOf(h: Hotel): { text: string; open: string } {
  if (hash(`hours:${h.key}`) % 3 === 0) return { text: 'Open 24 hours', open: 'Open 24 hours' };
  const from = 6 + (hash(`open:${h.key}`) % 3);
  const to = 9 + (hash(`close:${h.key}`) % 3);
  return {
    text: `${from}${NNBSP}AM–${to}${NNBSP}PM`,
    open: `Open · Closes ${to}${NNBSP}PM`,
  };
}

/**
 * What the maps site knows of its places, handed in by it (its search's entry for a place, the rating and
 * the reviews), so that details and search agree without this module importing the site.
 */
export interface PlaceWorld {
  placeResult(h: Hotel, base: string): Record<string, unknown>;
  rating(h: Hotel): number | undefined;
  reviewCount(h: Hotel): number;
  reviewsOf(h: Hotel): { rating: number }[];
}

/** The place in full, as `place_results` carries it: the search's entry with `type` a list, and more. */
function details(h: Hotel, base: string, { placeResult, rating, reviewCount, reviewsOf }: PlaceWorld) {
  const rest = { ...placeResult(h, base) };
  // The search's type fields; the place answer has `type` as a list instead.
  delete rest.type;
  delete rest.types;
  delete rest.type_id;
  const hours = hoursOf(h);
  const counts = [1, 2, 3, 4, 5].map((stars) => reviewsOf(h).filter((r) => r.rating === stars).length);
  return {
    ...rest,
    ...(reviewCount(h)
      ? {
          rating: rating(h),
          reviews: reviewCount(h),
          rating_summary: counts.map((amount, i) => ({ stars: i + 1, amount })),
        }
      : {}),
    price: '$'.repeat(Math.max(1, Math.min(4, h.stars - 1))),
    type: ['Hotel', ...(h.stars >= 4 ? ['Resort hotel'] : [])],
    type_ids: ['hotel', ...(h.stars >= 4 ? ['resort_hotel'] : [])],
    hours: [1, 2, 3, 4, 5, 6, 0].map((d) => ({ [DAYS[d]!]: hours.text })),
    open_state: hours.open,
    extensions: [
      { highlights: ['Great coffee', ...(h.stars >= 4 ? ['Rooftop bar'] : [])] },
      { accessibility: ['Wheelchair-accessible entrance', 'Wheelchair-accessible elevator'] },
      { amenities: ['Free Wi-Fi', ...(h.stars >= 3 ? ['Breakfast'] : [])] },
    ],
  };
}

/**
 * The answer to a request for one place.
 * @example place(new URLSearchParams('engine=place_search&place_id=ChIJ…'), base, world).status // 200
 */
export function place(query: URLSearchParams, base: string, world: PlaceWorld): SiteResponse {
  const engine = 'place_search';
  if (query.get('type') === 'place' && !query.get('data'))
    return badRequest('Missing `data` parameter for `type=place`.');
  const publicUrl = `${PUBLIC_SITE}/maps/place/?${query.toString()}`;
  const metadata = () => searchMetadata({ engine, base, seed: query.toString(), publicUrl });
  const refusal = refused(query, metadata);
  if (refusal) return refusal;
  const parameters = Object.fromEntries([...query].filter(([k]) => k !== 'api_key'));
  const answered = { search_metadata: metadata(), search_parameters: { hl: 'en', ...parameters } };
  const h = placeOf(query);
  if (!h) return { status: 200, json: { ...answered, error: emptyResultText('maps_reviews') } };
  return { status: 200, json: { ...answered, place_results: details(h, base, world) } };
}
