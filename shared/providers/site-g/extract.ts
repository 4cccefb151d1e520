/**
 * Pure readers of site_g's keyword search answer: typed results (`resultType` CT city, P province, D
 * district, H hotel, LM landmark, A airport…) classified the way the contract needs: one city, several
 * cities of that name (ambiguous), a region (a province, district, area or zone: not a city), or nothing.
 *
 * A region's cities come from the same answer: every result carries its province (`province.geoCode`),
 * and the answer to a province's name lists its cities after it. No child list and no city-list call
 * were seen in any client, so no second call is made; a province whose cities the answer omits gets
 * no city suggestions.
 */
import * as z from 'zod';
import { fold } from '../../geo/fold.ts';
import { SiteGSuggestion } from '../../schemas/site-g.ts';
import { conform } from '../../extraction/conform.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { ExtractionError } from '../../extraction/errors.ts';
import { providerConfig } from '../../upstream/providers.ts';
import { recordSkipped, tolerant } from '../../extraction/tolerant.ts';

// Ids are positive: anything else is drift, refused as the answer loads (never kept). A number or its
// digits, checked as one type (a union would not let the tolerant reader tell an absent id from a wrong one).
const GeoCode = z
  .custom<number | string>((v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)), {
    error: 'a number or its digits',
  })
  .transform(Number)
  .pipe(z.number().int().positive());
const Geo = z.looseObject({
  geoCode: GeoCode,
  currentLocaleName: z.string().nullish(),
  enusName: z.string().nullish(),
});
type Geo = z.infer<typeof Geo>;
/** A country is read by its names only: its code is not needed, so an answer may lack it. */
const Country = Geo.extend({ geoCode: GeoCode.optional() });

const result = {
  // A number or a text, checked as one type (a union would not let a result without a code be skipped).
  code: z.custom<number | string>((v) => typeof v === 'number' || typeof v === 'string', {
    error: 'a number or a text',
  }),
  resultWord: z.string().nullish(),
  word: z.string().nullish(),
  name: z.string().nullish(),
  // The province's code joins a region to its cities: required where a province is given.
  province: Geo.nullish(),
  country: Country.nullish(),
};
/**
 * A result: a city result names its city by `city`, or, without it, by its own `code` and word (evidence
 * §6: city_id is `city.geoCode`, or `code` when resultType is CT).
 */
const Result = z.looseObject({ ...result, resultType: z.string(), city: Geo.nullish() });
type Result = z.infer<typeof Result>;

const ResponseStatus = z.looseObject({
  Ack: z.string(),
  Errors: z.array(z.looseObject({ Message: z.string().nullish() })).nullish(),
});

/**
 * The answer, read by the tolerant rule (docs/connector-guide.md): results, each needing its type and
 * code; `ResponseStatus` may be absent (no saved answer shows whether every answer has it). An answer
 * without results is the source's failure, and must say so (`Ack` other than Success).
 */
export const KeywordSearchAnswer = tolerant(
  'site_g',
  z.union([
    z.looseObject({
      ResponseStatus: ResponseStatus.optional(),
      keyWordSearchResults: z.array(Result).nullable(),
    }),
    z.looseObject({
      ResponseStatus: ResponseStatus.extend({ Ack: z.string().refine((a) => a !== 'Success') }),
    }),
  ]),
  'the keyword search',
);
export type KeywordSearchAnswer = z.infer<typeof KeywordSearchAnswer>;

/** Result types that are regions: what a traveller may type for a city but that holds several places. */
const REGION_TYPES: Record<string, string> = { P: 'province', D: 'district', N: 'area', Z: 'zone' };

/** A place of the answer in the contract's terms. */
export interface SiteGPlace {
  resultType: string;
  id: number;
  name: string | null;
  name_en: string | null;
  province: string | null;
  province_en: string | null;
  provinceId: number | null;
  country: string | null;
  country_en: string | null;
  /** Words the place answers to: its names and the result's own word. */
  words: string[];
  /** For a district, area or zone: the city it lies in. */
  parent?: SiteGPlace;
}

const localName = (g: Pick<Geo, 'currentLocaleName' | 'enusName'> | null | undefined) =>
  g?.currentLocaleName || g?.enusName || null;

