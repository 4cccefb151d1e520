/**
 * Pure reader of site_c's location typeahead (research §16 site_c, "Location typeahead"): the batch entry's
 * `data.Typeahead_autocomplete.results[]`, a list mixing locations (`Typeahead_LocationItem`) with query
 * suggestions and a rescue item, which are no locations and are left out. A location is identified by its
 * `locationId`; its name, kind, place and links may be absent (null, counted as drift).
 */
import * as z from 'zod';
import { conform } from '../../extraction/conform.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { isPlaceholder, recordMissing, tolerant } from '../../extraction/tolerant.ts';
import { shownText } from '../../extraction/values.ts';

const Text = z.string();
const LOCATION_ITEM = 'Typeahead_LocationItem';

const Details = z.looseObject({
  localizedName: Text.nullish(),
  localizedAdditionalNames: z.looseObject({ longOnlyHierarchy: Text.nullish() }).nullish(),
  streetAddress: z.looseObject({ street1: Text.nullish() }).nullish(),
  placeType: Text.nullish(),
  isGeo: z.boolean().nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  url: Text.nullish(),
  HOTELS_URL: Text.nullish(),
  locationV2: z
    .looseObject({
      hierarchy: z
        .looseObject({
          parent: z
            .looseObject({
              names: z.looseObject({ longOnlyHierarchyTypeaheadV2: Text.nullish() }).nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** A location result: its id identifies it. */
const LocationItem = z.looseObject({
  __typename: z.literal(LOCATION_ITEM),
  locationId: z.number().int().positive(),
  details: Details.nullish(),
});
/**
 * A query suggestion, a rescue item, or a kind the reader does not know: no location. A type name it cannot
 * read (blank) is no kind at all: the answer lost its structure, never "nothing matched".
 */
const OtherItem = z.looseObject({
  __typename: Text.regex(/^\w+$/, { error: 'a type name' }).refine((t) => t !== LOCATION_ITEM, {
    error: 'a location item without its id',
  }),
});

/** One typeahead entry's `data`. */
export const TypeaheadData = tolerant(
  'site_c',
  z.looseObject({
    Typeahead_autocomplete: z.looseObject({ results: z.array(z.union([LocationItem, OtherItem])) }),
  }),
  'the typeahead',
);
export type TypeaheadData = z.output<typeof TypeaheadData>;
type LocationItem = z.output<typeof LocationItem>;

export type LocationType =
  'city' | 'region' | 'country' | 'hotel' | 'restaurant' | 'attraction' | 'airport' | 'other';

/** The source's place types by the contract's kind (§16: "type ← placeType"). */
const KINDS: Record<string, LocationType> = {
  CITY: 'city',
  COUNTRY: 'country',
  STATE: 'region',
  PROVINCE: 'region',
  REGION: 'region',
  ISLAND: 'region',
  ISLAND_GROUP: 'region',
  ACCOMMODATION: 'hotel',
  EATERY: 'restaurant',
  ATTRACTION: 'attraction',
  ACTIVITY: 'attraction',
  AIRPORT: 'airport',
};

/**
 * The contract's kind of a place type: the regions the table names, any other geo a region too, the rest
 * `other`; no place type at all is no kind (null).
 * @example kindOf('ACCOMMODATION', false) // 'hotel'
 */
export function kindOf(placeType: string | null | undefined, isGeo: boolean | null | undefined) {
  if (!placeType) return null;
  return KINDS[placeType] ?? (isGeo ? 'region' : 'other');
}

const WHAT = 'the typeahead';
const D = 'Typeahead_autocomplete.results[].details';
/** A text as shown; one sent blank is null, counted as missing. */
const shown = (t: string | null | undefined, field: string) => shownText('site_c', t, `${D}.${field}`, WHAT);
/** A site link made absolute on the site's origin; one that is no link is null, counted as missing. */
function link(raw: string | null | undefined, field: string, origin: string): string | null {
  const value = raw?.trim();
  if (value && value.startsWith('/') && !value.startsWith('//')) return `${origin}${value}`;
  if (value && /^https?:\/\//i.test(value)) return value;
  if (typeof raw === 'string') recordMissing('site_c', `${D}.${field}`, WHAT);
  return null;
}

/**
 * A location in the contract's shape, with its page path (for a hotel, the page the details read).
 * @example toLocation(item, 'https://www.site-c.test').type // 'hotel'
 */
export function toLocation(item: LocationItem, origin: string) {
  const d = item.details;
  const placeType = d?.placeType;
  const both =
    d?.latitude !== undefined && d?.latitude !== null && d?.longitude !== undefined && d?.longitude !== null;
  return {
    location_id: item.locationId,
    name: shown(d?.localizedName, 'localizedName'),
    type: kindOf(placeType, d?.isGeo),
    parent:
      shown(d?.localizedAdditionalNames?.longOnlyHierarchy, 'localizedAdditionalNames.longOnlyHierarchy') ??
      shown(
        d?.locationV2?.hierarchy?.parent?.names?.longOnlyHierarchyTypeaheadV2,
        'locationV2.hierarchy.parent.names.longOnlyHierarchyTypeaheadV2',
      ),
    address: shown(d?.streetAddress?.street1, 'streetAddress.street1'),
    latitude: both ? d.latitude! : null,
    longitude: both ? d.longitude! : null,
    url: link(d?.url, 'url', origin),
    hotels_url: link(d?.HOTELS_URL, 'HOTELS_URL', origin),
  };
}
export type SiteCLocation = ReturnType<typeof toLocation>;

/**
 * The locations of a typeahead answer, in its order, no location twice; suggestions and rescue items
 * are left out.
 * @example extractLocations(data, 'https://www.site-c.test').map((l) => l.type) // ['city', 'hotel', …]
 */
export function extractLocations(data: TypeaheadData, origin: string): SiteCLocation[] {
  const seen = new Set<number>();
  return data.Typeahead_autocomplete.results
    .filter((r): r is LocationItem => r.__typename === LOCATION_ITEM)
    .filter((r) => !seen.has(r.locationId) && seen.add(r.locationId))
    .map((r) => toLocation(r, origin));
}

/**
 * The locations of a typeahead entry's `data`. A list whose every location was unreadable (entries left
 * out for want of their id or kind, and none read) lost its structure: an extraction error, never "nothing
 * matched".
 * @example locationsOf(entry, 'https://www.site-c.test', 200)[0].location_id // 180417
 */
export function locationsOf(entry: unknown, origin: string, status?: number): SiteCLocation[] {
  const data = conform('site_c', TypeaheadData, entry, 'the typeahead', status);
  const found = extractLocations(data, origin);
  const raw = (entry as { Typeahead_autocomplete: { results: unknown[] } }).Typeahead_autocomplete.results;
  const unread = raw.filter((r) => !isPlaceholder(r)).length - data.Typeahead_autocomplete.results.length;
  if (found.length === 0 && unread > 0)
    throw new ExtractionError(
      'site_c',
      `the typeahead answered ${unread} results that are neither a location with its id nor another kind`,
      undefined,
      status,
    );
  return found;
}
