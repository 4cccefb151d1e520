/**
 * chain_b destination slugs (`paris-fr`: the city's name as a slug, then its ISO country code) to search
 * centres. The source's own destination lookup is not on record, so slugs resolve through the embedded
 * gazetteer of real places: the most populous city of that name in that country.
 */
import { fold } from '../../geo/fold.ts';
import { search } from '../../geo/gazetteer.ts';

export interface Centre {
  latitude: number;
  longitude: number;
}

/** Both spellings a city's slug takes: accents dropped (`sao-paulo`), or letters folded too (`lodz`). */
function slugsOf(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return [plain, fold(name).replace(/ /g, '-')];
}

/**
 * The centre of the city a slug names, or undefined when no city matches. Without a country suffix the
 * most populous city of that name anywhere is taken.
 * @example placeBySlug('paris-fr') // { latitude: 48.85341, longitude: 2.3488 }
 */
export function placeBySlug(slug: string): Centre | undefined {
  const suffix = /^(.+)-([a-z]{2})$/.exec(slug);
  const candidates: [string, string | undefined][] = suffix
    ? [
        [suffix[1]!, suffix[2]!.toUpperCase()],
        [slug, undefined],
      ]
    : [[slug, undefined]];
  for (const [city, country] of candidates) {
    const found = search(city.replace(/-/g, ' '), 25).find(
      (p) =>
        p.type === 'locality' &&
        (country === undefined || p.country === country) &&
        slugsOf(p.name.split(', ')[0] ?? '').includes(city),
    );
    if (found) return { latitude: found.latitude, longitude: found.longitude };
  }
  return undefined;
}
