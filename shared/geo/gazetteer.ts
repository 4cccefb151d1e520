/**
 * The embedded gazetteer: real places (GeoNames cities, OurAirports airports, countries) in the
 * compact index that `shared/geo/build.ts` writes. Nothing is read at import time. The first search
 * reads the index once without parsing it: the ASCII keys as one one-byte string to scan, the places
 * as bytes sliced per hit, and the line offsets as an Int32Array.
 */
import { readFileSync } from 'node:fs';
import { fold } from './fold.ts';
import type { Location } from '../schemas/location.ts';

interface Index {
  keys: string;
  places: Buffer;
  keyStarts: Int32Array;
  placeStarts: Int32Array;
  countries: Record<string, string>;
}
let index: Index | undefined;

function dataDir(): URL {
  const dir = process.env.GAZETTEER_DIR;
  return dir ? new URL(`file://${dir.endsWith('/') ? dir : `${dir}/`}`) : new URL('./data/', import.meta.url);
}

function load(): Index {
  if (index) return index;
  const dir = dataDir();
  const offsets = readFileSync(new URL('offsets.bin', dir));
  const all = new Int32Array(offsets.buffer, offsets.byteOffset, offsets.byteLength / 4);
  const half = all.length / 2;
  index = {
    keys: readFileSync(new URL('keys.txt', dir), 'latin1'),
    places: readFileSync(new URL('places.tsv', dir)),
    keyStarts: all.subarray(0, half),
    placeStarts: all.subarray(half),
    countries: JSON.parse(readFileSync(new URL('countries.json', dir), 'utf8')) as Record<string, string>,
  };
  return index;
}

// Exact name beats a name prefix, which beats a word inside the name; population breaks ties.
const EXACT = 2;
const PREFIX = 1;
// Bounds the work for one- or two-letter terms, which hit a large share of all lines.
const MAX_CANDIDATES = 5_000;

interface Candidate {
  line: number;
  score: number;
}

/** The line holding character `pos`: the last line start at or before it. */
function lineOf(starts: Int32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function hasWordPrefix(haystack: string, token: string): boolean {
  for (let at = haystack.indexOf(token); at !== -1; at = haystack.indexOf(token, at + 1)) {
    if (at === 0 || haystack[at - 1] === ' ' || haystack[at - 1] === '|') return true;
  }
  return false;
}

/**
 * Whether the term is one of the place's alternate words (an airport's IATA or ICAO code, a city's
 * other name). An airport's alternates also hold "<city> airport", so that "oslo airport" finds it; those
 * words name the city it serves, and an exact match on them belongs to the city, not to its airports.
 */
function exactAlternate(alternates: string, fields: string[], folded: string): boolean {
  if (!alternates.split(' ').includes(folded)) return false;
  if (fields[1] !== 'airport') return true;
  return !`${fold(fields[6] ?? '')} airport`.split(' ').includes(folded);
}

function placeFields(ix: Index, line: number): string[] {
  return ix.places.toString('utf8', ix.placeStarts[line]!, ix.placeStarts[line + 1]! - 1).split('\t');
}

function toLocation(fields: string[], countries: Record<string, string>): Location {
  const [name = '', type = '', lat = '0', lon = '0', cc = '', placeId = '', region = ''] = fields;
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
  const ix = load();
  const { keys, keyStarts, countries } = ix;
  const folded = fold(term);
  const tokens = folded.split(' ').filter(Boolean);
  const first = tokens[0];
  if (!first) return [];
  const rest = tokens.slice(1);
  const candidates: Candidate[] = [];

  for (
    let at = keys.indexOf(first);
    at !== -1 && candidates.length < MAX_CANDIDATES;
    at = keys.indexOf(first, at + 1)
  ) {
    const before = keys.charCodeAt(at - 1);
    const line = lineOf(keyStarts, at);
    const lineEnd = keyStarts[line + 1]! - 1;
    if (at === 0 || before === 10 /* \n */ || before === 32 /* space */ || before === 124 /* | */) {
      const key = keys.slice(keyStarts[line]!, lineEnd);
      const bar = key.indexOf('|');
      const name = key.slice(0, bar);
      const fields = placeFields(ix, line);
      const narrowed =
        rest.length === 0 ||
        rest.every((t) =>
          hasWordPrefix(
            `${key} ${fold(`${fields[6]} ${countries[fields[4]!] ?? ''} ${fields[4]} ${fields[8]}`)}`,
            t,
          ),
        );
      if (narrowed) {
        const tier =
          name === folded || exactAlternate(key.slice(bar + 1), fields, folded)
            ? EXACT
            : name.startsWith(folded)
              ? PREFIX
              : 0;
        candidates.push({ line, score: tier + Math.log10(Number(fields[7] ?? 0) + 10) });
      }
    }
    at = lineEnd; // one candidate per line
  }

  return candidates
    .sort((a, b) => b.score - a.score || a.line - b.line)
    .slice(0, limit)
    .map((c) => toLocation(placeFields(ix, c.line), countries));
}

/** A place of the index with its raw fields, for code that builds on real geography (the sandbox world). */
export interface Place {
  name: string;
  type: string;
  latitude: number;
  longitude: number;
  country: string;
  placeId: string;
  region: string;
  rank: number;
  label: string;
}

/**
 * The `n` best-ranked places of a type, in rank order (most populous first).
 * @example topPlaces('locality', 3).map((p) => p.name) // ['Shanghai', 'Beijing', ...]
 */
export function topPlaces(type: string, n: number): Place[] {
  const ix = load();
  const out: Place[] = [];
  for (let line = 0; line < ix.placeStarts.length - 1 && out.length < n; line++) {
    const fields = placeFields(ix, line);
    if (fields[1] !== type) continue;
    const [name = '', , lat = '0', lon = '0', cc = '', placeId = '', region = '', rank = '0'] = fields;
    out.push({
      name,
      type,
      latitude: Number(lat),
      longitude: Number(lon),
      country: cc,
      placeId,
      region,
      rank: Number(rank),
      label: toLocation(fields, ix.countries).name,
    });
  }
  return out;
}
