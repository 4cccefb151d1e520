/**
 * One maps place in full (real-sources §16 maps_reviews, Place): the maps engine by `place_id`, or by
 * `data_cid` for a data_id (its second number in decimal, as clients commonly send it), answering
 * `place_results`; where the service sends the search shape instead, the `local_results[]` entry for the
 * place. The two shapes differ: `type` is an array in one and a string beside `types[]` in the other; hours
 * are a list of single-key objects in one and an `operating_hours` object in the other (where `hours` is a
 * status text). Both are read. Times lose the narrow no-break space the source puts before AM/PM.
 */
import * as z from 'zod';
import { MapsPlace, WEEK_DAYS } from '../../schemas/maps-place.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { engineFor } from '../../upstream/providers.ts';
import { tolerant } from '../../extraction/tolerant.ts';
import type { SourceRequest } from '../../upstream/client.ts';
import { fetchSerp, hasShapeOf, isEmptyResult, SerpEnvelope, serpRequest } from '../serp/index.ts';

/** Which place is asked for: by the id search-and-review returns, or by its data_id. */
export type PlaceKey = { placeId: string } | { dataId: string };

/**
 * The request for one place: `place_id`, or `data_cid` for a data_id.
 * @example placeRequest({ dataId: '0x47e6:0x8a0' }, 'en', 'place_search').query // { engine: 'place_search', data_cid: '2208', hl: 'en' }
 */
export function placeRequest(key: PlaceKey, hl: string, engine: string): SourceRequest {
  const id =
    'placeId' in key
      ? { place_id: key.placeId }
      : { data_cid: BigInt(`0x${key.dataId.split(':0x')[1]}`).toString() };
  return serpRequest('maps_reviews', { engine, ...id, hl }, 'ids');
}

const Text = z.string().nullish();
const RawPlace = z.looseObject({
  title: z.string().min(1),
  place_id: Text,
  data_id: Text,
  gps_coordinates: z
    .looseObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .nullish(),
  rating: z.number().min(1).max(5).nullish(),
  reviews: z.number().int().min(0).nullish(),
  rating_summary: z
    .array(
      z.looseObject({ stars: z.number().int().min(1).max(5), amount: z.number().int().min(0).nullish() }),
    )
    .nullish(),
  price: Text,
  type: z.union([z.string(), z.array(z.string())]).nullish(),
  types: z.array(z.string()).nullish(),
  address: Text,
  phone: Text,
  website: Text,
  // A list of single-key objects (place_results), or a status text (local_results); read by day name.
  hours: z.union([z.array(z.looseObject({})), z.string()]).nullish(),
  operating_hours: z.looseObject({}).nullish(),
  open_state: Text,
  description: Text,
  // Single-key objects: a group's name and what it lists.
  extensions: z.array(z.looseObject({})).nullish(),
});
type RawPlace = z.output<typeof RawPlace>;

/**
 * The answer, one shape each: the place itself (`place_results`), the search shape (`local_results`), or
 * neither (an unknown id's error); each refuses the others' keys, so that one shape never counts another's
 * fields missing.
 */
export const PlaceAnswer = tolerant(
  'maps_reviews',
  z.union([
    z.looseObject({ ...SerpEnvelope, place_results: RawPlace }),
    z
      .looseObject({ ...SerpEnvelope, local_results: z.array(RawPlace) })
      .refine((a) => a.place_results === undefined, { error: 'a list and a place at once', abort: true }),
    z
      .looseObject(SerpEnvelope)
      .refine((a) => a.place_results === undefined && a.local_results === undefined, {
        error: 'a place that cannot be read',
        abort: true,
      }),
  ]),
  'the place answer',
);
export type PlaceAnswer = z.output<typeof PlaceAnswer>;

/** A text with plain spaces: the source's narrow no-break (and no-break) spaces replaced. @example plain('8\u202fAM–5\u202fPM') // '8 AM–5 PM' */
export const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').trim();
const plainOrNull = (text: string | null | undefined) => (text ? plain(text) : null);

const DAY_TEXT = z.string();
const GROUP = z.array(z.string());

