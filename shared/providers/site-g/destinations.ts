/**
 * site_g's destination suggestions, classified the way the contract needs: one city, several
 * cities of that name (ambiguous), a region or island (not a city), or nothing.
 */
import * as z from 'zod';
import { fetchUpstream } from '../../upstream/client.ts';
import type { UpstreamContext } from '../../upstream/context.ts';
import { fold } from '../../geo/fold.ts';
import { SiteGSuggestion } from '../../schemas/site-g.ts';
import { conform } from '../../upstream/conform.ts';
import { ExtractionError } from '../../upstream/errors.ts';
import { providerConfig } from '../../upstream/providers.ts';

const Entry: z.ZodType<SiteGEntry> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.enum(['CITY', 'PROVINCE', 'ISLAND']),
    name: z.string(),
    name_en: z.string(),
    province: z.string().nullable(),
    province_en: z.string().nullable(),
    country: z.string(),
    country_en: z.string(),
    children: z.array(Entry).optional(),
  }),
);
export interface SiteGEntry {
  id: number;
  type: 'CITY' | 'PROVINCE' | 'ISLAND';
  name: string;
  name_en: string;
  province: string | null;
  province_en: string | null;
  country: string;
  country_en: string;
  children?: SiteGEntry[] | undefined;
}
const Suggest = z.object({ code: z.literal(0), data: z.array(Entry) });

export type Classified =
  | { kind: 'city'; city: SiteGEntry; cities: SiteGEntry[] }
  | { kind: 'ambiguous'; cities: SiteGEntry[] }
  | { kind: 'region'; region: SiteGEntry }
  | { kind: 'none' };

/** @example toSuggestion(entry) // { city_id: 3205, name: '苏州', name_en: 'Suzhou', display_name: '苏州, 江苏省, 中国', ... } */
export function toSuggestion(e: SiteGEntry): SiteGSuggestion {
  const host = providerConfig('site_g').hosts[0];
  return conform(
    'site_g',
    SiteGSuggestion,
    {
      city_id: e.id,
      name: e.name,
      name_en: e.name_en,
      display_name: [e.name, e.province, e.country].filter(Boolean).join(', '),
      province: e.province,
      country: e.country,
      type: e.country_en === 'China' ? 'domestic_city' : 'international_city',
      search_url: `https://${host}/hotels/list?city=${e.id}`,
    },
    'a destination suggestion',
  );
}

/**
 * Same-named cities told apart by province, for a message a person can act on.
 * @example describeCandidates(suzhous) // 'Suzhou, Jiangsu; Suzhou, Anhui'
 */
export function describeCandidates(cities: SiteGEntry[]): string {
  return cities
    .map((c) => [c.name_en, c.province_en ?? c.province, c.country_en].filter(Boolean).join(', '))
    .join('; ');
}

const same = (a: string, b: string) => fold(a).replace(/ /g, '') === fold(b).replace(/ /g, '');

/**
 * Classifies what site_g suggests for a query: one city, ambiguous cities, a region, or nothing.
 * @example const found = await lookupDestination(ctx, 'Suzhou'); // { kind: 'ambiguous', cities: [...] }
 */
export async function lookupDestination(
  ctx: UpstreamContext,
  query: string,
  country?: string,
): Promise<Classified> {
  const res = await fetchUpstream(
    {
      provider: 'site_g',
      path: '/api/destinations/suggest',
      query: { keyword: query },
      expect: 'json',
      cache: 'ids',
    },
    ctx,
  );
  const parsed = Suggest.safeParse(res.body);
  if (!parsed.success)
    throw new ExtractionError(
      'site_g',
      'destination suggestions do not have the expected fields',
      parsed.error,
    );
  const wanted = country?.toLowerCase();
  const entries = parsed.data.data.filter(
    (e) => !wanted || e.country_en.toLowerCase() === wanted || e.country.toLowerCase() === wanted,
  );
  const exact = entries.filter(
    (e) => same(e.name, query) || same(e.name_en, query) || same(e.name.replace(/(省|市|岛)$/, ''), query),
  );
  const cities = entries.filter((e) => e.type === 'CITY');
  const first = exact[0];
  if (first && first.type !== 'CITY') return { kind: 'region', region: first };
  const exactCities = exact.filter((e) => e.type === 'CITY');
  if (exactCities.length === 1) return { kind: 'city', city: exactCities[0]!, cities };
  if (exactCities.length > 1) return { kind: 'ambiguous', cities: exactCities };
  if (cities.length === 1) return { kind: 'city', city: cities[0]!, cities };
  if (cities.length > 1) return { kind: 'ambiguous', cities };
  const region = entries.find((e) => e.type !== 'CITY');
  return region ? { kind: 'region', region } : { kind: 'none' };
}
