/**
 * The embedded gazetteer: real places (GeoNames cities, OurAirports airports, countries) in a
 * compact tab-separated index built by `shared/geo/build.ts`. Nothing is read at import time;
 * the first search reads the index once (one string, no JSON parse) and later searches scan it.
 */
import { readFileSync } from 'node:fs';
import { fold } from './fold.ts';
import type { Location } from '../schemas/location.ts';

interface Index { text: string; countries: Record<string, string> }
let index: Index | undefined;

function dataDir(): URL {
  const dir = process.env.GAZETTEER_DIR;
  return dir ? new URL(`file://${dir.endsWith('/') ? dir : `${dir}/`}`) : new URL('./data/', import.meta.url);
}

function load(): Index {
  index ??= {
    text: readFileSync(new URL('gazetteer.tsv', dataDir()), 'utf8'),
    countries: JSON.parse(readFileSync(new URL('countries.json', dataDir()), 'utf8')) as Record<string, string>,
  };
  return index;
}

// Exact name beats a name prefix, which beats a word inside the name; population breaks ties.
const EXACT = 2;
const PREFIX = 1;
// Bounds the work for one- or two-letter terms, which hit a large share of all lines.
const MAX_CANDIDATES = 20_000;

interface Candidate { line: string; score: number; order: number }

function isWordStart(text: string, pos: number): boolean {
  const before = text.charCodeAt(pos - 1);
  return before === 10 /* \n */ || before === 32 /* space */ || before === 124 /* | */ || pos === 0;
}

function hasWordPrefix(haystack: string, token: string): boolean {
  for (let at = haystack.indexOf(token); at !== -1; at = haystack.indexOf(token, at + 1)) {
    if (at === 0 || haystack[at - 1] === ' ' || haystack[at - 1] === '|') return true;
  }
  return false;
}

function toLocation(line: string, countries: Record<string, string>): Location {
  const [, name = '', type = '', lat = '0', lon = '0', cc = '', placeId = '', region = ''] = line.split('\t');
  const country = type === 'country' ? undefined : countries[cc];
  return {
    name: [name, region, country].filter(Boolean).join(', '),
    type,
    latitude: Number(lat),
    longitude: Number(lon),
    country: cc.length === 2 ? cc : null,
    place_id: placeId,
  };
}

/**
 * Finds places whose name matches the term: every word of the term must begin a word of the
 * place's name or label, and the first word must be in the name itself.
 * @example search('paris', 3)[0] // { name: 'Paris, France', type: 'locality', country: 'FR', place_id: 'geonames:2988507', ... }
 */
export function search(term: string, limit: number): Location[] {
  const { text, countries } = load();
  const folded = fold(term);
  const tokens = folded.split(' ').filter(Boolean);
  const first = tokens[0];
  if (!first) return [];
  const rest = tokens.slice(1);
  const candidates: Candidate[] = [];

  for (let at = text.indexOf(first); at !== -1 && candidates.length < MAX_CANDIDATES; at = text.indexOf(first, at + 1)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const keyEnd = text.indexOf('\t', lineStart);
    const lineEnd = text.indexOf('\n', at);
    const end = lineEnd === -1 ? text.length : lineEnd;
    if (at < keyEnd && isWordStart(text, at)) {
      const line = text.slice(lineStart, end);
      const key = line.slice(0, keyEnd - lineStart);
      const bar = key.indexOf('|');
      const name = key.slice(0, bar);
      const fields = line.split('\t');
      const label = fold(`${fields[7] ?? ''} ${countries[fields[5] ?? ''] ?? ''} ${fields[5] ?? ''} ${fields[9] ?? ''}`);
      const searchable = `${key} ${label}`;
      if (rest.every((t) => hasWordPrefix(searchable, t))) {
        const tier = name === folded || key.slice(bar + 1).split(' ').includes(folded) ? EXACT
          : name.startsWith(folded) ? PREFIX : 0;
        const rank = Number(fields[8] ?? 0);
        candidates.push({ line, score: tier + Math.log10(rank + 10), order: candidates.length });
      }
    }
    at = end; // one candidate per line
  }

  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((c) => toLocation(c.line, countries));
}