/** Hours by day, Monday first, from a list of single-key objects or a day → text object; other keys are not days. */
function hoursOf(p: RawPlace): MapsPlace['hours'] {
  const byDay = new Map<string, string>();
  const entries = Array.isArray(p.hours)
    ? p.hours.flatMap((o) => Object.entries(o))
    : Object.entries(p.operating_hours ?? {});
  for (const [name, value] of entries) {
    const day = name.trim().toLowerCase();
    if (!(WEEK_DAYS as readonly string[]).includes(day)) continue;
    const text = conform('maps_reviews', DAY_TEXT, value, `the hours of ${day}`, 200);
    if (text.trim()) byDay.set(day, plain(text));
  }
  return WEEK_DAYS.flatMap((day) => (byDay.has(day) ? [{ day, text: byDay.get(day)! }] : []));
}

/** The attribute groups of `extensions[]` (single-key objects of lists); a key whose value is no list is not a group. */
function attributesOf(p: RawPlace): MapsPlace['attributes'] {
  const groups: MapsPlace['attributes'] = {};
  for (const [name, value] of (p.extensions ?? []).flatMap((g) => Object.entries(g)))
    if (Array.isArray(value))
      groups[name] = conform('maps_reviews', GROUP, value, `the ${name} attributes`, 200).map(plain);
  return groups;
}

/**
 * The star counts of a rating summary, or null without one. A star the summary leaves out, or lists
 * without its amount, is not shown: null, never 0.
 */
function distributionOf(p: RawPlace): MapsPlace['rating_distribution'] {
  const summary = p.rating_summary;
  if (!summary?.length) return null;
  const count = (stars: number) => {
    const amounts = summary.filter((r) => r.stars === stars).map((r) => r.amount);
    return amounts.length > 0 && amounts.every((a) => typeof a === 'number')
      ? amounts.reduce((n: number, a) => n + a!, 0)
      : null;
  };
  return { 1: count(1), 2: count(2), 3: count(3), 4: count(4), 5: count(5) };
}

/**
 * The place of an answer as the contract's, or undefined for the service's "no results" (an unknown id).
 * `local_results` stand in for `place_results` where the service answered the search shape: the entry
 * naming the asked id, or the only one.
 * @example extractPlaceDetails(answer, { placeId: 'ChIJ…' })?.hours[0] // { day: 'monday', text: '7 AM–10 PM' }
 */
export function extractPlaceDetails(answer: PlaceAnswer, key: PlaceKey): MapsPlace | undefined {
  const asked = 'placeId' in key ? key.placeId : key.dataId;
  const listed = hasShapeOf(answer, 'local_results') ? answer.local_results : undefined;
  const p = hasShapeOf(answer, 'place_results')
    ? answer.place_results
    : (listed?.find((l) => l.place_id === asked || l.data_id === asked) ??
      (listed?.length === 1 ? listed[0] : undefined));
  if (!p) {
    const error = answer.error ?? undefined;
    if (isEmptyResult(error) || listed?.length === 0) return undefined;
    if (error)
      throw new UpstreamError('maps_reviews', 'the place search answered an error instead of a place');
    throw new ExtractionError(
      'maps_reviews',
      listed ? 'no listed place is the one asked for' : 'no place_results',
      undefined,
      200,
    );
  }
  const categories = Array.isArray(p.type) ? p.type : (p.types ?? (p.type ? [p.type] : []));
  return conform(
    'maps_reviews',
    MapsPlace,
    {
      place_id: p.place_id ?? ('placeId' in key ? key.placeId : null),
      data_id: p.data_id ?? ('dataId' in key ? key.dataId : null),
      name: plain(p.title),
      address: plainOrNull(p.address),
      phone: plainOrNull(p.phone),
      website: p.website || null,
      location: p.gps_coordinates
        ? { latitude: p.gps_coordinates.latitude, longitude: p.gps_coordinates.longitude }
        : null,
      rating: p.rating ?? null,
      review_count: p.reviews ?? null,
      rating_distribution: distributionOf(p),
      price_level: plainOrNull(p.price),
      categories: categories.map(plain).filter(Boolean),
      hours: hoursOf(p),
      open_state: plainOrNull(p.open_state),
      description: plainOrNull(p.description),
      attributes: attributesOf(p),
    },
    'the place',
    200,
  );
}

/**
 * One place in full, or undefined when the service does not know it.
 * @example await placeDetails(ctx, { placeId: 'ChIJ…' }, 'en') // { name: 'Aurelia Paris', hours: [...], … }
 */
export async function placeDetails(
  ctx: UpstreamContext,
  key: PlaceKey,
  hl: string,
): Promise<MapsPlace | undefined> {
  const req = placeRequest(key, hl, engineFor('maps_reviews', 'place_search'));
  const { body } = await fetchSerp(req, PlaceAnswer, ctx, 'the place answer');
  return extractPlaceDetails(body, key);
}