function cityOf(r: Result, city: Geo): SiteGPlace {
  return {
    resultType: 'CT',
    id: city.geoCode,
    name: localName(city),
    name_en: city.enusName || null,
    province: localName(r.province),
    province_en: r.province?.enusName || null,
    provinceId: r.province?.geoCode ?? null,
    country: localName(r.country),
    country_en: r.country?.enusName || null,
    words: [city.currentLocaleName, city.enusName].filter((w): w is string => Boolean(w)),
  };
}

/** A result's own code as an id: a positive integer or its digits, else NaN (no id). @example codeId('17') // 17 */
function codeId(code: number | string): number {
  const id = typeof code === 'number' || /^\d{1,15}$/.test(code) ? Number(code) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : NaN;
}

/**
 * A result as a place (its id NaN when it has none), or undefined for a type the contract has no use for.
 * @example toPlace({ resultType: 'CT', code: 14, city: { geoCode: 14, currentLocaleName: '苏州', enusName: 'Suzhou' }, … })
 */
function toPlace(r: Result): SiteGPlace | undefined {
  const word = r.resultWord || r.word || r.name || null;
  if (r.resultType === 'CT') {
    // Without its city object, the result's code and word name the city; no English name is shown.
    const place = r.city ? cityOf(r, r.city) : { ...cityOf(r, { geoCode: codeId(r.code) }), name: word };
    return { ...place, words: [...place.words, ...(word ? [word] : [])] };
  }
  if (!(r.resultType in REGION_TYPES)) return undefined;
  const own = r.resultType === 'P' ? r.province : undefined;
  return {
    resultType: r.resultType,
    id: own?.geoCode ?? codeId(r.code),
    name: localName(own) ?? word,
    name_en: own?.enusName || null,
    province: r.resultType === 'P' ? null : localName(r.province),
    province_en: r.resultType === 'P' ? null : r.province?.enusName || null,
    provinceId: r.province?.geoCode ?? null,
    country: localName(r.country),
    country_en: r.country?.enusName || null,
    words: [own?.currentLocaleName, own?.enusName, word].filter((w): w is string => Boolean(w)),
    ...(r.city ? { parent: cityOf(r, r.city) } : {}),
  };
}

/**
 * The answer's places that the contract can name (cities and regions), in the answer's order. An answer
 * whose `Ack` is not Success is the source's failure; a result without a type means the format drifted;
 * a type the contract has no use for (hotel, landmark, airport, station) is skipped; a city or region
 * without a positive id (a code like `dist_77`) is skipped and counted.
 * @example placesIn(answer).map((p) => p.id) // [14, 521]
 */
export function placesIn(answer: KeywordSearchAnswer, upstreamStatus?: number): SiteGPlace[] {
  const status = answer.ResponseStatus;
  // The service answers its own failures with HTTP 200 and Ack Failure: never "no city".
  if (status && status.Ack !== 'Success')
    throw new UpstreamError(
      'site_g',
      `the keyword search answered Ack ${status.Ack || '(empty)'}${
        status.Errors?.[0]?.Message ? ` (${status.Errors[0].Message})` : ''
      }`,
      upstreamStatus,
    );
  const out: SiteGPlace[] = [];
  let unidentified = 0;
  // A failure (checked above) is the only shape without results.
  const results = (answer as { keyWordSearchResults?: Result[] | null }).keyWordSearchResults ?? [];
  for (const r of results) {
    if (!/^[A-Z]{1,3}$/.test(r.resultType))
      throw new ExtractionError('site_g', 'a keyword search result without a result type');
    const place = toPlace(r);
    if (place && !(place.id > 0)) unidentified += 1;
    else if (place) out.push(place);
  }
  if (unidentified > 0) recordSkipped('site_g', 'keyWordSearchResults[]', 'the keyword search', unidentified);
  return out;
}

export type Classified =
  | { kind: 'city'; city: SiteGPlace; cities: SiteGPlace[] }
  | { kind: 'ambiguous'; cities: SiteGPlace[] }
  | { kind: 'region'; region: SiteGPlace; type: string; cities: SiteGPlace[] }
  | { kind: 'none' };

const SUFFIXES = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|新区|地区|省|市|岛|区|县)$/;
const key = (s: string) => fold(s.replace(SUFFIXES, '')).replace(/ /g, '');
const same = (a: string, b: string) => key(a) === key(b);

/** A region's cities: the answer's cities in its province, or the one city a district lies in. */
function citiesOf(region: SiteGPlace, places: SiteGPlace[]): SiteGPlace[] {
  if (region.resultType === 'P')
    return places.filter((p) => p.resultType === 'CT' && p.provinceId === region.id);
  return region.parent ? [region.parent] : [];
}

/**
 * What the answer says about a query: one city, same-named cities, a region, or nothing, after the
 * optional country (English or localized name) has ruled out the rest.
 * @example classify(placesIn(answer), 'Suzhou') // { kind: 'ambiguous', cities: [苏州, 宿州] }
 */
export function classify(all: SiteGPlace[], query: string, country?: string): Classified {
  const wanted = country?.toLowerCase();
  const places = all.filter(
    (p) => !wanted || p.country_en?.toLowerCase() === wanted || p.country?.toLowerCase() === wanted,
  );
  const exact = places.filter((p) => p.words.some((w) => same(w, query)));
  const cities = places.filter((p) => p.resultType === 'CT');
  const region = (r: SiteGPlace): Classified => ({
    kind: 'region',
    region: r,
    type: REGION_TYPES[r.resultType]!,
    cities: citiesOf(r, places),
  });
  // A city of exactly that name wins over a region of that name (Jilin the city, not the province).
  const exactCities = exact.filter((p) => p.resultType === 'CT');
  if (exactCities.length === 1) return { kind: 'city', city: exactCities[0]!, cities };
  if (exactCities.length > 1) return { kind: 'ambiguous', cities: exactCities };
  // A province of that name before a district of that name (Hainan the province, not Wuhai's district).
  const exactRegion = exact.find((p) => p.resultType === 'P') ?? exact[0];
  if (exactRegion) return region(exactRegion);
  if (cities.length === 1) return { kind: 'city', city: cities[0]!, cities };
  if (cities.length > 1) return { kind: 'ambiguous', cities };
  const other = places[0];
  if (other) return region(other);
  // "No such city" only from results that could be read: one whose names, or (with a country asked) whose
  // country cannot be read may be the city asked for, so nothing is proven (an extraction error, not a 404).
  const unreadable = all.some((p) => p.words.length === 0 || (wanted && !p.country && !p.country_en));
  if (unreadable)
    throw new ExtractionError(
      'site_g',
      'keyword results whose names or country cannot be read: no match is not proven',
    );
  return { kind: 'none' };
}

/** China's names as the answer may give them (English, or the Chinese locale's). */
const CHINA = new Set(['china', '中国', '中國']);

/**
 * No domestic flag in the answer: a city in China is domestic to this source, one in another country
 * international; null when the result shows no country, which says neither.
 * @example cityType({ country: null, country_en: null }) // null
 */
function cityType(c: Pick<SiteGPlace, 'country' | 'country_en'>): string | null {
  const names = [c.country_en, c.country].filter((n): n is string => Boolean(n));
  if (names.length === 0) return null;
  return names.some((n) => CHINA.has(n.trim().toLowerCase())) ? 'domestic_city' : 'international_city';
}

/**
 * A city as the contract's suggestion; its hotel list is `search_url` on the configured public host.
 * @example toSuggestion(city) // { city_id: 14, name: '苏州', name_en: 'Suzhou', display_name: '苏州, 江苏省, 中国', … }
 */
export function toSuggestion(c: SiteGPlace): SiteGSuggestion {
  const host = providerConfig('site_g').hosts[0];
  return conform(
    'site_g',
    SiteGSuggestion,
    {
      city_id: c.id,
      name: c.name,
      name_en: c.name_en,
      // The label names the city: without its name, province and country alone would read as another place.
      display_name: c.name ? [c.name, c.province, c.country].filter(Boolean).join(', ') : null,
      province: c.province,
      country: c.country,
      type: cityType(c),
      search_url: `https://${host}/hotels/list?city=${c.id}`,
    },
    'a destination suggestion',
  );
}

/**
 * Same-named cities told apart by province, for a message a person can act on.
 * @example describeCandidates(suzhous) // 'Suzhou, Jiangsu, China; Suzhou, Anhui, China'
 */
export function describeCandidates(cities: SiteGPlace[]): string {
  return cities
    .map((c) => [c.name_en ?? c.name, c.province_en ?? c.province, c.country_en].filter(Boolean).join(', '))
    .join('; ');
}
